package engine

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/listing"
	"rentwatch/outbox"
	"rentwatch/pages"
	"rentwatch/pages/read"
	"rentwatch/seen"
)

// hugeHost is host A of TestASlowHostHoldsNoOtherBack: its first load is
// an ordinary page (the baseline); from the second on its page shows
// 100,000 listings, read by the real readers, and takes the browser
// hugeLoad to load (as the real one did: a cycle of 1 min 28 s). Other
// hosts are the fake portal's.
type hugeHost struct {
	host  string
	page  []byte
	other *fakePortal

	// mu guards the fields below.
	mu     sync.Mutex
	loads  int
	spans  [][2]time.Time // each huge load's start and end
	loaded int            // huge loads that returned
}

const hugeLoad = 88 * time.Second

func (h *hugeHost) Load(ctx context.Context, url string) (pages.Result, error) {
	if blocks.HostKey(url) != h.host {
		return h.other.Load(ctx, url)
	}
	h.mu.Lock()
	h.loads++
	n, i := h.loads, len(h.spans)
	if n > 1 {
		h.spans = append(h.spans, [2]time.Time{time.Now()})
	}
	h.mu.Unlock()
	if n == 1 {
		return pages.Result{URL: url, Status: 200, Verdict: blocks.Verdict{Kind: blocks.OK}, Reading: read.Read(url, hugePage(3))}, nil
	}
	if !sleep(ctx, hugeLoad) {
		return pages.Result{}, ctx.Err()
	}
	res := pages.Result{URL: url, Status: 200, Verdict: blocks.Verdict{Kind: blocks.OK}, Reading: read.Read(url, h.page)}
	h.mu.Lock()
	h.spans[i][1] = time.Now()
	h.loaded++
	h.mu.Unlock()
	return res, nil
}

func (h *hugeHost) done() ([][2]time.Time, int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.spans), h.loaded
}

// hugePage is a search page of n plain cards, newest first.
func hugePage(n int) []byte {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>Kamers</title></head><body><nav><a href="/">Home</a></nav><ul class="results">`)
	for i := range n {
		fmt.Fprintf(&b, "<li class=\"listing\"><a href=\"/kamer/%d\"><h2>Kamer %d</h2></a><span class=\"price\">€ %d per maand</span></li>\n",
			5000000+i, i, 600+i%500)
	}
	b.WriteString(`</ul></body></html>`)
	return []byte(b.String())
}

// delivery is one message a test's channel took, when.
type delivery struct {
	at  time.Time
	ids []string
}

// TestASlowHostHoldsNoOtherBack: host A's page turns into one of 100,000
// listings that takes its browser a minute and a half to load; host B's is
// an ordinary page where a room goes up meanwhile. B is checked on its
// schedule while A's page loads, and B's room reaches the user before A's
// load has even returned; A's check is judged when it comes back (the
// first 500 listings alerted, one message), and A is never asked twice at
// once. (Before, the cycle waited for A: B's next check, and its room,
// came only after A's load.)
func TestASlowHostHoldsNoOtherBack(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a page of 100,000 listings")
	}
	synctest.Test(t, func(t *testing.T) {
		store, err := seen.OpenInMemory()
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		a, b := "https://a.test/huren", "https://b.test/kamers"
		fake := newPortal()
		fake.post(b, "b1", "b2", "b3")
		loader := &hugeHost{host: "a.test", page: hugePage(100_000), other: fake}
		var mu sync.Mutex
		var told []delivery
		out := mailboxOf(func(_ context.Context, batch []listing.Alert) error {
			mu.Lock()
			defer mu.Unlock()
			d := delivery{at: time.Now()}
			for _, al := range batch {
				d.ids = append(d.ids, al.ID)
			}
			told = append(told, d)
			return nil
		})
		logs := &logBuffer{}
		e := New(Deps{Loader: loader, Store: store, Outbox: out, Rand: rand.New(rand.NewPCG(5, 7)),
			Log: slog.New(slog.NewTextHandler(logs, nil))},
			Settings{Interval: 30 * time.Second, Searches: []config.Search{
				{Name: "A", URL: a, Enabled: true}, {Name: "B", URL: b, Enabled: true}}})
		stop := running(t, e)
		time.Sleep(40 * time.Second) // the baselines, and A's huge load under way
		if spans, _ := loader.done(); len(spans) != 1 {
			t.Fatalf("%d huge loads of A have begun after 40 s, want 1 under way", len(spans))
		}
		posted := time.Now()
		fake.post(b, "b-new")
		time.Sleep(3 * time.Minute)
		stop()

		spans, loaded := loader.done()
		if loaded == 0 {
			t.Fatalf("A's huge load never returned")
		}
		aBegan, aEnded := spans[0][0], spans[0][1]
		mu.Lock()
		defer mu.Unlock()
		var bAt, aAt time.Time
		aIDs := 0
		for _, d := range told {
			if slices.Contains(d.ids, "b-new") && bAt.IsZero() {
				bAt = d.at
			}
			if n := countPrefix(d.ids, "https://a.test/kamer/"); n > 0 {
				aIDs += n
				if aAt.IsZero() {
					aAt = d.at
				}
			}
		}
		var bChecks int
		for _, q := range fake.sent("b.test") {
			if q.at.After(aBegan) && q.at.Before(aEnded) {
				bChecks++
			}
		}
		t.Logf("from B's room going up: A's load from %v to %v, B's room told at %v, A's listings at %v; B checked %d times during A's load",
			aBegan.Sub(posted), aEnded.Sub(posted), bAt.Sub(posted), aAt.Sub(posted), bChecks)
		switch {
		case bAt.IsZero():
			t.Errorf("B's room was never told")
		case !bAt.Before(aEnded):
			t.Errorf("B's room was told %v after A's load returned: host A held host B back", bAt.Sub(aEnded))
		}
		if bChecks < 2 {
			t.Errorf("B was checked %d times while A's page loaded for %v (an interval of 30 s), want at least 2", bChecks, hugeLoad)
		}
		// the first 500 read, of which the baseline's 3 were known
		if want := read.MaxListings - 3; aIDs != want || aAt.Before(aEnded) {
			t.Errorf("A's check alerted %d listings (told %v after its load returned), want %d", aIDs, aAt.Sub(aEnded), want)
		}
		for i := 1; i < len(spans); i++ {
			if spans[i][0].Before(spans[i-1][1]) {
				t.Errorf("A's load %d began before load %d returned: two requests at once", i+1, i)
			}
		}
		if !logs.has("shows 100000 listings; rentwatch reads the first 500") {
			t.Errorf("the log does not say the page was cut:\n%s", strings.Join(logs.lines, ""))
		}
	})
}

// mailboxOf is an Outbox of one channel that hands each message's alerts
// to f.
type mailboxOf func(ctx context.Context, batch []listing.Alert) error

func (m mailboxOf) Channels() []outbox.Channel { return []outbox.Channel{batchChannel(m)} }

func countPrefix(ids []string, prefix string) int {
	n := 0
	for _, id := range ids {
		if strings.HasPrefix(id, prefix) {
			n++
		}
	}
	return n
}
