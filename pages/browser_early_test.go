package pages

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"

	"rentwatch/blocks"
)

// earlyPortal serves pages for the early read: listings in the HTML behind
// a stylesheet the test holds back (slowCSS) and a script in the head, the
// same with a challenge's marker, and the same with a script that adds
// listings after load.
func earlyPortal(t testing.TB, css *slowCSS) *httptest.Server {
	t.Helper()
	cards := func(n int) string {
		var s strings.Builder
		for i := range n {
			fmt.Fprintf(&s, `<li class="listing" data-id="%d"><a href="/room/%d"><h2>Bright room %d near the park</h2></a>`+
				`<span class="price">€ %d per month</span> <span class="place">Amsterdam West</span></li>`, 7100+i, 7100+i, i+1, 650+i)
		}
		return s.String()
	}
	head := `<!DOCTYPE html><html><head><meta charset="utf-8"><title>%s</title>` +
		`<link rel="stylesheet" href="/slow.css?page=%s"><script src="/app.js"></script></head><body><main><ul class="results" id="results">%s</ul></main>%s</body></html>`
	addMore := `<script>for (let i = 0; i < 5; i++) { const li = document.createElement('li'); li.className = 'listing';` +
		`li.innerHTML = '<a href="/room/' + (8100 + i) + '"><h2>Room added by script ' + i + '</h2></a><span class="price">€ 900 per month</span>';` +
		`document.getElementById('results').appendChild(li); }</script>`
	challenge := `<script>window._cf_chl_opt={cvId:'3',cType:'managed',cRay:'7f1a2b3c4d5e6f70'};</script>`
	mux := http.NewServeMux()
	page := func(path, title, body, tail string) {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, head, title, path, body, tail)
		})
	}
	page("/results", "Rooms in Amsterdam", cards(12), "")
	page("/results-and-script", "Rooms in Amsterdam", cards(12), addMore)
	page("/walled", "Just a moment...", cards(12), challenge)
	page("/placeholder", "Rooms in Amsterdam", "<li>Loading…</li>", addMore)
	mux.HandleFunc("/app.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		_, _ = w.Write([]byte("window.portal = {ready: true};"))
	})
	// The script after the stylesheet waits for it, and the parser for the
	// script: no DOMContentLoaded before it is in.
	mux.HandleFunc("/slow.css", css.serve)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &httptest.Server{Listener: l, Config: &http.Server{Handler: mux}}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// slowCSS is a render-blocking stylesheet that arrives when the test lets
// it go (or after delay, when set), and counts the times it was sent in
// full, by the page that asked for it.
type slowCSS struct {
	delay time.Duration // 0: only when let go

	// mu guards the fields below.
	mu   sync.Mutex
	gate chan struct{} // closed to let the stylesheets held go
	sent map[string]int
}

func newSlowCSS(delay time.Duration) *slowCSS {
	return &slowCSS{delay: delay, gate: make(chan struct{}), sent: map[string]int{}}
}

func (c *slowCSS) serve(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	gate := c.gate
	c.mu.Unlock()
	var after <-chan time.Time
	if c.delay > 0 {
		after = time.After(c.delay)
	}
	select {
	case <-gate:
	case <-after:
	case <-r.Context().Done():
		return
	}
	w.Header().Set("Content-Type", "text/css")
	_, _ = w.Write([]byte("body{margin:0}"))
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	c.mu.Lock()
	c.sent[r.URL.Query().Get("page")]++
	c.mu.Unlock()
}

// hold makes the next stylesheets wait again; letGo sends those waiting.
func (c *slowCSS) hold() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gate = make(chan struct{})
}

func (c *slowCSS) letGo() {
	c.mu.Lock()
	defer c.mu.Unlock()
	select {
	case <-c.gate:
	default:
		close(c.gate)
	}
}

func (c *slowCSS) sentFor(page string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sent[page]
}

// TestLoadEarlyRead: a page whose listings are in its HTML is read before
// its render-blocking stylesheet arrives (the stylesheet is held until the
// Load has returned, so only an early read can return at all); one whose
// HTML has none, or a challenge's marker, is read only after the
// stylesheet came and the page's scripts ran. What happened, not how long
// it took: the time is BenchmarkEarlyRead's.
func TestLoadEarlyRead(t *testing.T) {
	css := newSlowCSS(0)
	srv := earlyPortal(t, css)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute, ChallengeWait: time.Second})
	tests := []struct {
		name     string
		path     string
		early    bool
		kind     blocks.Kind
		listings int // exactly this many; -1: any
	}{
		{name: "server-rendered", path: "/results", early: true, kind: blocks.OK, listings: 12},
		// What the script adds is not read: the trade-off of browser_early.go.
		{name: "server-rendered, script adds more", path: "/results-and-script", early: true, kind: blocks.OK, listings: 12},
		// A challenge's marker on a page with listings: never early, the
		// wait-out still runs (after DOMContentLoaded).
		{name: "listings behind a challenge marker", path: "/walled", early: false, kind: blocks.Challenge, listings: -1},
		// No listings in the HTML: read once scripts have run.
		{name: "placeholder filled by script", path: "/placeholder", early: false, kind: blocks.OK, listings: 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			css.hold()
			defer css.letGo()
			if !tc.early {
				// The page can only get to DOMContentLoaded with it: let it
				// go once the Load is on its way.
				time.AfterFunc(300*time.Millisecond, css.letGo)
			}
			sentBefore := css.sentFor(tc.path)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // bounds a hang only
			defer cancel()
			res, err := b.Load(ctx, srv.URL+tc.path)
			arrived := css.sentFor(tc.path) > sentBefore
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if res.Early != tc.early {
				t.Errorf("Early = %v, want %v (phases %+v)", res.Early, tc.early, res.Phases)
			}
			if arrived == tc.early {
				t.Errorf("the stylesheet had arrived when the Load returned: %v; early read: %v", arrived, tc.early)
			}
			if res.Verdict.Kind != tc.kind {
				t.Errorf("Verdict = %+v, want %s", res.Verdict, tc.kind)
			}
			if tc.listings >= 0 && len(res.Listings) != tc.listings {
				t.Errorf("read %d listings, want %d", len(res.Listings), tc.listings)
			}
			if res.Status != 200 || res.URL != srv.URL+tc.path {
				t.Errorf("Status %d URL %q", res.Status, res.URL)
			}
			if ph := res.Phases; tc.early && (ph.Body <= 0 || ph.DOMReady != 0 || ph.Settle != 0) {
				t.Errorf("early read phases: %+v", ph)
			}
			if ph := res.Phases; !tc.early && (ph.Body != 0 || ph.DOMReady <= 0) {
				t.Errorf("full load phases: %+v", ph)
			}
		})
	}
}

// An early read returns while the page is still loading; the tab closes in
// the background. No image may reach the server then either: blocked
// requests Chrome still held when the tab went would otherwise be let go.
func TestEarlyReadLetsNoImageThrough(t *testing.T) {
	var images atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("/img/", func(w http.ResponseWriter, r *http.Request) {
		images.Add(1)
		http.NotFound(w, r)
	})
	mux.HandleFunc("/slow.css", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(300 * time.Millisecond)
		w.Header().Set("Content-Type", "text/css")
	})
	mux.HandleFunc("/app.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
	})
	mux.HandleFunc("/rooms", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		var cards strings.Builder
		for i := range 20 {
			fmt.Fprintf(&cards, `<li class="listing"><a href="/room/%d"><img src="/img/%d.jpg"><h2>Room %d</h2></a><span class="price">€ %d</span></li>`,
				900+i, i, i, 700+i)
		}
		fmt.Fprintf(w, `<!DOCTYPE html><html><head><title>Rooms</title><link rel="stylesheet" href="/slow.css"><script src="/app.js"></script></head>`+
			`<body><main><ul class="results">%s</ul></main></body></html>`, cards.String())
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: 10 * time.Second})
	for range 3 {
		res, err := b.Load(context.Background(), srv.URL+"/rooms")
		if err != nil || !res.Early || len(res.Listings) != 20 {
			t.Fatalf("Load: early %v, %d listings, %v", res.Early, len(res.Listings), err)
		}
	}
	time.Sleep(1500 * time.Millisecond) // the tabs close in the background
	if n := images.Load(); n != 0 {
		t.Errorf("%d image requests reached the server", n)
	}
}

// TestWaitDOMReadyPrefersTheBody: when Page.navigate answers late (a busy
// machine), the body may have arrived and DOMContentLoaded passed already;
// the body is offered to the early read all the same, once; without a
// body, or when the early read declines, the wait ends at DOMContentLoaded.
func TestWaitDOMReadyPrefersTheBody(t *testing.T) {
	const loader = cdp.LoaderID("L1")
	tests := []struct {
		name           string
		body, domReady bool
		readsEarly     bool
		wantTried      int
		wantEarly      bool
	}{
		{name: "both already", body: true, domReady: true, readsEarly: true, wantTried: 1, wantEarly: true},
		{name: "both already, early read declines", body: true, domReady: true, wantTried: 1},
		{name: "DOMContentLoaded only", domReady: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newTabWatch()
			w.mainFrame = "F1"
			w.listen(&network.EventResponseReceived{RequestID: "R1", LoaderID: loader, FrameID: "F1",
				Type: network.ResourceTypeDocument, Response: &network.Response{Status: 200}})
			if tc.body {
				w.listen(&network.EventLoadingFinished{RequestID: "R1"})
			}
			if tc.domReady {
				w.listen(&page.EventLifecycleEvent{FrameID: "F1", LoaderID: loader, Name: "DOMContentLoaded"})
			}
			tried := 0
			var ph Phases
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // bounds a hang only
			defer cancel()
			err := waitDOMReady(ctx, w, loader, time.Now(), &ph, func(mainDoc) bool { tried++; return tc.readsEarly })
			if err != nil || tried != tc.wantTried || (ph.Body > 0) != tc.wantEarly || (ph.DOMReady > 0) == tc.wantEarly {
				t.Errorf("err %v, early read tried %d times (want %d), phases %+v (early %v)", err, tried, tc.wantTried, ph, tc.wantEarly)
			}
		})
	}
}
