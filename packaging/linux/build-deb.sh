#!/usr/bin/env bash
# Builds the Debian package with dpkg-deb (no nfpm or other download needed).
#   packaging/linux/build-deb.sh VERSION OUTDIR [ARCH]     (ARCH: amd64, arm64)
# arm64 is cross-compiled (CGO_ENABLED=0: the tray speaks D-Bus in pure Go).
set -euo pipefail
version=${1:?usage: build-deb.sh VERSION OUTDIR [ARCH]}
out=${2:?usage: build-deb.sh VERSION OUTDIR [ARCH]}
arch=${3:-amd64}
case "$arch" in amd64|arm64) ;; *) echo "build-deb.sh: unsupported ARCH $arch (amd64 or arm64)" >&2; exit 2;; esac
root=$(cd "$(dirname "$0")/../.." && pwd)
debversion=${version//-/\~} # 0.2.0~dev sorts before 0.2.0; see packaging.DebVersion
mkdir -p "$out"
out=$(cd "$out" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

cd "$root"
install -d "$stage/DEBIAN" "$stage/usr/bin" "$stage/usr/share/applications" "$stage/usr/share/doc/rentwatch" \
  "$stage/usr/lib/systemd/system" "$stage/usr/lib/systemd/user"
GOOS=linux GOARCH="$arch" CGO_ENABLED=0 go build -trimpath \
  -ldflags "-s -w -X main.version=$version" -o "$stage/usr/bin/rentwatch" .
install -m 0644 packaging/linux/rentwatch.desktop "$stage/usr/share/applications/rentwatch.desktop"
install -m 0644 packaging/linux/copyright "$stage/usr/share/doc/rentwatch/copyright"
# The service for an always-on box (its own user), and the same as a user
# service; neither is enabled by installing: the README says how.
install -m 0644 packaging/linux/rentwatch.service "$stage/usr/lib/systemd/system/rentwatch.service"
install -m 0644 packaging/linux/rentwatch-user.service "$stage/usr/lib/systemd/user/rentwatch.service"
for script in postinst prerm postrm; do
  install -m 0755 "packaging/linux/$script" "$stage/DEBIAN/$script"
done
for n in 16 22 24 32 48 64 128 256 512; do
  install -D -m 0644 "assets/app/rentwatch-$n.png" "$stage/usr/share/icons/hicolor/${n}x${n}/apps/rentwatch.png"
done

size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<CONTROL
Package: rentwatch
Version: $debversion
Architecture: $arch
Maintainer: rentwatch authors <rentwatch@users.noreply.github.com>
Installed-Size: $size
Depends: chromium | google-chrome-stable | chromium-browser
Section: net
Priority: optional
Description: tells you the moment a new rental listing appears
 rentwatch sits in the tray and watches up to 15 saved rental searches
 (Kamernet, Funda, Pararius, Rightmove, WG-Gesucht, ...) with a real
 browser, and alerts you by desktop pop-up and email as soon as a new
 listing shows up, backing off politely when a site pushes back.
CONTROL
# Menus and the icon cache pick the new files up by themselves (dpkg
# triggers of desktop-file-utils and the hicolor theme); the maintainer
# scripts only make the service's user and tell systemd.
chmod -R u=rwX,go=rX "$stage"
chmod 0755 "$stage/usr/bin/rentwatch"
deb="$out/rentwatch_${debversion}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "built $deb"
