#!/usr/bin/env bash
# Prints the version to stamp into every artefact: RENTWATCH_VERSION if set,
# else the nearest vX.Y.Z tag (git describe), else main.version from main.go
# plus the commit, e.g. 0.1.0-dev+g295b994. It always starts with a digit,
# which Debian versions and Info.plist's CFBundleShortVersionString need.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${RENTWATCH_VERSION:-}" ]; then
  echo "$RENTWATCH_VERSION"; exit 0
fi
if tag=$(git describe --tags --match 'v[0-9]*' --dirty 2>/dev/null); then
  echo "${tag#v}"; exit 0
fi
base=$(sed -n 's/^var version = "\(.*\)"$/\1/p' main.go)
[ -n "$base" ] || { echo "version.sh: no 'var version = \"...\"' in main.go" >&2; exit 1; }
if sha=$(git rev-parse --short HEAD 2>/dev/null); then
  echo "$base+g$sha"
else
  echo "$base"
fi
