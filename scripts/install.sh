#!/usr/bin/env bash
# Builds rentwatch and installs it where the shell finds it, so the
# README's `rentwatch ...` commands work: /usr/local/bin as root,
# ~/.local/bin otherwise; BINDIR=DIR chooses another folder. It says where
# it put it, and what to do when that folder is not on PATH.
set -euo pipefail

if [ -z "${BINDIR:-}" ]; then
  if [ "$(id -u)" = 0 ]; then BINDIR=/usr/local/bin; else BINDIR="$HOME/.local/bin"; fi
fi
mkdir -p "$BINDIR"
version=$(bash packaging/version.sh 2>/dev/null || echo dev)
# Built to a temporary name and renamed: a rentwatch running from BINDIR
# keeps its own file.
go build -ldflags "-X main.version=$version" -o "$BINDIR/.rentwatch.new" .
mv -f "$BINDIR/.rentwatch.new" "$BINDIR/rentwatch"
echo "installed rentwatch $version as $BINDIR/rentwatch" >&2
case ":$PATH:" in
  *":$BINDIR:"*) ;;
  *) echo "note: $BINDIR is not on your PATH: add it (export PATH=\"$BINDIR:\$PATH\" in ~/.profile), or run $BINDIR/rentwatch" >&2 ;;
esac
