// Package tray is rentwatch's menu-bar icon and menu: a pure function of the
// engine's Snapshot (Menu, Tooltip, Icon, NextTick), a thin adapter that
// applies it to fyne.io/systray (Run), and launch at login (SetAutostart).
package tray

import (
	"fmt"
	"net/url"
	"time"

	"rentwatch/engine"
	"rentwatch/listing"
	"rentwatch/words"
)

// Item is one entry of the tray menu. ID is stable across snapshots, so the
// adapter can tell a changed label (cheap update) from a changed menu shape
// (rebuild). IDs: "open", "status", "awake", "check-now", "pause", "search:<url>", "recent",
// "recent:<n>", "add-search", "settings", "open-log", "autostart", "quit",
// and "sep:<n>" for separators.
type Item struct {
	ID                string
	Title, Tooltip    string
	Disabled          bool
	Checkbox, Checked bool
	Separator         bool
	Children          []Item
	URL               string // the search page or the listing, for search and recent entries
	// Page and Fragment are the window's page the entry opens ("/settings"
	// and "email-h"), for the status line; "" for none.
	Page, Fragment string
}

// maxTitle is how many runes a label may have: longer ones make the menu
// wider than most screens' panel menus allow and get cut by the host anyway.
const maxTitle = 60

// maxRecent is how many recent listings the submenu shows.
const maxRecent = 10

// Menu is the whole tray menu for snapshot s at time now. It is pure: the
// same snapshot and time always give the same menu. The "Start at login"
// checkbox comes unchecked; the adapter ticks it from the OS state.
func Menu(s engine.Snapshot, now time.Time) []Item {
	b := &menuBuilder{}
	// The window is where everything is set up and followed: it comes
	// first, where the eye lands.
	b.add(Item{ID: "open", Title: "Open rentwatch…",
		Tooltip: "Your searches, their listings and the settings, in a page of its own"})
	// The status line opens the window's page that says the rest when
	// there is more to say or something to do there: trouble in the menu
	// must be one click from its fix, not a greyed line cut short.
	h := statusOf(s, now)
	b.add(Item{ID: "status", Title: clean(h.Title, maxTitle), Disabled: h.Path == "",
		Tooltip: clean(h.Detail, 300), Page: h.Path, Fragment: h.Fragment})
	if s.Awake != "" {
		b.add(Item{ID: "awake", Title: clean(s.Awake, maxTitle), Disabled: true,
			Tooltip: "On mains power only; turn it off in rentwatch's Settings, under Watching"})
	}
	b.sep()
	noSearches := len(s.Searches) == 0
	if noSearches {
		// The one useful thing to do in an empty app comes first.
		b.add(Item{ID: "add-search", Title: "Add search…",
			Tooltip: "Paste the address of a search results page to start watching it"})
		b.sep()
	}
	b.add(Item{ID: "check-now", Title: "Check now", Disabled: noSearches || s.Paused,
		Tooltip: "Check every search at once"})
	if s.Paused {
		b.add(Item{ID: "pause", Title: "Resume", Disabled: noSearches, Tooltip: "Start watching again"})
	} else {
		b.add(Item{ID: "pause", Title: "Pause", Disabled: noSearches, Tooltip: "Stop checking until you resume"})
	}
	if !noSearches {
		b.sep()
		seen := map[string]int{}
		for _, v := range s.Searches {
			b.add(searchItem(v, now, seen))
		}
	}
	b.sep()
	b.add(recentMenu(s.Recent))
	b.sep()
	if !noSearches {
		b.add(Item{ID: "add-search", Title: "Add search…", Tooltip: "Watch another search results page"})
	}
	b.add(Item{ID: "settings", Title: "Settings…", Tooltip: "Email, the time between checks, pause, start at login"})
	b.add(Item{ID: "open-log", Title: "Open log", Tooltip: "Show what the watcher did and why"})
	b.add(Item{ID: "autostart", Title: "Start at login", Checkbox: true})
	b.sep()
	b.add(Item{ID: "quit", Title: "Quit", Tooltip: "Stop watching and remove the icon"})
	return b.items
}

// menuBuilder numbers separators so their IDs stay stable too.
type menuBuilder struct {
	items []Item
	seps  int
}

func (b *menuBuilder) add(it Item) { b.items = append(b.items, it) }

func (b *menuBuilder) sep() {
	b.seps++
	b.items = append(b.items, Item{ID: fmt.Sprintf("sep:%d", b.seps), Separator: true})
}

// searchItem is one search's line: its name and what it is doing. seen
// keeps IDs unique should two searches share a URL.
func searchItem(v engine.SearchView, now time.Time, seen map[string]int) Item {
	id := "search:" + v.URL
	if n := seen[v.URL]; n > 0 {
		id = fmt.Sprintf("%s#%d", id, n+1)
	}
	seen[v.URL]++
	name := clean(v.Name, maxTitle)
	if name == "" {
		name = clean(words.Site(v.Host), maxTitle)
	}
	state := searchWords(v, now)
	// Cut the name, never the state: the countdown is the point of the line.
	room := max(maxTitle-len([]rune(state))-3, 12)
	tip := clean(v.URL, 200)
	if d := delayWords(v); d != "" {
		tip = d + " — " + tip
	}
	if v.LastError != "" {
		tip = clean(v.LastError, 200) + " — " + tip
	}
	return Item{ID: id, Title: words.Clip(name, room) + " — " + state, Tooltip: tip, URL: v.URL}
}

// recentMenu is the "Recent listings" submenu, newest first.
func recentMenu(recent []engine.Told) Item {
	it := Item{ID: "recent", Title: "Recent listings"}
	if len(recent) == 0 {
		it.Children = []Item{{ID: "recent:0", Title: "No new listings yet", Disabled: true}}
		return it
	}
	for i, a := range recent[:min(len(recent), maxRecent)] {
		title := clean(a.Title, maxTitle)
		if title == "" {
			title = "Listing"
		}
		if p := clean(a.Price, 20); p != "" {
			title = p + " · " + title
		}
		if s := clean(a.SearchName, maxTitle); s != "" {
			title += " — " + s
		}
		link := listing.Shown(a.Alert).URL // only where its search's page may send the user
		c := Item{ID: fmt.Sprintf("recent:%d", i), Title: words.Clip(title, maxTitle), Tooltip: clean(link, 200)}
		if webURL(link) {
			c.URL = link
		} else {
			// cli/browser hands anything to the OS opener; only web pages go there.
			c.Disabled = true
		}
		it.Children = append(it.Children, c)
	}
	return it
}

// webURL reports whether u is an absolute http or https address.
func webURL(u string) bool {
	p, err := url.Parse(u)
	return err == nil && (p.Scheme == "http" || p.Scheme == "https") && p.Host != ""
}

// clean makes text safe for one menu line, cut to n runes.
func clean(s string, n int) string { return words.Clip(words.Clean(s), n) }
