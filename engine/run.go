package engine

import (
	"context"
	"time"
)

// Run is the monitor goroutine: it runs a cycle every Interval (with
// jitter) until ctx ends, and serves commands in between and during
// cycles. It returns when ctx is done, after the cycle under way has
// stopped; nothing half-written is left behind, because a snapshot is
// written in one transaction or not at all.
func (e *Engine) Run(ctx context.Context) error {
	return e.run(ctx, false)
}

// RunOnce runs a single cycle (with its deliveries) and returns.
func (e *Engine) RunOnce(ctx context.Context) error {
	return e.run(ctx, true)
}

func (e *Engine) run(ctx context.Context, once bool) error {
	defer close(e.stopped)
	e.loadPending()
	if e.d.Replier != nil && !once {
		go e.replyWorker(ctx)
	}
	next := e.d.Clock.Now()
	for {
		if ctx.Err() != nil {
			return nil
		}
		now := e.d.Clock.Now()
		if e.runnable() && (e.st.checkNow || !now.Before(next)) {
			if e.st.checkNow {
				e.d.Log.Info("Checking now, as asked")
			}
			e.st.checkNow = false
			start := now
			e.cycle(ctx)
			if once {
				e.settle(ctx) // the cycle's sends, one try each
				return ctx.Err()
			}
			// The beat counts from when the cycle first heard back from a
			// site, not from when it began: the first cycle waits for
			// Chrome to start (seconds on a busy machine), and counted from
			// its beginning the next cycle came a few seconds after the
			// first one's loads, one page seen twice well within the
			// interval. (A cycle long for its many searches still follows
			// at once.)
			from := start
			if e.st.reached.After(start) {
				from = e.st.reached
			}
			next = from.Add(e.jittered(e.st.settings.Interval))
			e.st.nextCycle = next
			e.st.syncClocks()
			e.publish()
			continue
		}
		if e.runnable() && len(e.st.added) > 0 {
			e.addedCycle(ctx)
			continue
		}
		probeAt, probe := e.nextProbe()
		if e.runnable() && probe && !now.Before(probeAt) {
			e.probeCycle(ctx)
			continue
		}
		wait := time.Hour
		if e.runnable() {
			wait = max(next.Sub(now), 0)
			if probe {
				wait = min(wait, max(probeAt.Sub(now), 0))
			}
		}
		if at, ok := e.st.mail.lastsAt(); ok {
			// A lone failed delivery is shown once it has lasted, even
			// when the next cycle (and its try) is further away.
			if now.Before(at) {
				wait = min(wait, at.Sub(now))
			} else {
				e.st.mail.noticed = true
				e.publish()
			}
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case f := <-e.cmds:
			f()
		case <-t.C:
		}
		t.Stop()
	}
}

// nextProbe is when the first host standing us down may be asked again,
// among hosts with a search to check that were not yet probed for that
// wait. The probe goes in at that moment, not at the next cycle: a
// countdown that reaches zero and then sits there for half a minute is
// minutes of not looking, summed over a ladder.
func (e *Engine) nextProbe() (time.Time, bool) {
	var at time.Time
	for _, s := range e.st.enabled() {
		host := e.st.views[s.URL].Host
		entry, ok := e.st.registry.Get(host)
		if !ok || e.st.probedFor[host].Equal(entry.NextRetryAt) {
			continue
		}
		if at.IsZero() || entry.NextRetryAt.Before(at) {
			at = entry.NextRetryAt
		}
	}
	return at, !at.IsZero()
}

// runnable is false while the user has a manual check open: the visible
// window has the browser profile, and the user is dealing with the site.
func (e *Engine) runnable() bool { return e.st.manual == "" }

// jittered spreads the interval by ±10 %, so the cycle never repeats
// identically: a fixed beat for hours is a pattern a site can see.
func (e *Engine) jittered(d time.Duration) time.Duration {
	return time.Duration(float64(d) * (0.9 + 0.2*e.d.Rand.Float64()))
}

// applySettings takes edited settings; removed searches are forgotten by
// the store so that a search added back later starts with a new baseline.
func (e *Engine) applySettings(s Settings) {
	removed := e.st.setSearches(s)
	for _, url := range removed {
		if err := e.d.Store.ForgetSearch(url); err != nil {
			e.d.Log.Warn("forget removed search", "search", url, "err", err)
		}
	}
	e.st.settingsProblem = "" // (email problems are SetOutbox's to clear)
	// Only a new search is worth a check at once, and only it (st.added):
	// settings that did not change what is watched (the watcher's first
	// report, a new interval, a renamed search) must not send a second
	// burst of requests, nor must a search added a second after a cycle.
	e.st.syncClocks()
	e.publish()
}

// startManual opens the visible window in its own goroutine; the engine
// stays responsive and runs no cycle until the window has closed.
func (e *Engine) startManual(url string) {
	if e.d.Manual == nil || e.st.manual != "" {
		return
	}
	v := e.st.views[url]
	if v == nil {
		return
	}
	e.st.manual = url
	e.publish()
	host := v.Host
	go func() {
		err := e.d.Manual(context.Background(), url)
		e.do(func() { e.endManual(host, err) })
	}()
}

// endManual runs when the window closed: whatever the user did there, the
// host deserves one probe now rather than the rest of its wait.
func (e *Engine) endManual(host string, err error) {
	if err != nil {
		e.d.Log.Warn("manual check", "host", host, "err", err)
	}
	e.st.manual = ""
	e.st.registry.Clear(host)
	e.st.errors[host] = 0
	e.st.forceProbe[host] = true
	e.st.checkNow = true
	e.st.syncClocks()
	e.publish()
}

// loadPending reads the alerts a previous run found but could not deliver.
func (e *Engine) loadPending() {
	alerts, err := e.d.Store.Pending()
	if err != nil {
		e.d.Log.Error("read pending alerts", "err", err)
		return
	}
	for _, a := range alerts {
		e.st.pending[a.ListingID] = true
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
