package engine

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"time"

	"rentwatch/config"
)

// plan is what one pass will do, host by host.
type plan struct {
	due     []config.Search            // checked in the first pass
	probing map[string]bool            // hosts coming back from a wall: one search each
	held    map[string][]config.Search // the rest of a probing host's searches
	waiting int                        // searches whose host is still standing us down
}

// cycleKind says which searches a pass plans.
type cycleKind int

const (
	regular    cycleKind = iota // every search whose host lets us
	probesOnly                  // between two cycles: hosts whose wait just ended
	addedOnly                   // between two cycles: searches just added or enabled
)

// planCycle groups the enabled searches by host. A host with no entry
// sends all its searches; a host whose wait is over is probing and sends
// exactly one, the others held with the host's retry time; a host still
// waiting sends nothing, nor does a host the user is checking by hand.
//
// A probesOnly pass plans only the probes, and an addedOnly one only the
// searches just added (on hosts with no entry): a pass between two
// regular cycles sends nothing to the other searches, which keep their own
// schedule. A search a pass between two cycles checked less than fresh
// ago (a probe and its second pass, a search just added) waits for the
// next cycle: a page loaded twice within seconds is a pattern a site sees.
func (e *Engine) planCycle(kind cycleKind, fresh time.Duration) plan {
	now := e.d.Clock.Now()
	p := plan{probing: map[string]bool{}, held: map[string][]config.Search{}}
	byHost := map[string][]config.Search{}
	var hosts []string
	for _, s := range e.st.enabled() {
		if kind == addedOnly && !e.st.added[s.URL] || e.underWay(s.URL) {
			continue // (under way: a check of a pass that was let go)
		}
		h := e.st.searches[s.URL].host
		if _, ok := byHost[h]; !ok {
			hosts = append(hosts, h)
		}
		byHost[h] = append(byHost[h], s)
	}
	sort.Strings(hosts) // the shuffle decides the order, not the map
	for _, h := range hosts {
		list, hs := byHost[h], e.st.host(h)
		if hs.lane.closed {
			p.waiting += len(list) // checked by hand: not a request from us until the window closes
			continue
		}
		entry, blocked := e.st.registry.Get(h)
		switch call := hs.probe.call(entry, blocked, now); {
		case call == sendAll && !hs.probe.forced:
			if kind == probesOnly {
				break
			}
			for _, s := range list {
				if off := e.st.searches[s.URL].offCycle; off.IsZero() || now.Sub(off) >= fresh {
					p.due = append(p.due, s)
				}
			}
		case kind == addedOnly:
			// Its probe goes in at its own time.
		case call == sendAll, call == sendOne:
			one, held := hs.probe.pick(list, entry)
			p.probing[h] = true
			p.due = append(p.due, one)
			p.held[h] = held
		default:
			p.waiting += len(list)
		}
	}
	return p
}

// pass is the plan under way. A host whose probe comes back clean has its
// held searches checked in the same pass, at once (releaseHeld); a host
// whose probe falls due while the pass runs (its wait ended, or the user
// closed the window of a check by hand) joins it (joinProbes).
type pass struct {
	kind    cycleKind
	plan    plan
	left    int // checks queued or under way
	started time.Time
}

// startPass begins the pass that is due, if none is under way: a regular
// cycle (due, or asked for), the searches just added, or the probes of
// hosts whose wait ended.
func (e *Engine) startPass(ctx context.Context) {
	if !e.mayStartPass(ctx) {
		return
	}
	now := e.d.Clock.Now()
	var kind cycleKind
	var fresh time.Duration // searches checked this recently wait (not when asked)
	probeAt, probe := e.nextProbe()
	switch {
	case e.st.checkNow || !now.Before(e.st.nextCycle):
		if e.st.checkNow {
			e.d.Log.Info("Checking now, as asked")
		} else {
			fresh = e.st.settings.Interval / 2
		}
		e.st.checkNow = false
		e.st.lastCycle, e.st.reached = now, time.Time{}
		kind = regular
	case len(e.st.added) > 0:
		kind = addedOnly
	case probe && !now.Before(probeAt):
		kind = probesOnly
	default:
		return
	}
	if e.diskFull(e.d.Store.Room()) {
		return // what it found could not be kept: it waits for room
	}
	p := e.planCycle(kind, fresh)
	if kind != probesOnly {
		clear(e.st.added) // they are in this pass
	}
	e.d.Log.Debug("cycle", "due", len(p.due), "probing", len(p.probing), "waiting", p.waiting)
	e.st.pass = &pass{kind: kind, plan: p, started: now}
	// Vary the order: the same sequence every 30 seconds for hours is a
	// pattern in its own right, and it would make the last search always
	// the last to hear any news.
	e.queueChecks(ctx, e.shuffled(p.due))
}

// mayStartPass is false while a pass is under way, while we stop, and
// while the disk is full (disk.go).
func (e *Engine) mayStartPass(ctx context.Context) bool {
	return e.st.pass == nil && ctx.Err() == nil && !e.st.disk.full
}

// queueChecks puts the searches in their hosts' lanes for the pass under
// way.
func (e *Engine) queueChecks(ctx context.Context, list []config.Search) {
	n := 0
	for _, s := range list {
		if v := e.st.searches[s.URL]; v != nil {
			e.enqueue(visit{kind: checkVisit, host: v.host, search: s, url: s.URL, pass: e.st.pass})
			n++
		}
	}
	e.st.pass.left += n
	if n == 0 {
		e.passLeft(ctx, 0)
	}
}

// passLeft counts n checks of the pass as done (judged, or dropped); the
// last one ends the pass.
func (e *Engine) passLeft(ctx context.Context, n int) {
	p := e.st.pass
	if p == nil {
		return
	}
	if p.left -= n; p.left > 0 {
		return
	}
	e.endPass(ctx)
}

// releaseHeld checks the searches the probe of host h held, now that the
// probe came back with a page: the host serves us again, so the rest of
// its searches go in at once, in this pass, instead of at the next cycle.
func (e *Engine) releaseHeld(ctx context.Context, h string) {
	p := e.st.pass
	if p == nil || !p.plan.probing[h] || ctx.Err() != nil {
		return
	}
	hs := e.st.host(h)
	if _, still := e.st.registry.Get(h); still || hs.errors > 0 || hs.lane.closed {
		return
	}
	held := p.plan.held[h]
	delete(p.plan.probing, h)
	delete(p.plan.held, h)
	if len(held) == 0 {
		return
	}
	e.note(EventWall, "", h, fmt.Sprintf("recovered: checking its %d other search(es) now", len(held)))
	e.d.Log.Info(fmt.Sprintf("Recovered 1 site(s), checking %d held search(es)", len(held)))
	e.queueChecks(ctx, e.shuffled(held))
}

// joinProbes puts into the pass under way the probe of every host whose
// probe is due now: its wait just ended, or the user just closed the
// window of a check by hand and said "check it now". A pass of a dozen
// searches on another site takes a minute; a probe that waited for it to
// end was a minute of not looking, and after a check by hand a minute of
// the user wondering whether it worked.
func (e *Engine) joinProbes(ctx context.Context) {
	p := e.st.pass
	if p == nil || ctx.Err() != nil || e.st.disk.full || e.st.paused {
		return
	}
	now := e.d.Clock.Now()
	byHost := map[string][]config.Search{}
	for _, s := range e.st.enabled() {
		h := e.st.searches[s.URL].host
		byHost[h] = append(byHost[h], s)
	}
	for _, h := range slices.Sorted(maps.Keys(byHost)) {
		hs := e.st.host(h)
		if hs.lane.closed || p.plan.probing[h] {
			continue
		}
		entry, blocked := e.st.registry.Get(h)
		if at, due := hs.probe.due(entry, blocked, now); !due || now.Before(at) {
			continue
		}
		one, held := hs.probe.pick(byHost[h], entry)
		p.plan.probing[h], p.plan.held[h] = true, held
		e.d.Log.Debug("a probe joins the pass under way", "host", h)
		e.queueChecks(ctx, []config.Search{one})
	}
}

// endPass delivers what the pass found and, after a regular cycle, sets
// the next one.
func (e *Engine) endPass(ctx context.Context) { e.closePass(ctx, false) }

// closePass ends the pass under way: all its checks judged, or (lateOnes)
// let go with some still under way (letGo).
func (e *Engine) closePass(ctx context.Context, lateOnes bool) {
	p := e.st.pass
	e.st.pass = nil
	if ctx.Err() != nil {
		e.publish()
		return
	}
	e.deliver(ctx)
	if p.kind == regular {
		e.st.cycles++
		e.st.nextCycle = e.nextCycleAfter(p.started, e.d.Clock.Now(), !lateOnes)
	}
	e.afterGrace(e.d.Clock.Now())
	e.publish()
}

// nextCycleAfter is when the cycle after one that began at start and ended
// at now begins: an interval (with jitter) after the cycle first heard back
// from a site, not after it began: the first cycle waits for Chrome to
// start (seconds on a busy machine), and counted from its beginning the
// next cycle came a few seconds after the first one's loads, one page seen
// twice well within the interval. When the searches do not fit in the
// interval at all, the next cycle starts when this one ended, never on top
// of it: each host's lane keeps its gap whatever the cycle.
//
// A pass let go while a slow host's check was still under way (letGo)
// says so itself: warn is false then.
func (e *Engine) nextCycleAfter(start, now time.Time, warn bool) time.Time {
	from := start
	if e.st.reached.After(start) {
		from = e.st.reached
	}
	next := from.Add(e.jittered(e.st.settings.Interval))
	if !next.After(now) && !e.st.overrun && warn {
		e.st.overrun = true // said once (again after a change of settings)
		e.d.Log.Warn(fmt.Sprintf("Checking every search took %v, longer than the interval (%v): each cycle starts when the last one ends",
			now.Sub(start).Round(time.Second), e.st.settings.Interval))
	}
	return next
}

// shuffled returns the searches in a random order; the input is not changed.
func (e *Engine) shuffled(list []config.Search) []config.Search {
	out := slices.Clone(list)
	e.d.Rand.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// nextProbe is when the first host standing us down may be asked again,
// among hosts with a search to check that were not yet probed for that
// wait (or at once, for a host just checked by hand). The probe goes in at
// that moment, not at the next cycle: a countdown that reaches zero and
// then sits there for half a minute is minutes of not looking, summed over
// a ladder.
func (e *Engine) nextProbe() (time.Time, bool) {
	now := e.d.Clock.Now()
	var at time.Time
	for _, s := range e.st.enabled() {
		h := e.st.searches[s.URL].host
		hs := e.st.host(h)
		if hs.lane.closed {
			continue
		}
		entry, blocked := e.st.registry.Get(h)
		if due, ok := hs.probe.due(entry, blocked, now); ok {
			at = earliest(at, due)
		}
	}
	return at, !at.IsZero()
}
