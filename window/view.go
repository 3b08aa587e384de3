package window

import (
	"net/url"
	"strings"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/outbox"
	"rentwatch/words"
)

// The views: what the pages and the API show, built from the owners'
// answers. Both render the same values, so the page and a script never
// disagree. Times go out as RFC 3339 (null when there is none) in the JSON
// and in words on the page.

// stateView is GET /api/state, and the top of every page.
type stateView struct {
	At          time.Time      `json:"at"`
	Overall     engine.Overall `json:"overall"`
	Status      string         `json:"status"` // the whole watcher in a sentence
	Tone        string         `json:"tone"`   // ok, busy, wait, alert, off
	Paused      bool           `json:"paused"`
	PauseWords  string         `json:"-"`            // "Paused until 15:02", for the Pause section
	PausedUntil *time.Time     `json:"paused_until"` // null: not paused, or until resumed
	Problem     string         `json:"problem,omitempty"`
	LastCycle   *time.Time     `json:"last_cycle"`
	NextCycle   *time.Time     `json:"next_cycle"`
	Manual      string         `json:"manual,omitempty"` // the URL open for a check by hand
	Awake       string         `json:"awake,omitempty"`  // the computer is kept awake, in words
	MaxSearches int            `json:"max_searches"`
	Searches    []searchView   `json:"searches"`
	Channels    []channelView  `json:"channels"` // where alerts go: pop-ups, email, each push URL
}

// channelView is one delivery channel and how it is doing.
type channelView struct {
	ID      string      `json:"id"`
	Name    string      `json:"name"`  // never the URL: it holds a secret
	Kind    outbox.Kind `json:"kind"`  // desktop, email, ntfy, telegram, generic, ...
	State   string      `json:"state"` // ok, sending, retrying, stopped
	Words   string      `json:"words"`
	Tone    string      `json:"tone"`
	Queued  int         `json:"queued"` // listings it still owes
	Since   *time.Time  `json:"since"`  // the first failure of the run under way
	RetryAt *time.Time  `json:"retry_at"`
}

// searchView is one search with its settings and its live state.
type searchView struct {
	ID        string        `json:"id"`
	Name      string        `json:"name"`
	URL       string        `json:"url"`
	Host      string        `json:"host"`
	Site      string        `json:"site"`
	Enabled   bool          `json:"enabled"`
	Status    engine.Status `json:"status"`
	Words     string        `json:"words"`
	Tone      string        `json:"tone"`
	Wall      blocks.Kind   `json:"wall,omitempty"`
	Vendor    string        `json:"vendor,omitempty"`
	Until     *time.Time    `json:"until"` // the site's wait: the same on every search of that site
	LastCheck *time.Time    `json:"last_check"`
	NextCheck *time.Time    `json:"next_check"`
	Listings  int           `json:"listings"`  // on the page at the last clean check
	NewToday  int           `json:"new_today"` // alerted today
	Alerted   int           `json:"alerted"`   // alerted in the last 60 days
	// TimeToAlert is the typical time from a listing's first sighting to
	// its alert, in seconds (the median of the last 20); null before the
	// first alert. It is the number rentwatch exists to keep small.
	TimeToAlert *float64 `json:"time_to_alert_seconds"`
	// CheckedEvery is how often the search was really checked lately, in
	// seconds (the median time between its last checks); null before it
	// is known. EveryWhy says why, when it is well over the interval.
	CheckedEvery *float64   `json:"checked_every_seconds"`
	EveryWhy     string     `json:"checked_every_why,omitempty"`
	LastError    string     `json:"last_error,omitempty"`
	NeedsUser    bool       `json:"needs_user"`
	Filter       filterJSON `json:"filter"`
	FilterWords  string     `json:"filter_words,omitempty"`
	// Pick is the list on the page the user picked in the preview; ""
	// when the readers choose. PickLost: the page no longer holds it.
	Pick     string `json:"pick,omitempty"`
	PickLost bool   `json:"pick_lost"`
	// Walls are the site's walls in the last 24 h, oldest first.
	Walls []wallView `json:"walls"`

	// for the page only
	Link       string     `json:"-"` // URL when it is http(s), else ""
	LastWords  string     `json:"-"`
	AlertWords string     `json:"-"`
	NextWords  string     `json:"-"`
	EveryWords string     `json:"-"`
	UntilMS    int64      `json:"-"`
	UntilWords string     `json:"-"`
	Timeline   []hourCell `json:"-"`
	WallsText  string     `json:"-"`
}

type wallView struct {
	At     time.Time   `json:"at"`
	Kind   blocks.Kind `json:"kind"`
	Vendor string      `json:"vendor,omitempty"`
}

// filterJSON is a search's filter in the API.
type filterJSON struct {
	MaxPrice float64  `json:"max_price,omitempty"`
	MinSize  float64  `json:"min_size,omitempty"`
	Require  []string `json:"require,omitempty"`
	Exclude  []string `json:"exclude,omitempty"`
}

func (f filterJSON) filter() config.Filter {
	return config.Filter{MaxPrice: f.MaxPrice, MinSize: f.MinSize, Require: f.Require, Exclude: f.Exclude}.Clean()
}

func toFilterJSON(f config.Filter) filterJSON {
	return filterJSON{MaxPrice: f.MaxPrice, MinSize: f.MinSize, Require: f.Require, Exclude: f.Exclude}
}

// hourCell is one hour of a search's 24-hour wall timeline.
type hourCell struct {
	Class string // "" for a clean hour, else the worst wall's kind
	Title string // "14:00 challenge (cloudflare)"
}

// buildState joins the settings (which searches there are, their names,
// filters, on or off) with the engine's live state of each (by URL). A
// settings file that does not load leaves the engine's last good searches
// shown, and says what is wrong.
func buildState(st engine.Snapshot, set config.Settings, setErr error, alerted map[string]int, now time.Time, loc *time.Location) stateView {
	v := stateView{At: now, Overall: st.Overall, Paused: st.Paused, PauseWords: words.Paused(st.PausedUntil, now, loc), PausedUntil: when(st.PausedUntil),
		Problem: st.Problem, LastCycle: when(st.LastCycle), NextCycle: when(st.NextCycle), Manual: st.Manual, Awake: st.Awake,
		MaxSearches: config.MaxSearches, Searches: []searchView{}}
	if setErr != nil && v.Problem == "" {
		v.Problem = setErr.Error()
	}
	live := make(map[string]engine.SearchView, len(st.Searches))
	for _, sv := range st.Searches {
		live[sv.URL] = sv
	}
	if setErr != nil {
		for _, sv := range st.Searches {
			set.Searches = append(set.Searches, config.Search{Name: sv.Name, URL: sv.URL, Enabled: !sv.Paused})
		}
	}
	on := countSites(set.Searches)
	for _, c := range set.Searches {
		sv, ok := live[c.URL]
		if !ok { // saved a moment ago; the engine has not taken it in yet
			sv = engine.SearchView{Name: c.Name, URL: c.URL, Host: blocks.HostKey(c.URL), Status: engine.Pending}
		}
		sv.Name, sv.Paused = c.Name, !c.Enabled
		v.Searches = append(v.Searches, buildSearch(sv, c.Filter, st.Walls[sv.Host], alerted[c.URL], now, loc))
		sr := &v.Searches[len(v.Searches)-1]
		sr.Pick = c.Pick
		if sv.Every > 0 && !sv.Paused {
			secs := sv.Every.Seconds()
			sr.CheckedEvery = &secs
			sr.EveryWords, sr.EveryWhy = everyWords(sv, set.Interval, on)
		}
	}
	v.Channels = []channelView{}
	for _, c := range st.Channels {
		cv := channelView{ID: c.ID, Name: c.Name, Kind: c.Kind, State: c.State, Queued: c.Queued, Since: when(c.Since)}
		if c.State == "retrying" || c.State == "stopped" {
			cv.RetryAt = when(c.RetryAt)
		}
		cv.Words, cv.Tone = channelWords(c, now, loc)
		v.Channels = append(v.Channels, cv)
	}
	v.Status, v.Tone = statusLine(st, len(v.Searches), now, loc)
	if v.Problem != "" && st.Problem == "" && !st.Paused {
		v.Status, v.Tone = v.Problem, toneAlert
	}
	return v
}

func buildSearch(sv engine.SearchView, f config.Filter, walls []engine.Wall, alerted int, now time.Time, loc *time.Location) searchView {
	v := searchView{ID: searchID(sv.URL), Name: sv.Name, URL: sv.URL, Host: sv.Host, Site: words.Site(sv.Host),
		Enabled: !sv.Paused, Status: sv.Status, Wall: sv.Wall, Vendor: sv.Vendor, Listings: sv.Listings,
		NewToday: sv.NewToday, Alerted: alerted, LastError: sv.LastError, NeedsUser: sv.NeedsUser, PickLost: sv.PickLost,
		LastCheck: when(sv.LastCheck), NextCheck: when(sv.NextCheck),
		Filter: toFilterJSON(f), FilterWords: filterWords(f), Link: webLink(sv.URL), Walls: []wallView{}}
	if sv.Paused {
		v.Status = engine.Paused
	}
	v.Words, v.Tone = searchWords(sv)
	v.AlertWords = "no alert yet"
	if sv.Delay > 0 {
		secs := sv.Delay.Seconds()
		v.TimeToAlert, v.AlertWords = &secs, words.Duration(sv.Delay)+" after rentwatch first saw it"
	}
	if sv.Until.After(now) && !sv.Paused {
		v.Until, v.UntilMS, v.UntilWords = when(sv.Until), sv.Until.UnixMilli(), words.Countdown(sv.Until.Sub(now))
	}
	v.LastWords = "never"
	if !sv.LastCheck.IsZero() {
		v.LastWords = words.Clock(sv.LastCheck, now, loc) + " (" + words.Ago(now.Sub(sv.LastCheck)) + ")"
	}
	switch {
	case sv.Paused:
		v.NextWords = "not while it is off"
	case !sv.NextCheck.IsZero() && sv.NextCheck.After(now):
		v.NextWords = "in " + words.Countdown(sv.NextCheck.Sub(now))
	case sv.Until.After(now):
		v.NextWords = "when the site's wait ends"
	case sv.Status == engine.Checking:
		v.NextWords = "now"
	default:
		v.NextWords = "in a moment"
	}
	from := now.Add(-24 * time.Hour)
	for _, w := range walls {
		if !w.At.Before(from) && !w.At.After(now) {
			v.Walls = append(v.Walls, wallView(w))
		}
	}
	v.Timeline, v.WallsText = timeline(v.Walls, now, loc)
	return v
}

// timeline cuts the last 24 hours into hours, oldest first, each marked
// with its worst wall, and says the same in words for screen readers.
func timeline(walls []wallView, now time.Time, loc *time.Location) ([]hourCell, string) {
	cells := make([]hourCell, 24)
	start := now.Add(-24 * time.Hour)
	for i := range cells {
		cells[i].Title = start.Add(time.Duration(i)*time.Hour).In(loc).Format("15:04") + " no wall"
	}
	for _, w := range walls {
		i := min(int(w.At.Sub(start)/time.Hour), 23)
		if i < 0 {
			continue
		}
		if worse(w.Kind, blocks.Kind(cells[i].Class)) {
			cells[i].Class = string(w.Kind)
			by := ""
			if w.Vendor != "" {
				by = " (" + w.Vendor + ")"
			}
			cells[i].Title = w.At.In(loc).Format("15:04") + " " + words.WallName(w.Kind) + by
		}
	}
	if len(walls) == 0 {
		return cells, "No walls in the last 24 hours"
	}
	var parts []string
	for _, w := range walls {
		parts = append(parts, words.WallName(w.Kind)+" at "+w.At.In(loc).Format("15:04"))
	}
	return cells, words.Plural(len(walls), "wall", "walls") + " in the last 24 hours: " + strings.Join(parts, ", ")
}

// worse orders walls by how much they keep us away.
func worse(a, b blocks.Kind) bool { return wallRank(a) > wallRank(b) }

func wallRank(k blocks.Kind) int {
	switch k {
	case blocks.Denied:
		return 4
	case blocks.Challenge:
		return 3
	case blocks.RateLimited:
		return 2
	case blocks.Error:
		return 1
	}
	return 0
}

// when is t for the JSON: nil for the zero time.
func when(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// webLink returns u when it is an absolute http or https URL, else "": a
// page may hand us any string as a link, and only web addresses become
// links (never javascript:, data: or file:).
func webLink(u string) string {
	p, err := url.Parse(strings.TrimSpace(u))
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return ""
	}
	return p.String()
}
