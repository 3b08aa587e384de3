package engine

import (
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/seen"
)

// state is the engine's live state. Only the goroutine running Engine.Run
// touches it; the world sees it through Snapshots.
type state struct {
	settings Settings
	views    map[string]*SearchView // by search URL
	registry *blocks.Registry

	errors     map[string]int       // consecutive hard errors per host
	probeTurn  map[string]int       // which search probes next, per host
	forceProbe map[string]bool      // hosts to probe at once (after a check by hand)
	probedFor  map[string]time.Time // the wait each host was last probed after
	hostFree   map[string]time.Time // no request to a host before this: its gap outlives a cycle

	pending  map[string]bool          // listing ids queued for delivery
	deferred map[string]seen.Snapshot // snapshots waiting for their alert's delivery, by search URL

	recent          []Alert
	paused          bool
	checkNow        bool            // the user asked: a regular cycle at once
	added           map[string]bool // searches added or enabled since the last cycle: checked at once
	settingsProblem string
	mail            mailTrouble // the channel trouble the tray shows (deliver.go)
	out             couriers    // every delivery channel's state (deliver.go)
	emailRetryAt    time.Time   // no delivery before this (after a permanent failure)
	sendFailed      bool        // a delivery failed in this cycle: no more tries until the next
	manual          string
	lastCycle       time.Time
	reached         time.Time // when the cycle under way first heard back from a site
	nextCycle       time.Time
	day             string // the local date NewToday counts for
	newToday        int
	replying        map[string]int // replies in flight, by search URL
}

func newState(s Settings) state {
	st := state{
		views:      map[string]*SearchView{},
		registry:   blocks.NewRegistry(),
		errors:     map[string]int{},
		probeTurn:  map[string]int{},
		forceProbe: map[string]bool{},
		probedFor:  map[string]time.Time{},
		hostFree:   map[string]time.Time{},
		added:      map[string]bool{},
		pending:    map[string]bool{},
		deferred:   map[string]seen.Snapshot{},
		replying:   map[string]int{},
	}
	st.setSearches(s)
	clear(st.added) // the first cycle checks them all
	return st
}

// setSearches installs a new list of searches, keeping the live state of
// those that stay. It returns the URLs of the searches that went away; the
// ones new or newly enabled (worth a check at once) go into st.added.
func (st *state) setSearches(s Settings) (removed []string) {
	if s.Interval <= 0 {
		s.Interval = 30 * time.Second
	}
	keep := map[string]bool{}
	for _, c := range s.Searches {
		keep[c.URL] = true
		v, ok := st.views[c.URL]
		if !ok {
			v = &SearchView{URL: c.URL, Host: blocks.HostKey(c.URL), Status: Pending}
			st.views[c.URL] = v
		}
		if c.Enabled && (!ok || v.Paused) {
			st.added[c.URL] = true
		}
		v.Name = c.Name
		v.Paused = !c.Enabled // the settings file is the truth for each search
	}
	for url := range st.views {
		if !keep[url] {
			delete(st.views, url)
			delete(st.deferred, url)
			delete(st.added, url)
			removed = append(removed, url)
		}
	}
	st.settings = s
	return removed
}

// search finds a search by URL.
func (st *state) search(url string) (config.Search, bool) {
	for _, s := range st.settings.Searches {
		if s.URL == url {
			return s, true
		}
	}
	return config.Search{}, false
}

// enabled returns the searches that a cycle may check, in settings order.
func (st *state) enabled() []config.Search {
	var out []config.Search
	for _, c := range st.settings.Searches {
		if v := st.views[c.URL]; c.Enabled && v != nil && !v.Paused && !st.paused {
			out = append(out, c)
		}
	}
	return out
}

func (st *state) setPaused(url string, paused bool) {
	if url == "" {
		st.paused = paused
		if !paused { // Resume all also resumes single searches
			for _, c := range st.settings.Searches {
				if v := st.views[c.URL]; v != nil && c.Enabled {
					v.Paused = false
				}
			}
		}
		return
	}
	if v := st.views[url]; v != nil {
		v.Paused = paused
	}
}

// syncClocks keeps every search's retry clock in step with its host. Only
// the probe learns its host's new wait first hand, and a countdown that has
// quietly expired with nothing happening is worse than no countdown at all.
func (st *state) syncClocks() {
	for _, v := range st.views {
		e, ok := st.registry.Get(v.Host)
		if !ok {
			v.Until = time.Time{}
			v.NextCheck = st.nextCycle
			if v.Status == Waiting {
				v.Status = Idle
			}
			continue
		}
		v.Until = e.NextRetryAt
		v.NextCheck = later(e.NextRetryAt, st.nextCycle)
		if e.Kind != blocks.Error {
			v.Status, v.Wall = Waiting, e.Kind
			v.NeedsUser = e.Kind == blocks.Denied || e.Kind == blocks.Challenge
		}
	}
}

// countNew adds n to today's count, starting a new count on a new day.
func (st *state) countNew(now time.Time, v *SearchView, n int) {
	day := now.Local().Format(time.DateOnly)
	if day != st.day {
		st.day, st.newToday = day, 0
		for _, w := range st.views {
			w.NewToday = 0
		}
	}
	st.newToday += n
	v.NewToday += n
}

func (st *state) snapshot(now time.Time) Snapshot {
	s := Snapshot{
		At:        now,
		Paused:    st.paused,
		LastCycle: st.lastCycle,
		NextCycle: st.nextCycle,
		NewToday:  st.newToday,
		Manual:    st.manual,
		Recent:    append([]Alert(nil), st.recent...),
	}
	if now.Local().Format(time.DateOnly) != st.day {
		s.NewToday = 0
	}
	for _, c := range st.settings.Searches {
		if v := st.views[c.URL]; v != nil {
			sv := *v
			switch {
			case st.paused || v.Paused:
				sv.Status = Paused
			case st.replying[c.URL] > 0 && (v.Status == Idle || v.Status == NewListings):
				// Only over a quiet state: a wall, its countdown or an
				// error says more than a reply waiting its turn (it
				// waits for that very wall).
				sv.Status = Replying
			}
			s.Searches = append(s.Searches, sv)
		}
	}
	s.Problem = st.settingsProblem
	s.Delivery = st.mail.delivery(now)
	s.Channels = st.out.views()
	s.Overall = overall(st.paused, s.Problem != "" || s.Delivery.Refused || s.Delivery.Failing, s.Searches)
	return s
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
