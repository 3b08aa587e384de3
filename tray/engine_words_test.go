package tray

import (
	"strings"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/engine"
	"rentwatch/words"
)

func TestSearchTooltipSaysTheTimeToAlert(t *testing.T) {
	s := time.Second
	tests := []struct {
		name   string
		delays []time.Duration
		err    string
		want   string
	}{
		{"no alert yet", nil, "", kamerWest},
		{"one alert", []time.Duration{25 * s}, "",
			"Alerted 25 s after a listing is first seen (typical of one alert so far) — " + kamerWest},
		{"several", []time.Duration{2 * s, 125 * s, 4 * s}, "",
			"Alerted 4 s after a listing is first seen (typical of the last 3 alerts) — " + kamerWest},
		{"an error comes first", []time.Duration{90 * time.Minute}, "net::ERR_NAME_NOT_RESOLVED",
			"net::ERR_NAME_NOT_RESOLVED — Alerted 1 h 30 min after a listing is first seen (typical of one alert so far) — " + kamerWest},
	}
	for _, tt := range tests {
		snap := allGood()
		v := &snap.Searches[0]
		v.Delays, v.Delay, v.LastError = tt.delays, engine.TypicalDelay(tt.delays), tt.err
		it, ok := line(Menu(snap, t0), "search:"+kamerWest)
		if !ok {
			t.Fatalf("%s: no line for the search", tt.name)
		}
		if it.Tooltip != tt.want {
			t.Errorf("%s: tooltip %q, want %q", tt.name, it.Tooltip, tt.want)
		}
	}
}

func TestSpell(t *testing.T) {
	for d, want := range map[time.Duration]string{
		300 * time.Millisecond:                   "under a second",
		25 * time.Second:                         "25 s",
		125 * time.Second:                        "2 min 05 s",
		12*time.Minute + 5*time.Second:           "12 min",
		time.Hour:                                "1 h",
		time.Hour + 20*time.Minute + time.Second: "1 h 20 min",
	} {
		if got := words.Duration(d); got != want {
			t.Errorf("words.Duration(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestStatusLineSaysWhenAPauseEnds(t *testing.T) {
	snap := allGood()
	snap.Overall, snap.Paused = engine.AllPaused, true
	for i := range snap.Searches {
		snap.Searches[i].Status = engine.Paused
	}
	for _, tt := range []struct {
		until time.Time
		want  string
	}{
		{time.Time{}, "Paused — choose Resume to watch again"},
		{t0.Add(time.Hour), "Paused until 15:02 — choose Resume to watch again sooner"},
		// The whole line would not fit the menu: the shorter one does.
		{t0.Add(20 * time.Hour), "Paused until tomorrow 10:02 — choose Resume to watch sooner"},
	} {
		snap.PausedUntil = tt.until
		if got := statusLine(snap, t0); got != tt.want {
			t.Errorf("paused until %v: %q, want %q", tt.until, got, tt.want)
		}
	}
}

// A site that needed the user and serves us again is the status line for
// engine.BackShown, with what appeared while it was blocked; a problem or
// another site that needs the user comes first.
func TestStatusLineSaysASiteIsBack(t *testing.T) {
	back := engine.SiteBack{Host: "www.kamernet.nl", Since: t0.Add(-time.Hour), At: t0}
	needs := hostWaiting()
	needs.Overall, needs.Searches[0].NeedsUser, needs.Searches[0].Wall = engine.NeedsYou, true, blocks.Denied
	checking := allGood()
	checking.Overall = engine.BusyChecking
	for _, tt := range []struct {
		name   string
		s      engine.Snapshot
		found  int
		at     time.Time
		want   string
		detail string
	}{
		{"found some", allGood(), 3, t0.Add(time.Minute), "Kamernet is back: 3 listings appeared while it was blocked",
			"Kamernet needed you from 13:02 to 14:02; its searches are watched again, and the listings that appeared while it was blocked were alerted."},
		{"found one", allGood(), 1, t0, "Kamernet is back: 1 listing appeared while it was blocked", ""},
		{"found none", allGood(), 0, t0, "Kamernet is back and watched again",
			"Kamernet needed you from 13:02 to 14:02; its searches are watched again."},
		{"over a check under way", checking, 2, t0, "Kamernet is back: 2 listings appeared while it was blocked", ""},
		{"for BackShown only", allGood(), 3, t0.Add(engine.BackShown), "All quiet — checked 30 min ago", ""},
		{"a site that needs you comes first", needs, 3, t0, "Needs you: Kamernet refused us", ""},
	} {
		s := tt.s
		b := back
		b.Found = tt.found
		s.Back = []engine.SiteBack{b}
		if got := statusLine(s, tt.at); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
		if tt.detail != "" {
			if got := problemDetail(s, tt.at); got != tt.detail {
				t.Errorf("%s: tooltip %q, want %q", tt.name, got, tt.detail)
			}
		}
	}
}

// Two sites checked by hand one after the other are both said back: the
// line named the latest one only, and the user took the other for still
// blocked. Three or more fit the line all the same.
func TestStatusLineSaysEverySiteBack(t *testing.T) {
	kamernet := engine.SiteBack{Host: "www.kamernet.nl", Since: t0.Add(-time.Hour), At: t0.Add(-5 * time.Minute), Found: 2}
	funda := engine.SiteBack{Host: "www.funda.nl", Since: t0.Add(-time.Hour), At: t0, Found: 1}
	pararius := engine.SiteBack{Host: "www.pararius.nl", Since: t0.Add(-time.Hour), At: t0}
	old := engine.SiteBack{Host: "www.idealista.com", Since: t0.Add(-2 * time.Hour), At: t0.Add(-engine.BackShown)}
	for _, tt := range []struct {
		name string
		back []engine.SiteBack
		want string
	}{
		{"two", []engine.SiteBack{funda, kamernet}, "Funda and Kamernet are back: 3 new listings"},
		{"two, one long ago", []engine.SiteBack{funda, old}, "Funda is back: 1 listing appeared while it was blocked"},
		{"three", []engine.SiteBack{funda, pararius, kamernet}, "Funda, Pararius and Kamernet are back: 3 new listings"},
	} {
		s := allGood()
		s.Back = tt.back
		st, _ := line(Menu(s, t0), "status")
		if st.Title != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, st.Title, tt.want)
		}
		for _, b := range tt.back {
			if b != old && !strings.Contains(st.Tooltip, words.Site(b.Host)+" needed you") {
				t.Errorf("%s: the tooltip %q does not say %s was back", tt.name, st.Tooltip, words.Site(b.Host))
			}
		}
	}
}
