package engine

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"rentwatch/blocks"
	"rentwatch/listing"
	"rentwatch/outbox"
	"rentwatch/reply"
	"rentwatch/seen"
	"rentwatch/words"
)

// ReplyMaxAge is how long after its alert a queued reply still goes. One
// the app could not send in time (it was stopped over its delay, the
// computer slept) goes after the restart within this, and is otherwise
// reported as not sent: a reply hours late answers a room long gone, and
// the user, told of the listing, may have replied by hand meanwhile.
const ReplyMaxAge = 2 * time.Hour

// replyAll queues auto-replies for delivered alerts of the searches that
// reply, each with its own random delay from now, durably before any
// delay begins (a stop during the delay loses none), and starts each one's
// wait. The replies wait side by side, so the fifth of a batch goes as
// soon after its alert as the first; only their requests take turns, in
// their host's lane. Replies run after the alert, never before: the user
// is told about the listing either way, so a broken recipe or a blocking
// site still leaves them able to reply by hand. Failing to reply must
// never mean failing to notify.
func (e *Engine) replyAll(ctx context.Context, alerts []listing.Alert) {
	if e.d.Replier == nil {
		return
	}
	now := e.d.Clock.Now()
	var want []seen.Reply
	for _, a := range alerts {
		if s, ok := e.st.search(a.SearchURL); ok && s.Reply {
			want = append(want, seen.Reply{Alert: a, Due: now.Add(e.between(e.d.ReplyMin, e.d.ReplyMax))})
		}
	}
	if len(want) == 0 {
		return
	}
	queued, err := e.d.Store.QueueReplies(want, now)
	if err != nil {
		e.diskFull(err)
		e.d.Log.Warn("auto-replies not queued; the alerts went out all the same", "replies", len(want), "err", err)
		for _, r := range want {
			e.tellReply(r.Alert, seen.ReplyNotSent, "rentwatch could not keep it to send ("+err.Error()+")")
		}
		return
	}
	for _, r := range queued {
		e.d.Log.Info("auto-reply queued", "listing", r.URL, "in", r.Due.Sub(now).Round(time.Second))
	}
	if e.st.once {
		return // one cycle does not wait for a delay: the next run sends them
	}
	for _, r := range queued {
		e.startReply(ctx, r)
	}
	e.publish() // a search with a reply waiting shows "replying"
}

// resumeReplies takes up, at the start, the replies a stop left open: one
// that was sending may have gone (the user is told to check, and it is
// never sent again); one still waiting goes at its time, or at once if
// that has passed, unless it is older than ReplyMaxAge.
func (e *Engine) resumeReplies(ctx context.Context) {
	if e.d.Replier == nil {
		return
	}
	open, err := e.d.Store.OpenReplies()
	if err != nil {
		e.d.Log.Warn("read the auto-replies left from the last run", "err", err)
		return
	}
	now := e.d.Clock.Now()
	for _, r := range open {
		switch {
		case r.State == seen.ReplySending:
			e.endReply(r.Alert, seen.ReplyUnsure, "rentwatch stopped while it was sending it", now, true)
		case e.tooLate(r, now):
			e.endReply(r.Alert, seen.ReplyNotSent, "rentwatch was not running when it was due, and the listing is now "+
				words.Duration(now.Sub(r.At).Round(time.Minute))+" old", now, true)
		case !e.st.once:
			e.d.Log.Info("auto-reply kept from the last run", "listing", r.URL, "in", max(r.Due.Sub(now), 0).Round(time.Second))
			e.startReply(ctx, r)
		}
	}
}

// tooLate says whether a queued reply is past ReplyMaxAge at now.
func (e *Engine) tooLate(r seen.Reply, now time.Time) bool { return now.Sub(r.At) > ReplyMaxAge }

// startReply starts one reply's wait on its own goroutine; the engine
// goroutine counts it until it has ended (Run waits for it).
func (e *Engine) startReply(ctx context.Context, r seen.Reply) {
	e.st.replying[r.SearchURL]++
	e.st.replyRuns++
	go e.runReply(ctx, r)
}

// runReply waits out the reply's delay, outside any lane, then sends it:
// its page load and its send each take the host's lane as one request
// (replyLane); the form is filled in between, outside the lane. The delay
// is kept on the wall clock, looked at every WakeCheck at most, so a
// computer that slept through it sends the reply on waking (or reports it
// too late), not a sleep's length later.
func (e *Engine) runReply(ctx context.Context, r seen.Reply) {
	var started atomic.Bool
	var res reply.Result
	err := ctx.Err()
	for err == nil {
		left := r.Due.Sub(e.d.Clock.Now())
		if left <= 0 {
			break
		}
		if !sleep(ctx, min(left, WakeCheck)) {
			err = ctx.Err()
		}
	}
	if err == nil && e.tooLate(r, e.d.Clock.Now()) {
		err = errTooLate
	}
	if err == nil {
		select {
		case e.fills <- struct{}{}:
			res, err = e.d.Replier.Reply(ctx, r.Alert, e.replyLane(r.Alert), func() error {
				if err := e.d.Store.StartReply(r.ID, e.d.Clock.Now()); err != nil {
					return err
				}
				started.Store(true)
				return nil
			})
			<-e.fills
		case <-ctx.Done():
			err = ctx.Err()
		}
	}
	e.do(func() { e.replyEnded(ctx, r, res, err, started.Load()) })
}

// errTooLate is a reply whose time came more than ReplyMaxAge after its
// alert (the computer slept through its delay).
var errTooLate = errors.New("its time came more than 2 hours after the alert (the computer was asleep)")

// replyLane is the Lane of a reply to a: each step is one request to the
// listing's host in that host's lane (after the checks waiting there,
// never while the host stands us down, a gap after it), and the lane is
// let go when the step returns. A step whose reply gives up (the app
// stops) while it waits its turn leaves the lane without running.
func (e *Engine) replyLane(a listing.Alert) reply.Lane {
	host := blocks.HostKey(a.URL)
	if host == "" {
		host = blocks.HostKey(a.SearchURL)
	}
	return func(ctx context.Context, step func(context.Context) error) error {
		answer := make(chan report, 1)
		e.do(func() {
			e.enqueue(visit{kind: replyVisit, host: host, alert: a, step: step, ctx: ctx, answer: answer})
		})
		stop := context.AfterFunc(ctx, func() { e.do(func() { e.dropGoneReplies(host) }) })
		defer stop()
		select {
		case r := <-answer:
			return r.err
		case <-e.stopped:
			return context.Canceled
		}
	}
}

// dropGoneReplies answers the reply steps waiting in host's lane whose
// reply gave up, without running them.
func (e *Engine) dropGoneReplies(host string) {
	gone := e.st.host(host).lane.drop(func(v visit) bool { return v.kind == replyVisit && v.ctx.Err() != nil })
	for _, v := range gone {
		v.answer <- report{visit: v, err: context.Cause(v.ctx)}
	}
}

// replyStepDone takes a reply's step that ran in the lane: a wall met on
// the way is recorded against its host like any other.
func (e *Engine) replyStepDone(r report) {
	var wall *reply.WallError
	if errors.As(r.err, &wall) && !r.interrupted {
		entry := e.recordWall(wall.Host, r.visit.alert.SearchURL, wall.Verdict, e.d.Clock.Now())
		e.d.Log.Info("wall while replying", "host", wall.Host, "kind", entry.Kind, "wait", entry.Wait.Round(time.Second))
	}
	r.visit.answer <- r
}

// replyEnded records how a reply ended: sent, not sent or unsure. A reply
// that had not begun to send when the app stopped stays queued, for the
// next start. It never touches alerts or snapshots.
func (e *Engine) replyEnded(ctx context.Context, r seen.Reply, res reply.Result, err error, started bool) {
	e.st.replyRuns--
	if e.st.replying[r.SearchURL]--; e.st.replying[r.SearchURL] <= 0 {
		delete(e.st.replying, r.SearchURL)
	}
	now := e.d.Clock.Now()
	switch {
	case err == nil:
		e.endReply(r.Alert, seen.ReplySent, "", now, false)
		e.d.Log.Info("replied", "listing", r.URL, "status", res.Status, "confirmed", res.Confirmed, "took", res.Took.Round(time.Millisecond))
	case errors.Is(err, seen.ErrReplyTaken):
		// Started or settled before: not ours to record.
	case !started && ctx.Err() != nil:
		// Stopped before it could leave: it stays queued for the restart.
	case started && reply.MayHaveLeft(err):
		e.endReply(r.Alert, seen.ReplyUnsure, reply.Why(err), now, true)
	case errors.Is(err, reply.ErrOff): // the user turned it off: nothing to tell
		e.endReply(r.Alert, seen.ReplyNotSent, reply.Why(err), now, false)
	default:
		e.endReply(r.Alert, seen.ReplyNotSent, reply.Why(err), now, true)
		e.d.Log.Warn("auto-reply not sent; the alert went out all the same", "listing", r.URL, "err", err)
	}
	e.publish()
}

// endReply settles a reply in the store, notes one sent in the activity,
// and, with tell, tells the user of one that did not go (or may have).
func (e *Engine) endReply(a listing.Alert, state seen.ReplyState, why string, now time.Time, tell bool) {
	if err := e.d.Store.EndReply(a.ID, state, why, now); err != nil && !errors.Is(err, seen.ErrReplyTaken) {
		e.diskFull(err)
		e.d.Log.Warn("record how an auto-reply ended", "listing", a.URL, "state", state, "err", err)
	}
	name := a.SearchName
	if s := e.st.searches[a.SearchURL]; s != nil {
		name = s.name
	}
	switch {
	case state == seen.ReplySent:
		e.note(EventInfo, name, blocks.HostKey(a.URL), fmt.Sprintf("replied to %q", a.Title))
	case tell:
		e.tellReply(a, state, why)
	}
}

// tellReply says that the reply to a was not sent (or may have been), why,
// and what to do: on every channel once, with the listing a click away and
// its address named once, in the activity, and on its search's row.
func (e *Engine) tellReply(a listing.Alert, state seen.ReplyState, why string) {
	site := words.Site(blocks.HostKey(a.URL))
	title, body := "Auto-reply not sent",
		fmt.Sprintf("The auto-reply to %q on %s was not sent: %s. Reply by hand: %s", a.Title, site, why, a.URL)
	if state == seen.ReplyUnsure {
		title, body = "Auto-reply may have been sent",
			fmt.Sprintf("The auto-reply to %q on %s may have been sent (%s). Check your messages on %s before you reply by hand: %s",
				a.Title, site, why, site, a.URL)
	}
	name := a.SearchName
	if s := e.st.searches[a.SearchURL]; s != nil {
		name = s.name
		s.problem = title + ": " + why
	}
	e.note(EventFailure, name, blocks.HostKey(a.URL), fmt.Sprintf("%s to %q: %s", title, a.Title, why))
	if e.d.Notices != nil {
		e.d.Notices.Tell(outbox.Notice{Key: "reply " + a.ID, Title: title, Body: body,
			Open: outbox.Action{Kind: outbox.OpenWeb, URL: a.URL}})
	}
}

// dryRunner is a Replier that can also try a listing without sending;
// *reply.Replier is one.
type dryRunner interface {
	DryRun(ctx context.Context, listingURL, searchURL string, lane reply.Lane) (reply.Result, error)
}

// ReplyDryRun fills in the contact form of listingURL as an auto-reply
// would, with the message of the search whose URL is searchURL ("" for
// the [reply] message), and sends nothing. Its page load is a request to
// the listing's host like any other: in that host's lane, never over its
// wall. Safe to call from any goroutine while Run runs.
func (e *Engine) ReplyDryRun(ctx context.Context, listingURL, searchURL string) (reply.Result, error) {
	d, ok := e.d.Replier.(dryRunner)
	if !ok {
		return reply.Result{}, errors.New("auto-reply is not set up in this rentwatch")
	}
	a := listing.Alert{Listing: listing.Listing{URL: listingURL}, SearchURL: searchURL}
	return d.DryRun(ctx, listingURL, searchURL, e.replyLane(a))
}
