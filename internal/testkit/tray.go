package testkit

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

// This file reads a tray icon the way a panel does: through the
// StatusNotifierWatcher on a private bus, the item's properties and its
// com.canonical.dbusmenu menu.

// BusEnv is the environment for a process that should live on bus: the
// test's environment (with the XDG_* folders StartSessionBus set) plus
// DBUS_SESSION_BUS_ADDRESS.
func BusEnv(bus *Bus) []string {
	return append(os.Environ(), "DBUS_SESSION_BUS_ADDRESS="+bus.Address)
}

// Connect is a connection to bus, closed when the test ends.
func Connect(t testing.TB, bus *Bus) *dbus.Conn {
	t.Helper()
	conn, err := dbus.Connect(bus.Address)
	if err != nil {
		t.Fatalf("connect to %s: %v", bus.Address, err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// StartProcess starts cmd and kills it by PID when the test ends, unless
// the test already waited for it.
func StartProcess(t testing.TB, cmd *exec.Cmd) {
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

// StartTrayWatcher runs status-notifier-watcher on bus and waits until it
// owns org.kde.StatusNotifierWatcher. Start it BEFORE the app: a tray item
// registers once, when it starts, and never again.
func StartTrayWatcher(t testing.TB, bus *Bus) {
	t.Helper()
	cmd := exec.Command(Need(t, "status-notifier-watcher"))
	cmd.Env = BusEnv(bus)
	StartProcess(t, cmd)
	conn := Connect(t, bus)
	Eventually(t, "status-notifier-watcher owns its name", Patience, func() error {
		return nameOwned(conn, "org.kde.StatusNotifierWatcher")
	})
}

func nameOwned(conn *dbus.Conn, name string) error {
	var owned bool
	err := conn.BusObject().Call("org.freedesktop.DBus.NameHasOwner", 0, name).Store(&owned)
	if err == nil && !owned {
		err = fmt.Errorf("nobody owns %s yet", name)
	}
	return err
}

// Eventually retries f every 50ms until it returns nil, and fails the test
// with f's last error when within has passed. within bounds a hang; pass
// Patience unless the test is about how long something takes.
func Eventually(t testing.TB, what string, within time.Duration, f func() error) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		err := f()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v: %v", what, within, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TrayItem is one StatusNotifierItem as a panel sees it.
type TrayItem struct {
	conn *dbus.Conn
	Name string // the item's bus name (unique or well-known)
	Path dbus.ObjectPath
}

// RegisteredTrayItems is what the watcher lists, as "name/path" or "name".
func RegisteredTrayItems(conn *dbus.Conn) ([]string, error) {
	v, err := conn.Object("org.kde.StatusNotifierWatcher", "/StatusNotifierWatcher").
		GetProperty("org.kde.StatusNotifierWatcher.RegisteredStatusNotifierItems")
	if err != nil {
		return nil, err
	}
	items, ok := v.Value().([]string)
	if !ok {
		return nil, fmt.Errorf("RegisteredStatusNotifierItems is %s, not a list of strings", v.Signature())
	}
	return items, nil
}

// WaitTrayItem waits until the watcher lists an item owned by the process
// pid and returns it.
func WaitTrayItem(t testing.TB, bus *Bus, pid int, within time.Duration) *TrayItem {
	t.Helper()
	conn := Connect(t, bus)
	var item *TrayItem
	Eventually(t, fmt.Sprintf("a tray item of process %d is registered", pid), within, func() error {
		items, err := RegisteredTrayItems(conn)
		if err != nil {
			return err
		}
		for _, s := range items {
			name, path := s, "/StatusNotifierItem"
			if i := strings.Index(s, "/"); i > 0 {
				name, path = s[:i], s[i:]
			}
			var owner uint32
			err := conn.BusObject().Call("org.freedesktop.DBus.GetConnectionUnixProcessID", 0, name).Store(&owner)
			if err == nil && int(owner) == pid {
				item = &TrayItem{conn: conn, Name: name, Path: dbus.ObjectPath(path)}
				return nil
			}
		}
		return fmt.Errorf("registered items: %q", items)
	})
	return item
}

func (it *TrayItem) prop(name string) (dbus.Variant, error) {
	return it.conn.Object(it.Name, it.Path).GetProperty("org.kde.StatusNotifierItem." + name)
}

// Title is the item's Title property.
func (it *TrayItem) Title() (string, error) {
	v, err := it.prop("Title")
	if err != nil {
		return "", err
	}
	s, _ := v.Value().(string)
	return s, nil
}

// Pixmap is one icon image as StatusNotifierItem sends it: ARGB32, row by
// row, big-endian.
type Pixmap struct {
	W, H int32
	Pix  []byte
}

// ToolTip is the item's ToolTip property.
type ToolTip struct {
	Name        string
	Icons       []Pixmap
	Title, Text string
}

// ToolTip reads the hover text.
func (it *TrayItem) ToolTip() (ToolTip, error) {
	var tip ToolTip
	v, err := it.prop("ToolTip")
	if err == nil {
		err = dbus.Store([]any{v.Value()}, &tip)
	}
	return tip, err
}

// IconPixmap reads the icon's images.
func (it *TrayItem) IconPixmap() ([]Pixmap, error) {
	var px []Pixmap
	v, err := it.prop("IconPixmap")
	if err == nil {
		err = dbus.Store([]any{v.Value()}, &px)
	}
	return px, err
}

// MenuEntry is one node of the item's dbusmenu.
type MenuEntry struct {
	ID        int32
	Label     string // "---" for a separator
	Enabled   bool
	Checkable bool
	Checked   bool
	Hidden    bool // visible=false: on the bus, but no panel shows it
	Children  []MenuEntry
}

// layout is one dbusmenu node as GetLayout sends it.
type layout struct {
	ID       int32
	Props    map[string]dbus.Variant
	Children []dbus.Variant
}

// Menu reads the whole menu as a panel shows it: hidden entries left out.
func (it *TrayItem) Menu() ([]MenuEntry, error) {
	all, err := it.Layout()
	return shown(all), err
}

// Layout reads every entry of the menu, hidden ones included. It reads
// twice and keeps the second answer: fyne.io/systray's first GetLayout
// after a rebuild returns one level only, and a panel re-reads too.
func (it *TrayItem) Layout() ([]MenuEntry, error) {
	var root layout
	for range 2 {
		var rev uint32
		err := it.conn.Object(it.Name, it.Path+"/menu").Call("com.canonical.dbusmenu.GetLayout", 0,
			int32(0), int32(-1), []string{}).Store(&rev, &root)
		if err != nil {
			return nil, fmt.Errorf("GetLayout: %w", err)
		}
	}
	return menuEntries(root.Children)
}

func menuEntries(vs []dbus.Variant) ([]MenuEntry, error) {
	var out []MenuEntry
	for _, v := range vs {
		var l layout
		if err := dbus.Store([]any{v.Value()}, &l); err != nil {
			return nil, fmt.Errorf("menu node %v: %w", v, err)
		}
		kids, err := menuEntries(l.Children)
		if err != nil {
			return nil, err
		}
		e := MenuEntry{ID: l.ID, Enabled: true, Children: kids}
		e.Label, _ = l.Props["label"].Value().(string)
		if en, ok := l.Props["enabled"].Value().(bool); ok {
			e.Enabled = en
		}
		if l.Props["toggle-type"].Value() == "checkmark" {
			e.Checkable = true
			e.Checked = fmt.Sprint(l.Props["toggle-state"].Value()) == "1"
		}
		if l.Props["type"].Value() == "separator" {
			e.Label = "---"
		}
		if vis, ok := l.Props["visible"].Value().(bool); ok && !vis {
			e.Hidden = true
		}
		out = append(out, e)
	}
	return out, nil
}

// shown is menu without its hidden entries, at every level.
func shown(menu []MenuEntry) []MenuEntry {
	var out []MenuEntry
	for _, e := range menu {
		if !e.Hidden {
			e.Children = shown(e.Children)
			out = append(out, e)
		}
	}
	return out
}

// ReadMenu is item's menu as a panel shows it; it fails the test when
// the menu cannot be read.
func ReadMenu(t testing.TB, item *TrayItem) []MenuEntry {
	t.Helper()
	menu, err := item.Menu()
	if err != nil {
		t.Fatal(err)
	}
	return menu
}

// FindEntry is the first entry, submenus included, whose label starts
// with prefix.
func FindEntry(menu []MenuEntry, prefix string) (MenuEntry, bool) {
	for _, e := range menu {
		if strings.HasPrefix(e.Label, prefix) {
			return e, true
		}
		if k, ok := FindEntry(e.Children, prefix); ok {
			return k, true
		}
	}
	return MenuEntry{}, false
}

// Labels are the menu's labels, one per line, submenus indented: for
// test failure messages.
func Labels(menu []MenuEntry) string {
	var b strings.Builder
	var walk func([]MenuEntry, string)
	walk = func(es []MenuEntry, in string) {
		for _, e := range es {
			b.WriteString(in + e.Label + "\n")
			walk(e.Children, in+"  ")
		}
	}
	walk(menu, "")
	return b.String()
}

// Click sends the "clicked" event to the entry labelled with prefix, as
// a panel does when the user picks it.
func (it *TrayItem) Click(prefix string) error {
	menu, err := it.Menu()
	if err != nil {
		return err
	}
	e, ok := FindEntry(menu, prefix)
	if !ok {
		return fmt.Errorf("no menu entry starting %q in:\n%s", prefix, Labels(menu))
	}
	return it.ClickEntry(e)
}

// ClickQuit clicks the entry that ends the app. The app may be gone
// before the bus has carried its answer to the click (its reply goes out
// after the click's handler returned, while the quit it started runs on):
// the bus then says the recipient left without replying, which is what
// a quit looks like, not a failed click. Whether the app ended well is
// for its exit status to say.
func (it *TrayItem) ClickQuit(prefix string) error {
	return gone(it.Click(prefix))
}

// gone is err, or nil when err is the bus saying the called app left
// without replying.
func gone(err error) error {
	var de dbus.Error
	if errors.As(err, &de) && de.Name == "org.freedesktop.DBus.Error.NoReply" {
		return nil
	}
	return err
}

// Open tells the item its menu was opened, as a panel does when it shows
// the menu (the "opened" event on the menu's root).
func (it *TrayItem) Open() error {
	var rev uint32
	var root layout
	menu := it.conn.Object(it.Name, it.Path+"/menu")
	if err := menu.Call("com.canonical.dbusmenu.GetLayout", 0, int32(0), int32(0), []string{}).Store(&rev, &root); err != nil {
		return fmt.Errorf("GetLayout: %w", err)
	}
	err := menu.Call("com.canonical.dbusmenu.Event", 0, root.ID, "opened", dbus.MakeVariant(""), uint32(0)).Err
	if err != nil {
		return fmt.Errorf("open the menu: %w", err)
	}
	return nil
}

// ClickEntry sends the "clicked" event to e's ID, as a panel does with
// the menu it read earlier (the label may have changed since).
func (it *TrayItem) ClickEntry(e MenuEntry) error {
	err := it.conn.Object(it.Name, it.Path+"/menu").Call("com.canonical.dbusmenu.Event", 0,
		e.ID, "clicked", dbus.MakeVariant(int32(0)), uint32(0)).Err
	if err != nil {
		return fmt.Errorf("click %q (ID %d): %w", e.Label, e.ID, err)
	}
	return nil
}

// IconARGB is a PNG icon as a StatusNotifierItem sends it in IconPixmap:
// ARGB32, row by row, to compare with Pixmap.Pix.
func IconARGB(t testing.TB, pngData []byte) []byte {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(pngData))
	if err != nil {
		t.Fatalf("decode the icon: %v", err)
	}
	var out []byte
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			cr, cg, cb, ca := img.At(x, y).RGBA()
			out = append(out, byte(ca>>8), byte(cr>>8), byte(cg>>8), byte(cb>>8))
		}
	}
	return out
}
