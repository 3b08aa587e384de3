#!/usr/bin/env bash
# Cross-compiles rentwatch.exe for Windows and gives it its resources.
#   packaging/windows/build.sh VERSION OUTDIR [GOARCH]     (GOARCH: amd64, arm64)
#
# Resources (icon, manifest: per-monitor-v2 DPI, asInvoker, common controls
# v6; version info) come from winres.json via `go-winres patch`, applied to
# the built exe. Why patch rather than `go-winres make`: make writes a .syso
# that must sit next to main.go while `go build` runs; in a tree others build
# in at the same time, a stray .syso would be linked into their Windows builds
# or left behind by an interrupted build. patch touches only our output file.
#
# Signing is optional: with RENTWATCH_SIGN_CERT (PEM or DER certificate chain)
# and RENTWATCH_SIGN_KEY (its private key) set, osslsigncode signs the exe
# (SHA-256; RENTWATCH_SIGN_TIMESTAMP=URL adds an RFC 3161 timestamp).
set -euo pipefail
version=${1:?usage: build.sh VERSION OUTDIR [GOARCH]}
out=${2:?usage: build.sh VERSION OUTDIR [GOARCH]}
arch=${3:-amd64}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
exe="$out/rentwatch.exe"
[ "$arch" = amd64 ] || exe="$out/rentwatch-$arch.exe"

cd "$root"
GOOS=windows GOARCH="$arch" CGO_ENABLED=0 go build -trimpath \
  -ldflags "-H windowsgui -s -w -X main.version=$version" -o "$exe" .

# Windows wants four numbers in the fixed version; go-winres takes the
# leading a.b.c of ours and the strings keep the whole thing.
go run github.com/tc-hib/go-winres@v0.3.3 patch --no-backup \
  --in packaging/windows/winres.json \
  --product-version "$version" --file-version "$version" "$exe"

if [ -n "${RENTWATCH_SIGN_CERT:-}" ] || [ -n "${RENTWATCH_SIGN_KEY:-}" ]; then
  : "${RENTWATCH_SIGN_CERT:?RENTWATCH_SIGN_KEY is set but RENTWATCH_SIGN_CERT is not}"
  : "${RENTWATCH_SIGN_KEY:?RENTWATCH_SIGN_CERT is set but RENTWATCH_SIGN_KEY is not}"
  command -v osslsigncode >/dev/null || { echo "signing needs osslsigncode (apt-get install osslsigncode)" >&2; exit 1; }
  ts=()
  [ -z "${RENTWATCH_SIGN_TIMESTAMP:-}" ] || ts=(-ts "$RENTWATCH_SIGN_TIMESTAMP")
  osslsigncode sign -certs "$RENTWATCH_SIGN_CERT" -key "$RENTWATCH_SIGN_KEY" \
    -h sha256 -n rentwatch "${ts[@]}" -in "$exe" -out "$exe.signed"
  mv "$exe.signed" "$exe"
  echo "signed $exe"
fi
echo "built $exe"
