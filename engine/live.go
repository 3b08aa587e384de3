package engine

import (
	"slices"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
)

// state is the engine's live state. Only the goroutine running Engine.Run
// touches it; the world sees it through Snapshots.
type state struct {
	settings Settings
	searches map[string]*searchState // by search URL
	registry *blocks.Registry
	hosts    map[string]*hostState // lanes, probes and error runs, by host

	pass     *pass // the pass under way; nil between passes
	seq      int   // visits queued so far (their order across lanes)
	inflight int   // requests under way, across lanes

	pending map[string]bool // listing ids queued for delivery

	recent          []Told
	leftOut         []LeftOut // newest first, at most LeftOutMax
	paused          bool
	pausedUntil     time.Time       // when a pause of everything ends by itself; zero: until resumed
	checkNow        bool            // the user asked: a regular cycle at once
	added           map[string]bool // searches added or enabled since the last cycle: checked at once
	settingsProblem string
	disk            diskTrouble     // no room on the store's disk (disk.go)
	wake            wakeWatch       // sleeps and clock jumps (wake.go)
	mail            mailTrouble     // the channel trouble the tray shows (deliver.go)
	out             couriers        // every delivery channel's state (deliver.go)
	manual          string          // the search URL open in the window for a check by hand
	manualEpoch     int             // windows opened and closed so far
	manualClosed    chan struct{}   // closed when the window of the check by hand closes
	manualReminder  string          // the key of its reminder to close it (withdrawn once closed)
	told            map[string]bool // Notice keys told
	mayWait         map[string]bool // Notice keys that may wait for the next email
	lastCycle       time.Time
	reached         time.Time // when the cycle under way first heard back from a site
	nextCycle       time.Time
	cycles          int    // regular cycles done
	overrun         bool   // a cycle did not fit in the interval (said once in the log, again after new settings)
	day             string // the user's date NewToday counts for (today)
	newToday        int
	replying        map[string]int // replies waiting or under way, by search URL
	replyRuns       int            // reply goroutines under way (reply.go): Run waits for them
	once            bool           // RunOnce: one cycle and its sends
	// released is true while the browser has had no request since it was
	// let go (or since the start: nothing to let go); releaseUntil holds
	// requests back while a release is under way (release.go).
	released     bool
	releaseUntil time.Time
	// loc is the user's time zone (Deps.Location): where a day ends; nil
	// means time.Local.
	loc *time.Location
	// awake is SetAwake's words: the computer is kept awake.
	awake string
}

func newState(s Settings) state {
	st := state{
		searches: map[string]*searchState{},
		registry: blocks.NewRegistry(),
		hosts:    map[string]*hostState{},
		added:    map[string]bool{},
		pending:  map[string]bool{},
		replying: map[string]int{},
		told:     map[string]bool{},
		mayWait:  map[string]bool{},
		released: true,
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
		v, ok := st.searches[c.URL]
		if !ok {
			// its snapshot, if the store has one, is of its pick as saved
			v = &searchState{url: c.URL, host: blocks.HostKey(c.URL), pick: c.Pick}
			st.searches[c.URL] = v
		}
		if c.Enabled && (!ok || v.paused) {
			st.added[c.URL] = true
		}
		v.name = c.Name
		v.paused = !c.Enabled // the settings file is the truth for each search
	}
	for url := range st.searches {
		if !keep[url] {
			delete(st.searches, url)
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
		if v := st.searches[c.URL]; c.Enabled && v != nil && !v.paused && !st.paused {
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
				if v := st.searches[c.URL]; v != nil && c.Enabled {
					v.paused = false
				}
			}
		}
		return
	}
	if v := st.searches[url]; v != nil {
		v.paused = paused
	}
}

// today is the user's date at now: what NewToday counts for.
func (st *state) today(now time.Time) string {
	loc := st.loc
	if loc == nil {
		loc = time.Local
	}
	return now.In(loc).Format(time.DateOnly)
}

// countNew adds n to today's count, starting a new count on a new day.
func (st *state) countNew(now time.Time, v *searchState, n int) {
	day := st.today(now)
	if day != st.day {
		st.day, st.newToday = day, 0
		for _, w := range st.searches {
			w.newToday = 0
		}
	}
	st.newToday += n
	v.newToday += n
}

func (st *state) snapshot(now time.Time) Snapshot {
	s := Snapshot{
		At:          now,
		Paused:      st.paused,
		PausedUntil: st.pausedUntil,
		LastCycle:   st.lastCycle,
		NextCycle:   st.nextCycle,
		NewToday:    st.newToday,
		Manual:      st.manual,
		Recent:      append([]Told(nil), st.recent...),
		LeftOut:     slices.Clone(st.leftOut),
	}
	if st.today(now) != st.day {
		s.NewToday = 0
	}
	for _, c := range st.settings.Searches {
		if v := st.searches[c.URL]; v != nil {
			s.Searches = append(s.Searches, st.view(v, now))
		}
	}
	for h, hs := range st.hosts {
		if walls := recentWalls(hs.walls, now); len(walls) > 0 {
			if s.Walls == nil {
				s.Walls = map[string][]Wall{}
			}
			s.Walls[h] = slices.Clone(walls)
		}
	}
	s.Back = st.backs(now)
	s.Problem = st.settingsProblem
	s.Awake = st.awake
	if s.Problem == "" {
		s.Problem = st.disk.problem()
	}
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
