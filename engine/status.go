package engine

import (
	"slices"
	"time"

	"rentwatch/blocks"
)

// searchState is what the engine knows of one search: facts only. Its
// Status, its wall and its clocks are not kept but derived, when a
// snapshot is taken, from these facts and its host's entry (statusOf and
// view), so no two places can disagree on them.
type searchState struct {
	name, url, host string
	paused          bool // by the user, or turned off in the settings
	checking        bool // its page is loading now
	last            finding
	// problem is what went wrong at the last check, in words, when last is
	// failed or softBlock; "" otherwise.
	problem string
	// pickLost: the last check's soft block is the list the user picked
	// in the preview gone from the page.
	pickLost bool
	// pick is the list its snapshot in the store was taken of: the user's
	// pick ("" for the readers' choice) as of its last clean check. A
	// check of another pick starts a new baseline.
	pick      string
	lastCheck time.Time
	offCycle  time.Time // its last check by a pass between two cycles (a probe, a second pass, just added)
	listings  int       // on the page at the last clean check
	cut       int       // listings the page showed past the readers' cap at the last clean check (logged when it changes)
	newToday  int
	// delays are its latest times to alert (first sighting to delivery),
	// oldest first, at most DelaysKept.
	delays []time.Duration
	// checks are when its latest checks finished, oldest first, at most
	// ChecksKept.
	checks []time.Time
}

// finding is what a search's last finished check found.
type finding int

const (
	notChecked finding = iota // not checked since the app started
	nothingNew                // a clean page, nothing new (or the baseline)
	foundNew                  // new listings, alerted or waiting for delivery
	softBlock                 // a clean page without the listings it should show
	failed                    // the page did not load, was not there, or was not saved
	walledIn                  // its host put up a wall
)

// found records what the last check found, with its problem in words.
func (s *searchState) found(f finding, problem string) {
	s.last, s.problem, s.pickLost = f, problem, false
}

// searchFacts is what statusOf looks at, beside the host's entry.
type searchFacts struct {
	paused   bool // the search, or everything
	checking bool
	replying bool // an auto-reply for one of its listings waits or runs
	last     finding
}

// statusOf is a search's status: a pure function of what is known of the
// search and of its host's entry (blocked: the host has one), and the one
// place a Status is decided. The most telling state wins: a wall says more
// than a reply waiting its turn (it waits for that very wall), and the
// user's pause more than anything.
func statusOf(f searchFacts, entry blocks.Entry, blocked bool) Status {
	switch {
	case f.paused:
		return Paused
	case f.checking:
		return Checking
	case blocked && entry.Kind != blocks.Error:
		return Waiting
	case f.replying && (f.last == nothingNew || f.last == foundNew):
		return Replying
	}
	switch f.last {
	case nothingNew, walledIn: // walledIn: the wall has come down since
		return Idle
	case foundNew:
		return NewListings
	case softBlock:
		return SoftBlock
	case failed:
		return Failing
	}
	return Pending
}

// view is the search as a snapshot shows it at now. Every search on one
// host shows the host's wall and the same countdown: only the probe learns
// the host's new wait first hand, and a countdown that has quietly expired
// with nothing happening is worse than no countdown at all.
func (st *state) view(s *searchState, now time.Time) SearchView {
	entry, blocked := st.registry.Get(s.host)
	f := searchFacts{paused: st.paused || s.paused, checking: s.checking,
		replying: st.replying[s.url] > 0, last: s.last}
	v := SearchView{
		Name: s.name, URL: s.url, Host: s.host,
		Status:    statusOf(f, entry, blocked),
		LastCheck: s.lastCheck, NextCheck: st.nextCycle,
		Listings: s.listings, NewToday: s.newToday,
		LastError: s.problem,
		PickLost:  s.pickLost,
		Paused:    s.paused,
		Delays:    slices.Clone(s.delays),
		Delay:     TypicalDelay(s.delays),
		Every:     CheckedEvery(s.checks),
	}
	if st.today(now) != st.day {
		v.NewToday = 0
	}
	if !blocked {
		return v
	}
	v.Wall, v.Until = entry.Kind, entry.NextRetryAt
	v.NextCheck = later(entry.NextRetryAt, st.nextCycle)
	if entry.Kind != blocks.Error {
		if hs := st.hosts[s.host]; hs != nil {
			v.Vendor = hs.vendor
		}
		v.NeedsUser = needsUser(entry.Kind)
		v.LastError = describeWall(v.Vendor, entry.Kind)
	}
	return v
}
