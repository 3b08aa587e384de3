package engine

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/internal/testkit"
	"rentwatch/listing"
	"rentwatch/outbox"
	"rentwatch/pages"
	"rentwatch/seen"
)

// The simulation: 24 hours of virtual time, 15 searches on 5 hosts,
// listings posted at random and taken down after a while, and block
// episodes of every kind on every host. It runs this engine and the design
// it replaced (backoff keyed by search URL, one flat ladder from ten
// minutes to an hour, no probe, no second pass) over the same world and
// compares what the user would have seen. Run it with
//
//	go test ./engine -run TestSimulation -v
const (
	simHours       = 24
	simDrain       = time.Hour // no new listings in the last hour, so every one can be found
	simHosts       = 5
	simPerHost     = 3
	simPostEvery   = 20 * time.Minute // mean time between listings on one search
	simLifetimeMin = 45 * time.Minute // how long a listing stays on the page
	simLifetimeMax = 4 * time.Hour
	simEpisodes    = 6 // block episodes per host per day
)

// episode is a stretch of time in which a host refuses us (or fails).
type episode struct {
	kind       blocks.Kind
	from, to   time.Time
	retryAfter time.Duration
	// quiet is how long the host must go unasked before a rate limit or a
	// refusal lifts: every request it refuses pushes the end out to at
	// least then. That is how rate limiters and bot walls behave, and it
	// is why searches that keep knocking keep the whole site blocked.
	quiet time.Duration
}

type simListing struct {
	id, search string
	host       string
	posted     time.Time
	gone       time.Time
}

// world is the simulated internet: what every search page shows at any
// moment and when each host refuses.
type world struct {
	start    time.Time
	listings []simListing
	episodes map[string][]episode

	quiet bool   // record no requests (for measuring memory)
	seed  uint64 // for the loads' times

	// mu guards the fields below.
	mu       sync.Mutex
	loads    map[string]int // loads so far, by URL
	requests []simRequest
	told     map[string]time.Time // listing id -> first delivery
}

type simRequest struct {
	at      time.Time
	host    string
	refused bool // a wall answered (not an error)
	ep      int  // which episode, -1 if none
}

func newWorld(start time.Time, seed uint64, model wallModel) *world {
	rng := rand.New(rand.NewPCG(seed, 99))
	w := &world{start: start, episodes: map[string][]episode{}, seed: seed, loads: map[string]int{},
		told: map[string]time.Time{}}
	end := start.Add(simHours * time.Hour)
	for h := range simHosts {
		host := fmt.Sprintf("portal%d.test", h)
		for s := range simPerHost {
			url := fmt.Sprintf("https://%s/search/%d", host, s)
			for at := start.Add(2 * time.Minute); ; { // after the baseline
				at = at.Add(time.Duration(rng.ExpFloat64() * float64(simPostEvery)))
				if at.After(end.Add(-simDrain)) {
					break
				}
				life := simLifetimeMin + time.Duration(rng.Int64N(int64(simLifetimeMax-simLifetimeMin)))
				id := fmt.Sprintf("%s-%d", url, len(w.listings))
				w.listings = append(w.listings, simListing{id: id, search: url, host: host, posted: at, gone: at.Add(life)})
			}
		}
		w.episodes[host] = model.episodesFor(rng, start.Add(5*time.Minute), end.Add(-simDrain))
	}
	return w
}

// span is a range of durations to draw from.
type span struct{ lo, hi time.Duration }

func (s span) draw(rng *rand.Rand) time.Duration {
	if s.hi <= s.lo {
		return s.lo
	}
	return s.lo + time.Duration(rng.Int64N(int64(s.hi-s.lo)))
}

// wallModel is how long each kind of wall stands on a site.
type wallModel struct {
	name       string
	length     map[blocks.Kind]span
	retryAfter span // given with half the rate limits
	quiet      map[blocks.Kind]time.Duration
}

// The two worlds the simulation runs in. "transient" is the wall the seeds
// describe as the common case: an interstitial a real browser could not
// pass within its 20 s wait but that clears within a couple of minutes, a
// short rate limit. "stubborn" has walls that stand several times longer,
// and rate limiters and refusals that extend while they are asked.
var wallModels = []wallModel{
	{
		name: "transient",
		length: map[blocks.Kind]span{
			blocks.Challenge: {20 * time.Second, 2 * time.Minute}, blocks.RateLimited: {time.Minute, 3 * time.Minute},
			blocks.Denied: {5 * time.Minute, 15 * time.Minute}, blocks.Error: {30 * time.Second, 2 * time.Minute},
		},
		retryAfter: span{60 * time.Second, 120 * time.Second},
		quiet:      map[blocks.Kind]time.Duration{},
	},
	{
		name: "stubborn",
		length: map[blocks.Kind]span{
			blocks.Challenge: {time.Minute, 5 * time.Minute}, blocks.RateLimited: {2 * time.Minute, 10 * time.Minute},
			blocks.Denied: {5 * time.Minute, 15 * time.Minute}, blocks.Error: {30 * time.Second, 3 * time.Minute},
		},
		retryAfter: span{60 * time.Second, 300 * time.Second},
		quiet:      map[blocks.Kind]time.Duration{blocks.RateLimited: 2 * time.Minute, blocks.Denied: 5 * time.Minute},
	},
}

// episodesFor spreads block episodes of every kind over the day, one in
// each of simEpisodes equal slots.
func (m wallModel) episodesFor(rng *rand.Rand, start, end time.Time) []episode {
	kinds := []blocks.Kind{blocks.Challenge, blocks.RateLimited, blocks.Denied, blocks.Error, blocks.Challenge, blocks.RateLimited}
	slot := end.Sub(start) / simEpisodes
	var eps []episode
	for i := range simEpisodes {
		k := kinds[(i+rng.IntN(len(kinds)))%len(kinds)]
		length := m.length[k].draw(rng)
		var retryAfter time.Duration
		if k == blocks.RateLimited && rng.IntN(2) == 0 {
			retryAfter = m.retryAfter.draw(rng)
		}
		from := start.Add(slot*time.Duration(i) + time.Duration(rng.Int64N(int64(slot-length))))
		eps = append(eps, episode{kind: k, from: from, to: from.Add(length), retryAfter: retryAfter, quiet: m.quiet[k]})
	}
	return eps
}

func (w *world) episodeAt(host string, at time.Time) (episode, int) {
	for i, ep := range w.episodes[host] {
		if !at.Before(ep.from) && at.Before(ep.to) {
			return ep, i
		}
	}
	return episode{}, -1
}

// Load answers like a portal: a wall while an episode stands, else the
// listings alive at this moment. A load takes 0.8 to 2.5 seconds, drawn
// for this URL's n-th load: two loads under way at once must not take
// their times from one stream in whichever order they happen to ask, or
// the same seed runs a different day each time.
func (w *world) Load(ctx context.Context, url string) (pages.Result, error) {
	w.mu.Lock()
	w.loads[url]++
	h := fnv.New64a()
	fmt.Fprintf(h, "%d %s %d", w.seed, url, w.loads[url])
	w.mu.Unlock()
	took := 800*time.Millisecond + time.Duration(h.Sum64()%uint64(1700*time.Millisecond))
	if !sleep(ctx, took) {
		return pages.Result{}, ctx.Err()
	}
	at, host := time.Now(), blocks.HostKey(url)
	w.mu.Lock()
	ep, i := w.episodeAt(host, at)
	if i >= 0 && ep.quiet > 0 && w.episodes[host][i].to.Before(at.Add(ep.quiet)) {
		w.episodes[host][i].to = at.Add(ep.quiet)
	}
	if !w.quiet {
		w.requests = append(w.requests, simRequest{at: at, host: host, refused: i >= 0 && ep.kind != blocks.Error, ep: i})
	}
	w.mu.Unlock()
	if i >= 0 {
		if ep.kind == blocks.Error {
			return pages.Result{}, errors.New("net::ERR_CONNECTION_RESET")
		}
		return pages.Result{URL: url, Status: 429, Verdict: blocks.Verdict{Kind: ep.kind, RetryAfter: ep.retryAfter}}, nil
	}
	res := pages.Result{URL: url, Status: 200, Verdict: blocks.Verdict{Kind: blocks.OK}}
	for _, l := range w.listings {
		if l.search == url && !at.Before(l.posted) && at.Before(l.gone) {
			res.Listings = append(res.Listings, listing.Listing{ID: l.id, URL: l.id, Title: l.id})
		}
	}
	return res, nil
}

// pass is the user passing the site's check by hand: a challenge or a
// refusal standing now is lifted (its cookie is in the shared profile).
func (w *world) pass(host string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	now := time.Now()
	if ep, i := w.episodeAt(host, now); i >= 0 && (ep.kind == blocks.Challenge || ep.kind == blocks.Denied) {
		w.episodes[host][i].to = now
	}
}

// user plays the person at the computer: when the tray says a search needs
// them, half the time they are there and click it within 3 to 10 minutes.
// Each notice's draws are keyed by its host, the world's episode and how
// many notices that episode gave before, not taken from one stream in the
// order notices happen to come: a change on one host must not change what
// the user does on another, or the same seed plays a different user.
func (w *world) user(ctx context.Context, e *Engine, seed uint64) {
	snaps, cancel := e.Subscribe()
	defer cancel()
	handled := map[string]time.Time{} // host -> the wall's Until we reacted to
	notices := map[string]int{}       // "host episode" -> notices so far
	for {
		select {
		case <-ctx.Done():
			return
		case s := <-snaps:
			for _, v := range s.Searches {
				if !v.NeedsUser || handled[v.Host].Equal(v.Until) || s.Manual != "" {
					continue
				}
				handled[v.Host] = v.Until
				key := fmt.Sprintf("%s %d", v.Host, w.lastEpisode(v.Host, time.Now()))
				notices[key]++
				h := fnv.New64a()
				fmt.Fprintf(h, "%d %s %d", seed, key, notices[key])
				draw := h.Sum64()
				if draw%2 == 0 {
					continue // away from the computer
				}
				url, after := v.URL, time.Duration(3+draw/2%8)*time.Minute
				go func() {
					if sleep(ctx, after) {
						e.ManualCheck(url)
					}
				}()
			}
		}
	}
}

func (w *world) Channels() []outbox.Channel { return []outbox.Channel{batchChannel(w.Deliver)} }

// lastEpisode is the index of the host's episode standing at, or the last
// one before; -1 before the first.
func (w *world) lastEpisode(host string, at time.Time) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	last := -1
	for i, ep := range w.episodes[host] {
		if !ep.from.After(at) {
			last = i
		}
	}
	return last
}

func (w *world) Deliver(ctx context.Context, batch []listing.Alert) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, a := range batch {
		if _, ok := w.told[a.ID]; !ok {
			w.told[a.ID] = time.Now()
		}
	}
	return nil
}

func (w *world) Note(string) {}

func (w *world) searches() []config.Search {
	var out []config.Search
	for h := range simHosts {
		for s := range simPerHost {
			url := fmt.Sprintf("https://portal%d.test/search/%d", h, s)
			out = append(out, config.Search{Name: url, URL: url, Enabled: true})
		}
	}
	return out
}

// simReport is what one design did to the user and to the hosts.
type simReport struct {
	name              string
	outside, during   []time.Duration // detection latencies, posting to delivered alert
	missed, total     int
	refused           int   // requests a wall answered
	closeRetries      int   // two refused requests to one host within 50 s: more than one per retry
	rssEarly, rssLate int64 // kB, after hour 1 and at the end
}

func (w *world) report(name string) simReport {
	w.mu.Lock()
	defer w.mu.Unlock()
	r := simReport{name: name}
	for _, l := range w.listings {
		r.total++
		at, ok := w.told[l.id]
		if !ok || !at.Before(l.gone) {
			r.missed++
			continue
		}
		// An episode's tail counts as the episode: a host is stood down
		// for a while after it last refused us.
		if w.overlaps(l.host, l.posted.Add(-time.Hour), at) {
			r.during = append(r.during, at.Sub(l.posted))
		} else {
			r.outside = append(r.outside, at.Sub(l.posted))
		}
	}
	last := map[string]time.Time{}
	for _, q := range w.requests {
		if !q.refused {
			continue
		}
		r.refused++
		if prev, ok := last[q.host]; ok && q.at.Sub(prev) < 50*time.Second {
			r.closeRetries++
		}
		last[q.host] = q.at
	}
	return r
}

func (w *world) overlaps(host string, from, to time.Time) bool {
	for _, ep := range w.episodes[host] {
		if ep.from.Before(to) && from.Before(ep.to) {
			return true
		}
	}
	return false
}

func quantile(d []time.Duration, q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[min(int(q*float64(len(s))), len(s)-1)]
}

func (r simReport) String() string {
	sec := func(d time.Duration) string { return fmt.Sprintf("%.0fs", d.Seconds()) }
	return fmt.Sprintf("%-9s outside episodes p50 %5s p95 %5s max %6s | during episodes p50 %6s p95 %6s max %6s | missed %d of %d | refused requests %d, within one retry %d",
		r.name, sec(quantile(r.outside, .5)), sec(quantile(r.outside, .95)), sec(quantile(r.outside, 1)),
		sec(quantile(r.during, .5)), sec(quantile(r.during, .95)), sec(quantile(r.during, 1)),
		r.missed, r.total, r.refused, r.closeRetries)
}

// rssKB reads this process's resident set size; -1 where it cannot.
func rssKB() int64 {
	kb, ok := testkit.KB(os.Getpid(), "status", "VmRSS")
	if !ok {
		return -1
	}
	return kb
}

func simulateEngine(t *testing.T, seed uint64, model wallModel) simReport {
	var r simReport
	synctest.Test(t, func(t *testing.T) {
		store, err := seen.OpenInMemory()
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		w := newWorld(time.Now(), seed, model)
		manual := func(ctx context.Context, url string) error {
			sleep(ctx, 45*time.Second) // the user solves the check
			w.pass(blocks.HostKey(url))
			return nil
		}
		e := New(Deps{Loader: w, Store: store, Outbox: w, Manual: manual, Rand: rand.New(rand.NewPCG(seed, 1))},
			Settings{Interval: 30 * time.Second, Searches: w.searches()})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { e.Run(ctx); close(done) }()
		go w.user(ctx, e, seed)
		time.Sleep(time.Hour)
		early := rssKB()
		time.Sleep(simHours*time.Hour - time.Hour)
		late := rssKB()
		cancel()
		<-done
		r = w.report("engine")
		r.rssEarly, r.rssLate = early, late
	})
	return r
}

func simulateOld(t *testing.T, seed uint64, model wallModel) simReport {
	var r simReport
	synctest.Test(t, func(t *testing.T) {
		w := newWorld(time.Now(), seed, model)
		m := &oldMonitor{loader: w, out: w, searches: w.searches(), rng: rand.New(rand.NewPCG(seed, 1)),
			seen: map[string]map[string]bool{}, failures: map[string]int{}, until: map[string]time.Time{}}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { m.run(ctx, 30*time.Second); close(done) }()
		time.Sleep(simHours * time.Hour)
		cancel()
		<-done
		r = w.report("replaced")
	})
	return r
}

// simSeeds is how many worlds each wall model is run on. The p95 during
// episodes rests on a few dozen listings per world, and one world's value
// moves by a minute or more with any change to the schedule (measured over
// seven seeds: 75-181 s for the engine, 622-1056 s for the replaced
// design): the transient model's claim is checked on the listings of
// three worlds pooled, not on one world's luck.
var simSeeds = map[string]int{"transient": 3, "stubborn": 1}

func TestSimulation(t *testing.T) {
	if testing.Short() {
		t.Skip("the 24-hour simulation takes a while")
	}
	const seed = 20261130
	for _, model := range wallModels {
		t.Run(model.name, func(t *testing.T) {
			var oursOutside, oursDuring, oldDuring []time.Duration
			for i := range uint64(simSeeds[model.name]) {
				ours, old := simulateEngine(t, seed+i, model), simulateOld(t, seed+i, model)
				t.Logf("seed %d", seed+i)
				t.Log(ours)
				t.Log(old)
				t.Logf("engine process RSS: %d kB after hour 1, %d kB after hour 24", ours.rssEarly, ours.rssLate)
				if ours.missed != 0 {
					t.Errorf("seed %d: engine missed %d listings", seed+i, ours.missed)
				}
				if ours.closeRetries != 0 {
					t.Errorf("seed %d: engine sent %d extra requests to a refusing host within one retry", seed+i, ours.closeRetries)
				}
				oursOutside = append(oursOutside, ours.outside...)
				oursDuring = append(oursDuring, ours.during...)
				oldDuring = append(oldDuring, old.during...)
			}
			if p := quantile(oursOutside, .5); p > 20*time.Second {
				t.Errorf("p50 latency outside episodes %v, want ≤ 20s", p)
			}
			if p := quantile(oursOutside, .95); p > 45*time.Second {
				t.Errorf("p95 latency outside episodes %v, want ≤ 45s", p)
			}
			ratio := float64(quantile(oldDuring, .95)) / float64(quantile(oursDuring, .95))
			t.Logf("p95 during episodes, %d world(s) pooled: engine %v, replaced %v: %.1fx better",
				simSeeds[model.name], quantile(oursDuring, .95), quantile(oldDuring, .95), ratio)
			// 3.8-8.7x pooled over three worlds, for nine worlds in the
			// session that set this bound (BENCHMARKS.md).
			if model.name == "transient" && ratio < 3 {
				t.Errorf("p95 during episodes only %.1fx better than the replaced design, want at least 3x", ratio)
			}
		})
	}
}
