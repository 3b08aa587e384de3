package awake

import (
	"errors"
	"io"
	"os"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"rentwatch/internal/testkit"
)

// logind is a loopback org.freedesktop.login1.Manager with Inhibit alone,
// on a private bus (no system bus here): like logind, it answers with the
// write end of a pipe and learns the inhibitor ended when its read end
// sees every copy of that end closed.
type logind struct {
	// mu guards calls and reads.
	mu    sync.Mutex
	calls [][4]string
	reads []*os.File
	// writes are logind's own copies, closed once the answer went out.
	writes chan *os.File
}

func (l *logind) Inhibit(what, who, why, mode string) (dbus.UnixFD, *dbus.Error) {
	r, w, err := os.Pipe()
	if err != nil {
		return 0, dbus.MakeFailedError(err)
	}
	l.mu.Lock()
	l.calls = append(l.calls, [4]string{what, who, why, mode})
	l.reads = append(l.reads, r)
	l.mu.Unlock()
	l.writes <- w
	return dbus.UnixFD(w.Fd()), nil
}

func startLogind(t *testing.T) *logind {
	t.Helper()
	bus := testkit.StartSessionBus(t)
	t.Setenv("DBUS_SYSTEM_BUS_ADDRESS", bus.Address) // what Hold connects to
	conn := testkit.Connect(t, bus)
	l := &logind{writes: make(chan *os.File, 8)}
	if err := conn.Export(l, "/org/freedesktop/login1", "org.freedesktop.login1.Manager"); err != nil {
		t.Fatal(err)
	}
	if reply, err := conn.RequestName("org.freedesktop.login1", dbus.NameFlagDoNotQueue); err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("own org.freedesktop.login1: %v %v", reply, err)
	}
	return l
}

func inode(t *testing.T, f *os.File) uint64 {
	t.Helper()
	var st syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		t.Fatalf("fstat %s: %v", f.Name(), err)
	}
	return st.Ino
}

// TestHoldKeepsLogindsFdUntilRelease goes through a real dbus-daemon:
// Hold asks for "sleep:idle" in "block" mode, keeps the descriptor logind
// gave it open while held, and closes it on Release, which is how logind
// learns the inhibitor ended.
func TestHoldKeepsLogindsFdUntilRelease(t *testing.T) {
	l := startLogind(t)
	lock, err := Hold(Why)
	if err != nil {
		t.Fatal(err)
	}
	// The answer went out: logind keeps no copy of its own.
	(<-l.writes).Close()
	l.mu.Lock()
	calls, read := l.calls, l.reads[0]
	l.mu.Unlock()
	if want := [4]string{"sleep:idle", "rentwatch", Why, "block"}; len(calls) != 1 || calls[0] != want {
		t.Errorf("Inhibit calls %q, want one %q", calls, want)
	}
	held := lock.(*fdLock).f
	if inode(t, held) != inode(t, read) {
		t.Fatal("the lock does not hold the pipe logind answered with")
	}

	// Released, the pipe's last write end is gone: logind's read sees
	// the end. (The deadline only bounds a hang.)
	if err := lock.Release(); err != nil {
		t.Fatal(err)
	}
	read.SetReadDeadline(time.Now().Add(time.Minute))
	if n, err := read.Read(make([]byte, 1)); n != 0 || !errors.Is(err, io.EOF) {
		t.Errorf("after Release logind's end reads %d, %v; want the end of the pipe", n, err)
	}
	if err := lock.Release(); err != nil {
		t.Errorf("a second Release: %v", err)
	}
}

// TestKeeperThroughLogind: turned on, on mains, watching, the Keeper holds
// one inhibitor however often it is updated, and lets go when watching
// stops.
func TestKeeperThroughLogind(t *testing.T) {
	l := startLogind(t)
	k := &Keeper{OnMains: func() (bool, error) { return true, nil }}
	for range 3 {
		if held, err := k.Update(true, true); !held || err != nil {
			t.Fatalf("Update: held %v, %v", held, err)
		}
	}
	(<-l.writes).Close()
	l.mu.Lock()
	n, read := len(l.calls), l.reads[0]
	l.mu.Unlock()
	if n != 1 {
		t.Errorf("%d inhibitors taken, want one held throughout", n)
	}
	if held, err := k.Update(true, false); held || err != nil {
		t.Fatalf("nothing watched: held %v, %v", held, err)
	}
	read.SetReadDeadline(time.Now().Add(time.Minute))
	if _, err := read.Read(make([]byte, 1)); !errors.Is(err, io.EOF) {
		t.Errorf("nothing watched, the inhibitor is still held (%v)", err)
	}
}

// TestHoldSaysWhenNoLogindAnswers: a bus without logind is an error that
// names it, not a hold that silently is not one.
func TestHoldSaysWhenNoLogindAnswers(t *testing.T) {
	bus := testkit.StartSessionBus(t)
	t.Setenv("DBUS_SYSTEM_BUS_ADDRESS", bus.Address)
	if _, err := Hold(Why); err == nil {
		t.Fatal("Hold without logind succeeded")
	}
}
