#!/usr/bin/env bash
# `make package`: builds every installer this machine can build into dist/,
# then checks them all (packaging/check.sh).
#   - dist/rentwatch.exe                 Windows, amd64, with icon/manifest/version
#   - dist/rentwatch_<v>_amd64.deb       Debian/Ubuntu (and _arm64 with RENTWATCH_DEB_ARCHES="amd64 arm64")
#   - dist/rentwatch.app + .zip          macOS; a real universal app on a Mac,
#                                        elsewhere the bundle around a stand-in binary
# RENTWATCH_VERSION overrides the version (packaging/version.sh says how it is found).
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(bash packaging/version.sh)
echo "rentwatch $version: building into dist/"
rm -rf dist
mkdir -p dist

# The main package is a shared tree: if it does not build right now, say so
# plainly instead of failing three times over.
if ! go build -o /dev/null . 2>/tmp/rentwatch-build.$$; then
  cat /tmp/rentwatch-build.$$ >&2; rm -f /tmp/rentwatch-build.$$
  echo "make package: the rentwatch main package does not build; fix that first" >&2
  exit 1
fi
rm -f /tmp/rentwatch-build.$$

bash packaging/windows/build.sh "$version" dist amd64
for arch in ${RENTWATCH_DEB_ARCHES:-amd64}; do
  bash packaging/linux/build-deb.sh "$version" dist "$arch"
done
bash packaging/macos/build-app.sh "$version" dist

bash packaging/check.sh dist "$version"
