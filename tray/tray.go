package tray

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"time"

	"fyne.io/systray"

	"rentwatch/assets"
	"rentwatch/engine"
)

// Actions are what the menu's entries do. A nil func makes its entry do
// nothing. Each runs in its own goroutine, so a slow one never makes the
// tray drop a click (systray drops clicks nobody is waiting for).
type Actions struct {
	CheckNow, PauseAll, ResumeAll func()
	Manual                        func(url string) // a search's line: check it by hand
	OpenURL                       func(url string) // a recent listing (http and https only)
	// Open opens the window; AddSearch its Add a search form; Settings
	// its settings.
	Open, AddSearch, Settings, OpenLog func()
	// OpenPage opens the window at a page and a section of it ("/settings",
	// "email-h"): what the status line's click opens.
	OpenPage func(path, fragment string)
	// Autostart is called when "Start at login" is toggled (SetAutostart
	// fits, with the program's path). The tray has nowhere to show its
	// error: log it. The tick then shows AutostartOn, whatever happened.
	Autostart   func(on bool) error
	AutostartOn func() bool // ticks "Start at login" (AutostartEnabled fits)
	// Quit runs when the user chooses Quit; the tray goes away after it
	// returns, and then Run returns.
	Quit func()
}

// Run shows the tray icon and menu and keeps them in step with the
// snapshots from snaps until the user quits or snaps is closed. It blocks
// and must be called from the main goroutine (systray locks the OS thread).
// On Linux check Available first: with no session bus systray panics.
func Run(snaps <-chan engine.Snapshot, act Actions) {
	a := &app{snaps: snaps, act: act, redraw: make(chan struct{}, 1), done: make(chan struct{})}
	systray.Run(a.ready, a.exit)
}

// app applies Menu to systray. The loop goroutine owns the menu; the click
// goroutines only read what mu guards.
type app struct {
	snaps  <-chan engine.Snapshot
	act    Actions
	redraw chan struct{} // buffer 1: a burst of requests is one redraw
	done   chan struct{} // closed when systray exits

	// mu guards snap and shown, read by click goroutines.
	mu    sync.Mutex
	snap  engine.Snapshot
	shown map[string]Item

	// Owned by the loop goroutine.
	items     map[string]*systray.MenuItem
	shape     string
	cancel    context.CancelFunc // ends the current menu's click goroutines
	icon, tip string
	autostart bool
}

// ready draws the first snapshot before returning: the host's first
// GetLayout waits for ready, so it sees a full menu rather than an empty one.
func (a *app) ready() {
	if runtime.GOOS != "darwin" { // on macOS the title is text next to the icon
		systray.SetTitle("rentwatch")
	}
	a.autostart = a.autostartOn()
	select {
	case s, ok := <-a.snaps:
		if !ok {
			go systray.Quit()
			return
		}
		a.setSnap(s)
		a.draw(time.Now())
	case <-time.After(2 * time.Second):
		// No state yet: an empty menu rather than a made-up one; the loop
		// draws the first snapshot when it comes.
	}
	go a.loop()
}

// exit runs on systray's event loop; the loop goroutine, which owns the
// menu, ends the click goroutines when it sees done.
func (a *app) exit() { close(a.done) }

// loop redraws on a new snapshot, a countdown tick, a redraw request, and
// when the menu opens (so "checked 12s ago" is fresh when read). The tick
// timer runs only while NextTick says a label counts down and the menu
// may be open (see ticks).
func (a *app) loop() {
	tick := time.NewTimer(time.Hour)
	tick.Stop()
	var opened time.Time // when the host last said the menu opened
	for {
		a.mu.Lock()
		now := time.Now()
		d, counting := NextTick(a.snap, now)
		a.mu.Unlock()
		if counting && ticks(runtime.GOOS, opened, now) {
			tick.Reset(d)
		} else {
			tick.Stop()
		}
		select {
		case s, ok := <-a.snaps:
			if !ok {
				systray.Quit()
				return
			}
			a.setSnap(s)
		case <-tick.C:
		case <-a.redraw:
			a.autostart = a.autostartOn()
		case <-systray.TrayOpenedCh:
			opened = time.Now()
		case <-a.done:
			if a.cancel != nil {
				a.cancel()
			}
			return
		}
		a.draw(time.Now())
	}
}

// menuShownFor is how long after the host said the menu opened its
// countdowns go on ticking. fyne.io/systray says when the menu opens, not
// when it closes; a menu is read in seconds.
const menuShownFor = time.Minute

// ticks says whether countdown labels are redrawn every second on goos,
// given when the menu last opened. Only while the menu may be open: with
// it closed nobody reads them, and on Linux every changed label makes the
// panel re-read the whole menu over D-Bus, a hundred thread wakeups a
// second of an app that is otherwise asleep between cycles
// (docs/BENCHMARKS.md, "Idle"). Each opening redraws the labels at once.
// Windows does not say when the menu opens, so there they tick always.
func ticks(goos string, opened, now time.Time) bool {
	return goos == "windows" || !opened.IsZero() && now.Sub(opened) < menuShownFor
}

func (a *app) setSnap(s engine.Snapshot) {
	a.mu.Lock()
	a.snap = s
	a.mu.Unlock()
}

func (a *app) requestRedraw() {
	select {
	case a.redraw <- struct{}{}:
	default: // one is already queued
	}
}

func (a *app) autostartOn() bool { return a.act.AutostartOn != nil && a.act.AutostartOn() }

// draw applies the snapshot at now: icon and tooltip when they changed,
// then the menu.
func (a *app) draw(now time.Time) {
	a.mu.Lock()
	s := a.snap
	a.mu.Unlock()
	if icon := Icon(s); icon != a.icon {
		systray.SetTemplateIcon(assets.TemplateIcon(icon), assets.TrayIcon(icon))
		a.icon = icon
	}
	if tip := Tooltip(s, now); tip != a.tip {
		systray.SetTooltip(tip)
		a.tip = tip
	}
	menu := Menu(s, now)
	for i := range menu {
		if menu[i].ID == "autostart" {
			menu[i].Checked = a.autostart
		}
	}
	a.apply(menu)
}

// apply updates the labels in place when the menu has the same entries as
// before, and rebuilds it otherwise. Each systray setter makes the host
// re-read the menu, so only what changed is set.
func (a *app) apply(menu []Item) {
	flat := map[string]Item{}
	shape := shapeOf(menu, flat)
	a.mu.Lock()
	old := a.shown
	a.shown = flat
	a.mu.Unlock()
	if shape != a.shape || a.items == nil {
		a.rebuild(menu)
		a.shape = shape
		return
	}
	for id, it := range flat {
		if mi := a.items[id]; mi != nil {
			update(mi, old[id], it)
		}
	}
}

// shapeOf is the menu's structure as a string (IDs, nesting, checkboxes),
// and fills flat with every item by ID.
func shapeOf(menu []Item, flat map[string]Item) string {
	var b strings.Builder
	for _, it := range menu {
		flat[it.ID] = it
		b.WriteString(it.ID)
		if it.Checkbox {
			b.WriteString("[x]")
		}
		if len(it.Children) > 0 {
			b.WriteString("(" + shapeOf(it.Children, flat) + ")")
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func update(mi *systray.MenuItem, was, now Item) {
	if now.Title != was.Title {
		mi.SetTitle(label(now.Title, runtime.GOOS))
	}
	if now.Tooltip != was.Tooltip {
		mi.SetTooltip(now.Tooltip)
	}
	if now.Disabled != was.Disabled {
		if now.Disabled {
			mi.Disable()
		} else {
			mi.Enable()
		}
	}
	if now.Checked != was.Checked {
		if now.Checked {
			mi.Check()
		} else {
			mi.Uncheck()
		}
	}
}

// label escapes a title for the platform's menus, where one character
// marks the keyboard shortcut: "_" in dbusmenu, "&" on Windows.
func label(title, goos string) string {
	switch goos {
	case "windows":
		return strings.ReplaceAll(title, "&", "&&")
	case "darwin":
		return title
	}
	return strings.ReplaceAll(title, "_", "__")
}
