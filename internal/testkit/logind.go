package testkit

import (
	"os"
	"sync"
	"testing"

	"github.com/godbus/dbus/v5"
)

// Logind is a loopback org.freedesktop.login1.Manager with Inhibit alone,
// on a private bus standing in for the system bus (none here): like
// logind, it answers with the write end of a pipe and learns that an
// inhibitor ended when every copy of that end is closed (Ended).
type Logind struct {
	// mu guards calls, reads and writes.
	mu    sync.Mutex
	calls [][4]string
	reads []*os.File
	// writes are its own copies of the write ends, closed by Answered.
	writes []*os.File
}

// StartLogind owns org.freedesktop.login1 on bus. Code under test reaches
// it through DBUS_SYSTEM_BUS_ADDRESS=bus.Address.
func StartLogind(t testing.TB, bus *Bus) *Logind {
	t.Helper()
	conn := Connect(t, bus)
	l := &Logind{}
	if err := conn.Export(l, "/org/freedesktop/login1", "org.freedesktop.login1.Manager"); err != nil {
		t.Fatal(err)
	}
	if reply, err := conn.RequestName("org.freedesktop.login1", dbus.NameFlagDoNotQueue); err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("own org.freedesktop.login1: %v %v", reply, err)
	}
	t.Cleanup(func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		for _, f := range append(l.reads, l.writes...) {
			f.Close()
		}
	})
	return l
}

// Inhibit is the D-Bus method. Its own copy of the write end stays open
// until Answered: godbus sends it after this returns.
func (l *Logind) Inhibit(what, who, why, mode string) (dbus.UnixFD, *dbus.Error) {
	r, w, err := os.Pipe()
	if err != nil {
		return 0, dbus.MakeFailedError(err)
	}
	l.mu.Lock()
	l.calls = append(l.calls, [4]string{what, who, why, mode})
	l.reads = append(l.reads, r)
	l.writes = append(l.writes, w)
	l.mu.Unlock()
	return dbus.UnixFD(w.Fd()), nil
}

// Answered closes its own copies of the write ends: call it once the
// callers have their answers, so that only they hold the inhibitors.
func (l *Logind) Answered() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, w := range l.writes {
		w.Close()
	}
	l.writes = nil
}

// Calls are the Inhibit calls so far: what, who, why, mode.
func (l *Logind) Calls() [][4]string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([][4]string(nil), l.calls...)
}

// Read is the read end of the n-th inhibitor's pipe: it reads the end of
// the pipe once the inhibitor is released.
func (l *Logind) Read(n int) *os.File {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.reads[n]
}
