package engine

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/pages"
)

func TestReleaseDue(t *testing.T) {
	now := time.Date(2026, 3, 2, 14, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name string
		next time.Time
		want bool
	}{
		{"nothing scheduled (paused, no search)", time.Time{}, true},
		{"the next cycle in 30 s", now.Add(30 * time.Second), false},
		{"a request due now", now, false},
		{"overdue", now.Add(-time.Second), false},
		{"exactly the threshold", now.Add(ReleaseIdle), false},
		{"every host waits five minutes", now.Add(5 * time.Minute), true},
		{"a pause of an hour", now.Add(time.Hour), true},
	} {
		if got := releaseDue(now, c.next); got != c.want {
			t.Errorf("%s: releaseDue = %v, want %v", c.name, got, c.want)
		}
	}
}

// loadWatch is a Loader that counts the loads under way, and a Release
// that records each call with the loads under way at that moment.
type loadWatch struct {
	Loader
	mu       sync.Mutex // guards the fields below
	inflight int
	releases []time.Time
	overlap  int // loads under way during a release
	loads    []time.Time
}

func (w *loadWatch) Load(ctx context.Context, url string) (pages.Result, error) {
	w.mu.Lock()
	w.inflight++
	w.loads = append(w.loads, time.Now())
	w.mu.Unlock()
	defer func() { w.mu.Lock(); w.inflight--; w.mu.Unlock() }()
	return w.Loader.Load(ctx, url)
}

func (w *loadWatch) release() {
	w.mu.Lock()
	w.releases = append(w.releases, time.Now())
	w.overlap += w.inflight
	w.mu.Unlock()
	time.Sleep(time.Second) // Chrome takes a moment to stop
	w.mu.Lock()
	w.overlap += w.inflight
	w.mu.Unlock()
}

// stretches counts the releases and checks that each one is followed by a
// load before the next: one release per idle stretch.
func (w *loadWatch) stretches(t *testing.T) int {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	for i := 1; i < len(w.releases); i++ {
		between := 0
		for _, l := range w.loads {
			if l.After(w.releases[i-1]) && l.Before(w.releases[i]) {
				between++
			}
		}
		if between == 0 {
			t.Errorf("released twice (%v, %v) with no load in between", w.releases[i-1], w.releases[i])
		}
	}
	if w.overlap != 0 {
		t.Errorf("a release ran while %d load(s) were under way", w.overlap)
	}
	return len(w.releases)
}

// The browser is let go once per idle stretch: never while checks come
// every interval, once when everything is paused (however long), not for
// a pause shorter than ReleaseIdle, and once each time every host stands
// us down for longer.
func TestTheBrowserIsReleasedOncePerIdleStretch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		b := "https://pararius.test/huren/utrecht"
		r := newRig(openStore(t), p, searches(fiveOnOneHost[0], b), 51)
		w := &loadWatch{Loader: p}
		r.e.d.Loader, r.e.d.Release = w, w.release
		stop := running(t, r.e)
		step := func(what string, d time.Duration, want int) {
			t.Helper()
			time.Sleep(d)
			if got := w.stretches(t); got != want {
				t.Fatalf("%s: released %d time(s), want %d", what, got, want)
			}
		}
		step("watching every 30 s", 10*time.Minute, 0)
		r.e.Pause("")
		step("paused", 10*time.Second, 1)
		step("paused for an hour", time.Hour, 1)
		r.e.Resume("")
		step("resumed", time.Minute, 1)
		r.e.PauseUntil(time.Now().Add(time.Minute))
		step("a pause of a minute", 2*time.Minute, 1)
		start := time.Now()
		refuse := func(n int, url string) (pages.Result, error) {
			if time.Since(start) < 20*time.Minute {
				return pages.Result{URL: url, Status: 403, Verdict: blocks.Verdict{Kind: blocks.Denied}}, nil
			}
			return pages.Result{Verdict: blocks.Verdict{Kind: blocks.OK}}, nil
		}
		p.answer(kamernet, refuse)
		p.answer("pararius.test", refuse)
		step("both hosts refused, waiting five minutes", time.Minute, 2)
		// Their probes are refused again (a longer wait each): a new idle
		// stretch after each, until they serve us again at 20 minutes.
		time.Sleep(40 * time.Minute)
		n := w.stretches(t)
		step("serving again, checked every 30 s", 10*time.Minute, n)
		stop()
		if n < 3 {
			t.Errorf("released %d times in all, want again after the refused probes", n)
		}
	})
}

// While the window of a check by hand is open the browser is never let
// go, though nothing else is due (its site is the only one, left alone
// while the user is there): it is the user's.
func TestTheBrowserIsKeptDuringACheckByHand(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		r := newRig(openStore(t), p, searches(fiveOnOneHost[0]), 52)
		w := &loadWatch{Loader: p}
		r.e.d.Loader, r.e.d.Release = w, w.release
		var opened, closed time.Time
		r.e.d.Manual = func(ctx context.Context, url string) error {
			opened = time.Now()
			time.Sleep(10 * time.Minute)
			closed = time.Now()
			return nil
		}
		stop := running(t, r.e)
		time.Sleep(time.Minute) // checked every 30 s: kept
		r.e.ManualCheck(fiveOnOneHost[0])
		time.Sleep(15 * time.Minute) // the window, then checks every 30 s again
		stop()
		if opened.IsZero() || closed.IsZero() {
			t.Fatal("the window did not open and close")
		}
		if n := w.stretches(t); n != 0 {
			t.Errorf("released %d times, want never: the window was open, then checks came every interval", n)
		}
	})
}
