#!/usr/bin/env bash
# Builds rentwatch.app and a .zip of it.
#   packaging/macos/build-app.sh VERSION OUTDIR
#
# On a Mac (Xcode command line tools installed): builds darwin/amd64 and
# darwin/arm64 WITH cgo (fyne.io/systray uses Cocoa), joins them with lipo
# into one universal binary, signs the bundle ad hoc (or with the identity in
# RENTWATCH_MACOS_IDENTITY) and zips it with ditto, which keeps the bundle's
# metadata. LSUIElement keeps it out of the Dock: it lives in the menu bar.
#
# Anywhere else a Mac binary cannot be built (cgo needs the macOS SDK), so
# Contents/MacOS/rentwatch is a stand-in shell script that says so; the
# bundle's layout, Info.plist and icon are still real and get checked.
set -euo pipefail
version=${1:?usage: build-app.sh VERSION OUTDIR}
out=${2:?usage: build-app.sh VERSION OUTDIR}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
app="$out/rentwatch.app"
rm -rf "$app"
install -d "$app/Contents/MacOS" "$app/Contents/Resources"

cd "$root"
sed "s/@VERSION@/$version/g" packaging/macos/Info.plist.in > "$app/Contents/Info.plist"
printf 'APPL????' > "$app/Contents/PkgInfo"
install -m 0644 assets/app/rentwatch.icns "$app/Contents/Resources/rentwatch.icns"

if [ "$(uname -s)" = Darwin ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  for arch in amd64 arm64; do
    GOOS=darwin GOARCH="$arch" CGO_ENABLED=1 MACOSX_DEPLOYMENT_TARGET=11.0 \
      CGO_CFLAGS="-mmacosx-version-min=11.0" CGO_LDFLAGS="-mmacosx-version-min=11.0" \
      go build -trimpath -ldflags "-s -w -X main.version=$version" -o "$tmp/rentwatch-$arch" .
  done
  lipo -create -output "$app/Contents/MacOS/rentwatch" "$tmp/rentwatch-amd64" "$tmp/rentwatch-arm64"
  plutil -lint "$app/Contents/Info.plist"
  codesign --force --deep --options runtime --sign "${RENTWATCH_MACOS_IDENTITY:--}" "$app"
  rm -f "$out/rentwatch-$version-macos.zip"
  ditto -c -k --keepParent "$app" "$out/rentwatch-$version-macos.zip"
else
  cat > "$app/Contents/MacOS/rentwatch" <<'STANDIN'
#!/bin/sh
# Stand-in: this bundle was assembled on a machine that cannot build the
# macOS binary (it needs cgo and the macOS SDK). Run packaging/macos/build-app.sh
# on a Mac for the real, universal (Intel + Apple silicon) binary.
echo "rentwatch.app: this is a stand-in binary built off a Mac; build on macOS for the real app" >&2
exit 1
STANDIN
  chmod 0755 "$app/Contents/MacOS/rentwatch"
  rm -f "$out/rentwatch-$version-macos-standin.zip"
  if command -v zip >/dev/null; then
    (cd "$out" && zip -qry "rentwatch-$version-macos-standin.zip" rentwatch.app)
  else # python's zipfile keeps the executable bit too
    (cd "$out" && python3 -m zipfile -c "rentwatch-$version-macos-standin.zip" rentwatch.app)
  fi
fi
echo "built $app"
