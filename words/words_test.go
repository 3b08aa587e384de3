package words

import (
	"strings"
	"testing"
	"time"

	"rentwatch/blocks"
)

func TestSite(t *testing.T) {
	tests := []struct{ host, want string }{
		{"www.wg-gesucht.de", "WG-Gesucht"},
		{"wg-gesucht.de", "WG-Gesucht"},
		{"WWW.WG-GESUCHT.DE.", "WG-Gesucht"},
		{"www.immobilienscout24.de", "ImmobilienScout24"},
		{"kamernet.nl", "Kamernet"},
		{"www.funda.nl:443", "Funda"},
		{"www.pararius.com", "Pararius"},
		{"www.idealista.com", "Idealista"},
		{"www.rightmove.co.uk", "Rightmove"},
		{"zoopla.co.uk", "Zoopla"},
		{"www.immowelt.de", "Immowelt"},
		{"www.spareroom.co.uk", "SpareRoom"},
		{"www.openrent.co.uk", "OpenRent"},
		{"www.seloger.com", "SeLoger"},
		{"funda.co.uk", "Funda"},
		{"www.domain.com.au", "Domain"},
		{"rentola.nl", "Rentola"},
		{"m.example.org:8080", "Example"},
		{"some-agency.nl", "Some-Agency"},
		{"kamernet.test", "Kamernet"},
		{"localhost", "Localhost"},
		{"127.0.0.2", "127.0.0.2"},
		{"127.0.0.2:8080", "127.0.0.2"},
		{"[::1]:8080", "::1"},
		{"", "The site"},
		{"  ", "The site"},
	}
	for _, tt := range tests {
		if got := Site(tt.host); got != tt.want {
			t.Errorf("Site(%q) = %q, want %q", tt.host, got, tt.want)
		}
	}
}

// A brand is its label, cased: config's NameFromURL leaves out the words
// of a URL that the brand already says by comparing them to it.
func TestBrandsAreTheirLabels(t *testing.T) {
	for label, brand := range brands {
		if !strings.EqualFold(label, brand) {
			t.Errorf("brand %q of %q is not its label", brand, label)
		}
	}
}

func TestWalls(t *testing.T) {
	tests := []struct {
		kind                              blocks.Kind
		state, short, name, after, walled string
	}{
		{blocks.Challenge, "wants a human check", "behind a check", "human check", "a check it did not let us through",
			"Funda put up a human check (cloudflare) that did not clear by itself"},
		{blocks.RateLimited, "is asking us to slow down", "slowing down", "slow down", "a request to slow down",
			"Funda asked us to slow down (cloudflare)"},
		{blocks.Denied, "refused us", "refused", "refused", "a refusal", "Funda refused us (cloudflare)"},
		{blocks.Error, "is not loading", "waiting", "not loading", "pages that did not load", "Funda did not load"},
		{"teapot", "is making us wait", "waiting", "teapot", "pages that did not load", "Funda refused us (cloudflare)"},
	}
	for _, tt := range tests {
		got := []string{Wall(tt.kind), WallShort(tt.kind), WallName(tt.kind), WallAfter(tt.kind), Walled("Funda", "cloudflare", tt.kind)}
		want := []string{tt.state, tt.short, tt.name, tt.after, tt.walled}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: %q, want %q", tt.kind, got[i], want[i])
			}
		}
	}
	if got := Walled("the site", "", blocks.RateLimited); got != "the site asked us to slow down" {
		t.Errorf("with no vendor: %q", got)
	}
}

func TestCountdownAndDuration(t *testing.T) {
	s := time.Second
	tests := []struct {
		d                   time.Duration
		countdown, duration string
	}{
		{0, "a moment", "under a second"},
		{-3 * s, "a moment", "under a second"},
		{300 * time.Millisecond, "1 s", "under a second"},
		{25 * s, "25 s", "25 s"},
		{59*s + 100*time.Millisecond, "1 min 00 s", "59 s"},
		{125 * s, "2 min 05 s", "2 min 05 s"},
		{4*time.Minute + 12*s, "4 min 12 s", "4 min 12 s"},
		{5 * time.Minute, "5 min 00 s", "5 min"},
		{12*time.Minute + 5*s, "12 min 05 s", "12 min"},
		{time.Hour, "1 h 00 min", "1 h"},
		{time.Hour + 5*time.Minute, "1 h 05 min", "1 h 05 min"},
		{time.Hour + 20*time.Minute + s, "1 h 20 min", "1 h 20 min"},
	}
	for _, tt := range tests {
		if got := Countdown(tt.d); got != tt.countdown {
			t.Errorf("Countdown(%v) = %q, want %q", tt.d, got, tt.countdown)
		}
		if got := Duration(tt.d); got != tt.duration {
			t.Errorf("Duration(%v) = %q, want %q", tt.d, got, tt.duration)
		}
	}
}

func TestAgo(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "just now", 4 * time.Second: "just now", 30 * time.Second: "30 s ago", 4 * time.Minute: "4 min ago",
		3 * time.Hour: "3 h ago", 47 * time.Hour: "47 h ago", 72 * time.Hour: "3 days ago",
	} {
		if got := Ago(d); got != want {
			t.Errorf("Ago(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestClock(t *testing.T) {
	ams, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		t.Skip("no time zone data:", err)
	}
	now := time.Date(2025, 3, 14, 13, 2, 0, 0, time.UTC) // 14:02 in Amsterdam
	tests := []struct {
		name string
		t    time.Time
		loc  *time.Location
		want string
	}{
		{"today, in the location given", now.Add(-time.Hour), ams, "13:02"},
		{"the same instant in UTC", now.Add(-time.Hour), time.UTC, "12:02"},
		{"24-hour", now.Add(9 * time.Hour), ams, "23:02"},
		{"yesterday", now.Add(-15 * time.Hour), ams, "yesterday 23:02"},
		{"tomorrow", now.Add(18 * time.Hour), ams, "tomorrow 08:02"},
		{"this year", now.AddDate(0, -1, 0), ams, "Fri 14 Feb 14:02"},
		{"another year", now.AddDate(-1, 0, 0), ams, "14 Mar 2024 14:02"},
		{"midnight in Amsterdam is another day", time.Date(2025, 3, 13, 23, 30, 0, 0, time.UTC), ams, "00:30"},
		{"never", time.Time{}, ams, "never"},
		{"no location is UTC", now, nil, "13:02"},
	}
	for _, tt := range tests {
		if got := Clock(tt.t, now, tt.loc); got != tt.want {
			t.Errorf("%s: Clock = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0 listings", 1: "1 listing", 2: "2 listings"} {
		if got := Plural(n, "listing", "listings"); got != want {
			t.Errorf("Plural(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestClean(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Studio\nOud-West", "Studio Oud-West"},
		{"  Room\r\n\r\nBcc: x@y  ", "Room Bcc: x@y"},
		{"a\tb\u0085c\u2028d\u2029e", "a b c d e"},
		{"€\u00a0950", "€ 950"},
		{"a\x00b\x7fc\u009bd", "a b c d"},
		{"invoice\u202egnp.exe", "invoicegnp.exe"},
		{"\u2066Kamer\u2069 \u200fWest\u200e", "Kamer West"},
		{"Zürich \"WG\" тест", "Zürich \"WG\" тест"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Clean(tt.in); got != tt.want {
			t.Errorf("Clean(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestClip(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly ten", 11, "exactly ten"},
		{"expected a token here", 12, "expected a…"},
		{"one two, three four", 10, "one two…"},
		{"Donaudampfschifffahrt", 8, "Donauda…"},
		{"abc", 1, "…"},
		{"abc", 0, "…"},
	}
	for _, tt := range tests {
		if got := Clip(tt.in, tt.n); got != tt.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
		if n := len([]rune(Clip(tt.in, tt.n))); n > max(tt.n, 1) {
			t.Errorf("Clip(%q, %d) is %d runes", tt.in, tt.n, n)
		}
	}
}
