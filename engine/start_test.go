package engine

import (
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// A site sees each search once per interval, whatever runs late: the first
// cycle paying for Chrome's cold start, the settings watcher's first report
// arriving during or after it, a search added just after a cycle, or more
// searches on one host than fit in an interval. (Seen in the real app on a
// busy machine: a second cycle right after the first, one page loaded twice
// 0.4 s apart.)
func TestASiteSeesEachSearchOncePerInterval(t *testing.T) {
	const iv = 10 * time.Second
	two := []string{"https://kamernet.test/huren/amsterdam", "https://pararius.test/huren/utrecht"}
	added := "https://funda.test/huur/leiden"
	tests := []struct {
		name     string
		searches []string
		cold     time.Duration // the first load's cold start
		// at each offset from the start, the engine gets these settings
		// (nil: the searches it started with)
		settings map[time.Duration][]string
		// addedBy: the added search must have been loaded this soon after
		// it was added at addedAt
		addedAt, addedBy time.Duration
		// overrun: more searches on one host than fit in an interval, so
		// cycles run back to back; a search may come round sooner, but
		// the host's gap holds from one cycle to the next
		overrun bool
	}{
		{name: "the first cycle takes longer than the interval (cold start)", searches: two, cold: 12 * time.Second},
		{name: "the first cycle's cold start eats part of the interval", searches: two, cold: 4 * time.Second},
		{name: "the watcher's first report comes while the first cycle runs", searches: two, cold: 12 * time.Second,
			settings: map[time.Duration][]string{500 * time.Millisecond: nil}},
		{name: "the watcher's first report comes right after the first cycle", searches: two, cold: 12 * time.Second,
			settings: map[time.Duration][]string{14 * time.Second: nil}},
		{name: "a search is added right after a cycle", searches: two,
			settings: map[time.Duration][]string{4 * time.Second: append(two[:2:2], added)},
			addedAt:  4 * time.Second, addedBy: 3 * time.Second},
		{name: "a search is added while the cold first cycle runs", searches: two, cold: 12 * time.Second,
			settings: map[time.Duration][]string{time.Second: append(two[:2:2], added)},
			addedAt:  time.Second, addedBy: 16 * time.Second},
		{name: "five searches on one host take longer than the interval", searches: fiveOnOneHost, overrun: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				p := newPortal()
				p.coldStart = tc.cold
				r := newRig(openStore(t), p, searches(tc.searches...), 21)
				r.e.st.settings.Interval = iv
				for at, urls := range tc.settings {
					if urls == nil {
						urls = tc.searches
					}
					go func() {
						time.Sleep(at)
						r.e.SetSettings(Settings{Interval: iv, Searches: searches(urls...)})
					}()
				}
				start := time.Now()
				r.run(t, 2*time.Minute)
				loads := map[string][]time.Time{}
				var log strings.Builder
				for _, q := range p.requests {
					loads[q.url] = append(loads[q.url], q.at)
					fmt.Fprintf(&log, "  %6.1fs %s\n", q.at.Sub(start).Seconds(), q.url)
				}
				for _, url := range tc.searches {
					if tc.overrun {
						break
					}
					if len(loads[url]) < 5 {
						t.Errorf("%s loaded %d times in 2 minutes; want one per interval\n%s", url, len(loads[url]), &log)
					}
					for i := 1; i < len(loads[url]); i++ {
						if gap := loads[url][i].Sub(loads[url][i-1]); gap < iv*8/10 {
							t.Errorf("%s loaded twice %v apart (load %d); want one load per interval\n%s", url, gap, i+1, &log)
						}
					}
				}
				if tc.addedBy > 0 {
					if l := loads[added]; len(l) == 0 || l[0].Sub(start) > tc.addedAt+tc.addedBy {
						t.Errorf("the added search was not checked at once\n%s", &log)
					}
				}
				checkHostGaps(t, p, r.e.d.GapMin, &log)
			})
		})
	}
}

// checkHostGaps fails when two requests to one host came closer than the
// shortest gap allows (a load's own time counts toward the gap).
func checkHostGaps(t *testing.T, p *fakePortal, gap time.Duration, log fmt.Stringer) {
	t.Helper()
	p.mu.Lock() // the engine may still be loading
	requests := append([]request(nil), p.requests...)
	p.mu.Unlock()
	last := map[string]time.Time{}
	for _, q := range requests {
		if at, ok := last[q.host]; ok && q.at.Sub(at) < gap {
			t.Errorf("two requests to %s %v apart, under the %v gap\n%s", q.host, q.at.Sub(at), gap, log)
		}
		last[q.host] = q.at
	}
}
