package engine

import (
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/pages"
)

// Five searches on one host: one site, five URLs.
var fiveOnOneHost = []string{
	"https://kamernet.test/huren/amsterdam-west", "https://kamernet.test/huren/amsterdam-oost",
	"https://kamernet.test/huren/amsterdam-zuid", "https://kamernet.test/huren/amsterdam-noord",
	"https://kamernet.test/huren/amsterdam-centrum",
}

const kamernet = "kamernet.test"

func TestFiveSearchesOnOneHostSendOneRequestPerRetry(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		p.answer(kamernet, wall(blocks.RateLimited, 0, always))
		r := newRig(store, p, searches(fiveOnOneHost...), 1)
		r.run(t, 40*time.Minute)

		sent := p.sent(kamernet)
		// Refusals from the start: 1 request, then one per retry of the
		// rate_limited ladder (2m, 5m, 15m, 30m: about 22 minutes in, the
		// fourth is due near 52 minutes), so 4 requests in 40 minutes.
		if len(sent) != 4 {
			t.Fatalf("host received %d requests in 40 minutes, want 4 (one per retry): %v", len(sent), sent)
		}
		entry, ok := r.hostWait(kamernet)
		if !ok || entry.Failures != 4 || entry.Kind != blocks.RateLimited {
			t.Fatalf("entry = %+v, %v; want 4 rate_limited failures on one shared count", entry, ok)
		}
		for i := 1; i < len(sent); i++ {
			gap := sent[i].at.Sub(sent[i-1].at)
			step := blocks.Ladder(blocks.RateLimited)[i-1]
			if gap < time.Duration(float64(step)*0.85) {
				t.Errorf("retry %d came %v after the last, before the ladder's %v (less 15%%)", i, gap, step)
			}
		}
	})
}

func TestCleanProbeReleasesTheOthersInTheSameCycle(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		p.answer(kamernet, wall(blocks.Challenge, 0, func(n int) bool { return n == 1 }))
		r := newRig(store, p, searches(fiveOnOneHost...), 2)
		r.run(t, 3*time.Minute)

		sent := p.sent(kamernet)
		if len(sent) < 6 {
			t.Fatalf("host received %d requests, want 1 refused + 1 probe + 4 released", len(sent))
		}
		probe, released := sent[1], sent[2:6]
		if wait := probe.at.Sub(sent[0].at); wait < 51*time.Second || wait > 100*time.Second {
			t.Errorf("probe went in %v after the challenge, want about a minute", wait)
		}
		for _, q := range released {
			if q.at.Sub(probe.at) > 30*time.Second {
				t.Errorf("held search %s went in %v after the probe: not in the same cycle", q.url, q.at.Sub(probe.at))
			}
			if q.url == probe.url {
				t.Errorf("the probe's search was checked twice in one cycle")
			}
		}
		if !r.logs.has("Recovered 1 site(s), checking 4 held search(es)") {
			t.Errorf("no recovery line in the log: %q", r.logs.lines)
		}
	})
}

func TestChangeOfKindRestartsTheCount(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		p.answer(kamernet, func(n int, url string) (pages.Result, error) {
			kind := blocks.Challenge
			if n >= 3 {
				kind = blocks.RateLimited
			}
			return wall(kind, 0, always)(n, url)
		})
		r := newRig(store, p, searches(fiveOnOneHost[0]), 3)
		r.run(t, 5*time.Minute) // challenge at 0, ~1m; rate limit at ~4m; the next try is ~2m after
		entry, _ := r.hostWait(kamernet)
		if entry.Kind != blocks.RateLimited || entry.Failures != 1 {
			t.Fatalf("after two challenges and a rate limit: %+v, want rate_limited with a count of 1", entry)
		}
		if entry.Wait < 102*time.Second || entry.Wait > 138*time.Second {
			t.Errorf("wait %v, want the first rate_limited step (2m ±15%%)", entry.Wait)
		}
	})
}

func TestOneErrorDoesNotMakeAHostWaitTwoDo(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		p.answer(kamernet, func(n int, url string) (pages.Result, error) {
			return pages.Result{}, errors.New("net::ERR_CONNECTION_RESET")
		})
		r := newRig(store, p, searches(fiveOnOneHost[0]), 4)
		r.run(t, 20*time.Second) // one cycle
		if _, waiting := r.hostWait(kamernet); waiting {
			t.Fatalf("one blip made the host wait")
		}
		if got := r.e.Snapshot().Searches[0]; got.Status != Failing || got.LastError == "" {
			t.Errorf("search after a blip: %+v, want error with the reason", got)
		}
		r2 := newRig(store, p, searches(fiveOnOneHost[0]), 4)
		r2.e.st.host(kamernet).errors = r.e.st.host(kamernet).errors
		r2.run(t, 20*time.Second)
		entry, waiting := r2.hostWait(kamernet)
		if !waiting || entry.Kind != blocks.Error {
			t.Fatalf("second error in a row: entry %+v %v, want the host waiting on the error ladder", entry, waiting)
		}
	})
}

func TestRetryAfterLongerThanTheLadderIsObeyed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		p.answer(kamernet, wall(blocks.RateLimited, 12*time.Minute, func(n int) bool { return n == 1 }))
		r := newRig(store, p, searches(fiveOnOneHost...), 5)
		r.run(t, 15*time.Minute)
		sent := p.sent(kamernet)
		if len(sent) < 2 {
			t.Fatalf("no retry within 15 minutes")
		}
		if gap := sent[1].at.Sub(sent[0].at); gap < 12*time.Minute {
			t.Errorf("retried %v after a Retry-After of 12m", gap)
		}
	})
}

func TestAllSearchesOnAHostShowTheSameCountdown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		p.answer(kamernet, wall(blocks.Denied, 0, always))
		list := append(searches(fiveOnOneHost...), searches("https://funda.test/huur/amsterdam")[0])
		list[5].Name = "funda"
		r := newRig(store, p, list, 6)
		r.run(t, 7*time.Minute)
		snap := r.e.Snapshot()
		var until time.Time
		for _, v := range snap.Searches {
			if v.Host != kamernet {
				if !v.Until.IsZero() || v.Status == Waiting {
					t.Errorf("%s on another host shows a wait: %+v", v.Name, v)
				}
				continue
			}
			if v.Status != Waiting || !v.NeedsUser || v.Wall != blocks.Denied {
				t.Errorf("%s: %+v, want waiting on a refusal that needs the user", v.Name, v)
			}
			if until.IsZero() {
				until = v.Until
			}
			if !v.Until.Equal(until) || !v.Until.After(snap.At) {
				t.Errorf("%s counts down to %v, others to %v (now %v)", v.Name, v.Until, until, snap.At)
			}
		}
		if snap.Overall != NeedsYou {
			t.Errorf("overall %q, want %q", snap.Overall, NeedsYou)
		}
	})
}

func TestShufflingVariesTheOrder(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		p.loadTime = 100 * time.Millisecond
		r := newRig(store, p, searches(fiveOnOneHost...), 7)
		r.run(t, 10*time.Minute)
		sent := p.sent(kamernet)
		orders := map[string]bool{}
		for i := 0; i+5 <= len(sent); i += 5 {
			var urls []string
			for _, q := range sent[i : i+5] {
				urls = append(urls, q.url)
			}
			orders[strings.Join(urls, " ")] = true
		}
		if len(sent) < 50 || len(orders) < len(sent)/5/2 {
			t.Errorf("%d cycles gave only %d distinct orders", len(sent)/5, len(orders))
		}
		for i := 1; i < len(sent); i++ {
			if gap := sent[i].at.Sub(sent[i-1].at); gap < time.Second+p.loadTime && gap < 20*time.Second {
				if sent[i].at.Sub(sent[i-1].at) < 2*time.Second {
					t.Fatalf("two requests to one host %v apart, want a gap of a few seconds", gap)
				}
			}
		}
	})
}

func TestTheProbeGoesInWhenTheWaitEnds(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		p.answer(kamernet, wall(blocks.Challenge, 0, func(n int) bool { return n <= 2 }))
		other := "https://funda.test/huur/amsterdam"
		r := newRig(store, p, searches(fiveOnOneHost[0], fiveOnOneHost[1], other), 16)
		snaps, unsubscribe := r.e.Subscribe()
		defer unsubscribe()
		start := time.Now()
		stop := running(t, r.e)
		// Each wait's end as the engine shows it (the host's countdown),
		// from every snapshot it publishes: not its state at a moment the
		// test picks, which would race with the engine's own steps.
		var waits []time.Time
		end := time.After(7 * time.Minute) // refused, a probe a minute on refused, ~3 minutes, the clean probe
		for watching := true; watching; {
			select {
			case s := <-snaps:
				for _, v := range s.Searches {
					if v.Host == kamernet && !v.Until.IsZero() && (len(waits) == 0 || !v.Until.Equal(waits[len(waits)-1])) {
						waits = append(waits, v.Until)
					}
				}
			case <-end:
				watching = false
			}
		}
		stop()
		elapsed := time.Since(start)
		sent := p.sent(kamernet)
		if len(waits) != 2 || len(sent) < 3 {
			t.Fatalf("saw %d wait(s) and %d request(s) to the host, want two waits and a probe after each: %v", len(waits), len(sent), sent)
		}
		for i, at := range waits {
			if late := sent[i+1].at.Sub(at); late < 0 || late > time.Second {
				t.Errorf("probe %d went in %v after its wait ended, want at once", i+1, late)
			}
		}
		// The probes did not drag the other host along: it is checked on
		// the regular cycle only, at most once per 27 s (30 s less its
		// jitter).
		others := p.sent("funda.test")
		if max := int(elapsed/(27*time.Second)) + 1; len(others) > max {
			t.Errorf("the other host got %d requests in %v, more than its cycles (%d)", len(others), elapsed, max)
		}
		for i := 1; i < len(others); i++ {
			if gap := others[i].at.Sub(others[i-1].at); gap < 20*time.Second {
				t.Errorf("the other host was asked twice %v apart: a probe took it along", gap)
			}
		}
	})
}

// The probe rotates from episode to episode: a search that happens to trip
// the wall must not be the only one that ever gets back in first.
func TestTheProbeRotatesBetweenEpisodes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		start := time.Now()
		// Three short challenges, five minutes apart: each stands longer
		// than an interval, so it catches a cycle's request, and is gone
		// by the probe a minute (at least 51 s) on.
		episodes := []time.Duration{0, 5 * time.Minute, 10 * time.Minute}
		p.answer(kamernet, func(n int, url string) (pages.Result, error) {
			at := time.Since(start)
			refuse := false
			for _, from := range episodes {
				refuse = refuse || (at >= from && at < from+40*time.Second)
			}
			return wall(blocks.Challenge, 0, func(int) bool { return refuse })(n, url)
		})
		r := newRig(openStore(t), p, searches(fiveOnOneHost[:3]...), 22)
		r.run(t, 14*time.Minute)
		sent := p.sent(kamernet)
		var probes []string
		for i := 1; i < len(sent); i++ {
			if sent[i].at.Sub(sent[i-1].at) > 45*time.Second { // the first request after a wall's wait
				probes = append(probes, sent[i].url)
			}
		}
		if len(probes) != len(episodes) {
			t.Fatalf("saw %d probes, want one per episode (%d): %v", len(probes), len(episodes), sent)
		}
		if probes[0] == probes[1] || probes[1] == probes[2] || probes[0] == probes[2] {
			t.Errorf("the probes of three episodes went to %v; want a different search each time", probes)
		}
	})
}
