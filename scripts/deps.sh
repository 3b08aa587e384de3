#!/usr/bin/env bash
# Installs what rentwatch's tests (or, with "run", the app) need on a Debian
# machine, only where it is missing. Safe to run again: it does nothing then.
#   scripts/deps.sh        everything the tests use
#   scripts/deps.sh run    only what the app itself needs (a browser)
set -euo pipefail

want=(chromium)
if [ "${1:-test}" != run ]; then
  want+=(xvfb imagemagick xdotool dunst xfce4-panel haskell-status-notifier-item-utils dbus dbus-x11 curl jq openssl)
fi

have() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
missing=()
for p in "${want[@]}"; do have "$p" || missing+=("$p"); done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "rentwatch needs: ${missing[*]} (install them with your package manager)" >&2
    exit 1
  fi
  echo "installing: ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "${1:-test}" != run ]; then
  gobin=$(go env GOPATH)/bin
  if [ ! -x "$gobin/mailpit" ]; then
    echo "installing: mailpit (go install, 1-2 minutes)" >&2
    go install github.com/axllent/mailpit@v1.33.1
  fi
fi
