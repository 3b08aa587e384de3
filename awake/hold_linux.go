package awake

import (
	"fmt"
	"os"
	"sync"

	"github.com/godbus/dbus/v5"
)

// OnMains reports whether the computer runs on mains power.
func OnMains() (bool, error) { return mainsFromSysfs("/sys/class/power_supply") }

// Hold asks logind on the system bus (DBUS_SYSTEM_BUS_ADDRESS, when set,
// names it) to block sleep and idle for as long as the lock is held.
func Hold(why string) (Lock, error) {
	conn, err := dbus.ConnectSystemBus()
	if err != nil {
		return nil, fmt.Errorf("system bus: %w", err)
	}
	defer conn.Close() // the inhibitor lives as long as its fd, not the connection
	return Inhibit(conn, why)
}

// Inhibit calls org.freedesktop.login1.Manager.Inhibit("sleep:idle",
// "rentwatch", why, "block") on conn: logind answers with a file
// descriptor and keeps the computer awake until every copy of it is
// closed, so the Lock holds that one and Release closes it. (A process
// that dies closes it too: no hold outlives rentwatch.)
func Inhibit(conn *dbus.Conn, why string) (Lock, error) {
	var fd dbus.UnixFD
	obj := conn.Object("org.freedesktop.login1", "/org/freedesktop/login1")
	if err := obj.Call("org.freedesktop.login1.Manager.Inhibit", 0, "sleep:idle", "rentwatch", why, "block").Store(&fd); err != nil {
		return nil, fmt.Errorf("logind inhibit: %w", err)
	}
	return &fdLock{f: os.NewFile(uintptr(fd), "logind-inhibitor")}, nil
}

// fdLock is logind's inhibitor: held while f is open.
type fdLock struct {
	once sync.Once
	f    *os.File
}

func (l *fdLock) Release() error {
	var err error
	l.once.Do(func() { err = l.f.Close() })
	return err
}
