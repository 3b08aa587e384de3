package engine

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/listing"
	"rentwatch/outbox"
	"rentwatch/pages"
	"rentwatch/seen"
)

// request is one page load the fake portal saw.
type request struct {
	at   time.Time
	url  string
	host string
}

// answer is how a fake host answers its n-th request (n from 1).
type answer func(n int, url string) (pages.Result, error)

// fakePortal plays every host the tests need. It is a fake only in that it
// answers without a browser; the engine cannot tell.
type fakePortal struct {
	loadTime time.Duration
	// coldStart is how long loads wait before their request goes out from
	// the first load on: Chrome starting, slow on a busy machine.
	coldStart time.Duration
	// now stamps each request; nil: time.Now. Set it before the engine
	// runs.
	now func() time.Time

	// mu guards the fields below.
	mu       sync.Mutex
	ready    time.Time // Chrome is up (coldStart after the first load)
	hosts    map[string]answer
	counts   map[string]int
	requests []request
	listings map[string][]string // ids on each search page, by URL
	portals  map[string]string   // the portal definition that reads each host's pages; none: generic
}

func newPortal() *fakePortal {
	return &fakePortal{loadTime: 1500 * time.Millisecond, hosts: map[string]answer{},
		counts: map[string]int{}, listings: map[string][]string{}}
}

func (p *fakePortal) Load(ctx context.Context, url string) (pages.Result, error) {
	host := blocks.HostKey(url)
	p.mu.Lock()
	if p.coldStart > 0 && p.ready.IsZero() {
		p.ready = time.Now().Add(p.coldStart)
	}
	cold := time.Until(p.ready)
	p.mu.Unlock()
	if !sleep(ctx, cold) {
		return pages.Result{}, ctx.Err()
	}
	p.mu.Lock()
	p.counts[host]++
	n := p.counts[host]
	at := time.Now()
	if p.now != nil {
		at = p.now()
	}
	p.requests = append(p.requests, request{at: at, url: url, host: host})
	ans := p.hosts[host]
	p.mu.Unlock()
	if !sleep(ctx, p.loadTime) {
		return pages.Result{}, ctx.Err()
	}
	if ans != nil {
		if res, err := ans(n, url); err != nil || res.Verdict.Kind != blocks.OK || res.Status >= 300 {
			return res, err
		}
	}
	return p.page(url), nil
}

// page is a clean result page with the search's current listings.
func (p *fakePortal) page(url string) pages.Result {
	p.mu.Lock()
	defer p.mu.Unlock()
	res := pages.Result{URL: url, Status: 200, Verdict: blocks.Verdict{Kind: blocks.OK}}
	for _, id := range p.listings[url] {
		res.Listings = append(res.Listings, listing.Listing{ID: id, URL: url + "/" + id, Title: "Room " + id, Price: "€ 700"})
	}
	res.Site = "generic"
	if def := p.portals[blocks.HostKey(url)]; def != "" {
		res.Site, res.Portal, res.Expected = def, def, true
	}
	return res
}

func (p *fakePortal) post(url string, ids ...string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.listings[url] = append(p.listings[url], ids...)
}

func (p *fakePortal) answer(host string, a answer) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.hosts[host] = a
}

// sent returns the requests the host received, in order.
func (p *fakePortal) sent(host string) []request {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []request
	for _, r := range p.requests {
		if r.host == host {
			out = append(out, r)
		}
	}
	return out
}

// wall answers with a wall of kind on every request for which refuse is true.
func wall(kind blocks.Kind, retryAfter time.Duration, refuse func(n int) bool) answer {
	return func(n int, url string) (pages.Result, error) {
		if refuse(n) {
			return pages.Result{URL: url, Status: 429, Verdict: blocks.Verdict{Kind: kind, Vendor: "test", RetryAfter: retryAfter}}, nil
		}
		return pages.Result{Verdict: blocks.Verdict{Kind: blocks.OK}}, nil
	}
}

func always(int) bool { return true }

// mailbox records delivered batches; fail makes a delivery fail.
type mailbox struct {
	mu      sync.Mutex
	batches [][]listing.Alert
	fail    func(ctx context.Context, n int) error // n counts attempts from 1; ctx is the send's
	tries   int
}

// Channels makes the mailbox the engine's one channel.
func (m *mailbox) Channels() []outbox.Channel { return []outbox.Channel{batchChannel(m.Deliver)} }

// batchChannel is a fake's one channel, "outbox": the func gets each
// message's alerts (its notices are dropped).
type batchChannel func(ctx context.Context, batch []listing.Alert) error

func (batchChannel) ID() string        { return "outbox" }
func (batchChannel) Name() string      { return "alerts" }
func (batchChannel) Kind() outbox.Kind { return "" }
func (b batchChannel) Send(ctx context.Context, m outbox.Message) error {
	return b(ctx, m.Alerts)
}

func (m *mailbox) Deliver(ctx context.Context, batch []listing.Alert) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tries++
	if m.fail != nil {
		if err := m.fail(ctx, m.tries); err != nil {
			return err
		}
	}
	m.batches = append(m.batches, batch)
	return nil
}

// told returns every listing id delivered, in order, duplicates kept.
func (m *mailbox) told() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var ids []string
	for _, b := range m.batches {
		for _, a := range b {
			ids = append(ids, a.ID)
		}
	}
	return ids
}

// crashingStore fails Sent, as a process killed between the delivery and
// its record would leave things.
type crashingStore struct {
	*seen.Store
	crash atomic.Bool // set by the test while the engine runs
}

func (c *crashingStore) Sent(channel string, ids []string, now time.Time) ([]string, error) {
	if c.crash.Load() {
		return nil, errors.New("killed")
	}
	return c.Store.Sent(channel, ids, now)
}

// logBuffer collects log lines for assertions.
type logBuffer struct {
	mu    sync.Mutex
	lines []string
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, string(p))
	return len(p), nil
}

func (l *logBuffer) has(s string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, line := range l.lines {
		if strings.Contains(line, s) {
			return true
		}
	}
	return false
}

// rig is an engine over a fake portal, a real Badger store on disk and a
// recording mailbox.
type rig struct {
	portal *fakePortal
	store  Store
	mail   *mailbox
	logs   *logBuffer
	e      *Engine
}

func openStoreAt(dir string) (*seen.Store, error) { return seen.Open(dir) }

func openStore(t *testing.T) *seen.Store {
	t.Helper()
	s, err := openStoreAt(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func searches(urls ...string) []config.Search {
	var out []config.Search
	for i, u := range urls {
		out = append(out, config.Search{Name: fmt.Sprintf("search %d", i+1), URL: u, Enabled: true})
	}
	return out
}

func newRig(store Store, portal *fakePortal, list []config.Search, seed uint64) *rig {
	r := &rig{portal: portal, store: store, mail: &mailbox{}, logs: &logBuffer{}}
	r.e = New(Deps{
		Loader: portal, Store: store, Outbox: r.mail,
		Rand: rand.New(rand.NewPCG(seed, 7)),
		Log:  slog.New(slog.NewTextHandler(r.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}, Settings{Interval: 30 * time.Second, Searches: list})
	return r
}

// run runs the engine for d of virtual time, then stops it and waits.
func (r *rig) run(t *testing.T, d time.Duration) {
	t.Helper()
	stop := running(t, r.e)
	time.Sleep(d)
	stop()
}

// running runs e until stop is called or the test ends. Stopping is
// registered with t.Cleanup before anything can call t.Fatal: a test that
// stopped on Fatal with the engine still running would end in a synctest
// deadlock that hides its message.
func running(t *testing.T, e *Engine) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	stop = sync.OnceFunc(func() { cancel(); <-done })
	t.Cleanup(stop)
	go func() { e.Run(ctx); close(done) }()
	return stop
}

// onEngine runs f on the engine's goroutine, as a command, and returns
// when it ran: the one way a test reads the engine's state while Run runs.
// A synctest bubble makes time virtual, not the order of goroutines: at
// one virtual instant the test's goroutine and the engine's run in either
// order (a busy machine picks), so state read from the test's goroutine
// is whatever the engine had got to. A command runs between two of the
// engine's steps. Once Run has returned, f runs on the caller's goroutine:
// the state is nobody's any more.
func onEngine(e *Engine, f func()) {
	ran := make(chan struct{})
	e.do(func() { f(); close(ran) })
	select {
	case <-ran:
	case <-e.stopped:
		select {
		case <-ran: // Run took it before it returned
		default:
			f()
		}
	}
}

// hostWait is the host's entry in the engine's registry (whether it is
// made to wait, how long, after what), read on the engine's goroutine.
func (r *rig) hostWait(host string) (entry blocks.Entry, waiting bool) {
	onEngine(r.e, func() { entry, waiting = r.e.st.registry.Get(host) })
	return entry, waiting
}

// noticeBoard is Deps.Notices for tests that only need what was told, and
// when: it keeps no per-channel queue.
type noticeBoard struct {
	mu          sync.Mutex
	told        []outbox.Notice
	toldAt      []time.Time
	withdrawn   []string // keys, in order
	withdrawnAt []time.Time
}

func (b *noticeBoard) Withdraw(key string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.withdrawn, b.withdrawnAt = append(b.withdrawn, key), append(b.withdrawnAt, time.Now())
}

func (b *noticeBoard) Tell(n outbox.Notice) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.told, b.toldAt = append(b.told, n), append(b.toldAt, time.Now())
}

func (b *noticeBoard) all() ([]outbox.Notice, []time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.told), slices.Clone(b.toldAt)
}

func (*noticeBoard) Notices(string) []outbox.Notice { return nil }
func (*noticeBoard) Told(string, []string)          {}
func (*noticeBoard) Forget([]string)                {}
func (*noticeBoard) SetWake(func())                 {}
