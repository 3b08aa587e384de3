//go:build linux

package tray

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"rentwatch/assets"
	"rentwatch/engine"
	"rentwatch/internal/testkit"
)

// The bus, the watcher, the tray item's properties and its dbusmenu are
// read with internal/testkit, as the app's own tests read them; what is
// here is only what this adapter's test checks beyond that.

func find(t *testing.T, menu []testkit.MenuEntry, prefix string) testkit.MenuEntry {
	t.Helper()
	e, ok := testkit.FindEntry(menu, prefix)
	if !ok {
		t.Fatalf("no menu entry starting %q in:\n%s", prefix, testkit.Labels(menu))
	}
	return e
}

func click(t *testing.T, item *testkit.TrayItem, e testkit.MenuEntry) {
	t.Helper()
	if err := item.ClickEntry(e); err != nil {
		t.Fatal(err)
	}
}

var digits = regexp.MustCompile(`[0-9]+`)

func masked(s string) string { return digits.ReplaceAllString(s, "#") }

// checkItem reads the StatusNotifierItem's properties as a panel would.
func checkItem(t *testing.T, item *testkit.TrayItem, s engine.Snapshot) {
	t.Helper()
	if title, err := item.Title(); err != nil || title != "rentwatch" {
		t.Errorf("Title = %q, %v; want rentwatch", title, err)
	}
	if tip, err := item.ToolTip(); err != nil || tip.Title != Tooltip(s, time.Now()) {
		t.Errorf("ToolTip = %+v, %v; want title %q", tip, err, Tooltip(s, time.Now()))
	}
	pixmaps, err := item.IconPixmap()
	if err != nil || len(pixmaps) != 1 {
		t.Fatalf("IconPixmap = %v, %v; want one pixmap", pixmaps, err)
	}
	want := testkit.IconARGB(t, assets.TrayPNG(Icon(s)))
	if p := pixmaps[0]; p.W != 32 || p.H != 32 || !bytes.Equal(p.Pix, want) {
		t.Errorf("IconPixmap is %dx%d with %d bytes, not the %q icon", p.W, p.H, len(p.Pix), Icon(s))
	}
}

// checkShape compares the menu on the bus with Menu's, entry by entry,
// digits masked (the countdown moves between the two reads).
func checkShape(t *testing.T, got []testkit.MenuEntry, want []Item) {
	t.Helper()
	var g, w []string
	var walkGot func([]testkit.MenuEntry, string)
	walkGot = func(es []testkit.MenuEntry, in string) {
		for _, e := range es {
			l := masked(e.Label)
			if e.Hidden {
				l += " (hidden)" // Menu shows every entry it has: none may hide
			}
			g = append(g, in+l)
			walkGot(e.Children, in+"  ")
		}
	}
	var walkWant func([]Item, string)
	walkWant = func(its []Item, in string) {
		for _, it := range its {
			l := label(it.Title, "linux")
			if it.Separator {
				l = "---"
			}
			w = append(w, in+masked(l))
			walkWant(it.Children, in+"  ")
		}
	}
	walkGot(got, "")
	walkWant(want, "")
	if strings.Join(g, "\n") != strings.Join(w, "\n") {
		t.Errorf("menu on the bus:\n%s\nwant:\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
}

// layoutUpdates counts the LayoutUpdated signals of item's menu over d
// (conn is any connection to its bus): each one makes a panel re-read
// the whole menu.
func layoutUpdates(t *testing.T, conn *dbus.Conn, item *testkit.TrayItem, d time.Duration) int {
	t.Helper()
	updates, stop := watchLayout(t, conn, item)
	defer stop()
	n := 0
	end := time.After(d)
	for {
		select {
		case <-updates:
			n++
		case <-end:
			return n
		}
	}
}

// layoutUpdatesMoves counts the LayoutUpdated signals until label (read
// after each one) has changed moves times, and returns the count and the
// last label. testkit.Patience bounds a hang.
func layoutUpdatesMoves(t *testing.T, conn *dbus.Conn, item *testkit.TrayItem, moves int, label func() string) (int, string) {
	t.Helper()
	updates, stop := watchLayout(t, conn, item)
	defer stop()
	last := label()
	n, moved := 0, 0
	end := time.After(testkit.Patience)
	for moved < moves {
		select {
		case <-updates:
			n++
			if now := label(); now != last {
				last, moved = now, moved+1
			}
		case <-end:
			t.Fatalf("the label %q moved %d of %d times in %v", last, moved, moves, testkit.Patience)
		}
	}
	return n, last
}

// watchLayout sends on updates for each LayoutUpdated signal of item's
// menu until stop is called.
func watchLayout(t *testing.T, conn *dbus.Conn, item *testkit.TrayItem) (updates <-chan struct{}, stop func()) {
	t.Helper()
	var owner string
	if err := conn.BusObject().Call("org.freedesktop.DBus.GetNameOwner", 0, item.Name).Store(&owner); err != nil {
		t.Fatal(err)
	}
	opts := []dbus.MatchOption{dbus.WithMatchSender(item.Name), dbus.WithMatchObjectPath(item.Path + "/menu"),
		dbus.WithMatchInterface("com.canonical.dbusmenu"), dbus.WithMatchMember("LayoutUpdated")}
	if err := conn.AddMatchSignal(opts...); err != nil {
		t.Fatal(err)
	}
	ch := make(chan *dbus.Signal, 64)
	conn.Signal(ch)
	out := make(chan struct{}, 64)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case s := <-ch:
				if s.Sender == owner && s.Name == "com.canonical.dbusmenu.LayoutUpdated" {
					out <- struct{}{}
				}
			case <-done:
				return
			}
		}
	}()
	return out, func() {
		close(done)
		conn.RemoveSignal(ch)
		conn.RemoveMatchSignal(opts...)
	}
}
