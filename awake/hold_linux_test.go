package awake

import (
	"errors"
	"io"
	"os"
	"syscall"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// startLogind is a loopback logind on a private bus, which Hold reaches
// as the system bus (there is none here).
func startLogind(t *testing.T) *testkit.Logind {
	t.Helper()
	bus := testkit.StartSessionBus(t)
	t.Setenv("DBUS_SYSTEM_BUS_ADDRESS", bus.Address)
	return testkit.StartLogind(t, bus)
}

func inode(t *testing.T, f *os.File) uint64 {
	t.Helper()
	var st syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		t.Fatalf("fstat %s: %v", f.Name(), err)
	}
	return st.Ino
}

// ended waits (a minute at most, against a hang) for the inhibitor's pipe
// to reach its end: every copy of the write end is closed.
func ended(read *os.File) error {
	read.SetReadDeadline(time.Now().Add(time.Minute))
	if n, err := read.Read(make([]byte, 1)); n != 0 || !errors.Is(err, io.EOF) {
		return errors.New("the inhibitor is still held")
	}
	return nil
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
	l.Answered()
	if want := [4]string{"sleep:idle", "rentwatch", Why, "block"}; len(l.Calls()) != 1 || l.Calls()[0] != want {
		t.Errorf("Inhibit calls %q, want one %q", l.Calls(), want)
	}
	if inode(t, lock.(*fdLock).f) != inode(t, l.Read(0)) {
		t.Fatal("the lock does not hold the pipe logind answered with")
	}
	if err := lock.Release(); err != nil {
		t.Fatal(err)
	}
	if err := ended(l.Read(0)); err != nil {
		t.Error("after Release:", err)
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
	l.Answered()
	if n := len(l.Calls()); n != 1 {
		t.Errorf("%d inhibitors taken, want one held throughout", n)
	}
	if held, err := k.Update(true, false); held || err != nil {
		t.Fatalf("nothing watched: held %v, %v", held, err)
	}
	if err := ended(l.Read(0)); err != nil {
		t.Error("nothing watched:", err)
	}
}

// TestHoldSaysWhenNoLogindAnswers: a bus without logind is an error, not
// a hold that silently is not one.
func TestHoldSaysWhenNoLogindAnswers(t *testing.T) {
	bus := testkit.StartSessionBus(t)
	t.Setenv("DBUS_SYSTEM_BUS_ADDRESS", bus.Address)
	if _, err := Hold(Why); err == nil {
		t.Fatal("Hold without logind succeeded")
	}
}
