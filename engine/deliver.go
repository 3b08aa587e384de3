package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"rentwatch/config"
	"rentwatch/listing"
	"rentwatch/outbox"
	"rentwatch/seen"
	"rentwatch/words"
)

// PermanentRetry is how long a channel refused for good (a bad password, a
// refused recipient, a 401 or 404 from a push server) waits before one more
// try, unless its settings change first: retrying every cycle would hammer
// the server with a wrong password.
const PermanentRetry = 10 * time.Minute

// The delivery step. A check's new listings are accepted (queued for every
// channel, durably, together with the search's snapshot: from then on they
// count as seen for the diff, as a mail transfer agent's 250 promises), and
// each channel then delivers its own queue on its own goroutine, retrying
// on its own backoff. Do not record that you told someone until you have
// told them holds per channel: a listing leaves a channel's queue only once
// that channel delivered it. One channel's fault never delays another.

// accept queues a clean check's new listings for every channel and writes
// the search's snapshot, in one transaction (seen.Store.Accept). It
// returns how many were queued.
func (e *Engine) accept(v *searchState, s config.Search, snap seen.Snapshot, fresh []listing.Alert, now time.Time) int {
	if err := e.d.Store.Accept(fresh, []seen.Snapshot{snap}, now); err != nil {
		e.diskFull(err) // (not accepted: the next check finds them again)
		for _, a := range fresh {
			delete(e.st.pending, a.ID)
		}
		v.found(failed, "queueing alerts: "+err.Error())
		return 0
	}
	if len(fresh) == 0 {
		return 0
	}
	e.st.countNew(now, v, len(fresh))
	v.found(foundNew, "")
	e.d.Log.Info("new listings", "search", s.Name, "count", len(fresh))
	return len(fresh)
}

// courier is one channel's delivery state, on the engine goroutine.
type courier struct {
	ch       outbox.Channel
	busy     bool      // a send is under way
	retryAt  time.Time // no send before this (after a failure)
	stopped  bool      // refused for good: waits for new settings (or PermanentRetry)
	failures int       // temporary failures in a row
	queued   int       // listings its queue held at the last look
	trouble  mailTrouble
	told     bool // the trouble of this run was told on the other channels
	timer    *time.Timer
	// held is when a message of notices alone was first held back (zero:
	// none is), and hold the timer that sends it (heldNotices).
	held time.Time
	hold *time.Timer
}

// couriers is every channel's state, by channel id.
type couriers struct {
	ctx   context.Context // Run's, for sends started from a timer or a wake
	ids   []string        // the channel set the store was last given
	byID  map[string]*courier
	order []string // channel ids in the outbox's order
}

// syncCouriers brings the couriers and the store's queues in line with the
// channels in force: a new channel starts with an empty queue, a removed
// one's queue is dropped.
func (e *Engine) syncCouriers(ctx context.Context) []outbox.Channel {
	out := &e.st.out
	if out.ctx == nil {
		out.ctx = ctx
		if e.d.Notices != nil {
			e.d.Notices.SetWake(func() { e.do(func() { e.deliver(out.ctx) }) })
		}
	}
	if out.byID == nil {
		out.byID = map[string]*courier{}
	}
	chans := e.d.Outbox.Channels()
	ids := make([]string, len(chans))
	out.order = out.order[:0]
	for i, c := range chans {
		ids[i] = c.ID()
		out.order = append(out.order, c.ID())
		if k := out.byID[c.ID()]; k != nil {
			k.ch = c
		} else {
			out.byID[c.ID()] = &courier{ch: c}
		}
	}
	for id, k := range out.byID {
		if !slices.Contains(ids, id) && !k.busy {
			if k.timer != nil {
				k.timer.Stop()
			}
			delete(out.byID, id)
		}
	}
	sorted := slices.Sorted(slices.Values(ids))
	if !slices.Equal(sorted, out.ids) {
		if err := e.d.Store.SetChannels(sorted); err != nil && !e.diskFull(err) {
			e.d.Log.Error("set the delivery channels", "err", err)
		} else {
			out.ids = sorted
			if e.d.Notices != nil {
				e.d.Notices.Forget(ids)
			}
		}
	}
	return chans
}

// deliver starts a send on every channel that owes something and may send
// now. It returns at once: results come back through e.do.
func (e *Engine) deliver(ctx context.Context) {
	if ctx.Err() != nil || e.st.disk.full {
		return // (nothing goes out that could not be recorded: disk.go)
	}
	if e.diskFull(e.d.Store.Room()) {
		return
	}
	now := e.d.Clock.Now()
	for _, c := range e.syncCouriers(ctx) {
		k := e.st.out.byID[c.ID()]
		if k.busy || now.Before(k.retryAt) {
			continue
		}
		alerts, err := e.d.Store.Queue(c.ID())
		if err != nil {
			e.d.Log.Error("read the queue", "channel", c.Name(), "err", err)
			continue
		}
		k.queued = len(alerts)
		var notices []outbox.Notice
		if e.d.Notices != nil {
			notices = e.d.Notices.Notices(c.ID())
		}
		if len(alerts) == 0 && len(notices) == 0 {
			continue
		}
		if len(alerts) == 0 && e.mayWait(notices) && e.holdNotices(ctx, k, now) {
			continue
		}
		k.held = time.Time{}
		if k.hold != nil {
			k.hold.Stop()
		}
		k.busy = true
		msg := outbox.Message{Alerts: alerts, Notices: notices}
		go func() {
			sctx, done := graced(ctx)
			err := c.Send(sctx, msg)
			done()
			e.do(func() { e.sent(ctx, k, alerts, notices, err) })
		}()
	}
	e.st.mail = e.worstTrouble()
}

// SendGrace is how long a send under way when the app stops may go on.
// The server may have taken the message already and only its answer be
// on the way: a send cut short is not recorded, so the next start would
// send it again, a duplicate on the user's phone. Long enough for a
// server that took the message to answer, short enough that quitting is
// not held up by one that hangs.
const SendGrace = 10 * time.Second

// graced is a context for one send: it ends SendGrace after ctx ends, or
// when done is called (the send is over).
func graced(ctx context.Context) (sctx context.Context, done func()) {
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	over := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			t := time.NewTimer(SendGrace)
			defer t.Stop()
			select {
			case <-t.C:
				cancel()
			case <-over:
			}
		case <-over:
		}
	}()
	return sctx, func() { close(over); cancel() }
}

// NoticeHold is how long a notice that may wait (Notice.MayWait) waits
// for the next email when no listing goes with it: a site that needs the
// user is one line in the next
// email, and an email of its own only when nothing else goes out within
// NoticeHold. The pop-up shows at once; the email is what the user reads
// away from the desk, where two emails a minute apart are noise and a few
// minutes late say the same thing (since when is in the notice).
const NoticeHold = 3 * time.Minute

// noticeWait is how much longer a message holding only notices waits on a
// channel of kind, first held at held (zero: not yet), before it goes on
// its own: NoticeHold on email, nothing on the others (a pop-up, a push to
// the phone: they are one notice each anyway).
func noticeWait(kind outbox.Kind, held, now time.Time) time.Duration {
	switch {
	case kind != outbox.KindEmail:
		return 0
	case held.IsZero():
		return NoticeHold
	}
	return max(held.Add(NoticeHold).Sub(now), 0)
}

// mayWait says whether every notice may wait for the next email: one that
// may not (a channel stopped, an auto-reply that failed) takes the others
// with it at once.
func (e *Engine) mayWait(notices []outbox.Notice) bool {
	for _, n := range notices {
		if !e.st.mayWait[n.Key] {
			return false
		}
	}
	return true
}

// holdNotices says whether the channel's message of notices alone waits
// for listings to go with it, and sets the timer that sends it alone
// when none come. RunOnce never holds: it ends with its cycle's sends.
func (e *Engine) holdNotices(ctx context.Context, k *courier, now time.Time) bool {
	wait := noticeWait(k.ch.Kind(), k.held, now)
	if wait <= 0 || e.st.once {
		return false
	}
	if k.held.IsZero() {
		k.held = now
		k.hold = time.AfterFunc(wait, func() { e.do(func() { e.deliver(ctx) }) })
	}
	return true
}

// sending is true while a send is under way (RunOnce waits for the
// cycle's sends, one try per channel, serving commands meanwhile).
func (e *Engine) sending() bool {
	for _, k := range e.st.out.byID {
		if k.busy {
			return true
		}
	}
	return false
}

// sent takes one send's result on the engine goroutine.
func (e *Engine) sent(ctx context.Context, k *courier, alerts []listing.Alert, notices []outbox.Notice, err error) {
	k.busy = false
	now := e.d.Clock.Now()
	stopping := ctx.Err() != nil
	if stopping && err != nil {
		return // cut short by the stop: the next start sends it again
	}
	if err != nil {
		e.deliveryFailed(k.ch.Name(), err)
		e.sendFailed(ctx, k, err, now)
		e.st.mail = e.worstTrouble()
		e.publish()
		return
	}
	ids := make([]string, len(alerts))
	for i, a := range alerts {
		ids[i] = a.ID
	}
	first, serr := e.d.Store.Sent(k.ch.ID(), ids, now)
	if e.diskFull(serr) {
		// Recorded once there is room, before anything goes out (disk.go).
		e.st.disk.keep(k.ch.ID(), alerts)
		serr = nil
	} else if serr != nil {
		// The user was told; the worst that follows is the same alert again.
		e.d.Log.Error("delivered, but could not record it: the alert may repeat", "channel", k.ch.Name(), "err", serr)
	}
	if len(notices) > 0 { // only from e.d.Notices
		keys := make([]string, len(notices))
		for i, n := range notices {
			keys[i] = n.Key
		}
		e.d.Notices.Told(k.ch.ID(), keys)
		e.episodesTold(keys)
	}
	if k.trouble.attempts > 0 || k.stopped {
		e.d.Log.Info("delivery works again", "channel", k.ch.Name())
	}
	k.failures, k.stopped, k.retryAt, k.trouble, k.told, k.queued = 0, false, time.Time{}, mailTrouble{}, false, 0
	e.tookFirst(ctx, firstOf(alerts, first), now)
	if stopping {
		// Delivered as the stop came, and now recorded; the app is
		// ending: no more sends.
		return
	}

	if len(alerts) > 0 {
		e.d.Log.Info("alerts delivered", "channel", k.ch.Name(), "count", len(alerts))
	}
	e.st.mail = e.worstTrouble()
	if serr != nil {
		// Its queue still holds what went out: sending it again at once
		// would repeat it in a loop. Try again later, like a failure.
		k.retryAt = now.Add(e.d.ChannelRetry(1, 0, e.d.Rand.Float64()))
		k.timer = time.AfterFunc(k.retryAt.Sub(now), func() { e.do(func() { e.deliver(ctx) }) })
	}
	e.deliver(ctx) // more may have come in while this one was sending
	e.publish()
}

// tookFirst takes the alerts just delivered for the first time on any
// channel: no longer pending, on top of "Recent listings", their delay
// noted, and their auto-replies queued (not while the app stops).
func (e *Engine) tookFirst(ctx context.Context, firsts []listing.Alert, now time.Time) {
	for _, a := range firsts {
		delete(e.st.pending, a.ID)
	}
	e.remember(firsts, now)
	e.alerted(firsts, now)
	if ctx.Err() == nil {
		e.replyAll(ctx, firsts) // after the first channel told the user: see firstOf
	}
}

// firstOf is the alerts whose ids are in first (delivered first just now).
// An auto-reply goes out once the listing reached the user on its first
// channel: waiting for every channel would let one broken channel (a push
// URL refused for good, an SMTP server down for hours) hold the replies
// back, and a late reply is a lost room; the user has seen the listing.
func firstOf(alerts []listing.Alert, first []string) []listing.Alert {
	var out []listing.Alert
	for _, a := range alerts {
		if slices.Contains(first, a.ID) {
			out = append(out, a)
		}
	}
	return out
}

// sendFailed keeps the channel's queue as it is and says when the next try
// comes, truly: a refusal for good waits for new settings (or
// PermanentRetry), anything else the channel's backoff. A run of failures
// that lasts, and a refusal, are told on the other channels, once.
func (e *Engine) sendFailed(ctx context.Context, k *courier, err error, now time.Time) {
	permanent, retryAfter := outbox.Verdict(err)
	var de *outbox.DeliveryError
	email := errors.As(err, &de) || k.ch.ID() == "email"
	// The outbox names the channel in front of a push failure; the
	// sentences here name it already.
	why := strings.TrimPrefix(err.Error(), k.ch.Name()+": ")
	k.trouble.failed(now, why, email, permanent)
	k.trouble.channel, k.trouble.kind, k.trouble.status = k.ch.Name(), k.ch.Kind(), outbox.ServerStatus(err)
	var wait time.Duration
	if permanent {
		k.stopped = true
		wait = PermanentRetry
		settings := "its settings"
		if email {
			settings = "the email settings"
		}
		e.d.Log.Warn(fmt.Sprintf("Failed to send by %s: %v. Keeping listings unseen on %s; will retry when %s change (or in %v)",
			k.ch.Name(), why, k.ch.Name(), settings, PermanentRetry))
	} else {
		k.failures++
		wait = e.d.ChannelRetry(k.failures, retryAfter, e.d.Rand.Float64())
		if k.failures == 1 && e.st.settings.Interval > 0 {
			// The first retry comes no later than the next cycle would.
			wait = max(min(wait, e.st.settings.Interval), min(retryAfter, time.Hour))
		}
		e.d.Log.Warn(fmt.Sprintf("Failed to send by %s: %v. Keeping listings unseen on %s, will retry in %v",
			k.ch.Name(), why, k.ch.Name(), wait.Round(time.Second)))
	}
	k.retryAt = now.Add(wait)
	if k.timer != nil {
		k.timer.Stop()
	}
	k.timer = time.AfterFunc(wait, func() { e.do(func() { e.deliver(ctx) }) })
	e.tellTrouble(k, now)
}

// tellTrouble tells the other channels, once per run of failures, that a
// channel was refused for good or has been failing for a while.
func (e *Engine) tellTrouble(k *courier, now time.Time) {
	d := k.trouble.delivery(now)
	if e.d.Notices == nil || k.told || (!d.Refused && !d.Failing) {
		return
	}
	k.told = true
	n := outbox.Notice{
		Key:  fmt.Sprintf("trouble:%s:%d", k.ch.ID(), k.trouble.since.UnixMilli()),
		Skip: k.ch.ID(),
	}
	if d.Refused {
		n.Title = k.ch.Name() + " stopped"
		n.Body = fmt.Sprintf("Alerts no longer go out by %s: %s. Its listings are kept and go out once its settings are fixed.", k.ch.Name(), d.Reason)
	} else {
		n.Title = k.ch.Name() + " failing"
		n.Body = fmt.Sprintf("Alerts have not gone out by %s since %s: %s. Its listings are kept and retried.",
			k.ch.Name(), words.Clock(d.Since, now, e.d.Location), d.Reason)
	}
	e.d.Notices.Tell(n)
}

// worstTrouble is the channel trouble the tray shows: a refusal before a
// lasting failure, email before the others, then the outbox's order.
func (e *Engine) worstTrouble() mailTrouble {
	now := e.d.Clock.Now()
	var best mailTrouble
	rank := func(m mailTrouble) int {
		d := m.delivery(now)
		r := 0
		switch {
		case d.Refused:
			r = 4
		case d.Failing:
			r = 2
		case m.attempts > 0:
			r = 1
		}
		if r > 0 && m.email {
			r++
		}
		return r
	}
	for _, id := range e.st.out.order {
		if k := e.st.out.byID[id]; k != nil && rank(k.trouble) > rank(best) {
			best = k.trouble
		}
	}
	return best
}

// outboxChanged forgets every channel's failures after new delivery
// settings: a channel refused for good gets its try at once.
func (e *Engine) outboxChanged() {
	for _, k := range e.st.out.byID {
		k.failures, k.stopped, k.retryAt, k.trouble, k.told = 0, false, time.Time{}, mailTrouble{}, false
		if k.timer != nil {
			k.timer.Stop()
		}
	}
	e.st.mail = mailTrouble{}
	if e.st.out.ctx != nil {
		e.deliver(e.st.out.ctx)
	}
}

// ChannelView is one delivery channel as the window shows it.
type ChannelView struct {
	ID, Name string
	// State is "ok", "sending", "retrying" (temporary failures; RetryAt
	// says when) or "stopped" (refused for good: Reason says why).
	State   string
	Kind    outbox.Kind // what sort of channel: outbox.KindEmail, outbox.KindDesktop, "ntfy", ...
	Queued  int         // listings it still owes, at the last look
	Since   time.Time   // the first failure of the run under way
	Reason  string      // the last failure, in words
	Status  int         // the server's answer to the last failure; 0: none
	RetryAt time.Time
}

// views is every channel's state for a snapshot, in the outbox's order.
func (out *couriers) views() []ChannelView {
	var vs []ChannelView
	for _, id := range out.order {
		k := out.byID[id]
		if k == nil {
			continue
		}
		v := ChannelView{ID: id, Name: k.ch.Name(), Kind: k.ch.Kind(), State: "ok", Queued: k.queued}
		switch {
		case k.busy:
			v.State = "sending"
		case k.stopped:
			v.State = "stopped"
		case k.failures > 0:
			v.State = "retrying"
		}
		if k.trouble.attempts > 0 {
			v.Since, v.Reason, v.Status, v.RetryAt = k.trouble.since, k.trouble.reason, k.trouble.status, k.retryAt
		}
		vs = append(vs, v)
	}
	return vs
}

// remember puts delivered alerts at the top of "Recent listings".
func (e *Engine) remember(alerts []listing.Alert, now time.Time) {
	fresh := make([]Told, 0, len(alerts))
	for i := len(alerts) - 1; i >= 0; i-- {
		fresh = append(fresh, Told{Alert: alerts[i], Notified: now})
	}
	e.st.recent = append(fresh, e.st.recent...)
	if len(e.st.recent) > RecentMax {
		e.st.recent = e.st.recent[:RecentMax]
	}
}
