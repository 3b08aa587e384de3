#!/usr/bin/env bash
# Checks every installer in a dist folder; `make package` runs it last.
#   packaging/check.sh [DIST] [VERSION]
# 1. packaging/distcheck (Go): the exe is a GUI-subsystem PE with icon,
#    manifest and version resources; each .deb has the right control fields,
#    files, binary architecture and desktop entry; the .app has the right
#    layout and a well-formed Info.plist with the right keys and types.
# 2. desktop-file-validate on the .deb's desktop entry (installed if missing
#    and we are root; skipped with a note otherwise — distcheck checks the keys).
# 3. As root, with dpkg: install the amd64 .deb, run `rentwatch version`, remove
#    it and make sure its files are gone. Skipped if rentwatch is already
#    installed on this machine (we will not remove someone's real install).
set -euo pipefail
cd "$(dirname "$0")/.."
dist=${1:-dist}
version=${2:-$(bash packaging/version.sh)}
fail() { echo "check: FAIL: $*" >&2; exit 1; }

go run ./packaging/distcheck -version "$version" "$dist"

shopt -s nullglob
debs=("$dist"/rentwatch_*_amd64.deb)
[ ${#debs[@]} -le 1 ] || fail "more than one amd64 .deb in $dist"
[ ${#debs[@]} -eq 1 ] || { echo "check: no amd64 .deb in $dist, nothing to install"; exit 0; }
deb=${debs[0]}

if ! command -v desktop-file-validate >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends desktop-file-utils >/dev/null 2>&1 || true
fi
if command -v desktop-file-validate >/dev/null; then
  tmp=$(mktemp -d)
  dpkg-deb -x "$deb" "$tmp"
  out=$(desktop-file-validate "$tmp/usr/share/applications/rentwatch.desktop" 2>&1) || fail "desktop-file-validate: $out"
  [ -z "$out" ] || fail "desktop-file-validate: $out"
  rm -rf "$tmp"
  echo "ok   rentwatch.desktop passes desktop-file-validate"
else
  echo "note: desktop-file-validate not available; distcheck checked the desktop entry's keys"
fi

if [ "$(id -u)" != 0 ] || ! command -v dpkg >/dev/null; then
  echo "note: not root (or no dpkg): skipping the install/remove test of $deb"
  exit 0
fi
if dpkg-query -W -f='${Status}' rentwatch 2>/dev/null | grep -q 'ok installed'; then
  echo "note: rentwatch is already installed here; skipping the install/remove test"
  exit 0
fi
bash packaging/linux/install-test.sh "$deb" "$version"
