package engine

import (
	"time"

	"rentwatch/words"
)

// ReleaseIdle is how long the engine must have nothing to send before it
// lets the browser go (Deps.Release). A browser started again costs about
// half a second of CPU and looks to every site like a new visitor (a fresh
// process, its caches cold), while an idle one holds a few hundred MB for
// nothing. Two minutes keeps it through every ordinary wait (the interval
// between checks is 30 s to a minute or two, a host's gap seconds) and
// lets it go for the long ones: a pause, a rate limit or a refusal on
// every host (their first waits are five minutes and more), where the
// restart is well under 1 % of the time it saves.
const ReleaseIdle = 2 * time.Minute

// ReleaseWait bounds how long requests wait for a release under way: it
// stops Chrome (about a second); one that hangs must not stop the watching.
const ReleaseWait = 30 * time.Second

// releaseDue is the release policy: whether the browser, with nothing in
// flight, should go at now when the next request is due at next (zero:
// none is scheduled at all: paused until resumed, no search enabled).
func releaseDue(now, next time.Time) bool {
	return next.IsZero() || next.Sub(now) > ReleaseIdle
}

// maybeRelease lets the browser go, once per idle stretch (a request
// begun ends the stretch), when the next request is more than ReleaseIdle
// away; wake is dispatch's, the lanes' next free moment. Release runs on
// its own goroutine; no request begins until it returned (or ReleaseWait).
func (e *Engine) maybeRelease(now, wake time.Time) {
	if e.d.Release == nil || e.st.released || e.st.once || e.runCtx.Err() != nil {
		return
	}
	next, busy := e.nextRequest(now, wake)
	if busy || !releaseDue(now, next) {
		return
	}
	e.st.released, e.st.releaseUntil = true, now.Add(ReleaseWait)
	said := "nothing to check before " + words.Clock(next, now, e.d.Location) + ": the browser is closed until then"
	if next.IsZero() {
		said = "nothing to check for now: the browser is closed until the next check"
	}
	e.note(EventInfo, "", "", said)
	e.d.Log.Info("releasing the browser", "next", next)
	release := e.d.Release
	go func() {
		release()
		e.do(func() { e.st.releaseUntil = time.Time{} })
	}()
}

// nextRequest is when the engine will next send a request, as far as it
// knows at now (zero: none is scheduled); busy when one is under way or
// may come at any moment: a load or a check by hand open, a pass under
// way, a check asked for, a search just added, an auto-reply waiting.
func (e *Engine) nextRequest(now, wake time.Time) (next time.Time, busy bool) {
	st := &e.st
	if st.inflight > 0 || st.manual != "" || st.pass != nil || st.checkNow || len(st.added) > 0 {
		return time.Time{}, true
	}
	for _, n := range st.replying {
		if n > 0 {
			return time.Time{}, true
		}
	}
	for _, hs := range st.hosts {
		if len(hs.lane.queue) > 0 {
			if wake.IsZero() {
				return time.Time{}, true // waiting for a report
			}
			next = earliest(next, wake)
		}
	}
	if st.paused {
		if !st.pausedUntil.IsZero() {
			next = earliest(next, st.pausedUntil) // it checks at once then
		}
		return next, false
	}
	for _, c := range st.enabled() {
		hs := st.host(st.searches[c.URL].host)
		entry, blocked := st.registry.Get(st.searches[c.URL].host)
		at := later(st.nextCycle, now)
		switch {
		case hs.lane.closed:
			continue
		case hs.probe.forced && !blocked:
			at = now
		case blocked && entry.NextRetryAt.After(now):
			at = entry.NextRetryAt // its probe
		}
		next = earliest(next, at)
	}
	return next, false
}
