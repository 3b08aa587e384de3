package window

import (
	"strings"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/engine"
)

func TestCountdown(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "a moment"}, {-time.Second, "a moment"}, {100 * time.Millisecond, "1 s"}, {45 * time.Second, "45 s"},
		{59*time.Second + time.Millisecond, "1 min 00 s"}, {4*time.Minute + 12*time.Second, "4 min 12 s"},
		{time.Hour, "1 h 00 min"}, {time.Hour + 5*time.Minute + 30*time.Second, "1 h 05 min"},
	}
	for _, tt := range tests {
		if got := countdown(tt.d); got != tt.want {
			t.Errorf("countdown(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestClock(t *testing.T) {
	ams, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		t.Skip("no time zone data")
	}
	now := time.Date(2025, 3, 14, 13, 2, 0, 0, time.UTC) // 14:02 in Amsterdam
	tests := []struct {
		t    time.Time
		want string
	}{
		{now, "14:02"},
		{now.Add(-15 * time.Hour), "yesterday 23:02"},
		{now.Add(11 * time.Hour), "tomorrow 01:02"},
		{now.AddDate(0, 0, -3), "Tue 11 Mar 14:02"},
		{now.AddDate(-1, 0, 0), "14 Mar 2024 14:02"},
		{time.Time{}, "never"},
	}
	for _, tt := range tests {
		if got := clock(tt.t, now, ams); got != tt.want {
			t.Errorf("clock(%v) = %q, want %q", tt.t, got, tt.want)
		}
	}
}

func TestSearchWords(t *testing.T) {
	tests := []struct {
		v    engine.SearchView
		want string
		tone string
	}{
		{engine.SearchView{Host: "kamernet.nl", Status: engine.Idle}, "Watching: nothing new", toneOK},
		{engine.SearchView{Host: "kamernet.nl", Status: engine.Idle, NewToday: 3}, "Watching: nothing new since the last check (3 today)", toneOK},
		{engine.SearchView{Host: "kamernet.nl", Status: engine.NewListings, NewToday: 2}, "New listings found (2 today)", toneOK},
		{engine.SearchView{Host: "www.pararius.nl", Status: engine.Waiting, Wall: blocks.RateLimited},
			"Pararius is asking us to slow down: rentwatch waits as asked and tries again by itself", toneWait},
		{engine.SearchView{Host: "www.funda.nl", Status: engine.Waiting, Wall: blocks.Denied, NeedsUser: true},
			"Funda refused us. Open the site, pass its check", toneAlert},
		{engine.SearchView{Host: "x.example", Status: engine.Failing, LastError: "net::ERR_CONNECTION_RESET"},
			"The page is not loading: net::ERR_CONNECTION_RESET", toneWait},
		{engine.SearchView{Host: "kamernet.nl", Status: engine.SoftBlock}, "The page loads but shows no listings: Kamernet may be hiding them", toneAlert},
		{engine.SearchView{Host: "kamernet.nl", Status: engine.Idle, Paused: true}, "Off: not checked until you turn it on", toneOff},
		{engine.SearchView{Host: "kamernet.nl", Status: engine.Checking}, "Checking now…", toneBusy},
		{engine.SearchView{Host: "kamernet.nl", Status: engine.Pending}, "Not checked yet", toneBusy},
	}
	for _, tt := range tests {
		got, tone := searchWords(tt.v)
		if !strings.HasPrefix(got, tt.want) || tone != tt.tone {
			t.Errorf("searchWords(%+v) = %q, %s; want %q…, %s", tt.v, got, tone, tt.want, tt.tone)
		}
	}
}

func TestStatusLine(t *testing.T) {
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	tests := []struct {
		s        State
		searches int
		want     string
	}{
		{State{}, 0, "No searches yet"},
		{State{Snapshot: engine.Snapshot{Problem: "Settings file: config.toml:3: ..."}}, 2, "Settings file: config.toml:3"},
		{State{Snapshot: engine.Snapshot{Paused: true}}, 2, "Paused until you resume"},
		{State{Snapshot: engine.Snapshot{Paused: true}, PausedUntil: now.Add(time.Hour)}, 2, "Paused until 15:02"},
		{State{Snapshot: engine.Snapshot{Overall: engine.AllGood}}, 2, "Starting: the first check"},
		{State{Snapshot: engine.Snapshot{Overall: engine.AllGood, LastCycle: now.Add(-2 * time.Minute)}}, 2, "All quiet: checked 2 min ago"},
		{State{Snapshot: engine.Snapshot{Overall: engine.NeedsYou}}, 2, "A search needs you"},
		{State{Snapshot: engine.Snapshot{Overall: engine.OnHold}}, 2, "A site is making us wait"},
		{State{Snapshot: engine.Snapshot{Manual: "https://x.example/"}}, 2, "Checking by hand"},
	}
	for _, tt := range tests {
		if got, _ := statusLine(tt.s, tt.searches, now, time.UTC); !strings.HasPrefix(got, tt.want) {
			t.Errorf("statusLine = %q, want %q…", got, tt.want)
		}
	}
}

func TestTimeline(t *testing.T) {
	now := time.Date(2025, 3, 14, 14, 30, 0, 0, time.UTC)
	walls := []wallView{
		{At: now.Add(-23*time.Hour - 50*time.Minute), Kind: blocks.Error},
		{At: now.Add(-90 * time.Minute), Kind: blocks.RateLimited},
		{At: now.Add(-80 * time.Minute), Kind: blocks.Challenge, Vendor: "cloudflare"}, // the same hour: the worse one shows
		{At: now.Add(-time.Minute), Kind: blocks.RateLimited},
	}
	cells, text := timeline(walls, now, time.UTC)
	if len(cells) != 24 {
		t.Fatalf("%d cells", len(cells))
	}
	want := map[int]string{0: "error", 22: "challenge", 23: "rate_limited"}
	for i, c := range cells {
		if c.Class != want[i] {
			t.Errorf("cell %d = %q, want %q", i, c.Class, want[i])
		}
	}
	if cells[22].Title != "13:10 human check (cloudflare)" {
		t.Errorf("cell 22 title %q", cells[22].Title)
	}
	if text != "4 walls in the last 24 hours: not loading at 14:40, slow down at 13:00, human check at 13:10, slow down at 14:29" {
		t.Errorf("text %q", text)
	}
}

func TestFilterWords(t *testing.T) {
	f := config.Filter{MaxPrice: 1200, MinSize: 20.5, Require: []string{"balcony", "garden"}, Exclude: []string{"students only"}}
	if got := filterWords(f); got != "at most 1200 · at least 20.5 m² · title with balcony or garden · title without students only" {
		t.Errorf("filterWords = %q", got)
	}
	if filterWords(config.Filter{}) != "" {
		t.Error("no filter has words")
	}
}
