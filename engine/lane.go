package engine

import (
	"context"
	"slices"
	"time"

	"rentwatch/config"
	"rentwatch/listing"
	"rentwatch/pages"
)

// lane is the one road to a host. Every request the engine makes to a
// host goes through its lane: a search's check, a probe, a second pass, a
// preview, an auto-reply. The lane lets one request through at a time, and
// the next only a random gap after the last one ended. It lives as long as
// the engine, so the gap holds whichever cycle, pass or command a request
// belongs to. A lane closed for a check by hand lets nothing through.
type lane struct {
	queue  []visit   // waiting their turn, in order
	busy   bool      // a request is under way
	under  visit     // that request, while busy
	since  time.Time // when it began
	free   time.Time // no request before this: the last one's end plus a gap
	closed bool      // the user is checking the host by hand
}

// ready says whether a request may begin now; when only its gap holds it
// back, at is when it may.
func (l *lane) ready(now time.Time) (ok bool, at time.Time) {
	switch {
	case l.closed || l.busy:
		return false, time.Time{}
	case now.Before(l.free):
		return false, l.free
	}
	return true, time.Time{}
}

// begin takes the lane at now for the request at the head of the queue.
func (l *lane) begin(now time.Time) visit {
	v := l.queue[0]
	l.queue = l.queue[1:]
	l.busy, l.under, l.since = true, v, now
	return v
}

// end frees the lane after a request that ended at now; the next may begin
// gap later.
func (l *lane) end(now time.Time, gap time.Duration) {
	l.busy, l.under = false, visit{}
	l.free = now.Add(gap)
}

// push queues v behind the visits of its kind and before those of a later
// kind: a preview (someone is looking at the window, waiting) goes before
// the searches' checks, and those before auto-replies.
func (l *lane) push(v visit) {
	i := len(l.queue)
	for i > 0 && l.queue[i-1].kind > v.kind {
		i--
	}
	l.queue = slices.Insert(l.queue, i, v)
}

// drop takes out the queued visits for which out is true and returns them.
func (l *lane) drop(out func(visit) bool) []visit {
	var gone []visit
	l.queue = slices.DeleteFunc(l.queue, func(v visit) bool {
		if out(v) {
			gone = append(gone, v)
			return true
		}
		return false
	})
	return gone
}

// visitKind is what a request is for; the order is the lane's priority.
type visitKind int

const (
	previewVisit visitKind = iota // a page the user asked to see now
	checkVisit                    // a search's check (a probe, a second pass)
	replyVisit                    // an auto-reply to a listing
)

// visit is one request waiting for its host's lane.
type visit struct {
	kind   visitKind
	host   string
	seq    int           // order of arrival, across lanes
	search config.Search // checkVisit
	url    string        // checkVisit, previewVisit: the page to load
	alert  listing.Alert // replyVisit
	// step is a reply's request (its page load, or its send), run in the
	// lane like a load (reply.go).
	step func(context.Context) error
	// ctx is the caller's, for a preview or a reply; nil: the engine's alone.
	ctx context.Context
	// answer takes the report of a preview or a reply, whose caller waits.
	answer chan<- report
	// epoch is the check-by-hand epoch the request began in: a load that
	// fails while the browser is handed to the user's window, or back, is
	// nobody's fault.
	epoch int
	// pass is the pass a check belongs to: one that comes back after its
	// pass was let go (letGo) counts for no later pass.
	pass *pass
}

// report is how one request went, sent by the goroutine that ran it.
type report struct {
	visit  visit
	result pages.Result
	err    error
	// interrupted: we were stopping, the caller gave up, or the browser
	// went to or came back from the user's window while it loaded.
	interrupted bool
	preview     PreviewResult // previewVisit: what the caller gets
}

func (r report) host() string { return r.visit.host }

// enqueue puts v in its host's lane.
func (e *Engine) enqueue(v visit) {
	e.st.seq++
	v.seq = e.st.seq
	e.st.host(v.host).lane.push(v)
}

// dispatch begins every request it may: its lane open, idle and past its
// gap, and a free slot among the Parallel. Lanes take turns in the order
// their first waiting visit arrived. It returns the earliest time a lane
// held back by its gap or by its host's wait becomes free; zero when a
// report or a command is the next thing to wait for.
func (e *Engine) dispatch(ctx context.Context) (wake time.Time) {
	if ctx.Err() != nil {
		return time.Time{}
	}
	now := e.d.Clock.Now()
	if now.Before(e.st.releaseUntil) {
		return e.st.releaseUntil // the browser is being let go: its end wakes us sooner
	}
	started := false
	for _, h := range e.st.laneOrder() {
		l := &e.st.hosts[h].lane
		e.settleHead(ctx, h)
		if len(l.queue) == 0 {
			continue
		}
		ok, at := l.ready(now)
		if !ok {
			wake = earliest(wake, at)
			continue
		}
		if l.queue[0].kind == replyVisit {
			if e.st.disk.full {
				continue // a reply it could not record might go twice: askRoom wakes us
			}
			if goes, at := e.replyMayGo(h, now); !goes {
				wake = earliest(wake, at)
				continue
			}
		}
		if e.st.inflight >= e.d.Parallel {
			continue // a report frees a slot, and wakes the loop
		}
		e.begin(ctx, l.begin(now))
		started = true
	}
	if started {
		e.publish()
	}
	return wake
}

// replyMayGo says whether a reply may go to host h now; when not, at is
// when to look again (zero: when something happens). A reply waits until
// the host serves us again: when its wait ends the probe goes first, and
// only a clean probe lets the reply through, so a reply never knocks on a
// wall. A host no search watches gets no probe: its reply goes when the
// wait is over.
func (e *Engine) replyMayGo(h string, now time.Time) (bool, time.Time) {
	entry, blocked := e.st.registry.Get(h)
	switch {
	case !blocked:
		return true, time.Time{}
	case now.Before(entry.NextRetryAt):
		return false, entry.NextRetryAt
	}
	for _, s := range e.st.enabled() {
		if e.st.searches[s.URL].host == h {
			return false, time.Time{} // its probe's report wakes us
		}
	}
	return true, time.Time{}
}

// settleHead takes out the visits at the head of a lane that must not
// go: checks while everything is paused, previews of a host standing us
// down or checked by hand (answered at once, with no request), and
// previews nobody waits for any more.
func (e *Engine) settleHead(ctx context.Context, h string) {
	l := &e.st.hosts[h].lane
	now := e.d.Clock.Now()
	for len(l.queue) > 0 {
		v := l.queue[0]
		if v.kind == previewVisit {
			if err := v.ctx.Err(); err != nil {
				l.queue = l.queue[1:]
				v.answer <- report{visit: v, err: err, preview: PreviewResult{URL: v.url}}
				continue
			}
			if p, held := e.heldPreview(v, now); held {
				l.queue = l.queue[1:]
				v.answer <- report{visit: v, preview: p}
				continue
			}
		}
		switch {
		case v.kind == checkVisit && e.st.paused:
			l.queue = l.queue[1:]
			e.passLeft(ctx, 1)
		case v.kind == replyVisit && v.ctx.Err() != nil: // its reply gave up
			l.queue = l.queue[1:]
			v.answer <- report{visit: v, err: context.Cause(v.ctx)}
		default:
			return
		}
	}
}

// begin runs one request on its own goroutine; its report comes back to
// the engine goroutine, which alone owns the state.
func (e *Engine) begin(ctx context.Context, v visit) {
	e.st.inflight++
	e.st.released = false // an idle stretch after this one may release again
	v.epoch = e.st.manualEpoch
	if v.kind == checkVisit {
		if s := e.st.searches[v.search.URL]; s != nil {
			s.checking = true
		}
	}
	if v.ctx == nil {
		go e.request(ctx, v)
		return
	}
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(v.ctx, cancel) // the caller gave up
	go func() {
		defer cancel()
		defer stop()
		e.request(ctx, v)
	}()
}

func (e *Engine) request(ctx context.Context, v visit) {
	r := report{visit: v}
	switch v.kind {
	case replyVisit:
		r.err = v.step(ctx)
	default:
		r.result, r.err = e.d.Loader.Load(pages.WithAsk(ctx, askFor(v)), v.url)
	}
	e.reports <- r
}

// askFor is what a visit's load reads beyond the readers' choice: the list
// its search's user picked, and for a preview every list on the page, for
// the user to pick from.
func askFor(v visit) pages.Ask {
	if v.kind == previewVisit {
		return pages.Ask{Lists: true}
	}
	return pages.Ask{Pick: v.search.Pick}
}

// finish takes a finished request on the engine goroutine: its lane is
// free again after a gap, and its report is judged by what it was for.
func (e *Engine) finish(ctx context.Context, r report) {
	e.st.inflight--
	now := e.d.Clock.Now()
	e.st.host(r.host()).lane.end(now, e.between(e.d.GapMin, e.d.GapMax))
	r.interrupted = ctx.Err() != nil || r.visit.epoch != e.st.manualEpoch ||
		(r.visit.ctx != nil && r.visit.ctx.Err() != nil)
	switch r.visit.kind {
	case previewVisit:
		r.preview = e.judgePreview(r)
		r.visit.answer <- r
	case checkVisit:
		e.judge(ctx, r)
		if r.visit.pass == e.st.pass {
			e.passLeft(ctx, 1)
		}
	case replyVisit:
		e.replyStepDone(r)
	}
}

// laneOrder is the hosts with waiting visits, the one whose first visit
// arrived first first.
func (st *state) laneOrder() []string {
	var hosts []string
	for h, hs := range st.hosts {
		if len(hs.lane.queue) > 0 {
			hosts = append(hosts, h)
		}
	}
	slices.SortFunc(hosts, func(a, b string) int {
		return st.hosts[a].lane.queue[0].seq - st.hosts[b].lane.queue[0].seq
	})
	return hosts
}

func earliest(a, b time.Time) time.Time {
	if a.IsZero() || (!b.IsZero() && b.Before(a)) {
		return b
	}
	return a
}
