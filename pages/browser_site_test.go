package pages

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"rentwatch/internal/testkit"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// What a site sees of the watcher's requests. These tests are the proof
// that a change to how Chrome is run (its switches, the tab set-up, what
// is blocked) leaves the watcher looking like a person's Chrome: run them
// after any such change.

// clientHints asks for every client hint, so that later requests carry the
// high-entropy ones too (Sec-CH-UA-Full-Version-List and the like).
const clientHints = "Sec-CH-UA-Full-Version-List, Sec-CH-UA-Arch, Sec-CH-UA-Bitness, Sec-CH-UA-Model, " +
	"Sec-CH-UA-Platform-Version, Sec-CH-UA-WoW64, Sec-CH-UA-Form-Factors"

// TestSiteSeesNoHeadlessChrome loads pages every way a Load goes (read
// early, read after scripts ran, a wall, a page with an icon, a page whose
// service worker fetches by itself) and replies to a listing. No request
// of any of them says HeadlessChrome in any header, every one says the
// same user agent and client hints, and none asks for an icon.
func TestSiteSeesNoHeadlessChrome(t *testing.T) {
	mux := http.NewServeMux()
	ach := []string{"Accept-CH", clientHints}
	page := func(title, body string) string {
		return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>` + title + `</title></head><body>` + body + `</body></html>`
	}
	list := `<ul class="results">` + dialogRooms(5) + `</ul>`
	testkit.ServePage(mux, "/early", page("Rooms", list), ach...)
	testkit.ServePage(mux, "/scripted", page("Rooms", `<ul class="results" id="r"></ul><script>fetch("/api/rooms").then(r => r.text())`+
		`.then(t => document.getElementById("r").innerHTML = t)</script>`), ach...)
	testkit.ServePage(mux, "/api/rooms", dialogRooms(5))
	testkit.ServePage(mux, "/icon", `<!DOCTYPE html><html><head><title>Rooms</title><link rel="icon" href="/static/icon.png"></head><body>`+
		list+`</body></html>`, ach...)
	mux.HandleFunc("/busy", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "120")
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write([]byte(page("Too many requests", "Slow down.")))
	})
	testkit.ServePage(mux, "/worker", page("Rooms", `<ul class="results" id="r"></ul><script>navigator.serviceWorker.register("/sw.js")</script>`), ach...)
	mux.HandleFunc("/sw.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		_, _ = w.Write([]byte(`self.addEventListener("install", e => e.waitUntil(fetch("/from-worker")))`))
	})
	testkit.ServePage(mux, "/listing", page("Room by the park", `<h1>Room by the park</h1><form method="post" action="/send">`+
		`<textarea name="message"></textarea><button type="submit">Send</button></form>`), ach...)
	testkit.ServePage(mux, "/send", page("Sent", "<p>Your message was sent.</p>"))
	const host = "127.0.0.9"
	site := testkit.StartSite(t, host, mux)

	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // bounds a hang only
	defer cancel()
	for _, path := range []string{"/early", "/scripted", "/icon", "/busy", "/worker", "/early"} {
		if _, err := b.Load(ctx, site.URL+path); err != nil {
			t.Fatalf("Load %s: %v", path, err)
		}
	}
	sendOnTab(ctx, t, b, site.URL+"/listing") // an auto-reply's tab
	site.WaitFor(t, "/from-worker")
	countPageTargets(t, b) // every tab closed: anything on its way out has gone out
	reqs := site.Requests()
	checkSiteLog(t, reqs)
	if !slices.ContainsFunc(reqs, func(r *http.Request) bool { return r.Header.Get("Sec-CH-UA-Full-Version-List") != "" }) {
		t.Error("no request carried the client hints the site asked for (Accept-CH)")
	}
}

// checkSiteLog fails for every request that says headless, asks for an
// icon, or says another user agent or other client hints than the first.
func checkSiteLog(t *testing.T, reqs []*http.Request) {
	t.Helper()
	if len(reqs) == 0 {
		t.Fatal("the site got no request")
	}
	first := reqs[0].Header
	for _, r := range reqs {
		what := r.Method + " " + r.URL.Path
		if isIcon(r.URL.Path) {
			t.Errorf("%s: an icon request", what)
		}
		for name, values := range r.Header {
			for _, v := range values {
				if strings.Contains(strings.ToLower(v), "headless") {
					t.Errorf("%s: %s: %q", what, name, v)
				}
			}
		}
		if got := r.Header.Get("User-Agent"); got != first.Get("User-Agent") {
			t.Errorf("%s: User-Agent %q, the first request said %q", what, got, first.Get("User-Agent"))
		}
		// A service worker's requests carry no client hints: Chrome's own
		// way, the same without our switches.
		for _, name := range []string{"Sec-CH-UA", "Sec-CH-UA-Platform", "Sec-CH-UA-Mobile"} {
			if got := r.Header.Get(name); got != "" && got != first.Get(name) {
				t.Errorf("%s: %s %q, the first request said %q", what, name, got, first.Get(name))
			}
		}
		if full := r.Header.Get("Sec-CH-UA-Full-Version-List"); r.Header.Get("Sec-CH-UA-Arch") != "" && !fullVersionRE.MatchString(full) {
			t.Errorf("%s: Sec-CH-UA-Full-Version-List %q, want a full version", what, full)
		}
	}
}

var fullVersionRE = regexp.MustCompile(`v="\d+\.\d+\.\d+\.\d+"`)

func isIcon(path string) bool {
	return strings.Contains(path, "favicon") || strings.Contains(path, "icon.png")
}

// navigationHeaders loads one page through b and returns the headers of
// the request for it, as the site got them.
func navigationHeaders(t testing.TB, b *Browser, host string) http.Header {
	t.Helper()
	mux := http.NewServeMux()
	testkit.ServePage(mux, "/rooms", `<!DOCTYPE html><html><head><title>Rooms</title></head><body><ul class="results">`+
		dialogRooms(3)+`</ul></body></html>`)
	site := testkit.StartSite(t, host, mux)
	if _, err := b.Load(context.Background(), site.URL+"/rooms"); err != nil {
		t.Fatalf("Load: %v", err)
	}
	return site.WaitFor(t, "/rooms").Header
}

// TestNavigationLooksLikeChrome: the request for a page says what a
// person's Chrome says, header by header, and nothing more.
func TestNavigationLooksLikeChrome(t *testing.T) {
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute})
	h := navigationHeaders(t, b, "127.0.0.10")
	for _, p := range testkit.NavigationProblems(h) {
		t.Error(p)
	}
	if t.Failed() {
		t.Logf("the request's headers: %v", h)
	}
}

// TestReusedTabLooksLikeNewTab: the same eight Loads of two hosts, pages
// read from the held response and pages that ran their scripts (then left
// for about:blank), each page twice in a row as the engine's cycles ask
// for them, once in reused tabs and once with a new tab per Load (the
// Browser as it was): the site gets the same requests for its pages,
// header for header, each a person's Chrome's from its address bar
// (Sec-Fetch-Site "none", no Referer), and the pages' scripts see the same
// history.length; one tab served all the reused Loads.
func TestReusedTabLooksLikeNewTab(t *testing.T) {
	reused := reuseLoads(t, "127.0.0.16", "127.0.0.17", false)
	fresh := reuseLoads(t, "127.0.0.21", "127.0.0.22", true)
	if reused.made > 2 { // the warm-up's, and one if the first Load came before it
		t.Errorf("%d tabs made for 8 Loads one after the other, want at most 2", reused.made)
	}
	if fresh.made < 8 {
		t.Errorf("%d tabs made with a new tab per Load, want 8 or more", fresh.made)
	}
	if len(reused.docs) != len(fresh.docs) || len(reused.docs) != 8 {
		t.Fatalf("%d and %d page requests, want 8 each", len(reused.docs), len(fresh.docs))
	}
	for i, r := range reused.docs {
		f := fresh.docs[i]
		for _, p := range testkit.NavigationProblems(r.Header) {
			t.Errorf("reused tab, %s: %s", r.URL.Path, p)
		}
		for name := range testkit.HeaderNames(f.Header, r.Header) {
			if got, want := r.Header.Get(name), f.Header.Get(name); got != want {
				t.Errorf("Load %d (%s): %s %q in a reused tab, %q in a new tab", i+1, r.URL.Path, name, got, want)
			}
		}
	}
	if !slices.Equal(reused.history, fresh.history) || len(reused.history) != 3 {
		t.Errorf("history.length the pages saw: %v in reused tabs, %v in new tabs", reused.history, fresh.history)
	}
}

// reuseRun is what the site saw of reuseLoads.
type reuseRun struct {
	docs    []*http.Request // the requests for pages, in order
	history []string        // history.length, as each scripted page saw it
	made    int             // tabs made
}

// reuseLoads runs TestReusedTabLooksLikeNewTab's Loads on hosts h1 and h2,
// with a new tab per Load when noReuse.
func reuseLoads(t *testing.T, h1, h2 string, noReuse bool) reuseRun {
	mux := http.NewServeMux()
	list := `<ul class="results">` + dialogRooms(4) + `</ul>`
	testkit.ServePage(mux, "/early", `<!DOCTYPE html><html><head><title>Rooms</title></head><body>`+list+`</body></html>`)
	testkit.ServePage(mux, "/scripted", `<!DOCTYPE html><html><head><title>Rooms</title></head><body><ul class="results" id="r"></ul>`+
		`<script>fetch("/api/rooms?history=" + history.length).then(r => r.text()).then(t => document.getElementById("r").innerHTML = t)</script></body></html>`)
	testkit.ServePage(mux, "/api/rooms", dialogRooms(4))
	a, c := testkit.StartSite(t, h1, mux), testkit.StartSite(t, h2, mux)
	b, rec := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	b.tune.noReuse = noReuse
	// A slow Load on a busy machine must not let the tab go.
	b.tune.warmFor = time.Hour
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // bounds a hang only
	defer cancel()
	var early, full int
	for _, u := range []string{a.URL + "/early", a.URL + "/early", c.URL + "/scripted", c.URL + "/scripted",
		a.URL + "/scripted", c.URL + "/early", c.URL + "/early", a.URL + "/early"} {
		res, err := b.Load(ctx, u)
		if err != nil || len(res.Listings) != 4 {
			t.Fatalf("Load %s: %d listings, %v", u, len(res.Listings), err)
		}
		if res.Early {
			early++
		} else {
			full++
		}
		countPageTargets(t, b) // the tab is back in the pool before the next
	}
	if early != 5 || full != 3 {
		t.Errorf("%d pages read early, %d after their scripts ran; want 5 and 3", early, full)
	}
	var run reuseRun // by host, in order: the two hosts' requests interleave
	for _, r := range append(a.Requests(), c.Requests()...) {
		if r.URL.Path == "/api/rooms" {
			run.history = append(run.history, r.URL.Query().Get("history"))
		} else {
			run.docs = append(run.docs, r)
		}
	}
	run.made = rec.count(tabMade)
	return run
}

// TestHeldReadKeepsCookies: a page read from its held response (its
// navigation ended there, before any renderer had it) still stores the
// cookies it set, persistent and session, as does the redirect before it;
// the next Load of the host sends them.
func TestHeldReadKeepsCookies(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/search", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "hop", Value: "from-redirect", Path: "/", MaxAge: 3600})
		http.Redirect(w, r, "/rooms", http.StatusFound)
	})
	testkit.ServePage(mux, "/rooms", `<!DOCTYPE html><html><head><title>Rooms</title></head><body><ul class="results">`+
		dialogRooms(3)+`</ul></body></html>`, "Set-Cookie", "sess=abc123; Path=/; HttpOnly")
	mux.HandleFunc("/kept", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "kept", Value: "yes", Path: "/", MaxAge: 3600})
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!DOCTYPE html><html><head><title>Rooms</title></head><body><ul class="results">`+dialogRooms(3)+`</ul></body></html>`)
	})
	site := testkit.StartSite(t, "127.0.0.18", mux)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	for _, path := range []string{"/kept", "/search", "/rooms"} {
		res, err := b.Load(context.Background(), site.URL+path)
		if err != nil || !res.Early {
			t.Fatalf("Load %s: early %v, %v", path, res.Early, err)
		}
	}
	reqs := site.Requests()
	last := reqs[len(reqs)-1]
	for _, want := range []string{"kept=yes", "hop=from-redirect", "sess=abc123"} {
		if !strings.Contains(last.Header.Get("Cookie"), want) {
			t.Errorf("the last Load sent Cookie %q, want %s in it", last.Header.Get("Cookie"), want)
		}
	}
}

// TestPagesOpenNoTabs: a page that opens a window by itself gets none
// (Chrome's popup blocker, as in a person's Chrome: the site never sees
// the popup's request), and one a click opens is closed at once; either
// way no tab is left over after the Loads.
func TestPagesOpenNoTabs(t *testing.T) {
	mux := http.NewServeMux()
	list := `<ul class="results">` + dialogRooms(3) + `</ul>`
	testkit.ServePage(mux, "/opens", `<!DOCTYPE html><html><head><title>Rooms</title></head><body>`+list+
		`<script>window.open("/popup-by-itself", "_blank")</script></body></html>`)
	testkit.ServePage(mux, "/click", `<!DOCTYPE html><html><head><title>Rooms</title></head><body>`+list+
		`<a id="a" href="/popup-on-click" target="_blank">more</a></body></html>`)
	testkit.ServePage(mux, "/popup-by-itself", "<title>ad</title>")
	testkit.ServePage(mux, "/popup-on-click", "<title>ad</title><script>setInterval(() => fetch('/from-popup'), 50)</script>")
	site := testkit.StartSite(t, "127.0.0.19", mux)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	b.tune.noEarly = true // the page's script must run
	if _, err := b.Load(context.Background(), site.URL+"/opens"); err != nil {
		t.Fatal(err)
	}
	b.mu.Lock()
	run := b.run
	b.mu.Unlock()
	// A click, as an auto-reply's recipe makes one, in a tab of the Browser.
	tb, err := b.takeTab(run)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(tb.ctx, time.Minute)
	defer cancel()
	if _, _, err := (&pageLoad{b: b, run: run, t: tb, url: site.URL + "/click"}).do(ctx); err != nil {
		t.Fatal(err)
	}
	// The popup is closed as soon as Chrome says it is there, maybe before
	// it asked for its page: its opening is what shows the click did open one.
	opened := make(chan struct{}, 1)
	go func() {
		for ev, err := range chromedp.BrowserEvents(ctx, target.TargetCreated) {
			if err != nil {
				return
			}
			if ev.TargetInfo != nil && ev.TargetInfo.Type == "page" && ev.TargetInfo.OpenerID != "" {
				opened <- struct{}{}
				return
			}
		}
	}()
	time.Sleep(100 * time.Millisecond) // the subscription is in place (else the popup's request shows it)
	// A click with the user's activation: the one thing the popup blocker lets through.
	gesture := true
	if _, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{
		Expression: `document.getElementById("a").click()`, UserGesture: &gesture}); err != nil {
		t.Fatal(err)
	}
	for popup := false; !popup; time.Sleep(20 * time.Millisecond) {
		select {
		case <-opened:
			popup = true
		case <-ctx.Done():
			t.Fatal("the click opened no popup")
		default:
			popup = slices.ContainsFunc(site.Requests(), func(r *http.Request) bool { return r.URL.Path == "/popup-on-click" })
		}
	}
	run.closeTab(tb)
	for end := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) { // bounds a hang only
		if n := countPageTargets(t, b); n <= 1+maxWarm {
			break
		} else if time.Now().After(end) {
			t.Fatalf("%d page targets left, want at most %d", n, 1+maxWarm)
		}
	}
	for _, r := range site.Requests() {
		if r.URL.Path == "/popup-by-itself" {
			t.Error("the page opened a window by itself and it loaded")
		}
	}
	n := len(site.Requests())
	time.Sleep(500 * time.Millisecond)
	if more := len(site.Requests()) - n; more > 0 {
		t.Errorf("%d more requests came after the popup should have been closed", more)
	}
}

// TestWarmTabStopsThePage: a page that keeps fetching (it polls for new
// listings every 50 ms) stops once its Load is over, though its tab is
// kept for the next Load: no request of it reaches the site after.
func TestWarmTabStopsThePage(t *testing.T) {
	mux := http.NewServeMux()
	testkit.ServePage(mux, "/polls", `<!DOCTYPE html><html><head><title>Rooms</title></head><body><ul class="results" id="r"></ul>`+
		`<script>fetch("/api/rooms").then(r => r.text()).then(t => document.getElementById("r").innerHTML = t);`+
		`setInterval(() => fetch("/api/ping"), 50)</script></body></html>`)
	testkit.ServePage(mux, "/api/rooms", dialogRooms(4))
	testkit.ServePage(mux, "/api/ping", "{}")
	site := testkit.StartSite(t, "127.0.0.20", mux)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	if res, err := b.Load(context.Background(), site.URL+"/polls"); err != nil || res.Early || len(res.Listings) != 4 {
		t.Fatalf("Load: early %v, %d listings, %v", res.Early, len(res.Listings), err)
	}
	countPageTargets(t, b) // the tab is back in the pool
	b.mu.Lock()
	warm := b.run.warm.count()
	b.mu.Unlock()
	if warm == 0 {
		t.Fatal("no warm tab after the Load")
	}
	n := len(site.Requests())
	time.Sleep(time.Second)
	if more := len(site.Requests()) - n; more > 0 {
		t.Errorf("%d requests of the page came after its Load was over", more)
	}
}

// sendOnTab sends the form of pageURL in a lent tab (OpenTab), as an
// auto-reply does, and closes the tab once the answer is on it.
func sendOnTab(ctx context.Context, t *testing.T, b *Browser, pageURL string) {
	t.Helper()
	tab, err := b.OpenTab(ctx, pageURL)
	if err != nil {
		t.Fatalf("OpenTab: %v", err)
	}
	defer tab.Close()
	tctx, cancel := context.WithTimeout(tab.Context(), time.Minute)
	defer cancel()
	if _, err := chromedp.Run(tctx, chromedp.Evaluate[bool](`document.querySelector('textarea').value = 'Hello', `+
		`document.querySelector('form').submit(), true`)); err != nil {
		t.Fatalf("send the form: %v", err)
	}
	for {
		pg, _, err := tab.Look(ctx)
		if err == nil && strings.Contains(string(pg.HTML), "Your message was sent") {
			return
		}
		if ctx.Err() != nil {
			t.Fatalf("the answer never showed: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
