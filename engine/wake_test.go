package engine

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/pages"
)

func TestSleptAndLook(t *testing.T) {
	t0 := time.Date(2026, 12, 2, 23, 0, 0, 0, time.UTC)
	steps := []struct {
		name string
		wall time.Time     // the wall clock at the look
		mono time.Duration // the monotonic clock at the look
		want time.Duration // the jump look reports
	}{
		{"the first look", t0, time.Hour, 0},
		{"five seconds on both", t0.Add(5 * time.Second), time.Hour + 5*time.Second, 0},
		{"drift under WakeJump", t0.Add(14 * time.Second), time.Hour + 10*time.Second, 0},
		{"a night's sleep", t0.Add(8*time.Hour + 15*time.Second), time.Hour + 12*time.Second, 8*time.Hour - time.Second},
		{"the clock set back", t0.Add(7 * time.Hour), time.Hour + 13*time.Second, -time.Hour - 16*time.Second},
	}
	var w wakeWatch
	for _, s := range steps {
		if got := w.look(s.wall, s.mono); got != s.want {
			t.Errorf("%s: look = %v, want %v", s.name, got, s.want)
		}
	}
	if !w.inGrace(t0.Add(7*time.Hour+29*time.Second)) || w.inGrace(t0.Add(7*time.Hour+30*time.Second)) {
		t.Errorf("the grace after the last jump (at %v) is not WakeGrace", w.woke)
	}
}

// jumpClock is the computer's clock in a synctest bubble, where the test
// can put the computer to sleep: its wall clock moves on, its monotonic
// clock (and so every timer, the bubble's) stands still.
type jumpClock struct {
	base time.Time
	// mu guards slept.
	mu    sync.Mutex
	slept time.Duration
}

func newJumpClock() *jumpClock { return &jumpClock{base: time.Now()} }

func (c *jumpClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Round(0).Add(c.slept)
}

func (c *jumpClock) Monotonic() time.Duration { return time.Since(c.base) }

// sleep is the computer sleeping for d; it returns the wall clock at the
// wake.
func (c *jumpClock) sleep(d time.Duration) time.Time {
	c.mu.Lock()
	c.slept += d
	c.mu.Unlock()
	return c.Now()
}

// wakeRig is a rig on a jumpClock, the portal's requests stamped with its
// wall clock.
func wakeRig(t *testing.T, p *fakePortal, urls []string, seed uint64, interval time.Duration) (*rig, *jumpClock) {
	c := newJumpClock()
	p.now = c.Now
	r := newRig(openStore(t), p, searches(urls...), seed)
	r.e.d.Clock = c
	r.e.st.settings.Interval = interval
	return r, c
}

// soon is how quickly after a wake (or a deadline that went by during a
// sleep) the engine acts: its longest sleep, and a load's start.
const soon = WakeCheck + time.Second

// After a night's sleep the app checks at once, not when the timer set
// before the sleep (an hour, on the monotonic clock) runs out.
func TestAWakeChecksAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		funda := "https://funda.test/huur/amsterdam"
		r, c := wakeRig(t, p, []string{funda}, 41, time.Hour)
		running(t, r.e)
		time.Sleep(time.Minute) // the first check; the next is an hour away
		woke := c.sleep(8 * time.Hour)
		time.Sleep(time.Minute)
		sent := p.sent("funda.test")
		if len(sent) != 2 {
			t.Fatalf("%d request(s), want the first check and one at the wake: %v", len(sent), sent)
		}
		if late := sent[1].at.Sub(woke); late < 0 || late > soon {
			t.Errorf("checked %v after the wake, want within %v", late, soon)
		}
		if !r.logs.has("the computer woke up after 8 h: checking now") {
			t.Errorf("the log does not say the computer woke up")
		}
	})
}

// "Pause until" ends on the wall clock: at its time after a short sleep,
// at the wake when the sleep went past it.
func TestAPauseEndsOnTheWallClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		funda := "https://funda.test/huur/amsterdam"
		r, c := wakeRig(t, p, []string{funda}, 42, time.Hour)
		running(t, r.e)
		time.Sleep(20 * time.Second)
		until := c.Now().Add(2 * time.Hour)
		r.e.PauseUntil(until)
		time.Sleep(time.Minute)
		c.sleep(30 * time.Minute)
		time.Sleep(2 * time.Hour)
		sent := p.sent("funda.test")
		if len(sent) < 2 {
			t.Fatalf("no check after the pause: %v", sent)
		}
		if late := sent[1].at.Sub(until); late < 0 || late > soon {
			t.Errorf("a pause until %v after a 30-minute sleep ended %v after its time, want at it", until.Format("15:04"), late)
		}

		until = c.Now().Add(2 * time.Hour)
		r.e.PauseUntil(until)
		time.Sleep(time.Minute)
		before := len(p.sent("funda.test"))
		woke := c.sleep(3 * time.Hour) // past its end
		time.Sleep(time.Minute)
		sent = p.sent("funda.test")
		if len(sent) == before {
			t.Fatalf("no check within a minute of a wake past the pause's end")
		}
		if late := sent[before].at.Sub(woke); late < 0 || late > soon {
			t.Errorf("a pause that ended during a sleep ended %v after the wake, want at it", late)
		}
		if r.e.Snapshot().Paused {
			t.Errorf("still paused after its end")
		}
	})
}

// A host's Retry-After is a date on the wall clock: a sleep past it
// brings the probe at the wake; a shorter sleep leaves it where it was.
func TestARetryAfterStandsOnTheWallClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		p.answer(kamernet, wall(blocks.RateLimited, 50*time.Minute, func(n int) bool { return n <= 2 }))
		r, c := wakeRig(t, p, fiveOnOneHost[:1], 43, 30*time.Minute)
		running(t, r.e)
		time.Sleep(10 * time.Second)
		first := r.e.Snapshot().Searches[0].Until // 50 minutes on
		time.Sleep(40 * time.Minute)
		woke := c.sleep(30 * time.Minute) // past it
		time.Sleep(time.Minute)
		second := r.e.Snapshot().Searches[0].Until
		sent := p.sent(kamernet)
		if len(sent) != 2 || first.IsZero() || !second.After(first) {
			t.Fatalf("after a sleep past the wait: requests %v, waits until %v then %v; want the probe at the wake, refused again", sent, first, second)
		}
		if late := sent[1].at.Sub(later(first, woke)); late < 0 || late > soon {
			t.Errorf("the probe after a sleep past the wait went in %v after the wake, want at it", late)
		}

		c.sleep(20 * time.Minute) // not past it
		time.Sleep(40 * time.Minute)
		sent = p.sent(kamernet)
		if len(sent) != 3 {
			t.Fatalf("requests %v, want one probe at the end of the second wait", sent)
		}
		if late := sent[2].at.Sub(second); late < 0 || late > soon {
			t.Errorf("after a 20-minute sleep the probe went in %v after its wait ended (%v), want at it", late, second.Format("15:04:05"))
		}
	})
}

// The network takes a moment to come back after a wake: the loads that
// fail meanwhile are not the host's errors (two in a row would make it
// wait), and the searches are checked again when the grace ends.
func TestTheNetworkGetsAGraceAfterAWake(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		var down atomic.Bool
		p.answer(kamernet, func(n int, url string) (pages.Result, error) {
			if down.Load() {
				return pages.Result{}, errors.New("net::ERR_INTERNET_DISCONNECTED")
			}
			return pages.Result{Verdict: blocks.Verdict{Kind: blocks.OK}}, nil
		})
		r, c := wakeRig(t, p, fiveOnOneHost[:2], 44, time.Hour)
		running(t, r.e)
		time.Sleep(10 * time.Minute)
		before := len(p.sent(kamernet))
		down.Store(true)
		woke := c.sleep(2 * time.Hour)
		time.Sleep(20 * time.Second) // the wifi reconnects
		down.Store(false)
		if _, waiting := r.hostWait(kamernet); waiting {
			t.Errorf("the loads that failed just after the wake made the host wait")
		}
		time.Sleep(time.Minute)
		sent := p.sent(kamernet)[before:]
		if len(sent) != 4 {
			t.Fatalf("after the wake: %v; want both searches at the wake and again when the grace ended", sent)
		}
		for _, q := range sent[2:] {
			if at := q.at.Sub(woke); at < WakeGrace || at > WakeGrace+soon+10*time.Second {
				t.Errorf("%s checked again %v after the wake, want when the grace (%v) ended", q.url, at, WakeGrace)
			}
		}
		for _, v := range r.e.Snapshot().Searches {
			if v.Status == Failing || v.LastError != "" {
				t.Errorf("%s after the grace: %s %q", v.Name, v.Status, v.LastError)
			}
		}
		if _, waiting := r.hostWait(kamernet); waiting {
			t.Errorf("the host waits after the grace")
		}
	})
}
