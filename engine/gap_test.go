package engine

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/listing"
	"rentwatch/pages"
	"rentwatch/reply"
	"rentwatch/seen"
)

// requestLog is a Loader that notes when each request to a host began and
// ended, whoever made it, and passes it on.
type requestLog struct {
	Loader
	// mu guards loads.
	mu    sync.Mutex
	loads []timedLoad
}

type timedLoad struct {
	host       string
	url        string
	start, end time.Time
}

func (l *requestLog) Load(ctx context.Context, url string) (pages.Result, error) {
	start := time.Now()
	res, err := l.Loader.Load(ctx, url)
	l.mu.Lock()
	l.loads = append(l.loads, timedLoad{host: blocks.HostKey(url), url: url, start: start, end: time.Now()})
	l.mu.Unlock()
	return res, err
}

// gaps checks every pair of consecutive requests to one host: the next one
// begins no sooner than min after the last one ended, and two never
// overlap. It returns the shortest time between two requests' starts and
// between one's end and the next one's start, and how many pairs it saw.
func (l *requestLog) gaps(t *testing.T, min time.Duration) (startToStart, endToStart time.Duration, pairs int) {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	byHost := map[string][]timedLoad{}
	for _, q := range l.loads {
		byHost[q.host] = append(byHost[q.host], q)
	}
	startToStart, endToStart = time.Duration(1<<62), time.Duration(1<<62)
	bad := 0
	for host, list := range byHost {
		sort.Slice(list, func(i, j int) bool { return list[i].start.Before(list[j].start) })
		for i := 1; i < len(list); i++ {
			prev, next := list[i-1], list[i]
			pairs++
			startToStart = min2(startToStart, next.start.Sub(prev.start))
			endToStart = min2(endToStart, next.start.Sub(prev.end))
			if next.start.Sub(prev.end) < min {
				bad++
				if bad <= 10 {
					t.Errorf("%s: a request began %v after the one before ended (at %s), under the %v gap",
						host, next.start.Sub(prev.end), next.start.Format("15:04:05.000"), min)
				}
			}
		}
	}
	if bad > 10 {
		t.Errorf("... %d pairs in all under the gap", bad)
	}
	return startToStart, endToStart, pairs
}

// simReplier answers a listing as a reply does, in its shape: its page
// loaded in the lane, then the send in the lane (one more request to the
// listing's host); a wall at either is a wall.
type simReplier struct{ l Loader }

func (r simReplier) Reply(ctx context.Context, a listing.Alert, lane reply.Lane, before func() error) (reply.Result, error) {
	load := func(ctx context.Context) error {
		res, err := r.l.Load(ctx, a.URL)
		if err == nil && res.Verdict.Kind != blocks.OK {
			return &reply.WallError{URL: a.URL, Host: blocks.HostKey(a.URL), Verdict: res.Verdict}
		}
		return err
	}
	if err := lane(ctx, load); err != nil {
		return reply.Result{}, err
	}
	err := lane(ctx, func(ctx context.Context) error {
		if err := before(); err != nil {
			return err
		}
		return load(ctx) // the send: one more request to the host
	})
	return reply.Result{Sent: err == nil}, err
}

func min2(a, b time.Duration) time.Duration {
	if a < b {
		return a
	}
	return b
}

// A simulated day of 15 searches on 5 hosts, with walls of every kind,
// probes and second passes, Check now clicks at random, and checks by hand:
// whichever cycle, pass or command a request belongs to, two requests to one
// host are never closer than the gap (DESIGN.md, "The cycle", rule 3).
func TestAHostsGapHoldsAllDay(t *testing.T) {
	if testing.Short() {
		t.Skip("a simulated day")
	}
	for _, tc := range []struct {
		name     string
		interval time.Duration
		hours    int
	}{
		{"the default interval", 30 * time.Second, simHours},
		// 15 searches at about 4 s each do not fit in 10 s on 2 slots.
		{"an interval the searches do not fit in", 10 * time.Second, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				store, err := seen.OpenInMemory()
				if err != nil {
					t.Fatal(err)
				}
				defer store.Close()
				const seed = 20261202
				w := newWorld(time.Now(), seed, wallModels[1])
				rec := &requestLog{Loader: w}
				var manualMu sync.Mutex
				manuals := 0
				manual := func(ctx context.Context, url string) error {
					manualMu.Lock()
					manuals++
					manualMu.Unlock()
					sleep(ctx, 45*time.Second)
					w.pass(blocks.HostKey(url))
					return nil
				}
				logs := &logBuffer{}
				list := w.searches()
				for i := range list {
					list[i].Reply = i%simPerHost == 0 // one search per host replies
				}
				e := New(Deps{Loader: rec, Store: store, Outbox: w, Manual: manual, Rand: rand.New(rand.NewPCG(seed, 1)),
					Replier: simReplier{rec}, Log: slog.New(slog.NewTextHandler(logs, nil))},
					Settings{Interval: tc.interval, Searches: list})
				ctx, cancel := context.WithCancel(context.Background())
				done := make(chan struct{})
				go func() { e.Run(ctx); close(done) }()
				defer func() { cancel(); <-done }()
				go w.user(ctx, e, seed)
				var clicks atomic.Int32
				go func() { // the user clicks Check now now and then
					rng := rand.New(rand.NewPCG(seed, 4))
					for sleep(ctx, time.Duration(rng.Int64N(int64(20*time.Minute)))) {
						e.CheckNow()
						clicks.Add(1)
					}
				}()
				var previews atomic.Int32
				go func() { // and pastes a page into the window's preview
					rng := rand.New(rand.NewPCG(seed, 5))
					for sleep(ctx, time.Duration(rng.Int64N(int64(30*time.Minute)))) {
						u := fmt.Sprintf("https://portal%d.test/search/%d", rng.IntN(simHosts), rng.IntN(simPerHost+1))
						if res, err := e.Preview(ctx, u); err == nil && !res.Held {
							previews.Add(1)
						}
					}
				}()
				time.Sleep(time.Duration(tc.hours) * time.Hour)
				cancel()
				<-done

				s2s, e2s, pairs := rec.gaps(t, e.d.GapMin)
				kinds := map[blocks.Kind]int{}
				for _, eps := range w.episodes {
					for _, ep := range eps {
						if ep.from.Before(time.Now()) {
							kinds[ep.kind]++
						}
					}
				}
				recovered := strings.Count(strings.Join(logs.lines, ""), "Recovered ")
				t.Logf("%d requests, %d pairs to one host: shortest start to start %v, end to start %v (gap at least %v)",
					len(rec.loads), pairs, s2s, e2s, e.d.GapMin)
				t.Logf("walls %v, second passes %d, Check now clicks %d, checks by hand %d, previews %d", kinds, recovered, clicks.Load(), manuals, previews.Load())
				if tc.hours == simHours {
					if len(kinds) < 4 || recovered == 0 || clicks.Load() == 0 || manuals == 0 || previews.Load() == 0 {
						t.Errorf("the day lacked something it should have had: walls %v, second passes %d, clicks %d, checks by hand %d",
							kinds, recovered, clicks.Load(), manuals)
					}
				}
				if tc.interval == 10*time.Second {
					if n := strings.Count(strings.Join(logs.lines, ""), "each cycle starts when the last one ends"); n != 1 {
						t.Errorf("the log says %d times that the searches do not fit in the interval, want once", n)
					}
				}
			})
		})
	}
}
