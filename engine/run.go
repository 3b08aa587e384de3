package engine

import (
	"context"
	"fmt"
	"time"

	"rentwatch/words"
)

// Run is the monitor goroutine: it runs a cycle every Interval (with
// jitter) until ctx ends, sends probes when waits end, and serves commands
// and previews in between and during cycles; every request goes through
// its host's lane. It returns when ctx is done, after the requests under
// way have ended; nothing half-written is left behind, because a snapshot
// is written in one transaction or not at all.
func (e *Engine) Run(ctx context.Context) error {
	return e.run(ctx, false)
}

// RunOnce runs a single cycle (with its deliveries) and returns.
func (e *Engine) RunOnce(ctx context.Context) error {
	return e.run(ctx, true)
}

func (e *Engine) run(ctx context.Context, once bool) error {
	defer close(e.stopped)
	e.runCtx = ctx
	e.st.once = once
	e.loadPending()
	e.loadDelays()
	e.loadEpisodes()
	e.publish()
	e.resumeReplies(ctx)
	for {
		e.noticeJump(ctx)
		if once && e.st.cycles > 0 && !e.sending() {
			return nil // the cycle and its sends, one try each
		}
		if until := e.st.pausedUntil; e.st.paused && !until.IsZero() && !e.d.Clock.Now().Before(until) {
			e.resumeAll("the pause ended")
		}
		e.askRoom(ctx, e.d.Clock.Now())
		if once && e.st.disk.full {
			return e.st.disk.err // one cycle cannot wait for room
		}
		if !once {
			e.letGo(ctx) // a slow host holds no other back (slow.go)
		}
		e.startPass(ctx)
		e.joinProbes(ctx)
		wake := e.dispatch(ctx)
		e.maybeRelease(e.d.Clock.Now(), wake)
		// Stopping waits for the loads and sends under way: the stop cuts
		// loads short at once and sends after SendGrace, so a send the
		// server took is recorded, not sent again.
		if ctx.Err() != nil && e.st.inflight == 0 && !e.sending() && e.st.replyRuns == 0 {
			if once {
				return ctx.Err()
			}
			return nil
		}
		e.wait(ctx, wake)
	}
}

// wait sleeps until the next thing to do: a report, a command, the next
// pass, a lane's gap (wake), or a failed delivery that has lasted.
func (e *Engine) wait(ctx context.Context, wake time.Time) {
	now := e.d.Clock.Now()
	at := wake
	if e.mayStartPass(ctx) {
		at = earliest(at, later(e.st.nextCycle, now))
	}
	// A probe goes in when due: in a pass of its own, or in the one under
	// way (joinProbes).
	joinable := e.st.pass != nil && ctx.Err() == nil && !e.st.disk.full && !e.st.paused
	if e.mayStartPass(ctx) || joinable {
		if probeAt, ok := e.nextProbe(); ok {
			at = earliest(at, later(probeAt, now))
		}
	} else if letGo, ok := e.letGoAt(); ok && ctx.Err() == nil {
		at = earliest(at, later(letGo, now))
	}
	if e.st.paused && !e.st.pausedUntil.IsZero() {
		at = earliest(at, e.st.pausedUntil)
	}
	if e.st.disk.full {
		at = earliest(at, e.st.disk.retryAt)
	}
	if t, ok := e.st.mail.lastsAt(); ok {
		// A lone failed delivery is shown once it has lasted, even when
		// the next cycle (and its try) is further away.
		if now.Before(t) {
			at = earliest(at, t)
		} else {
			e.st.mail.noticed = true
			e.publish()
		}
	}
	// Never longer than WakeCheck: the timer runs on the monotonic
	// clock, which stands still while the computer sleeps (wake.go).
	wait := WakeCheck
	if !at.IsZero() {
		wait = min(max(at.Sub(now), 0), WakeCheck)
	}
	stop := ctx.Done()
	if ctx.Err() != nil {
		stop = nil // already stopping: only wait for the requests under way
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case r := <-e.reports:
		e.noticeJump(ctx) // a load cut by a sleep is judged as one
		e.finish(ctx, r)
	case <-e.kick:
		if f := e.nextCommand(); f != nil {
			f()
		}
	case <-t.C:
	case <-stop:
	}
}

// jittered spreads the interval by ±10 %, so the cycle never repeats
// identically: a fixed beat for hours is a pattern a site can see.
func (e *Engine) jittered(d time.Duration) time.Duration {
	return time.Duration(float64(d) * (0.9 + 0.2*e.d.Rand.Float64()))
}

// pauseAll pauses every search until t (zero: until resumed).
func (e *Engine) pauseAll(t time.Time) {
	e.st.setPaused("", true)
	e.st.pausedUntil = t
	said := "paused until you resume"
	if !t.IsZero() {
		said = "paused until " + words.Clock(t, e.d.Clock.Now(), e.d.Location)
	}
	e.note(EventInfo, "", "", said)
	e.publish()
}

// resumeAll ends a pause of everything; the resumed app checks at once.
func (e *Engine) resumeAll(why string) {
	e.st.setPaused("", false)
	e.st.pausedUntil = time.Time{}
	e.st.checkNow = true
	e.note(EventInfo, "", "", why+": checking again")
	e.publish()
}

// applySettings takes edited settings; removed searches are forgotten by
// the store so that a search added back later starts with a new baseline.
func (e *Engine) applySettings(s Settings) {
	before := len(e.st.searches)
	if s.Interval != e.st.settings.Interval || len(s.Searches) != before {
		e.st.overrun = false // whether they fit is a new question
	}
	removed := e.st.setSearches(s)
	e.endUnwatchedEpisodes()
	added := len(e.st.searches) + len(removed) - before
	e.note(EventInfo, "", "", fmt.Sprintf("settings applied: %s, %d new, %d removed", words.Plural(len(e.st.searches), "search", "searches"), added, len(removed)))
	for _, url := range removed {
		if err := e.d.Store.ForgetSearch(url); err != nil && !e.diskFull(err) {
			e.d.Log.Warn("forget removed search", "search", url, "err", err)
		}
	}
	e.st.settingsProblem = "" // (email problems are SetOutbox's to clear)
	// Only a new search is worth a check at once, and only it (st.added):
	// settings that did not change what is watched (the watcher's first
	// report, a new interval, a renamed search) must not send a second
	// burst of requests, nor must a search added a second after a cycle.
	e.publish()
}

// startManual opens the visible window in its own goroutine. Only the
// host being checked by hand stands still while it is open: its lane is
// closed (no check, no probe, no reply from the watcher), and every other
// host is checked on its schedule, with the same rules. A window left open
// past ManualReminder gets one reminder to close it.
func (e *Engine) startManual(url string, open func(ctx context.Context, url string) error) {
	if open == nil || e.st.manual != "" {
		return
	}
	v := e.st.searches[url]
	if v == nil {
		return
	}
	e.st.manual = url
	e.st.manualEpoch++
	e.note(EventInfo, v.name, v.host, "opened for a check by hand; the other sites are still watched")
	host := v.host
	l := &e.st.host(host).lane
	l.closed = true
	dropped := l.drop(func(v visit) bool { return v.kind == checkVisit })
	if p := e.st.pass; p != nil {
		delete(p.plan.probing, host)
	}
	closed := make(chan struct{})
	e.st.manualClosed = closed
	e.publish()
	go func() {
		err := open(context.Background(), url)
		e.do(func() { e.endManual(host, err) })
	}()
	reminder := e.manualReminder(v, e.d.Clock.Now())
	e.st.manualReminder = reminder.Key
	go func() {
		t := time.NewTimer(ManualReminder)
		defer t.Stop()
		select {
		case <-t.C:
			e.do(func() { e.tell(reminder) })
		case <-closed:
		case <-e.stopped:
		}
	}()
	e.passLeft(e.runCtx, len(dropped))
}

// endManual runs when the window closed: whatever the user did there, the
// host deserves one probe now rather than the rest of its wait.
func (e *Engine) endManual(host string, err error) {
	if err != nil {
		e.d.Log.Warn("manual check", "host", host, "err", err)
	}
	search := e.st.manual
	e.st.manual = ""
	e.st.manualEpoch++
	name := ""
	if s := e.st.searches[search]; s != nil {
		name = s.name
	}
	e.note(EventInfo, name, host, "the window of the check by hand closed: one probe goes in now")
	if e.st.manualClosed != nil {
		close(e.st.manualClosed)
		e.st.manualClosed = nil
	}
	if e.d.Notices != nil && e.st.manualReminder != "" {
		// Told or not, "close the window" is moot now: a channel still
		// holding it (an email waiting for listings, a push retrying)
		// must not tell it after the window closed.
		e.d.Notices.Withdraw(e.st.manualReminder)
	}
	e.st.manualReminder = ""
	hs := e.st.host(host)
	hs.lane.closed = false
	// Not clearHost: the site has not served us yet. Its episode ends
	// with the probe's clean page, not with the window, so a check by
	// hand that did not work is not told as a new episode.
	e.liftWall(host)
	hs.probe.forced = true // (the other hosts kept their schedule)
	e.publish()
}

// loadPending reads the alerts a previous run found but could not deliver.
func (e *Engine) loadPending() {
	alerts, err := e.d.Store.Pending()
	if e.diskFull(err) {
		e.st.disk.unread = true // read when there is room (disk.go)
		return
	}
	if err != nil {
		e.d.Log.Error("read pending alerts", "err", err)
		return
	}
	for _, a := range alerts {
		e.st.pending[a.ID] = true
	}
}

// sleep waits d or until ctx ends; it reports whether the full wait passed.
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// between draws a duration in [lo, hi).
func (e *Engine) between(lo, hi time.Duration) time.Duration {
	if hi <= lo {
		return lo
	}
	return lo + time.Duration(e.d.Rand.Int64N(int64(hi-lo)))
}
