package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/listing"
	"rentwatch/reply"
	"rentwatch/seen"
)

// shapedReplier answers as reply.Send does, in its shape: the listing's
// page loaded in the lane (through the fake portal: a request to its
// host), the form filled in outside the lane (fill, of virtual time), then
// the send in the lane right after beforeSend. end, when set, decides how
// a send ends (nil: sent).
type shapedReplier struct {
	portal *fakePortal
	fill   time.Duration
	end    func(a listing.Alert) error

	// mu guards the fields below.
	mu     sync.Mutex
	loads  map[string]time.Time // when each reply's page load began
	filled map[string]time.Time // when its filling in ended
	sends  []string             // the replies whose request left, in order
	sentAt map[string]time.Time
}

func newShapedReplier(p *fakePortal, fill time.Duration) *shapedReplier {
	return &shapedReplier{portal: p, fill: fill, loads: map[string]time.Time{}, filled: map[string]time.Time{},
		sentAt: map[string]time.Time{}}
}

func (f *shapedReplier) Reply(ctx context.Context, a listing.Alert, lane reply.Lane, before func() error) (reply.Result, error) {
	err := lane(ctx, func(ctx context.Context) error {
		f.mu.Lock()
		f.loads[a.ID] = time.Now()
		f.mu.Unlock()
		res, err := f.portal.Load(ctx, a.URL)
		if err == nil && res.Verdict.Kind != blocks.OK {
			return &reply.WallError{URL: a.URL, Host: blocks.HostKey(a.URL), Verdict: res.Verdict}
		}
		return err
	})
	if err != nil {
		return reply.Result{}, err
	}
	if !sleep(ctx, f.fill) {
		return reply.Result{}, ctx.Err()
	}
	f.mu.Lock()
	f.filled[a.ID] = time.Now()
	f.mu.Unlock()
	err = lane(ctx, func(ctx context.Context) error {
		if err := before(); err != nil {
			return err
		}
		f.mu.Lock()
		f.sends, f.sentAt[a.ID] = append(f.sends, a.ID), time.Now()
		f.mu.Unlock()
		if f.end != nil {
			return f.end(a)
		}
		return nil
	})
	return reply.Result{Sent: err == nil, Status: 200}, err
}

func (f *shapedReplier) sent() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.sends)
}

// replyRig is a rig whose first search replies, through a shapedReplier.
func replyRig(t *testing.T, store Store, p *fakePortal, fill time.Duration, urls ...string) (*rig, *shapedReplier, *noticeBoard) {
	t.Helper()
	list := searches(urls...)
	list[0].Reply = true
	r := newRig(store, p, list, 31)
	replier, board := newShapedReplier(p, fill), &noticeBoard{}
	r.e.d.Replier, r.e.d.Notices = replier, board
	return r, replier, board
}

// A reply takes its host's lane only for its requests (its page load, its
// send), never for its delay nor for filling the form in: a slow form
// holds up no check of the site, and a listing posted meanwhile is alerted
// on time (DESIGN.md: failing to reply must never mean failing to notify).
func TestAReplyHoldsItsLaneOnlyForItsRequests(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		west := fiveOnOneHost[0]
		r, replier, _ := replyRig(t, openStore(t), p, 4*time.Minute, west)
		r.e.d.ReplyMin, r.e.d.ReplyMax = 20*time.Second, 21*time.Second
		var delivered []time.Time // when each batch was delivered
		r.mail.fail = func(context.Context, int) error { delivered = append(delivered, time.Now()); return nil }
		var postedB time.Time
		go func() {
			time.Sleep(40 * time.Second)
			p.post(west, "a") // alerted at the cycle of ~60 s; its reply loads at ~80 s and fills until ~5 min 20
			time.Sleep(2 * time.Minute)
			postedB = time.Now()
			p.post(west, "b") // posted while a's form is being filled in
		}()
		stop := running(t, r.e)
		time.Sleep(7 * time.Minute)
		stop()

		replier.mu.Lock()
		loadA, filledA := replier.loads["a"], replier.filled["a"]
		replier.mu.Unlock()
		if loadA.IsZero() || filledA.IsZero() || !slices.Contains(replier.sent(), "a") {
			t.Fatalf("the reply to a did not run: loaded %v, filled %v, sent %v", loadA, filledA, replier.sent())
		}
		checks := 0
		for _, req := range p.sent(kamernet) {
			if req.url == west && req.at.After(loadA) && req.at.Before(filledA) {
				checks++
			}
		}
		// 4 minutes of filling in at a 30 s interval: about 8 checks.
		if checks < 6 {
			t.Errorf("%d checks of the site while the reply's form was filled in (4 minutes), want one every cycle", checks)
		}
		var toldB time.Time
		r.mail.mu.Lock()
		for i, b := range r.mail.batches {
			for _, a := range b {
				if a.ID == "b" {
					toldB = delivered[i]
				}
			}
		}
		r.mail.mu.Unlock()
		if toldB.IsZero() {
			t.Fatal("b was never alerted")
		}
		// Posted at any moment of a 30 s cycle (±10 %), found by the next
		// check, which may wait out the lane's gap (at most 5 s) and loads.
		if took := toldB.Sub(postedB); took > 33*time.Second+5*time.Second+2*p.loadTime {
			t.Errorf("b, posted while a's reply filled its form in, was alerted %v later; want within a cycle and a gap", took)
		}
	})
}

// The replies of a batch wait side by side, each its own random delay
// from its alert; only their requests take turns. The fifth of five goes
// about as soon after the alert as the first, not five delays later.
func TestRepliesOfABatchOverlapTheirDelays(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		west := fiveOnOneHost[0]
		r, replier, _ := replyRig(t, openStore(t), p, 2*time.Second, west)
		r.e.d.ReplyMin, r.e.d.ReplyMax = 20*time.Second, 90*time.Second
		go func() { time.Sleep(40 * time.Second); p.post(west, "a", "b", "c", "d", "e") }()
		stop := running(t, r.e)
		time.Sleep(6 * time.Minute)
		stop()
		if got := replier.sent(); len(got) != 5 {
			t.Fatalf("replies sent: %v, want all five", got)
		}
		alerted := time.Time{}
		open, _ := r.store.(*seen.Store).OpenReplies()
		if len(open) != 0 {
			t.Errorf("replies still open: %+v", open)
		}
		for _, id := range []string{"a", "b", "c", "d", "e"} {
			rec, _, _ := r.store.(*seen.Store).ReplyTo(id)
			if alerted.IsZero() || rec.Due.Before(alerted) {
				alerted = rec.Due
			}
		}
		replier.mu.Lock()
		defer replier.mu.Unlock()
		var last time.Time
		for _, at := range replier.sentAt {
			if at.After(last) {
				last = at
			}
		}
		// Each waits at most 90 s from its alert; five sends take turns
		// of a load, a gap and a send each.
		first := alerted.Add(-90 * time.Second)
		if took := last.Sub(first); took > 90*time.Second+5*(2*p.loadTime+2*5*time.Second+2*time.Second) {
			t.Errorf("the last reply of five went %v after the alert; want its own delay (at most 90 s) and the sends' turns", took)
		}
	})
}

// A queued reply is kept like an alert: stopped during its delay, the app
// sends it after the restart at its time, once; stopped for longer than
// ReplyMaxAge, it says the reply was not sent; stopped while sending, it
// says the reply may have been sent, and never sends it again.
func TestQueuedRepliesOutliveAStop(t *testing.T) {
	dir := t.TempDir()
	synctest.Test(t, func(t *testing.T) {
		store, err := openStoreAt(dir)
		if err != nil {
			t.Fatal(err)
		}
		p := newPortal()
		west := fiveOnOneHost[0]
		r, replier, _ := replyRig(t, store, p, time.Second, west)
		r.e.d.ReplyMin, r.e.d.ReplyMax = 60*time.Second, 61*time.Second
		go func() { time.Sleep(40 * time.Second); p.post(west, "a") }()
		r.run(t, 90*time.Second) // alerted at ~60 s, due at ~120 s: stopped during the delay
		if got := replier.sent(); len(got) != 0 {
			t.Fatalf("sent %v before its delay was over", got)
		}
		if open, _ := store.OpenReplies(); len(open) != 1 || open[0].State != seen.ReplyQueued {
			t.Fatalf("after the stop the store holds %+v, want a's reply queued", open)
		}
		store.Close()

		store, err = openStoreAt(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		r, replier, board := replyRig(t, store, p, time.Second, west)
		r.run(t, 2*time.Minute)
		if got := replier.sent(); !slices.Equal(got, []string{"a"}) {
			t.Fatalf("after the restart sent %v, want [a] once", got)
		}
		if rec, _, _ := store.ReplyTo("a"); rec.State != seen.ReplySent {
			t.Errorf("a's reply is %s, want sent", rec.State)
		}
		if told, _ := board.all(); len(told) != 0 {
			t.Errorf("told %+v after a reply that went", told)
		}

		// b queued, then the app is away three hours; c was sending when it stopped.
		now := time.Now()
		b := listing.Alert{Listing: listing.Listing{ID: "b", URL: west + "/b", Title: "Room b"}, SearchURL: west, SearchName: "search 1"}
		c := listing.Alert{Listing: listing.Listing{ID: "c", URL: west + "/c", Title: "Room c"}, SearchURL: west, SearchName: "search 1"}
		if _, err := store.QueueReplies([]seen.Reply{{Alert: b, Due: now.Add(time.Minute)}, {Alert: c, Due: now}}, now); err != nil {
			t.Fatal(err)
		}
		if err := store.StartReply("c", now); err != nil {
			t.Fatal(err)
		}
		time.Sleep(3 * time.Hour)
		r, replier, board = replyRig(t, store, p, time.Second, west)
		r.run(t, time.Minute)
		if got := replier.sent(); len(got) != 0 {
			t.Errorf("sent %v: b is too old, c may have gone", got)
		}
		for id, want := range map[string]seen.ReplyState{"b": seen.ReplyNotSent, "c": seen.ReplyUnsure} {
			if rec, _, _ := store.ReplyTo(id); rec.State != want {
				t.Errorf("%s's reply is %s (%s), want %s", id, rec.State, rec.Why, want)
			}
		}
		told, _ := board.all()
		var said []string
		for _, n := range told {
			said = append(said, n.Title+": "+n.Body)
		}
		if len(told) != 2 || !strings.Contains(strings.Join(said, "\n"), "not sent: rentwatch was not running when it was due") ||
			!strings.Contains(strings.Join(said, "\n"), "may have been sent (rentwatch stopped while it was sending it)") {
			t.Errorf("told %q; want b not sent and c may have been sent", said)
		}
	})
}

// A reply that did not go is recorded as not sent, never as replied, and
// the user is told once, on every channel, with the listing's address
// named once; one that may have gone (the portal's 500) is recorded so.
func TestARepliesEndIsRecordedAsItWas(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		west := fiveOnOneHost[0]
		r, replier, board := replyRig(t, store, p, time.Second, west)
		r.e.d.ReplyMin, r.e.d.ReplyMax = 20*time.Second, 21*time.Second
		replier.end = func(a listing.Alert) error {
			switch a.ID {
			case "a":
				return fmt.Errorf("%w: nothing left the browser within 5s of the click", reply.ErrNotSent)
			case "b":
				return fmt.Errorf("%w: the portal answered 500 Internal Server Error", reply.ErrUnsure)
			}
			return nil
		}
		go func() { time.Sleep(40 * time.Second); p.post(west, "a", "b", "c") }()
		r.run(t, 3*time.Minute)
		for id, want := range map[string]seen.ReplyState{"a": seen.ReplyNotSent, "b": seen.ReplyUnsure, "c": seen.ReplySent} {
			if rec, _, _ := store.ReplyTo(id); rec.State != want {
				t.Errorf("%s's reply is %s (%s), want %s", id, rec.State, rec.Why, want)
			}
		}
		told, _ := board.all()
		if len(told) != 2 {
			t.Fatalf("told %+v, want a's and b's", told)
		}
		for _, n := range told {
			if c := strings.Count(n.Body, west+"/"); c != 1 {
				t.Errorf("the notice names the listing's address %d times: %s", c, n.Body)
			}
		}
		var got []string
		for _, l := range mustListed(t, store) {
			got = append(got, l.ID+" "+string(l.Reply))
		}
		slices.Sort(got)
		if want := []string{"a not-sent", "b unsure", "c sent"}; !slices.Equal(got, want) {
			t.Errorf("the listings show %v, want %v", got, want)
		}
	})
}

func mustListed(t *testing.T, s *seen.Store) []seen.Listed {
	t.Helper()
	l, err := s.Listed()
	if err != nil {
		t.Fatal(err)
	}
	return l
}
