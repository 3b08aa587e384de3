package outbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/godbus/dbus/v5"
)

// notificationsName is the desktop's notification service on the
// session bus.
const notificationsName = "org.freedesktop.Notifications"

// ErrNoPopUps is matched by PopUpsHere's error on a computer that shows
// no desktop pop-ups.
var ErrNoPopUps = errors.New("this computer shows no desktop pop-ups")

// PopUpsHere says whether this computer can show desktop pop-ups: nil, or
// why not (a server with no session bus, a session bus on which no
// notification service runs nor can be started). It asks the bus and
// leaves it; it never starts a bus of its own.
func PopUpsHere() error {
	addr, err := sessionBusAddress()
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNoPopUps, err)
	}
	conn, err := dbus.Connect(addr)
	if err != nil {
		return fmt.Errorf("%w: the session bus does not answer", ErrNoPopUps)
	}
	defer conn.Close()
	bus := conn.BusObject()
	var owned bool
	if err := bus.Call("org.freedesktop.DBus.NameHasOwner", 0, notificationsName).Store(&owned); err == nil && owned {
		return nil
	}
	var startable []string
	if err := bus.Call("org.freedesktop.DBus.ListActivatableNames", 0).Store(&startable); err == nil &&
		slices.Contains(startable, notificationsName) {
		return nil
	}
	return fmt.Errorf("%w: no notification service runs on the session bus", ErrNoPopUps)
}

// sessionBusAddress is the session bus named by DBUS_SESSION_BUS_ADDRESS
// or found at $XDG_RUNTIME_DIR/bus; never one started for us (godbus
// would launch a bus of its own, which a machine without a desktop must
// not get).
func sessionBusAddress() (string, error) {
	addr := os.Getenv("DBUS_SESSION_BUS_ADDRESS")
	if dir := os.Getenv("XDG_RUNTIME_DIR"); addr == "" && dir != "" {
		if fi, err := os.Stat(filepath.Join(dir, "bus")); err == nil && fi.Mode()&os.ModeSocket != 0 {
			addr = "unix:path=" + filepath.Join(dir, "bus")
		}
	}
	if addr == "" {
		return "", errors.New("no session bus")
	}
	return addr, nil
}
