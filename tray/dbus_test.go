//go:build linux

package tray

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"rentwatch/assets"
	"rentwatch/engine"
)

// need finds an external tool: a missing one fails under CI, else skips.
func need(t *testing.T, tool string) string {
	t.Helper()
	p, err := exec.LookPath(tool)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is needed for this test: %v", tool, err)
		}
		t.Skipf("%s not installed (apt-get install dbus / haskell-status-notifier-item-utils): %v", tool, err)
	}
	return p
}

// start runs a process we own and kills it, by PID, when the test ends.
func start(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", cmd.Path, err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
}

// eventually retries f until it returns nil or the time is up.
func eventually(t *testing.T, what string, within time.Duration, f func() error) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		err := f()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %v", what, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// privateBus starts a session bus and a StatusNotifierWatcher on it, in
// XDG dirs under a temp folder, and returns a connection to the bus and the
// environment for processes that should use it.
func privateBus(t *testing.T) (*dbus.Conn, []string) {
	daemon, watcher := need(t, "dbus-daemon"), need(t, "status-notifier-watcher")
	dir := t.TempDir()
	var env []string
	for _, k := range []string{"XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"} {
		d := filepath.Join(dir, strings.ToLower(k))
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
		env = append(env, k+"="+d)
	}
	addr := "unix:path=" + filepath.Join(dir, "bus")
	env = append(os.Environ(), append(env, "DBUS_SESSION_BUS_ADDRESS="+addr)...)
	bus := exec.Command(daemon, "--session", "--nofork", "--nopidfile", "--address="+addr)
	bus.Env = env
	start(t, bus)
	var conn *dbus.Conn
	eventually(t, "connect to the private bus", 5*time.Second, func() (err error) {
		conn, err = dbus.Connect(addr)
		return err
	})
	t.Cleanup(func() { conn.Close() })
	// The watcher must be up before the tray: systray registers once at start.
	w := exec.Command(watcher)
	w.Env = env
	start(t, w)
	eventually(t, "status-notifier-watcher answers", 5*time.Second, func() error {
		var owned bool
		err := conn.BusObject().Call("org.freedesktop.DBus.NameHasOwner", 0, "org.kde.StatusNotifierWatcher").Store(&owned)
		if err == nil && !owned {
			err = fmt.Errorf("no owner yet")
		}
		return err
	})
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", addr)
	return conn, env
}

// layout is one dbusmenu node as GetLayout sends it.
type layout struct {
	ID       int32
	Props    map[string]dbus.Variant
	Children []dbus.Variant
}

type entry struct {
	id    int32
	label string
	props map[string]dbus.Variant
	kids  []entry
}

func readMenu(t *testing.T, item dbus.BusObject) []entry {
	t.Helper()
	var rev uint32
	var root layout
	if err := item.Call("com.canonical.dbusmenu.GetLayout", 0, int32(0), int32(-1), []string{}).Store(&rev, &root); err != nil {
		t.Fatalf("GetLayout: %v", err)
	}
	return entries(t, root.Children)
}

func entries(t *testing.T, vs []dbus.Variant) []entry {
	var out []entry
	for _, v := range vs {
		var l layout
		if err := dbus.Store([]any{v.Value()}, &l); err != nil {
			t.Fatalf("menu node %v: %v", v, err)
		}
		e := entry{id: l.ID, props: l.Props, kids: entries(t, l.Children)}
		if s, ok := l.Props["label"].Value().(string); ok {
			e.label = s
		}
		if l.Props["type"].Value() == "separator" {
			e.label = "---"
		}
		out = append(out, e)
	}
	return out
}

// lookup finds the first entry (or submenu entry) whose label starts with prefix.
func lookup(menu []entry, prefix string) (entry, bool) {
	for _, e := range menu {
		if strings.HasPrefix(e.label, prefix) {
			return e, true
		}
		if k, ok := lookup(e.kids, prefix); ok {
			return k, true
		}
	}
	return entry{}, false
}

func find(t *testing.T, menu []entry, prefix string) entry {
	t.Helper()
	e, ok := lookup(menu, prefix)
	if !ok {
		t.Fatalf("no menu entry starting %q", prefix)
	}
	return e
}

var digits = regexp.MustCompile(`[0-9]+`)

func masked(s string) string { return digits.ReplaceAllString(s, "#") }

// checkItem reads the StatusNotifierItem's properties as a panel would.
func checkItem(t *testing.T, item dbus.BusObject, s engine.Snapshot) {
	t.Helper()
	const iface = "org.kde.StatusNotifierItem."
	if v, err := item.GetProperty(iface + "Title"); err != nil || v.Value() != "rentwatch" {
		t.Errorf("Title = %v, %v; want rentwatch", v, err)
	}
	var tip struct {
		Name  string
		Icons []struct {
			W, H int32
			Pix  []byte
		}
		Title, Text string
	}
	v, err := item.GetProperty(iface + "ToolTip")
	if err == nil {
		err = dbus.Store([]any{v.Value()}, &tip)
	}
	if want := Tooltip(s, time.Now()); err != nil || tip.Title != want {
		t.Errorf("ToolTip = %+v, %v; want title %q", tip, err, want)
	}
	var pixmaps []struct {
		W, H int32
		Pix  []byte
	}
	v, err = item.GetProperty(iface + "IconPixmap")
	if err == nil {
		err = dbus.Store([]any{v.Value()}, &pixmaps)
	}
	if err != nil || len(pixmaps) != 1 {
		t.Fatalf("IconPixmap = %v, %v; want one pixmap", v, err)
	}
	want := argb(t, assets.TrayPNG(Icon(s)))
	if p := pixmaps[0]; p.W != 32 || p.H != 32 || !bytes.Equal(p.Pix, want) {
		t.Errorf("IconPixmap is %dx%d with %d bytes, not the %q icon", p.W, p.H, len(p.Pix), Icon(s))
	}
}

// argb is an icon as StatusNotifierItem sends it: ARGB, row by row.
func argb(t *testing.T, b []byte) []byte {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	var out []byte
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, ca := img.At(x, y).RGBA()
			out = append(out, byte(ca>>8), byte(cr>>8), byte(cg>>8), byte(cb>>8))
		}
	}
	return out
}

// checkShape compares the menu on the bus with Menu's, entry by entry,
// digits masked (the countdown moves between the two reads).
func checkShape(t *testing.T, got []entry, want []Item) {
	t.Helper()
	var g, w []string
	var walkGot func([]entry, string)
	walkGot = func(es []entry, in string) {
		for _, e := range es {
			g = append(g, in+masked(e.label))
			walkGot(e.kids, in+"  ")
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

// layoutUpdates counts the menu's LayoutUpdated signals from the tray
// called name over d: each one makes a panel re-read the whole menu.
func layoutUpdates(t *testing.T, conn *dbus.Conn, name string, d time.Duration) int {
	t.Helper()
	var owner string
	if err := conn.BusObject().Call("org.freedesktop.DBus.GetNameOwner", 0, name).Store(&owner); err != nil {
		t.Fatal(err)
	}
	opts := []dbus.MatchOption{dbus.WithMatchSender(name), dbus.WithMatchObjectPath("/StatusNotifierItem/menu"),
		dbus.WithMatchInterface("com.canonical.dbusmenu"), dbus.WithMatchMember("LayoutUpdated")}
	if err := conn.AddMatchSignal(opts...); err != nil {
		t.Fatal(err)
	}
	defer conn.RemoveMatchSignal(opts...)
	ch := make(chan *dbus.Signal, 64)
	conn.Signal(ch)
	defer conn.RemoveSignal(ch)
	n := 0
	end := time.After(d)
	for {
		select {
		case s := <-ch:
			if s.Sender == owner && s.Name == "com.canonical.dbusmenu.LayoutUpdated" {
				n++
			}
		case <-end:
			return n
		}
	}
}
