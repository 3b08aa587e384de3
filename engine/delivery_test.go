package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/listing"
	"rentwatch/outbox"
	"rentwatch/pages"
	"rentwatch/reply"
)

func TestBaselineThenNewListingsAreAlertedOnceAcrossSearches(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		west, oost := fiveOnOneHost[0], fiveOnOneHost[1]
		p.post(west, "a", "b")
		p.post(oost, "c")
		r := newRig(store, p, searches(west, oost), 8)
		ctxRun := func(d time.Duration) { r.run(t, d) }
		go func() {
			time.Sleep(45 * time.Second) // after the baseline cycle
			p.post(west, "shared")
			p.post(oost, "shared")
		}()
		ctxRun(2 * time.Minute)
		if got := r.mail.told(); !slices.Equal(got, []string{"shared"}) {
			t.Fatalf("told %v, want only the new listing, once (the first cycle is a baseline)", got)
		}
	})
}

func TestFailedSendKeepsListingsUnseenAndRetries(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		west := fiveOnOneHost[0]
		p.post(west, "a")
		r := newRig(store, p, searches(west), 9)
		r.mail.fail = func(_ context.Context, n int) error {
			if n == 1 {
				return &outbox.DeliveryError{Stage: "data", Code: 451, Err: errors.New("try later")}
			}
			return nil
		}
		go func() { time.Sleep(40 * time.Second); p.post(west, "new") }()
		r.run(t, 3*time.Minute)
		if r.mail.tries < 2 {
			t.Fatalf("delivery tried %d times, want a retry after the failure", r.mail.tries)
		}
		if got := r.mail.told(); !slices.Equal(got, []string{"new"}) {
			t.Fatalf("told %v, want the listing once, on the retry", got)
		}
		if !r.logs.has("Failed to send by alerts: ") || !r.logs.has("Keeping listings unseen on alerts, will retry in ") {
			t.Errorf("the failure was not logged as the design says")
		}
		snap, _, _ := store.Snapshot(west)
		if _, ok := snap.Listings["new"]; !ok {
			t.Errorf("after delivery the snapshot should hold the listing: %v", snap.Listings)
		}
	})
}

func TestKillBetweenDeliveryAndSnapshotGivesADuplicateNotALoss(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		real := openStore(t)
		p := newPortal()
		west := fiveOnOneHost[0]
		p.post(west, "a")
		crashing := &crashingStore{Store: real}
		r := newRig(crashing, p, searches(west), 10)
		go func() { time.Sleep(40 * time.Second); p.post(west, "b"); crashing.crash.Store(true) }()
		r.run(t, 70*time.Second)
		if got := r.mail.told(); !slices.Equal(got, []string{"b"}) {
			t.Fatalf("first run told %v, want [b]", got)
		}
		// The process "restarts" on the same store.
		r2 := newRig(real, p, searches(west), 11)
		r2.run(t, 40*time.Second)
		if got := r2.mail.told(); !slices.Contains(got, "b") {
			t.Fatalf("after the crash the listing was lost: told %v", got)
		}
		if pending, _ := real.Pending(); len(pending) != 0 {
			t.Errorf("pending after a good delivery: %v", pending)
		}
	})
}

type failingReplier struct{ calls int }

func (f *failingReplier) Reply(ctx context.Context, a listing.Alert, lane reply.Lane, before func() error) (reply.Result, error) {
	f.calls++
	return reply.Result{}, errors.New("recipe out of date")
}

func TestAFailedReplyNeverTouchesNotification(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		west := fiveOnOneHost[0]
		p.post(west, "a")
		list := searches(west)
		list[0].Reply = true
		r := newRig(store, p, list, 15)
		box, replier, board := &mailbox{}, &failingReplier{}, &noticeBoard{}
		r.e.d.Outbox, r.e.d.Replier, r.e.d.Notices = box, replier, board
		go func() { time.Sleep(40 * time.Second); p.post(west, "b") }()
		r.run(t, 4*time.Minute)
		if got := box.told(); !slices.Equal(got, []string{"b"}) {
			t.Fatalf("told %v, want [b] once", got)
		}
		if replier.calls != 1 {
			t.Errorf("replier called %d times, want once, after the alert", replier.calls)
		}
		if told, _ := board.all(); len(told) != 1 || !strings.Contains(told[0].Body, "recipe out of date") ||
			told[0].Open.Kind != outbox.OpenWeb {
			t.Errorf("told %+v, want one notice of the failed reply on every channel, the listing a click away", told)
		}
		if snap, _, _ := store.Snapshot(west); len(snap.Listings) != 2 {
			t.Errorf("the snapshot should hold both listings after delivery: %v", snap.Listings)
		}
	})
}

func TestAnEmptiedPageIsASoftBlockNotNothingNew(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		west := fiveOnOneHost[0]
		p.post(west, "a", "b", "c")
		r := newRig(store, p, searches(west), 17)
		go func() {
			time.Sleep(40 * time.Second)
			p.mu.Lock()
			p.listings[west] = nil // the layout changed: the reader finds nothing
			p.mu.Unlock()
		}()
		r.run(t, 70*time.Second)
		v := r.e.Snapshot().Searches[0]
		if v.Status != SoftBlock || !strings.Contains(v.LastError, "none of the 3 listings") {
			t.Fatalf("search: %+v, want a soft block", v)
		}
		if r.e.Snapshot().Overall != NeedsYou {
			t.Errorf("overall %q", r.e.Snapshot().Overall)
		}
		if snap, _, _ := store.Snapshot(west); len(snap.Listings) != 3 {
			t.Errorf("the snapshot was overwritten by the empty page: %v", snap.Listings)
		}
	})
}

func TestServerErrorsCountTowardTheGraceAndMissingPagesDoNot(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		p.answer(kamernet, func(n int, url string) (pages.Result, error) {
			status := 503
			if strings.HasSuffix(url, "west") {
				status = 404
			}
			return pages.Result{URL: url, Status: status, Verdict: blocks.Verdict{Kind: blocks.OK}}, nil
		})
		r := newRig(store, p, searches(fiveOnOneHost[0], fiveOnOneHost[1]), 18)
		r.run(t, 20*time.Second)
		snap := r.e.Snapshot()
		for _, v := range snap.Searches {
			if v.Status != Failing || v.LastError == "" {
				t.Errorf("%s: %+v, want an error in words", v.URL, v)
			}
		}
		if !strings.Contains(snap.Searches[0].LastError, "404") || !strings.Contains(snap.Searches[1].LastError, "503") {
			t.Errorf("errors: %q, %q", snap.Searches[0].LastError, snap.Searches[1].LastError)
		}
		if _, waiting := r.hostWait(kamernet); waiting {
			t.Errorf("one 503 made the host wait")
		}
		if s, had, _ := store.Snapshot(fiveOnOneHost[1]); had {
			t.Errorf("an error page became a baseline: %v", s.Listings)
		}
	})
}

// recordingReplier records the listings it was asked to answer.
type recordingReplier struct {
	mu  sync.Mutex
	ids []string
}

func (f *recordingReplier) Reply(ctx context.Context, a listing.Alert, lane reply.Lane, before func() error) (reply.Result, error) {
	err := lane(ctx, func(context.Context) error {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.ids = append(f.ids, a.ID)
		return before()
	})
	return reply.Result{Sent: err == nil}, err
}

// With auto-reply off a search never shows "replying", and a reply that
// waits for its host's wall never hides the wall and its countdown.
func TestReplyingIsShownOnlyForSearchesThatReplyAndNeverOverAWall(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		on, off := fiveOnOneHost[0], "https://pararius.test/huren/utrecht"
		list := searches(on, off)
		list[0].Reply = true
		// The third request is refused; the wall has ended by the probe.
		p.answer(kamernet, wall(blocks.RateLimited, 0, func(n int) bool { return n == 3 }))
		r := newRig(store, p, list, 16)
		replier := &recordingReplier{}
		r.e.d.Replier = replier
		r.e.d.ReplyMin, r.e.d.ReplyMax = 50*time.Second, 51*time.Second
		go func() { time.Sleep(20 * time.Second); p.post(on, "a"); p.post(off, "b") }()
		status := func(url string) SearchView {
			for _, v := range r.e.Snapshot().Searches {
				if v.URL == url {
					return v
				}
			}
			t.Fatalf("no view of %s", url)
			return SearchView{}
		}
		stop := running(t, r.e)
		time.Sleep(45 * time.Second) // both alerted at the second cycle (~30 s); the reply waits 50 s
		if got := r.mail.told(); len(got) != 2 {
			t.Fatalf("told %v, want both listings", got)
		}
		if v := status(off); v.Status == Replying {
			t.Errorf("the search with auto-reply off shows %q", v.Status)
		}
		if v := status(on); v.Status != Replying {
			t.Errorf("the search with auto-reply on shows %q while its reply waits its turn, want %q", v.Status, Replying)
		}
		time.Sleep(25 * time.Second) // the third cycle (~60 s) met a wall on the replying search's host
		if v := status(on); v.Status != Waiting || v.Wall != blocks.RateLimited || v.Until.IsZero() {
			t.Errorf("the replying search's host is rate limited, but it shows %q (wall %q, until %v)", v.Status, v.Wall, v.Until)
		}
		time.Sleep(5 * time.Minute) // the wall ends, the reply goes in
		stop()
		if !slices.Equal(replier.ids, []string{"a"}) {
			t.Errorf("replies sent for %v, want only [a] (the search with auto-reply on)", replier.ids)
		}
	})
}

// timedReplier notes when each reply began.
type timedReplier struct {
	mu  sync.Mutex
	ids []string
	at  []time.Time
}

func (f *timedReplier) Reply(ctx context.Context, a listing.Alert, lane reply.Lane, before func() error) (reply.Result, error) {
	err := lane(ctx, func(context.Context) error {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.ids, f.at = append(f.ids, a.ID), append(f.at, time.Now())
		return before()
	})
	return reply.Result{Sent: err == nil}, err
}

// Replies wait for the alert: while the alert cannot be delivered, no
// landlord hears from us, because the user has not heard of the listing.
func TestRepliesWaitForTheAlert(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		west := fiveOnOneHost[0]
		p.post(west, "a")
		list := searches(west)
		list[0].Reply = true
		r := newRig(openStore(t), p, list, 23)
		replier := &timedReplier{}
		r.e.d.Replier, r.e.d.ReplyMin, r.e.d.ReplyMax = replier, time.Second, 2*time.Second
		var delivered time.Time
		r.mail.fail = func(_ context.Context, n int) error {
			if n <= 2 { // two tries without email (30 s apart, then a minute)
				return &outbox.DeliveryError{Stage: "connect", Err: errors.New("connection refused")}
			}
			delivered = time.Now()
			return nil
		}
		go func() { time.Sleep(40 * time.Second); p.post(west, "b") }()
		r.run(t, 4*time.Minute)
		if got := r.mail.told(); !slices.Equal(got, []string{"b"}) {
			t.Fatalf("told %v, want [b] once the email went out", got)
		}
		if !slices.Equal(replier.ids, []string{"b"}) {
			t.Fatalf("replied to %v, want [b] once", replier.ids)
		}
		if replier.at[0].Before(delivered) {
			t.Errorf("replied at %v, before the alert went out at %v", replier.at[0], delivered)
		}
	})
}

// A send the server took just as the app was told to stop (Quit, SIGTERM)
// is recorded before Run returns: the listing was delivered, and leaving it
// in the channel's queue would send it again at the next start. (The real
// app's fault matrix caught it: Quit a moment after a pop-up and an email
// went out, and both queues still held the room; and again under load,
// where the stop cut the push's request short after the server had it.)
// The channel here gives up when its context ends, as every real one does.
func TestASendDoneAsTheAppStopsIsRecorded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		// The server has the message; its answer comes 3 s later, after
		// the stop.
		queue, _ := stopWhileSending(t, func(ctx context.Context) error {
			select {
			case <-time.After(3 * time.Second):
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
		if len(queue) != 0 {
			t.Errorf("after the stop the channel's queue holds %v, want nothing: it was delivered", queue)
		}
	})
}

// A server that never answers does not hold the stop: the send is cut
// SendGrace after it, and the listing stays queued for the next start.
func TestAHungSendEndsSendGraceAfterTheStop(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		queue, took := stopWhileSending(t, func(ctx context.Context) error {
			<-ctx.Done()
			return ctx.Err()
		})
		if took != SendGrace {
			t.Errorf("the stop took %v, want SendGrace (%v)", took, SendGrace)
		}
		if len(queue) != 1 {
			t.Errorf("after the stop the channel's queue holds %v, want the one listing never delivered", queue)
		}
	})
}

// stopWhileSending runs the engine (in the caller's bubble) until a new
// listing's send is under way, answered by server, then stops it: it
// returns the channel's queue after the stop and how long the stop took.
func stopWhileSending(t *testing.T, server func(ctx context.Context) error) ([]listing.Alert, time.Duration) {
	store := openStore(t)
	p := newPortal()
	west := fiveOnOneHost[0]
	p.post(west, "a")
	r := newRig(store, p, searches(west), 9)
	entered := make(chan struct{})
	r.mail.fail = func(ctx context.Context, n int) error {
		close(entered)
		return server(ctx)
	}
	stop := running(t, r.e)
	time.Sleep(40 * time.Second) // after the baseline
	p.post(west, "new")
	<-entered
	asked := time.Now()
	stop()
	took := time.Since(asked)
	queue, err := store.Queue("outbox")
	if err != nil {
		t.Fatal(err)
	}
	return queue, took
}
