//go:build linux

package tray

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"rentwatch/internal/testkit"
)

// TestTrayOverDBus runs the real tray in a child process on a private
// session bus with a StatusNotifierWatcher and drives it the way a panel
// does: read the item and its menu, click entries, quit.
func TestTrayOverDBus(t *testing.T) {
	if raceEnabled {
		t.Skip("fyne.io/systray v1.12.2 races with itself; run without -race")
	}
	bus := testkit.StartSessionBus(t)
	// The watcher must be up before the tray: systray registers once at start.
	testkit.StartTrayWatcher(t, bus)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", bus.Address)
	conn := testkit.Connect(t, bus)
	if err := Available(); err != nil {
		t.Fatalf("Available on a private bus: %v", err)
	}
	base := time.Now().Truncate(time.Second)
	child := startTray(t, testkit.BusEnv(bus), base)
	expect := func(want string) { t.Helper(); child.expect(t, want) }
	item := testkit.WaitTrayItem(t, bus, child.cmd.Process.Pid, testkit.Patience)
	if items, err := testkit.RegisteredTrayItems(conn); err != nil || len(items) != 1 {
		t.Fatalf("registered items: %q, %v; want the child's only", items, err)
	}
	checkItem(t, item, scripted(base, false))

	// Layout, not Menu: an entry the tray hid, not removed, fails too.
	layout, err := item.Layout()
	if err != nil {
		t.Fatal(err)
	}
	checkShape(t, layout, Menu(scripted(base, false), time.Now()))

	menu := testkit.ReadMenu(t, item)
	checkCountdown(t, conn, item, menu)
	checkClicks(t, conn, item, child, menu)

	click(t, item, find(t, menu, "Quit"))
	expect("quit")
	expect("run returned")
	done := make(chan error, 1)
	go func() { done <- child.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("child exited with %v; stderr:\n%s", err, child.stderr.String())
		}
	case <-time.After(testkit.Patience):
		t.Fatal("child did not exit after Quit")
	}
}

// trayChild is the test binary re-run as a tray (see TestMain), reporting
// each action it receives as a line on stdout.
type trayChild struct {
	cmd    *exec.Cmd
	lines  chan string
	stderr *testkit.Output
}

func startTray(t *testing.T, env []string, base time.Time) *trayChild {
	t.Helper()
	c := &trayChild{cmd: exec.Command(os.Args[0], "-test.run=^$"), lines: make(chan string, 32), stderr: &testkit.Output{}}
	c.cmd.Env = append(env, childEnv+"="+strconv.FormatInt(base.Unix(), 10))
	c.cmd.Stderr = c.stderr
	out, err := c.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	testkit.StartProcess(t, c.cmd)
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
	case <-time.After(testkit.Patience):
		t.Fatalf("child did not say %q within %v; stderr:\n%s", want, testkit.Patience, c.stderr.String())
	}
}

// checkCountdown: with the menu closed the countdown stands still (nobody
// reads it, and each change would make the panel re-read the menu); once
// the panel says the menu opened, the label moves by itself, and each move
// costs the panel no more than a few redraws. Counted per move, not per
// second of wall clock: a busy machine moves it late, never more often.
func checkCountdown(t *testing.T, conn *dbus.Conn, item *testkit.TrayItem, menu []testkit.MenuEntry) {
	closed := find(t, menu, "Kamernet__West").Label
	time.Sleep(1200 * time.Millisecond)
	if still := find(t, testkit.ReadMenu(t, item), "Kamernet__West").Label; still != closed {
		t.Errorf("with the menu closed the countdown moved: %q then %q", closed, still)
	}
	if err := item.Open(); err != nil {
		t.Fatal(err)
	}
	countdownRE := regexp.MustCompile(`^Kamernet__West — slowing down — retrying in (\d+ s|\d+ min \d\d s)$`)
	label := func() string { return find(t, testkit.ReadMenu(t, item), "Kamernet__West").Label }
	if before := find(t, menu, "Kamernet__West").Label; !countdownRE.MatchString(before) {
		t.Fatalf("countdown label %q", before)
	}
	// While Kamernet counts down, two labels change each second (the
	// status line and its search), each one LayoutUpdated: no more.
	const moves = 2
	n, last := layoutUpdatesMoves(t, conn, item, moves, label)
	t.Logf("%d LayoutUpdated signals over %d moves of the countdown", n, moves)
	if n > 3*moves {
		t.Errorf("%d LayoutUpdated signals over %d moves of the countdown, want at most %d", n, moves, 3*moves)
	}
	if !countdownRE.MatchString(last) {
		t.Errorf("countdown label became %q", last)
	}
}

// checkClicks clicks entries the way a panel does and reads what the
// child's actions received.
func checkClicks(t *testing.T, conn *dbus.Conn, item *testkit.TrayItem, child *trayChild, menu []testkit.MenuEntry) {
	click(t, item, find(t, menu, "Open rentwatch…"))
	child.expect(t, "open-window")
	click(t, item, find(t, menu, "Add search…"))
	child.expect(t, "add-search")
	click(t, item, find(t, menu, "Settings…"))
	child.expect(t, "settings")
	click(t, item, find(t, menu, "Check now"))
	child.expect(t, "check-now")
	click(t, item, find(t, menu, "Funda Amsterdam"))
	child.expect(t, "manual "+fundaAms)
	click(t, item, find(t, menu, "€ 750 · Room in De Pijp"))
	child.expect(t, "open https://kamernet.nl/kamer/1")

	// Pause: the child sends the paused snapshot, and the same entry now
	// says Resume (updated in place, same D-Bus ID).
	pause := find(t, menu, "Pause")
	click(t, item, pause)
	child.expect(t, "pause-all")
	testkit.Eventually(t, "Pause turns into Resume", testkit.Patience, func() error {
		r, ok := testkit.FindEntry(testkit.ReadMenu(t, item), "Resume")
		if !ok {
			return fmt.Errorf("no Resume yet")
		}
		if r.ID != pause.ID {
			return fmt.Errorf("Resume has ID %d, Pause had %d", r.ID, pause.ID)
		}
		return nil
	})
	// Paused leads the menu's first line, which is a button: it opens the
	// window's Pause section (it was a greyed line nothing could click).
	testkit.Eventually(t, "the status line says paused, and can be clicked", testkit.Patience, func() error {
		st, ok := testkit.FindEntry(testkit.ReadMenu(t, item), "Paused — choose Resume to watch again")
		if !ok || !st.Enabled {
			return fmt.Errorf("status line %+v, found %v", st, ok)
		}
		return nil
	})
	st, _ := testkit.FindEntry(testkit.ReadMenu(t, item), "Paused — choose Resume to watch again")
	click(t, item, st)
	child.expect(t, "open-page /settings#pause-h")
	// Paused, nothing counts down: no redraw timer, no signals.
	if n := layoutUpdates(t, conn, item, 1500*time.Millisecond); n != 0 {
		t.Errorf("%d LayoutUpdated signals in 1.5s with nothing counting down, want 0", n)
	}
	click(t, item, pause)
	child.expect(t, "resume-all")

	auto := find(t, menu, "Start at login")
	click(t, item, auto)
	child.expect(t, "autostart true")
	testkit.Eventually(t, "Start at login gets its tick", testkit.Patience, func() error {
		if e, _ := testkit.FindEntry(testkit.ReadMenu(t, item), "Start at login"); !e.Checkable || !e.Checked {
			return fmt.Errorf("entry %+v", e)
		}
		return nil
	})
}
