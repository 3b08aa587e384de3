//go:build linux || freebsd || openbsd || netbsd

package tray

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/godbus/dbus/v5"
)

// ErrNoSession means there is no D-Bus session bus to put a tray icon on.
var ErrNoSession = errors.New("no D-Bus session: running without a tray icon")

// Available reports whether a tray icon can be shown. On Linux and the BSDs
// that takes a reachable D-Bus session bus: systray panics without one.
// The error wraps ErrNoSession and says why; callers fall back to running
// without a tray.
func Available() error {
	addr := os.Getenv("DBUS_SESSION_BUS_ADDRESS")
	if addr == "" {
		// godbus (and so systray) also finds the bus here, as systemd puts it.
		if dir := os.Getenv("XDG_RUNTIME_DIR"); dir != "" {
			if fi, err := os.Stat(filepath.Join(dir, "bus")); err == nil && fi.Mode()&os.ModeSocket != 0 {
				addr = "unix:path=" + filepath.Join(dir, "bus")
			}
		}
	}
	if addr == "" {
		return fmt.Errorf("%w (DBUS_SESSION_BUS_ADDRESS is not set)", ErrNoSession)
	}
	return dial(addr, 3*time.Second)
}

// dial connects and says hello, giving up after timeout: a bus that
// accepts but never answers would otherwise hang the app's start.
func dial(addr string, timeout time.Duration) error {
	done := make(chan error, 1)
	go func() {
		conn, err := dbus.Connect(addr)
		if err == nil {
			conn.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("%w (%s: %v)", ErrNoSession, addr, err)
		}
		return nil
	case <-time.After(timeout):
		return fmt.Errorf("%w (%s did not answer within %v)", ErrNoSession, addr, timeout)
	}
}
