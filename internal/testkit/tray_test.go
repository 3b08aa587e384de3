package testkit

import (
	"fmt"
	"testing"

	"github.com/godbus/dbus/v5"
)

// quitter is an app whose Quit leaves the bus before its reply goes out.
type quitter struct{ conn *dbus.Conn }

func (q quitter) Quit() *dbus.Error {
	q.conn.Close()
	return nil
}

// TestGoneIsTheBusSayingTheAppLeft: a call to an app that leaves the bus
// without replying comes back, from a real dbus-daemon, as the error gone
// takes for a quit; any other error stays.
func TestGoneIsTheBusSayingTheAppLeft(t *testing.T) {
	bus := StartSessionBus(t)
	dial := func() *dbus.Conn {
		c, err := dbus.Connect(bus.Address)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	app, caller := dial(), dial()
	defer caller.Close()
	if err := app.Export(quitter{app}, "/app", "test.Quitter"); err != nil {
		t.Fatal(err)
	}
	err := caller.Object(app.Names()[0], "/app").Call("test.Quitter.Quit", 0).Err
	if err == nil {
		t.Fatal("the call came back answered; want the bus saying the app left")
	}
	if got := gone(fmt.Errorf("click %q: %w", "Quit", err)); got != nil {
		t.Errorf("gone(%v) = %v, want nil", err, got)
	}
	other := caller.Object("org.freedesktop.DBus", "/org/freedesktop/DBus").Call("org.freedesktop.DBus.NoSuchMethod", 0).Err
	if other == nil || gone(other) == nil {
		t.Errorf("another error (%v) was taken for a quit", other)
	}
}
