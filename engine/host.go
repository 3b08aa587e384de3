package engine

import (
	"slices"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
)

// hostState is what the engine keeps of one host beside its entry in the
// registry (blocks/ owns the ladders and the waits): the lane its requests
// go through, its probe, and its run of hard errors.
type hostState struct {
	lane  lane
	probe probe
	// errors is the run of consecutive hard errors; only the ErrorGrace-th
	// makes the host wait.
	errors int
	// vendor is who put up the host's latest wall, when known.
	vendor string
	// walls are the walls of the last WallHistory, oldest first.
	walls []Wall
}

// WallHistory is how far back a host's walls are kept for the window's
// timeline.
const WallHistory = 24 * time.Hour

// wall adds one to the host's history and forgets those too old.
func (hs *hostState) wall(w Wall) {
	hs.walls = append(hs.walls, w)
	hs.walls = recentWalls(hs.walls, w.At)
}

// recentWalls is the walls of the last WallHistory before now.
func recentWalls(walls []Wall, now time.Time) []Wall {
	i := 0
	for i < len(walls) && now.Sub(walls[i].At) > WallHistory {
		i++
	}
	return walls[i:]
}

// host returns the state of host h, made on first use.
func (st *state) host(h string) *hostState {
	hs := st.hosts[h]
	if hs == nil {
		hs = &hostState{}
		st.hosts[h] = hs
	}
	return hs
}

// probe is a host's probe bookkeeping. A host whose wait is over sends one
// search, not all of them; which one rotates from episode to episode, so a
// search that happens to trip the wall does not keep the others out.
type probe struct {
	turn int // which of the host's searches probes next
	// forced is set when the user closed the window of a check by hand:
	// the host gets one probe at once, whatever its wait said.
	forced bool
	// after is the wait (the entry's NextRetryAt) the host was last probed
	// after; a wait is probed once.
	after time.Time
}

// probeCall is what a host's probe says a plan should do with it.
type probeCall int

const (
	sendAll  probeCall = iota // no wall: every search goes in
	sendOne                   // coming back from a wall, or from a check by hand: one search probes
	sendNone                  // still standing us down
)

// call decides for a host with its registry entry (blocked: it has one).
func (p probe) call(entry blocks.Entry, blocked bool, now time.Time) probeCall {
	switch {
	case p.forced && !blocked:
		return sendOne // the user just passed the site's check by hand
	case !blocked:
		return sendAll
	case !now.Before(entry.NextRetryAt):
		return sendOne // the wait is over
	}
	return sendNone
}

// pick takes the search whose turn it is to probe, and holds the others
// until the probe comes back clean. It moves the turn on and ends a forced
// probe.
func (p *probe) pick(list []config.Search, entry blocks.Entry) (probe config.Search, held []config.Search) {
	i := p.turn % len(list)
	p.turn++
	p.after = entry.NextRetryAt
	p.forced = false
	return list[i], append(slices.Clone(list[:i]), list[i+1:]...)
}

// due is when the host's next probe may go in, and whether one is coming:
// at once when forced, else when a wait it was not yet probed after ends.
func (p probe) due(entry blocks.Entry, blocked bool, now time.Time) (time.Time, bool) {
	switch {
	case p.forced && !blocked:
		return now, true
	case blocked && !p.after.Equal(entry.NextRetryAt):
		return entry.NextRetryAt, true
	}
	return time.Time{}, false
}
