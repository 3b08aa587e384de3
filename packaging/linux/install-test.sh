#!/usr/bin/env bash
# Installs a rentwatch .deb, runs it, removes it and checks nothing is left.
#   packaging/linux/install-test.sh DEB VERSION     (as root)
# Without a browser installed, dpkg would refuse the Depends; then the
# package is installed with --force-depends and that is said out loud.
set -euo pipefail
deb=${1:?usage: install-test.sh DEB VERSION}
version=${2:?usage: install-test.sh DEB VERSION}
fail() { echo "install-test: FAIL: $*" >&2; exit 1; }

files=$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {print substr($6, 2)}')
for f in $files; do
  [ ! -e "$f" ] || fail "$f already exists before installing; not touching this machine"
done

force=()
# dpkg-query exits 1 when any of the names is unknown, so its status is ignored.
if ! { dpkg-query -W -f='${Status}\n' chromium google-chrome-stable chromium-browser 2>/dev/null || true; } | grep -q 'ok installed'; then
  echo "note: no chromium/google-chrome-stable installed; installing with --force-depends"
  force=(--force-depends)
fi
# The package makes a system user for its service; one made by this test
# is deleted at the end, so the machine is left as it was.
had_user=no
if getent passwd rentwatch >/dev/null; then had_user=yes; fi
[ ! -e /var/lib/rentwatch ] || fail "/var/lib/rentwatch already exists before installing; not touching this machine"
forget_user() {
  if [ "$had_user" = no ] && getent passwd rentwatch >/dev/null; then userdel rentwatch >/dev/null 2>&1 || true; fi
  rm -rf /var/lib/rentwatch
}
cleanup() { dpkg -r "${force[@]}" rentwatch >/dev/null 2>&1 || true; forget_user; }
trap cleanup EXIT

dpkg -i "${force[@]}" "$deb" >/dev/null || fail "dpkg -i $deb"
got=$(/usr/bin/rentwatch version) || fail "rentwatch version exited $?"
[ "$got" = "rentwatch $version" ] || fail "rentwatch version printed '$got', want 'rentwatch $version'"
for f in $files; do
  [ -e "$f" ] || fail "$f not installed"
done
getent passwd rentwatch >/dev/null || fail "postinst made no rentwatch user"
[ "$(stat -c '%U %a' /var/lib/rentwatch)" = "rentwatch 700" ] || fail "/var/lib/rentwatch is $(stat -c '%U %a' /var/lib/rentwatch), want rentwatch 700"
dpkg -r "${force[@]}" rentwatch >/dev/null || fail "dpkg -r rentwatch"
trap - EXIT
[ -e /var/lib/rentwatch ] || fail "dpkg -r removed /var/lib/rentwatch: a remove keeps the user's data"
dpkg --purge "${force[@]}" rentwatch >/dev/null || fail "dpkg --purge rentwatch"
[ ! -e /var/lib/rentwatch ] || fail "dpkg --purge left /var/lib/rentwatch"
forget_user
for f in $files; do
  [ ! -e "$f" ] || fail "$f left behind after dpkg -r"
done
if dpkg-query -W -f='${Status}' rentwatch 2>/dev/null | grep -q 'ok installed'; then
  fail "dpkg still lists rentwatch as installed"
fi
echo "ok   $(basename "$deb"): dpkg -i, 'rentwatch version' = $version, dpkg -r left nothing behind"
