//go:build linux

package tray

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

// TestTrayOverDBus runs the real tray in a child process on a private
// session bus with a StatusNotifierWatcher and drives it the way a panel
// does: read the item and its menu, click entries, quit.
func TestTrayOverDBus(t *testing.T) {
	if raceEnabled {
		t.Skip("fyne.io/systray v1.12.2 races with itself; run without -race")
	}
	conn, env := privateBus(t)
	if err := Available(); err != nil {
		t.Fatalf("Available on a private bus: %v", err)
	}
	base := time.Now().Truncate(time.Second)
	child := startTray(t, env, base)
	expect := func(want string) { t.Helper(); child.expect(t, want) }
	name := child.name
	watcher := conn.Object("org.kde.StatusNotifierWatcher", "/StatusNotifierWatcher")
	eventually(t, "the item registers with the watcher", 10*time.Second, func() error {
		v, err := watcher.GetProperty("org.kde.StatusNotifierWatcher.RegisteredStatusNotifierItems")
		if err != nil {
			return err
		}
		if items, _ := v.Value().([]string); len(items) != 1 {
			return fmt.Errorf("registered items: %v", v)
		}
		return nil
	})

	item := conn.Object(name, "/StatusNotifierItem")
	checkItem(t, item, scripted(base, false))

	menuObj := conn.Object(name, "/StatusNotifierItem/menu")
	// systray answers the first GetLayout after each menu reset one level
	// deep (a workaround for libdbusmenu-gtk3); panels read again on the
	// LayoutUpdated it sends next, and so does this test.
	readMenu(t, menuObj)
	menu := readMenu(t, menuObj)
	checkShape(t, menu, Menu(scripted(base, false), time.Now()))

	checkCountdown(t, conn, child, menuObj, menu)
	checkClicks(t, conn, child, menuObj, menu)

	click(t, menuObj, find(t, menu, "Quit"))
	expect("quit")
	expect("run returned")
	done := make(chan error, 1)
	go func() { done <- child.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("child exited with %v; stderr:\n%s", err, child.stderr.String())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("child did not exit after Quit")
	}
}

// trayChild is the test binary re-run as a tray (see TestMain), reporting
// each action it receives as a line on stdout.
type trayChild struct {
	cmd    *exec.Cmd
	name   string // its StatusNotifierItem bus name
	lines  chan string
	stderr *syncBuffer
}

func startTray(t *testing.T, env []string, base time.Time) *trayChild {
	t.Helper()
	c := &trayChild{cmd: exec.Command(os.Args[0], "-test.run=^$"), lines: make(chan string, 32), stderr: &syncBuffer{}}
	c.cmd.Env = append(env, childEnv+"="+strconv.FormatInt(base.Unix(), 10))
	c.cmd.Stderr = c.stderr
	out, err := c.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	start(t, c.cmd)
	c.name = fmt.Sprintf("org.kde.StatusNotifierItem-%d-1", c.cmd.Process.Pid)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	return c
}

// expect waits for the child's next line.
func (c *trayChild) expect(t *testing.T, want string) {
	t.Helper()
	select {
	case got := <-c.lines:
		if got != want {
			t.Fatalf("child said %q, want %q", got, want)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("child did not say %q within 5s; stderr:\n%s", want, c.stderr.String())
	}
}

// syncBuffer is a bytes.Buffer the child's stderr copier and the test can share.
type syncBuffer struct {
	mu sync.Mutex // guards b
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// checkCountdown: the countdown label moves by itself, once a second.
func checkCountdown(t *testing.T, conn *dbus.Conn, child *trayChild, menuObj dbus.BusObject, menu []entry) {
	before := find(t, menu, "Kamernet__West").label
	time.Sleep(1200 * time.Millisecond)
	after := find(t, readMenu(t, menuObj), "Kamernet__West").label
	countdownRE := regexp.MustCompile(`^Kamernet__West — slowing down — retrying in \d+:\d\d$`)
	if before == after || !countdownRE.MatchString(before) || !countdownRE.MatchString(after) {
		t.Errorf("countdown did not move: %q then %q", before, after)
	}

	// While Kamernet counts down, two labels change a second (the status
	// line and its search), each one LayoutUpdated: no more.
	n := layoutUpdates(t, conn, child.name, 2*time.Second)
	t.Logf("%d LayoutUpdated signals in 2s of countdown", n)
	if n < 2 || n > 6 {
		t.Errorf("%d LayoutUpdated signals in 2s of countdown, want 2 to 6", n)
	}

}

// checkClicks clicks entries the way a panel does and reads what the
// child's actions received.
func checkClicks(t *testing.T, conn *dbus.Conn, child *trayChild, menuObj dbus.BusObject, menu []entry) {
	click(t, menuObj, find(t, menu, "Check now"))
	child.expect(t, "check-now")
	click(t, menuObj, find(t, menu, "Funda Amsterdam"))
	child.expect(t, "manual "+fundaAms)
	click(t, menuObj, find(t, menu, "€ 750 · Room in De Pijp"))
	child.expect(t, "open https://kamernet.nl/kamer/1")

	// Pause: the child sends the paused snapshot, and the same entry now
	// says Resume (updated in place, same D-Bus ID).
	pause := find(t, menu, "Pause")
	click(t, menuObj, pause)
	child.expect(t, "pause-all")
	eventually(t, "Pause turns into Resume", 5*time.Second, func() error {
		r, ok := lookup(readMenu(t, menuObj), "Resume")
		if !ok {
			return fmt.Errorf("no Resume yet")
		}
		if r.id != pause.id {
			return fmt.Errorf("Resume has ID %d, Pause had %d", r.id, pause.id)
		}
		return nil
	})
	// Paused, nothing counts down: no redraw timer, no signals.
	if n := layoutUpdates(t, conn, child.name, 1500*time.Millisecond); n != 0 {
		t.Errorf("%d LayoutUpdated signals in 1.5s with nothing counting down, want 0", n)
	}
	click(t, menuObj, pause)
	child.expect(t, "resume-all")

	auto := find(t, menu, "Start at login")
	click(t, menuObj, auto)
	child.expect(t, "autostart true")
	eventually(t, "Start at login gets its tick", 5*time.Second, func() error {
		e, _ := lookup(readMenu(t, menuObj), "Start at login")
		if st := e.props["toggle-state"]; st.Value() != int32(1) {
			return fmt.Errorf("toggle-state %v", st)
		}
		return nil
	})

}

func click(t *testing.T, menuObj dbus.BusObject, e entry) {
	t.Helper()
	call := menuObj.Call("com.canonical.dbusmenu.Event", 0, e.id, "clicked", dbus.MakeVariant(int32(0)), uint32(0))
	if call.Err != nil {
		t.Fatalf("click %q: %v", e.label, call.Err)
	}
}
