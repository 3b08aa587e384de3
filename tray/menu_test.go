package tray

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"rentwatch/assets"
	"rentwatch/blocks"
	"rentwatch/engine"
	"rentwatch/listing"
	"rentwatch/words"
)

var (
	ams = time.FixedZone("CEST", 2*3600)
	t0  = time.Date(2025, 6, 3, 14, 2, 0, 0, ams)
)

const (
	kamerWest  = "https://kamernet.nl/huren/kamers-amsterdam-west"
	kamerOost  = "https://kamernet.nl/huren/kamers-amsterdam-oost"
	kamerNoord = "https://kamernet.nl/huren/kamers-amsterdam-noord"
	fundaAms   = "https://www.funda.nl/zoeken/huur?selected_area=[%22amsterdam%22]"
)

func view(name, u, host string, st engine.Status) engine.SearchView {
	return engine.SearchView{Name: name, URL: u, Host: host, Status: st, LastCheck: t0.Add(-12 * time.Second)}
}

func allGood() engine.Snapshot {
	return engine.Snapshot{Overall: engine.AllGood, LastCycle: t0.Add(-12 * time.Second), NewToday: 2,
		Searches: []engine.SearchView{
			view("Kamernet West", kamerWest, "kamernet.nl", engine.Idle),
			view("Funda Amsterdam", fundaAms, "www.funda.nl", engine.NewListings),
		}}
}

// hostWaiting: Kamernet asked us to slow down; all three of its searches
// wait until the same moment, 4:12 from t0.
func hostWaiting() engine.Snapshot {
	until := t0.Add(4*time.Minute + 12*time.Second)
	s := engine.Snapshot{Overall: engine.OnHold, LastCycle: t0.Add(-time.Minute)}
	for _, v := range []engine.SearchView{
		view("Kamernet West", kamerWest, "kamernet.nl", engine.Waiting),
		view("Kamernet Oost", kamerOost, "kamernet.nl", engine.Waiting),
		view("Kamernet Noord", kamerNoord, "kamernet.nl", engine.Idle),
	} {
		v.Wall, v.Until = blocks.RateLimited, until
		s.Searches = append(s.Searches, v)
	}
	s.Searches = append(s.Searches, view("Funda Amsterdam", fundaAms, "www.funda.nl", engine.Idle))
	return s
}

// render shows a menu one item a line: "ID [flags] Title", children indented.
func render(items []Item, indent string) string {
	var b strings.Builder
	for _, it := range items {
		if it.Separator {
			fmt.Fprintf(&b, "%s---\n", indent)
			continue
		}
		flags := ""
		if it.Disabled {
			flags += "-"
		}
		if it.Checkbox {
			flags += "[ ]"
		}
		fmt.Fprintf(&b, "%s%s %s|%s\n", indent, it.ID, flags, it.Title)
		b.WriteString(render(it.Children, indent+"  "))
	}
	return b.String()
}

func TestMenuWholeLayouts(t *testing.T) {
	tests := []struct {
		name string
		snap engine.Snapshot
		want string
	}{
		{"empty app offers Add search first", engine.Snapshot{Overall: engine.AllGood}, `
open |Open rentwatch…
status -|No searches yet — add one to start watching
---
add-search |Add search…
---
check-now -|Check now
pause -|Pause
---
recent |Recent listings
  recent:0 -|No new listings yet
---
settings |Settings…
open-log |Open log
autostart [ ]|Start at login
---
quit |Quit
`},
		{"all good", allGood(), `
open |Open rentwatch…
status -|All quiet — checked 12 s ago
---
check-now |Check now
pause |Pause
---
search:` + kamerWest + ` |Kamernet West — nothing new
search:` + fundaAms + ` |Funda Amsterdam — new listings
---
recent |Recent listings
  recent:0 -|No new listings yet
---
add-search |Add search…
settings |Settings…
open-log |Open log
autostart [ ]|Start at login
---
quit |Quit
`},
		{"host waiting: one countdown for the whole host", hostWaiting(), `
open |Open rentwatch…
status -|Kamernet is asking us to slow down — retrying in 4 min 12 s
---
check-now |Check now
pause |Pause
---
search:` + kamerWest + ` |Kamernet West — slowing down — retrying in 4 min 12 s
search:` + kamerOost + ` |Kamernet Oost — slowing down — retrying in 4 min 12 s
search:` + kamerNoord + ` |Kamernet Noord — nothing new — next try in 4 min 12 s
search:` + fundaAms + ` |Funda Amsterdam — nothing new
---
recent |Recent listings
  recent:0 -|No new listings yet
---
add-search |Add search…
settings |Settings…
open-log |Open log
autostart [ ]|Start at login
---
quit |Quit
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := "\n" + render(Menu(tt.snap, t0), "")
			if got != tt.want {
				t.Errorf("menu:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// line finds the item with this ID anywhere in the menu.
func line(items []Item, id string) (Item, bool) {
	for _, it := range items {
		if it.ID == id {
			return it, true
		}
		if c, ok := line(it.Children, id); ok {
			return c, true
		}
	}
	return Item{}, false
}

func TestMenuLines(t *testing.T) {
	checking := allGood()
	checking.Overall = engine.BusyChecking
	checking.Searches = append(checking.Searches, view("Pararius", "https://www.pararius.nl/huurwoningen/amsterdam", "www.pararius.nl", engine.Idle))
	checking.Searches[0].Status = engine.Checking

	needs := hostWaiting()
	needs.Overall = engine.NeedsYou
	needs.Searches[3].Status, needs.Searches[3].Wall, needs.Searches[3].NeedsUser = engine.Waiting, blocks.Denied, true
	needs.Searches[3].Until = t0.Add(time.Hour)

	paused := allGood()
	paused.Overall, paused.Paused = engine.AllPaused, true
	for i := range paused.Searches {
		paused.Searches[i].Status = engine.Paused
	}

	problem := allGood()
	problem.Overall, problem.Problem = engine.NeedsYou, "Email settings: the server refused the password\r\nfix it in Settings"

	broken := allGood()
	broken.Overall = engine.Broken
	for i := range broken.Searches {
		broken.Searches[i].Status, broken.Searches[i].LastError = engine.Failing, "net::ERR_NAME_NOT_RESOLVED"
	}

	soft := allGood()
	soft.Overall = engine.NeedsYou
	soft.Searches[0].Status = engine.SoftBlock

	manual := allGood()
	manual.Manual = kamerWest

	tests := []struct {
		name     string
		snap     engine.Snapshot
		id, want string
	}{
		{"checking counts active searches", checking, "status", "Checking 3 searches…"},
		{"checking search", checking, "search:" + kamerWest, "Kamernet West — checking…"},
		{"needs you names the site and the wall", needs, "status", "Needs you: Funda refused us"},
		{"needs-you search says click", needs, "search:" + fundaAms, "Funda Amsterdam — needs you: click to open"},
		{"needs you: others still count down", needs, "search:" + kamerOost, "Kamernet Oost — slowing down — retrying in 4 min 12 s"},
		{"paused status", paused, "status", "Paused — choose Resume to watch again"},
		{"paused: Resume replaces Pause", paused, "pause", "Resume"},
		{"paused search", paused, "search:" + kamerWest, "Kamernet West — paused"},
		{"a problem too long for the line says so, whole", problem, "status", "The settings file has a problem — click to read it"},
		{"broken shows the error", broken, "status", "Nothing is loading: net::ERR_NAME_NOT_RESOLVED"},
		{"failing search", broken, "search:" + fundaAms, "Funda Amsterdam — not loading"},
		{"soft block needs you", soft, "status", "Needs you: Kamernet shows no listings"},
		{"soft block search", soft, "search:" + kamerWest, "Kamernet West — shows no listings: click to look"},
		{"manual check under way", manual, "status", "Checking by hand — close the window when you are done"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Menu(tt.snap, t0)
			it, ok := line(m, tt.id)
			if !ok {
				t.Fatalf("no item %q in\n%s", tt.id, render(m, ""))
			}
			if it.Title != tt.want {
				t.Errorf("%s = %q, want %q", tt.id, it.Title, tt.want)
			}
		})
	}
}

func TestMenuRecentListings(t *testing.T) {
	s := allGood()
	for i := range 25 {
		s.Recent = append(s.Recent, engine.Told{Alert: listing.Alert{Listing: listing.Listing{Price: "€ 750", Title: fmt.Sprintf("Room in De Pijp %d", i),
			URL: fmt.Sprintf("https://kamernet.nl/kamer/%d", i)}, SearchName: "Kamernet West"}})
	}
	s.Recent[1].URL = "javascript:alert(1)"
	s.Recent[2].Price, s.Recent[2].Title = "", "Studio\nOud-West"
	s.Recent[3].URL, s.Recent[3].SearchURL = "http://127.0.0.1:17345/api/state", "https://kamernet.nl/huren" // stored before the readers' rule
	recent, _ := line(Menu(s, t0), "recent")
	if len(recent.Children) != maxRecent {
		t.Fatalf("recent has %d entries, want %d", len(recent.Children), maxRecent)
	}
	want := []struct {
		id, title, url string
		disabled       bool
	}{
		{"recent:0", "€ 750 · Room in De Pijp 0 — Kamernet West", "https://kamernet.nl/kamer/0", false},
		{"recent:1", "€ 750 · Room in De Pijp 1 — Kamernet West", "", true},
		{"recent:2", "Studio Oud-West — Kamernet West", "https://kamernet.nl/kamer/2", false},
		{"recent:3", "€ 750 · Room in De Pijp 3 — Kamernet West", "", true},
		{"recent:9", "€ 750 · Room in De Pijp 9 — Kamernet West", "https://kamernet.nl/kamer/9", false},
	}
	for _, w := range want {
		it, _ := line(recent.Children, w.id)
		if it.Title != w.title || it.URL != w.url || it.Disabled != w.disabled {
			t.Errorf("%s = {%q %q disabled=%v}, want {%q %q disabled=%v}", w.id, it.Title, it.URL, it.Disabled, w.title, w.url, w.disabled)
		}
	}
}

func TestMenuFifteenSearchesAndBadNames(t *testing.T) {
	s := engine.Snapshot{Overall: engine.AllGood, LastCycle: t0}
	for i := range 15 {
		s.Searches = append(s.Searches, view(fmt.Sprintf("Search %d", i), fmt.Sprintf("https://example.nl/s/%d", i), "example.nl", engine.Idle))
	}
	s.Searches[3].Name = "Kamernet\r\nAmsterdam\tWest   " + strings.Repeat("very long name ", 10)
	s.Searches[4].Name = ""
	s.Searches[5].URL = s.Searches[6].URL // a duplicate must not merge two lines
	m := Menu(s, t0)
	ids := map[string]bool{}
	n := 0
	var walk func([]Item)
	walk = func(items []Item) {
		for _, it := range items {
			if ids[it.ID] {
				t.Errorf("duplicate ID %q", it.ID)
			}
			ids[it.ID] = true
			if strings.HasPrefix(it.ID, "search:") {
				n++
			}
			if strings.ContainsAny(it.Title, "\r\n\t") || utf8.RuneCountInString(it.Title) > maxTitle {
				t.Errorf("%s: title %q has a control character or more than %d runes", it.ID, it.Title, maxTitle)
			}
			walk(it.Children)
		}
	}
	walk(m)
	if n != 15 {
		t.Errorf("%d search lines, want 15", n)
	}
	long, _ := line(m, "search:https://example.nl/s/3")
	if want := "Kamernet Amsterdam West very long name very… — nothing new"; long.Title != want {
		t.Errorf("long name = %q, want %q", long.Title, want)
	}
	noName, _ := line(m, "search:https://example.nl/s/4")
	if want := "Example — nothing new"; noName.Title != want {
		t.Errorf("nameless search = %q, want %q", noName.Title, want)
	}
}

// TestCountdownSteps walks the clock through a host's wait: every search on
// the host shows the same label, and NextTick says when it changes.
func TestCountdownSteps(t *testing.T) {
	s := hostWaiting()
	until := s.Searches[0].Until
	steps := []struct {
		at       time.Time
		label    string // on each Kamernet line and the status line
		next     time.Duration
		counting bool
	}{
		{t0, "4 min 12 s", time.Second, true},
		{t0.Add(400 * time.Millisecond), "4 min 12 s", 600 * time.Millisecond, true},
		{t0.Add(time.Second), "4 min 11 s", time.Second, true},
		{t0.Add(1999 * time.Millisecond), "4 min 11 s", time.Millisecond, true},
		{until.Add(-61 * time.Second), "1 min 01 s", time.Second, true},
		{until.Add(-999 * time.Millisecond), "1 s", 999 * time.Millisecond, true},
		{until, "", 0, false},
		{until.Add(time.Minute), "", 0, false},
	}
	for i, st := range steps {
		m := Menu(s, st.at)
		status, _ := line(m, "status")
		for _, u := range []string{kamerWest, kamerOost, kamerNoord} {
			it, _ := line(m, "search:"+u)
			has := st.label != "" && strings.HasSuffix(it.Title, " in "+st.label)
			if (st.label != "") != has || (st.label == "" && strings.Contains(it.Title, " in ")) {
				t.Errorf("step %d (%s): %q, want countdown %q", i, st.at.Format("15:04:05.000"), it.Title, st.label)
			}
		}
		if st.label != "" && !strings.HasSuffix(status.Title, "retrying in "+st.label) {
			t.Errorf("step %d: status %q, want countdown %q", i, status.Title, st.label)
		}
		d, ok := NextTick(s, st.at)
		if d != st.next || ok != st.counting {
			t.Errorf("step %d: NextTick = %v, %v; want %v, %v", i, d, ok, st.next, st.counting)
		}
		if ok {
			// The label must really change at the tick, and not before.
			if before := Menu(s, st.at.Add(d-time.Nanosecond)); render(before, "") != render(m, "") {
				t.Errorf("step %d: labels changed before the tick", i)
			}
			if after := Menu(s, st.at.Add(d)); render(after, "") == render(m, "") {
				t.Errorf("step %d: labels did not change at the tick", i)
			}
		}
	}
}

func TestNextTickIsQuietWithoutCountdowns(t *testing.T) {
	paused := hostWaiting()
	for i := range paused.Searches {
		paused.Searches[i].Paused, paused.Searches[i].Status = true, engine.Paused
	}
	needs := hostWaiting()
	for i := range needs.Searches {
		needs.Searches[i].NeedsUser = true
	}
	for name, s := range map[string]engine.Snapshot{
		"empty": {}, "all good": allGood(), "paused hosts": paused, "needs you": needs,
	} {
		if d, ok := NextTick(s, t0); ok {
			t.Errorf("%s: NextTick = %v, true; want no timer", name, d)
		}
	}
}

func TestCountdownFormat(t *testing.T) {
	for _, tt := range []struct {
		d    time.Duration
		want string
	}{
		{0, "a moment"}, {-time.Second, "a moment"}, {time.Millisecond, "1 s"}, {time.Second, "1 s"},
		{59 * time.Second, "59 s"}, {4*time.Minute + 12*time.Second, "4 min 12 s"},
		{59*time.Minute + 59*time.Second + 1, "1 h 00 min"}, {2*time.Hour + 5*time.Second, "2 h 00 min"},
	} {
		if got := words.Countdown(tt.d); got != tt.want {
			t.Errorf("countdown(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestStatusAgo(t *testing.T) {
	s := allGood()
	for _, tt := range []struct {
		at   time.Time
		want string
	}{
		{s.LastCycle, "All quiet — checked just now"},
		{s.LastCycle.Add(12 * time.Second), "All quiet — checked 12 s ago"},
		{s.LastCycle.Add(3*time.Minute + 30*time.Second), "All quiet — checked 3 min ago"},
		{s.LastCycle.Add(5 * time.Hour), "All quiet — checked 5 h ago"},
	} {
		if got := statusLine(s, tt.at); got != tt.want {
			t.Errorf("at +%v: %q, want %q", tt.at.Sub(s.LastCycle), got, tt.want)
		}
	}
	s.LastCycle = time.Time{}
	if got := statusLine(s, t0); got != "Starting — first check under way" {
		t.Errorf("never checked: %q", got)
	}
}

func TestTooltip(t *testing.T) {
	paused := allGood()
	paused.Overall, paused.Paused = engine.AllPaused, true
	yesterday := allGood()
	yesterday.LastCycle, yesterday.NewToday = time.Date(2025, 6, 2, 20, 0, 0, 0, time.UTC), 0
	lateUTC := allGood()
	lateUTC.LastCycle = time.Date(2025, 6, 2, 23, 58, 0, 0, time.UTC) // already Jun 3 in Amsterdam
	fresh := allGood()
	fresh.LastCycle = time.Time{}
	problem := allGood()
	problem.Problem = "Settings file: line 4: interval must be at least 10s"
	needs := allGood()
	needs.Overall = engine.NeedsYou
	needs.Searches[1].Status, needs.Searches[1].Wall, needs.Searches[1].NeedsUser = engine.Waiting, blocks.Denied, true
	refusedWhilePaused := paused
	refusedWhilePaused.Delivery = engine.Delivery{Refused: true, Email: true, Reason: "the password was refused (535 5.7.8)"}
	tests := []struct {
		name string
		snap engine.Snapshot
		want string
	}{
		{"empty", engine.Snapshot{}, "rentwatch — no searches yet"},
		{"all good", allGood(), "2 searches · last check 14:01 · 2 new today"},
		{"paused comes first", paused, "paused until you resume · 2 searches · last check 14:01 · 2 new today"},
		{"paused, then what else is wrong", refusedWhilePaused,
			"paused until you resume · email stopped: the password was refused · 2 searches · last check 14:01 · 2 new today"},
		// It said "all fine" while a site needed the user.
		{"a site that needs you comes first", needs, "Funda needs you · 2 searches · last check 14:01 · 2 new today"},
		{"yesterday gets the date", yesterday, "2 searches · last check yesterday 22:00"},
		{"in the user's zone", lateUTC, "2 searches · last check 01:58 · 2 new today"},
		{"never checked", fresh, "2 searches · not checked yet · 2 new today"},
		{"problem", problem, "Settings file: line 4: interval must be at least 10s · 2 searches · last check 14:01 · 2 new today"},
	}
	long := needs
	long.Delivery = engine.Delivery{Refused: true, Email: true, Reason: strings.Repeat("the server said no ", 20)}
	if got := Tooltip(long, t0); utf8.RuneCountInString(got) > 127 || !strings.HasPrefix(got, "Funda needs you · email stopped: the server said no") {
		t.Errorf("long tooltip %q: want at most 127 runes, what is wrong first", got)
	}
	for _, tt := range tests {
		if got := Tooltip(tt.snap, t0); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestIcon(t *testing.T) {
	for o, want := range map[engine.Overall]string{
		engine.AllGood: "ok", engine.BusyChecking: "checking", engine.OnHold: "waiting",
		engine.NeedsYou: "attention", engine.Broken: "error", engine.AllPaused: "paused",
		"": "ok", "something-new": "attention",
	} {
		s := allGood()
		s.Overall = o
		if got := Icon(s); got != want {
			t.Errorf("Icon(%q) = %q, want %q", o, got, want)
		}
	}
	// No search yet: nothing is watched, so no green check; a neutral
	// "set up" icon until there is one. A problem still says so.
	for _, tt := range []struct {
		snap engine.Snapshot
		want string
	}{
		{engine.Snapshot{Overall: engine.AllGood}, "setup"},
		{engine.Snapshot{}, "setup"},
		{engine.Snapshot{Overall: engine.NeedsYou, Problem: "Settings file: line 2: oops"}, "attention"},
	} {
		if got := Icon(tt.snap); got != tt.want {
			t.Errorf("Icon with no searches, %q: %q, want %q", tt.snap.Overall, got, tt.want)
		}
		if assets.TrayPNG(Icon(tt.snap)) == nil {
			t.Errorf("no icon for %q", Icon(tt.snap))
		}
	}
}

// TestPauseLeads: while paused, the pause is the menu's first line, before
// a settings problem or a channel refused (it said "...kept for it.:
// paused"), and a click on it opens the window's Pause section; the rest
// is in its tooltip.
func TestPauseLeads(t *testing.T) {
	paused := allGood()
	paused.Overall, paused.Paused, paused.PausedUntil = engine.AllPaused, true, t0.Add(time.Hour)
	refused := paused
	refused.Delivery = engine.Delivery{Refused: true, Email: true, Reason: "the password was refused (535 5.7.8)"}
	problem := paused
	problem.Problem = "Settings file: line 4: interval must be at least 10s"
	for _, tt := range []struct {
		name   string
		snap   engine.Snapshot
		detail string
	}{
		{"paused", paused, "Paused until 15:02: no site is checked and nothing is alerted."},
		{"paused with email refused", refused,
			"Paused until 15:02: no site is checked and nothing is alerted. Check your email settings: the password was refused (535 5.7.8)."},
		{"paused with a settings problem", problem,
			"Paused until 15:02: no site is checked and nothing is alerted. Settings file: line 4: interval must be at least 10s"},
	} {
		st, _ := line(Menu(tt.snap, t0), "status")
		if want := "Paused until 15:02 — choose Resume to watch again sooner"; st.Title != want {
			t.Errorf("%s: status %q, want %q", tt.name, st.Title, want)
		}
		if !strings.HasPrefix(st.Tooltip, tt.detail) {
			t.Errorf("%s: tooltip %q, want it to start %q", tt.name, st.Tooltip, tt.detail)
		}
		if st.Disabled || st.Page != "/settings" || st.Fragment != "pause-h" {
			t.Errorf("%s: disabled=%v opens %q#%q, want /settings#pause-h", tt.name, st.Disabled, st.Page, st.Fragment)
		}
		if tip := Tooltip(tt.snap, t0); !strings.HasPrefix(tip, "paused until 15:02 · ") {
			t.Errorf("%s: icon tooltip %q does not lead with the pause", tt.name, tip)
		}
	}
}

// TestStatusLineOpens: a line that needs the user opens the window where
// it is dealt with; a line that only informs is not a button.
func TestStatusLineOpens(t *testing.T) {
	needs := allGood()
	needs.Overall = engine.NeedsYou
	needs.Searches[1].Status, needs.Searches[1].Wall, needs.Searches[1].NeedsUser = engine.Waiting, blocks.Denied, true
	back := allGood()
	back.Back = []engine.SiteBack{{Host: "kamernet.nl", Since: t0.Add(-time.Hour), At: t0, Found: 2}}
	for _, tt := range []struct {
		name string
		snap engine.Snapshot
		page string // "": not clickable
	}{
		{"all quiet", allGood(), ""},
		{"no searches", engine.Snapshot{}, ""},
		{"a site needs you", needs, "/"},
		{"a site is back", back, "/listings"},
	} {
		st, _ := line(Menu(tt.snap, t0), "status")
		if st.Page != tt.page || st.Disabled != (tt.page == "") {
			t.Errorf("%s: %q opens %q (disabled %v), want %q", tt.name, st.Title, st.Page, st.Disabled, tt.page)
		}
	}
}

func TestSiteNameAndClean(t *testing.T) {
	for host, want := range map[string]string{
		"kamernet.nl": "Kamernet", "www.funda.nl": "Funda", "www.rightmove.co.uk": "Rightmove",
		"127.0.0.1:8080": "127.0.0.1", "localhost:8080": "Localhost", "": "The site", "één.nl": "Één",
	} {
		if got := words.Site(host); got != want {
			t.Errorf("words.Site(%q) = %q, want %q", host, got, want)
		}
	}
	for _, tt := range []struct {
		in   string
		n    int
		want string
	}{
		{"  a\r\nb\t\tc  ", 60, "a b c"},
		{"abcdef", 4, "abc…"},
		{"ab cdef", 4, "ab…"},
		{"ééééé", 5, "ééééé"},
		{"x\u2028y\x00z", 60, "x y z"},
	} {
		if got := clean(tt.in, tt.n); got != tt.want {
			t.Errorf("clean(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}

func TestLabelEscapesShortcutMarks(t *testing.T) {
	for _, tt := range []struct{ title, goos, want string }{
		{"Kamernet_West & Oost", "linux", "Kamernet__West & Oost"},
		{"Kamernet_West & Oost", "windows", "Kamernet_West && Oost"},
		{"Kamernet_West & Oost", "darwin", "Kamernet_West & Oost"},
	} {
		if got := label(tt.title, tt.goos); got != tt.want {
			t.Errorf("label(%q, %s) = %q, want %q", tt.title, tt.goos, got, tt.want)
		}
	}
}

// TestTicksOnlyWhileTheMenuMayBeOpen: countdowns are redrawn every second
// for a minute after the panel said the menu opened, never with it closed
// (never opened, or opened long ago); on Windows, which does not say,
// always.
func TestTicksOnlyWhileTheMenuMayBeOpen(t *testing.T) {
	tests := []struct {
		name   string
		goos   string
		opened time.Time
		want   bool
	}{
		{"never opened", "linux", time.Time{}, false},
		{"just opened", "linux", t0, true},
		{"opened 59s ago", "darwin", t0.Add(-59 * time.Second), true},
		{"opened a minute ago", "linux", t0.Add(-time.Minute), false},
		{"opened an hour ago", "darwin", t0.Add(-time.Hour), false},
		{"windows, never said", "windows", time.Time{}, true},
	}
	for _, tt := range tests {
		if got := ticks(tt.goos, tt.opened, t0); got != tt.want {
			t.Errorf("%s: ticks = %v, want %v", tt.name, got, tt.want)
		}
	}
}
