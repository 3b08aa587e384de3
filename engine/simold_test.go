package engine

import (
	"context"
	"maps"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/listing"
)

// oldLadder is the policy this engine replaced: one exponential ladder
// from ten minutes to an hour for any wall.
var oldLadder = []time.Duration{10 * time.Minute, 20 * time.Minute, 40 * time.Minute, time.Hour}

// oldMonitor is the replaced design, kept only to measure against: backoff
// keyed by search URL, one flat ladder, no probe, no second pass. Every
// search not standing down is checked every cycle, one request at a time
// per host with the same gaps, two hosts at once, as this engine does.
type oldMonitor struct {
	loader Loader
	out    interface {
		Deliver(context.Context, []listing.Alert) error
	}
	searches []config.Search
	rng      *rand.Rand
	seen     map[string]map[string]bool // search -> listing ids; nil until its baseline
	failures map[string]int             // by search URL
	until    map[string]time.Time       // by search URL
}

func (m *oldMonitor) run(ctx context.Context, interval time.Duration) {
	for ctx.Err() == nil {
		start := time.Now()
		m.cycle(ctx)
		next := start.Add(time.Duration(float64(interval) * (0.9 + 0.2*m.rng.Float64())))
		sleep(ctx, time.Until(next))
	}
}

func (m *oldMonitor) cycle(ctx context.Context) {
	byHost := map[string][]config.Search{}
	for _, s := range m.searches {
		if time.Now().Before(m.until[s.URL]) {
			continue
		}
		h := blocks.HostKey(s.URL)
		byHost[h] = append(byHost[h], s)
	}
	var mu sync.Mutex // guards the monitor's maps across host goroutines
	slots := make(chan struct{}, 2)
	var wg sync.WaitGroup
	// In host order, not the map's: the same seed must give the same day.
	// Every draw is made here, before the hosts' goroutines start, and
	// each host draws its jitter from its own source: two hosts judged at
	// one virtual instant run in either order, and a shared source would
	// give them each other's draws (a data race, and a day that depended
	// on the machine).
	for _, h := range slices.Sorted(maps.Keys(byHost)) {
		list := byHost[h]
		gaps := make([]time.Duration, len(list))
		for i := range gaps {
			gaps[i] = 2*time.Second + time.Duration(m.rng.Int64N(int64(3*time.Second)))
		}
		jitter := rand.New(rand.NewPCG(m.rng.Uint64(), m.rng.Uint64()))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, s := range list {
				slots <- struct{}{}
				res, err := m.loader.Load(ctx, s.URL)
				<-slots
				mu.Lock()
				m.judge(ctx, s, res.Verdict, res.Listings, err, jitter)
				mu.Unlock()
				if !sleep(ctx, gaps[i]) {
					return
				}
			}
		}()
	}
	wg.Wait()
}

func (m *oldMonitor) judge(ctx context.Context, s config.Search, v blocks.Verdict, listings []listing.Listing, err error, jitter *rand.Rand) {
	if err != nil {
		return // the old monitor retried errors next cycle
	}
	if v.Kind != blocks.OK {
		m.failures[s.URL]++
		step := oldLadder[min(m.failures[s.URL], len(oldLadder))-1]
		wait := max(time.Duration(float64(step)*(0.85+0.3*jitter.Float64())), v.RetryAfter)
		m.until[s.URL] = time.Now().Add(min(wait, time.Hour))
		return
	}
	m.failures[s.URL] = 0
	known := m.seen[s.URL]
	fresh := map[string]bool{}
	var alerts []listing.Alert
	for _, l := range listings {
		fresh[l.ID] = true
		if known != nil && !known[l.ID] {
			alerts = append(alerts, listing.Alert{Listing: listing.Listing{ID: l.ID, URL: l.URL}, SearchURL: s.URL})
		}
	}
	if len(alerts) == 0 || m.out.Deliver(ctx, alerts) == nil {
		m.seen[s.URL] = fresh
	}
}
