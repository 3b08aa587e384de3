package tray

import (
	"context"
	"runtime"
	"strings"

	"fyne.io/systray"
)

// rebuild throws the menu away and draws it again. The previous menu's
// click goroutines end with its context (ResetMenu also closes their
// channels), so a click can never reach an entry that is gone.
func (a *app) rebuild(menu []Item) {
	if a.cancel != nil {
		a.cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	a.cancel = cancel
	systray.ResetMenu()
	a.items = map[string]*systray.MenuItem{}
	for _, it := range menu {
		a.add(ctx, nil, it)
	}
}

func (a *app) add(ctx context.Context, parent *systray.MenuItem, it Item) {
	if it.Separator {
		if parent == nil {
			systray.AddSeparator()
		} else {
			parent.AddSeparator()
		}
		return
	}
	title := label(it.Title, runtime.GOOS)
	var mi *systray.MenuItem
	switch {
	case parent == nil && it.Checkbox:
		mi = systray.AddMenuItemCheckbox(title, it.Tooltip, it.Checked)
	case parent == nil:
		mi = systray.AddMenuItem(title, it.Tooltip)
	case it.Checkbox:
		mi = parent.AddSubMenuItemCheckbox(title, it.Tooltip, it.Checked)
	default:
		mi = parent.AddSubMenuItem(title, it.Tooltip)
	}
	if it.Disabled {
		mi.Disable()
	}
	a.items[it.ID] = mi
	for _, c := range it.Children {
		a.add(ctx, mi, c)
	}
	if len(it.Children) == 0 {
		go a.listen(ctx, mi.ClickedCh, it.ID)
	}
}

// listen waits for clicks on one entry until its menu is replaced.
func (a *app) listen(ctx context.Context, clicked <-chan struct{}, id string) {
	for {
		select {
		case <-ctx.Done():
			return
		case _, ok := <-clicked:
			if !ok {
				return
			}
			a.click(id)
		}
	}
}

// click runs the entry's action in its own goroutine and returns at once,
// so the entry is listening again before the next click comes.
func (a *app) click(id string) {
	a.mu.Lock()
	it, ok := a.shown[id]
	paused := a.snap.Paused
	a.mu.Unlock()
	if !ok || it.Disabled {
		return
	}
	act := a.act
	run := func(f func()) {
		if f != nil {
			go f()
		}
	}
	switch {
	case id == "check-now":
		run(act.CheckNow)
	case id == "pause" && paused:
		run(act.ResumeAll)
	case id == "pause":
		run(act.PauseAll)
	case strings.HasPrefix(id, "search:") && act.Manual != nil:
		go act.Manual(it.URL)
	case strings.HasPrefix(id, "recent:") && act.OpenURL != nil && it.URL != "":
		go act.OpenURL(it.URL)
	case id == "status" && act.OpenPage != nil && it.Page != "":
		go act.OpenPage(it.Page, it.Fragment)
	case id == "open":
		run(act.Open)
	case id == "add-search":
		run(act.AddSearch)
	case id == "settings":
		run(act.Settings)
	case id == "open-log":
		run(act.OpenLog)
	case id == "autostart" && act.Autostart != nil:
		on := !it.Checked
		go func() {
			_ = act.Autostart(on) // the checkbox shows what the OS says, error or not
			a.requestRedraw()
		}()
	case id == "quit":
		go func() {
			if act.Quit != nil {
				act.Quit()
			}
			systray.Quit()
		}()
	}
}
