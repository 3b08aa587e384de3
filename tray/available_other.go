//go:build !(linux || freebsd || openbsd || netbsd)

package tray

import "errors"

// ErrNoSession means there is no D-Bus session bus to put a tray icon on;
// it only happens on Linux and the BSDs.
var ErrNoSession = errors.New("no D-Bus session: running without a tray icon")

// Available reports whether a tray icon can be shown: always on macOS and
// Windows, which have a menu bar or notification area of their own.
func Available() error { return nil }
