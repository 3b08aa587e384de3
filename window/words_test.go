package window

import (
	"strings"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/words"
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
		if got := words.Countdown(tt.d); got != tt.want {
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
		if got := words.Clock(tt.t, now, ams); got != tt.want {
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
		{engine.SearchView{Host: "kamernet.nl", Status: engine.SoftBlock, PickLost: true},
			"The list picked for this search is not on the page any more: Kamernet has a new layout. Pick its list again.", toneAlert},
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
		s        engine.Snapshot
		searches int
		want     string
	}{
		{engine.Snapshot{}, 0, "No searches yet"},
		{engine.Snapshot{Problem: "Settings file: config.toml:3: ..."}, 2, "Settings file: config.toml:3"},
		{engine.Snapshot{Paused: true}, 2, "Paused until you resume"},
		{engine.Snapshot{Paused: true, PausedUntil: now.Add(time.Hour)}, 2, "Paused until 15:02"},
		// Paused leads, before what else is wrong.
		{engine.Snapshot{Paused: true, Delivery: engine.Delivery{Refused: true, Email: true, Reason: "the password was refused"}}, 2,
			"Paused until you resume"},
		{engine.Snapshot{Paused: true, Problem: "Settings file: config.toml:3: ..."}, 2, "Paused until you resume"},
		{engine.Snapshot{Overall: engine.AllGood}, 2, "Starting: the first check"},
		{engine.Snapshot{Overall: engine.AllGood, LastCycle: now.Add(-2 * time.Minute)}, 2, "All quiet: checked 2 min ago"},
		{engine.Snapshot{Overall: engine.NeedsYou}, 2, "A search needs you"},
		{engine.Snapshot{Overall: engine.OnHold}, 2, "A site is making us wait"},
		{engine.Snapshot{Manual: "https://x.example/"}, 2, "Checking by hand"},
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

// A channel in trouble is said on the page's status line, point first,
// in the words of that channel; each channel's own line says how it does.
func TestDeliveryWords(t *testing.T) {
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	since := now.Add(-7 * time.Minute)
	tests := []struct {
		d    engine.Delivery
		want []string
	}{
		{engine.Delivery{Refused: true, Email: true, Since: since, Reason: "the password was refused (535 5.7.8)"},
			[]string{"Check your email settings: the password was refused (535 5.7.8).", "listings are kept"}},
		{engine.Delivery{Refused: true, Kind: "ntfy", Channel: "ntfy (ntfy.example.org)", Status: 401, Since: since,
			Reason: "ntfy (ntfy.example.org): the server refused the credentials in the URL (401 Unauthorized): check the push URL"},
			[]string{"Check the ntfy address in the settings: the server said 401.", "Nothing goes out by ntfy (ntfy.example.org)",
				"other channels still get every alert"}},
		{engine.Delivery{Refused: true, Kind: "telegram", Channel: "telegram", Since: since,
			Reason: "telegram: the telegram URL's settings are not right: no chats"},
			[]string{"Check the Telegram bot token and chat in the settings: the telegram URL's settings are not right: no chats."}},
		{engine.Delivery{Failing: true, Kind: "generic", Channel: "generic (hooks.example.org)", Status: 503, Since: since,
			Reason: "generic (hooks.example.org): the server had trouble (503 Service Unavailable)"},
			[]string{"generic (hooks.example.org) has not been reached since 13:55: the server had trouble (503 Service Unavailable).", "kept and retried"}},
		{engine.Delivery{Failing: true, Email: true, Kind: "email", Channel: "email", Since: since, Reason: "nothing answers at smtp.example.com:587"},
			[]string{"Email has not gone out since 13:55: nothing answers at smtp.example.com:587."}},
		{engine.Delivery{Failing: true, Kind: "desktop", Channel: "desktop pop-ups", Since: since,
			Reason: "desktop pop-ups: the desktop did not take the pop-up (no server)"},
			[]string{"Pop-ups have not shown since 13:55: the desktop did not take the pop-up (no server)."}},
	}
	for _, tt := range tests {
		got, tone := statusLine(engine.Snapshot{Overall: engine.NeedsYou, Delivery: tt.d}, 2, now, time.UTC)
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("status line %q lacks %q", got, w)
			}
		}
		if !strings.HasPrefix(got, tt.want[0][:12]) || tone != toneAlert {
			t.Errorf("status line %q (%s) does not start with the point", got, tone)
		}
	}
	channels := []struct {
		v    engine.ChannelView
		want string
		tone string
	}{
		{engine.ChannelView{Name: "email", Kind: "email", State: "ok"}, "Working", toneOK},
		{engine.ChannelView{Name: "email", Kind: "email", State: "ok", Queued: 2}, "Working: 2 listings on the way", toneBusy},
		{engine.ChannelView{Name: "ntfy", Kind: "ntfy", State: "sending"}, "Sending…", toneBusy},
		{engine.ChannelView{Name: "ntfy", Kind: "ntfy", State: "retrying", Queued: 1, Since: since, RetryAt: now.Add(time.Minute),
			Reason: "ntfy: the server asked us to slow down (429 Too Many Requests)"},
			"Not reached since 13:55: the server asked us to slow down (429 Too Many Requests). Its 1 listing is kept and retried, next at 14:03.", toneWait},
		{engine.ChannelView{Name: "telegram", Kind: "telegram", State: "stopped", Queued: 3, Status: 401, Since: since,
			Reason: "telegram: the server refused the credentials in the URL (401 Unauthorized): check the push URL"},
			"Stopped: check the Telegram bot token and chat in the settings (the server said 401). Its 3 listings are kept for it.", toneAlert},
	}
	for _, tt := range channels {
		if got, tone := channelWords(tt.v, now, time.UTC); got != tt.want || tone != tt.tone {
			t.Errorf("channelWords(%+v) = %q, %s; want %q, %s", tt.v, got, tone, tt.want, tt.tone)
		}
	}
}
