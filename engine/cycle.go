package engine

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"rentwatch/config"
	"rentwatch/pages"
)

// plan is what one cycle will do, host by host.
type plan struct {
	due     []config.Search            // checked in the first pass
	probing map[string]bool            // hosts coming back from a wall: one search each
	held    map[string][]config.Search // the rest of a probing host's searches
	waiting int                        // searches whose host is still standing us down
}

// cycleKind says which searches a cycle plans.
type cycleKind int

const (
	regular    cycleKind = iota // every search whose host lets us
	probesOnly                  // between two cycles: hosts whose wait just ended
	addedOnly                   // between two cycles: searches just added or enabled
)

// planCycle groups the enabled searches by host. A host with no entry
// sends all its searches; a host whose wait is over is probing and sends
// exactly one, the others held with the host's retry time; a host still
// waiting sends nothing.
//
// A probesOnly cycle plans only hosts whose wait is over, and an addedOnly
// one only the searches just added (on hosts with no entry): a cycle
// between two regular ones sends nothing to the other searches, which keep
// their own schedule.
func (e *Engine) planCycle(kind cycleKind) plan {
	now := e.d.Clock.Now()
	p := plan{probing: map[string]bool{}, held: map[string][]config.Search{}}
	byHost := map[string][]config.Search{}
	var hosts []string
	for _, s := range e.st.enabled() {
		if kind == addedOnly && !e.st.added[s.URL] {
			continue
		}
		h := e.st.views[s.URL].Host
		if _, ok := byHost[h]; !ok {
			hosts = append(hosts, h)
		}
		byHost[h] = append(byHost[h], s)
	}
	sort.Strings(hosts) // the shuffle below decides the order, not the map
	for _, h := range hosts {
		list := byHost[h]
		entry, blocked := e.st.registry.Get(h)
		switch {
		case !blocked && !e.st.forceProbe[h]:
			if kind != probesOnly {
				p.due = append(p.due, list...)
			}
		case kind == addedOnly:
			continue // its host's probe goes in at its own time
		case !blocked || !now.Before(entry.NextRetryAt):
			// Rotate the probe from episode to episode, so one search that
			// happens to trip the wall does not keep the others out.
			i := e.st.probeTurn[h] % len(list)
			e.st.probeTurn[h]++
			e.st.probedFor[h] = entry.NextRetryAt
			p.probing[h] = true
			p.due = append(p.due, list[i])
			p.held[h] = append(slices.Clone(list[:i]), list[i+1:]...)
		default:
			p.waiting += len(list)
		}
		delete(e.st.forceProbe, h)
	}
	return p
}

// cycle is one poll cycle, the heart of the app (DESIGN.md, "The cycle").
func (e *Engine) cycle(ctx context.Context) {
	e.st.lastCycle = e.d.Clock.Now()
	e.st.reached = time.Time{}
	e.st.sendFailed = false
	clear(e.st.added) // they are in this cycle
	e.runPlan(ctx, e.planCycle(regular))
}

// probeCycle sends the probes of hosts whose wait just ended, between two
// regular cycles; a clean probe releases its host's searches at once.
func (e *Engine) probeCycle(ctx context.Context) {
	e.runPlan(ctx, e.planCycle(probesOnly))
}

// addedCycle checks searches just added or enabled at once, between two
// regular cycles: the user wants to see the new search work, but the
// searches that were there already were loaded moments ago, maybe.
func (e *Engine) addedCycle(ctx context.Context) {
	p := e.planCycle(addedOnly)
	clear(e.st.added)
	e.runPlan(ctx, p)
}

func (e *Engine) runPlan(ctx context.Context, p plan) {
	e.d.Log.Debug("cycle", "due", len(p.due), "probing", len(p.probing), "waiting", p.waiting)

	// Vary the order: the same sequence every 30 seconds for hours is a
	// pattern in its own right, and it would make the last search always
	// the last to hear any news.
	e.checkAll(ctx, e.shuffled(p.due))

	// A probe that came back clean means the host is serving us again, so
	// the rest of its searches are checked now instead of next cycle.
	var recovered int
	var second []config.Search
	for h := range p.probing {
		if _, still := e.st.registry.Get(h); !still && e.st.errors[h] == 0 {
			recovered++
			second = append(second, p.held[h]...)
		}
	}
	if len(second) > 0 && ctx.Err() == nil {
		e.d.Log.Info(fmt.Sprintf("Recovered %d site(s), checking %d held search(es)", recovered, len(second)))
		e.checkAll(ctx, e.shuffled(second))
	}
	if ctx.Err() == nil {
		e.deliver(ctx)
	}
	e.st.syncClocks()
	e.publish()
}

// shuffled returns the searches in a random order; the input is not changed.
func (e *Engine) shuffled(list []config.Search) []config.Search {
	out := slices.Clone(list)
	e.d.Rand.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// visit is one search to load.
type visit struct {
	search config.Search
	host   string
}

// report is how one load went, sent by the goroutine that ran it.
type report struct {
	visit  visit
	result pages.Result
	err    error
}

// checkAll checks the searches: one request at a time per host, a random
// gap of a few seconds between two requests to one host (also from one
// cycle to the next, which may start at once after a long one), and up to
// Parallel loads at once across hosts. Loads run on their own goroutines;
// every result is judged here, on the engine goroutine, which alone owns
// the state. A host's gap is spent loading other hosts, so a cycle takes
// about as long as its busiest host, not the sum of all.
func (e *Engine) checkAll(ctx context.Context, due []config.Search) {
	queues, order := e.hostQueues(due)
	reports := make(chan report)
	busy := map[string]bool{}
	inflight := 0
	for {
		wake := time.Time{}
		if ctx.Err() == nil {
			wake, inflight = e.dispatch(ctx, queues, order, busy, inflight, reports)
		}
		if inflight == 0 && (wake.IsZero() || ctx.Err() != nil) {
			return
		}
		stop := ctx.Done()
		if ctx.Err() != nil {
			stop = nil // already stopping: only wait for the loads under way
		}
		timer := time.NewTimer(time.Hour)
		if !wake.IsZero() {
			timer.Reset(max(wake.Sub(e.d.Clock.Now()), 0))
		}
		select {
		case r := <-reports:
			inflight--
			busy[r.host()] = false
			if e.st.reached.IsZero() {
				e.st.reached = e.d.Clock.Now()
			}
			if !e.judge(ctx, r) {
				queues[r.host()] = nil // once a host refuses, the rest are held this cycle
			}
			e.st.hostFree[r.host()] = e.d.Clock.Now().Add(e.between(e.d.GapMin, e.d.GapMax))
		case f := <-e.cmds:
			f()
		case <-timer.C:
		case <-stop:
		}
		timer.Stop()
	}
}

func (r report) host() string { return r.visit.host }

// dispatch starts every load it may: its host idle and past its gap, and a
// free slot. It returns the earliest time a held-back host becomes free.
func (e *Engine) dispatch(ctx context.Context, queues map[string][]visit, order []string,
	busy map[string]bool, inflight int, reports chan<- report) (time.Time, int) {
	now := e.d.Clock.Now()
	var wake time.Time
	for _, h := range order {
		q := queues[h]
		if len(q) == 0 || busy[h] {
			continue
		}
		if free := e.st.hostFree[h]; now.Before(free) {
			if wake.IsZero() || free.Before(wake) {
				wake = free
			}
			continue
		}
		if inflight >= e.d.Parallel || e.st.paused || !e.runnable() {
			continue
		}
		v := q[0]
		queues[h] = q[1:]
		busy[h] = true
		inflight++
		if sv := e.st.views[v.search.URL]; sv != nil {
			sv.Status = Checking
		}
		go func() {
			res, err := e.d.Loader.Load(ctx, v.search.URL)
			reports <- report{visit: v, result: res, err: err}
		}()
	}
	e.publish()
	return wake, inflight
}

// hostQueues splits the shuffled searches by host, keeping their order.
func (e *Engine) hostQueues(due []config.Search) (map[string][]visit, []string) {
	queues := map[string][]visit{}
	var order []string
	for _, s := range due {
		v := e.st.views[s.URL]
		if v == nil {
			continue
		}
		if _, ok := queues[v.Host]; !ok {
			order = append(order, v.Host)
		}
		queues[v.Host] = append(queues[v.Host], visit{search: s, host: v.Host})
	}
	return queues, order
}
