package engine

import (
	"context"
	"fmt"
	"rentwatch/words"
	"time"
)

// Sleep and clock jumps. A computer's timers run on a clock that stands
// still while it sleeps (the monotonic clock), so a timer set for the next
// cycle, or for the end of "pause until tomorrow", fires as late as the
// sleep was long. The engine keeps every deadline (a pause's end, a host's
// retry time, a Retry-After date, the next cycle) on the wall clock
// (Clock.Now has no monotonic reading), never sleeps longer than WakeCheck
// at a time, and after each wait compares how far each clock moved: a gap
// is a sleep (or the clock set), and the engine checks at once. The
// network takes a few seconds to come back after a wake: a load that fails
// within WakeGrace of one is not the host's fault and is tried again when
// the grace ends.

const (
	// WakeCheck is the longest the run loop sleeps: after a wake it
	// notices within this much. Each look costs the runtime a few thread
	// wakeups (docs/BENCHMARKS.md, "The app between cycles"), and most
	// waits between cycles are shorter anyway.
	WakeCheck = 10 * time.Second
	// WakeJump is how much further one clock must move than the other
	// between two looks to count as a sleep or a clock set; less is
	// drift and slewing.
	WakeJump = 5 * time.Second
	// WakeGrace is how long after a wake a failed load is the network
	// coming back, not a host error.
	WakeGrace = 30 * time.Second
)

// slept is how much further the wall clock moved than the monotonic one
// between two looks, (prevWall, prevMono) and (wall, mono): the length of
// a sleep, or a clock set forward (negative: set back). It is pure.
func slept(prevWall, wall time.Time, prevMono, mono time.Duration) time.Duration {
	return wall.Sub(prevWall) - (mono - prevMono)
}

// wakeWatch notices sleeps and clock jumps between the run loop's looks.
type wakeWatch struct {
	wall   time.Time     // the last look; zero before the first
	mono   time.Duration // the monotonic clock at the last look
	woke   time.Time     // the last wake (wall clock); zero: none
	missed bool          // a load failed in the grace: check again when it ends
}

// look takes the clocks at a look and returns the jump since the last one
// (WakeJump or more either way); zero when there was none.
func (w *wakeWatch) look(wall time.Time, mono time.Duration) time.Duration {
	prevWall, prevMono := w.wall, w.mono
	w.wall, w.mono = wall, mono
	if prevWall.IsZero() {
		return 0
	}
	if jump := slept(prevWall, wall, prevMono, mono); jump >= WakeJump || jump <= -WakeJump {
		w.woke = wall
		return jump
	}
	return 0
}

// inGrace says whether now is within WakeGrace after the last wake.
func (w wakeWatch) inGrace(now time.Time) bool {
	return !w.woke.IsZero() && !now.Before(w.woke) && now.Sub(w.woke) < WakeGrace
}

// noticeJump looks at the clocks; after a sleep or a clock jump the
// engine checks at once, sends what became due meanwhile, and lets no
// host's gap stretch over the jump. Deadlines on the wall clock stand:
// a host told to wait until 9:00 waits until 9:00, however long the
// computer slept.
func (e *Engine) noticeJump(ctx context.Context) {
	now := e.d.Clock.Now()
	jump := e.st.wake.look(now, e.d.Clock.Monotonic())
	if jump == 0 {
		return
	}
	said := fmt.Sprintf("the computer woke up after %s: checking now", words.Duration(jump))
	if jump < 0 {
		said = fmt.Sprintf("the clock was set back by %s: checking now", words.Duration(-jump))
	}
	e.d.Log.Info(said)
	e.note(EventInfo, "", "", said)
	for _, hs := range e.st.hosts {
		// A gap is a few seconds from the last request, not a deadline:
		// a clock set back must not hold a host's lane for the jump.
		hs.lane.free = earliest(hs.lane.free, now.Add(e.d.GapMax))
	}
	if !e.st.paused { // (a pause whose end went by ends at once: run)
		e.st.checkNow = true
	}
	e.deliver(ctx)
	e.publish()
}

// missedInGrace takes a load that failed within the grace after a wake:
// nothing counts against its host, and the search is checked again when
// the grace ends. It says whether the load was in the grace.
func (e *Engine) missedInGrace(s *searchState, host string, err error, now time.Time) bool {
	if err == nil || !e.st.wake.inGrace(now) {
		return false // a server's answer (5xx) is no network coming back
	}
	e.st.wake.missed = true
	s.found(failed, "the network was not back yet after the computer woke up: checking again in a moment")
	e.note(EventFailure, s.name, host, "did not load just after a wake ("+err.Error()+"): not counted, checked again in a moment")
	return true
}

// afterGrace moves the next cycle to the end of the grace when a load
// failed in it, so the searches it missed are checked as soon as the
// network is back, not an interval later.
func (e *Engine) afterGrace(now time.Time) {
	if !e.st.wake.missed {
		return
	}
	e.st.wake.missed = false
	e.st.nextCycle = earliest(e.st.nextCycle, later(e.st.wake.woke.Add(WakeGrace), now))
}
