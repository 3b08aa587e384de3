package pages

import (
	"cmp"
	"context"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/pages/chrome"
)

// needChrome returns the browser for tests, skipping (or failing on CI)
// where none is installed.
func needChrome(t testing.TB) string {
	t.Helper()
	path, err := chrome.Find(os.Getenv("RENTWATCH_CHROME"))
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("chromium is required on CI: %v", err)
		}
		t.Skipf("no Chrome or Chromium here (apt-get install chromium): %v", err)
	}
	return path
}

// pageRecorder keeps the last page each Load classified, so tests can look
// at the HTML the browser captured, and counts what the Browser did.
type pageRecorder struct {
	mu   sync.Mutex
	last blocks.Page
	did  map[happening]int
}

// newTestBrowser starts a Browser on a fresh profile, closed at cleanup.
func newTestBrowser(t testing.TB, opts BrowserOptions) (*Browser, *pageRecorder) {
	t.Helper()
	opts.Chrome = needChrome(t)
	if opts.ProfileDir == "" {
		opts.ProfileDir = t.TempDir() + "/profile"
	}
	b := NewBrowser(opts)
	rec := &pageRecorder{did: map[happening]int{}}
	b.tune.classify = func(p blocks.Page, now time.Time) blocks.Verdict {
		rec.mu.Lock()
		rec.last = p
		rec.mu.Unlock()
		return blocks.Classify(p, now)
	}
	b.tune.noted = rec.note
	t.Cleanup(func() { _ = b.Close() })
	return b, rec
}

func (r *pageRecorder) html() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return string(r.last.HTML)
}

func (r *pageRecorder) note(h happening) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.did[h]++
}

// count is how often h happened.
func (r *pageRecorder) count(h happening) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.did[h]
}

func TestLoadPages(t *testing.T) {
	portal := newFixturePortal(t, "127.0.0.1", 0)
	other := newFixturePortal(t, "127.0.0.2", 0)
	b, rec := newTestBrowser(t, BrowserOptions{PageTimeout: 10 * time.Second, ChallengeWait: 4 * time.Second})
	token := strings.ReplaceAll(t.Name(), "/", "-") + time.Now().Format("150405.000")

	tests := []struct {
		name     string
		path     string
		status   int
		kind     blocks.Kind
		vendor   string
		header   [2]string // a header the main document must carry
		html     []string  // in the captured HTML
		finalURL string    // "" means the requested URL
		// waited: the Load waited for the challenge to clear; waitedAll:
		// for the whole ChallengeWait (a wait of our own, so a lower bound
		// that no busy machine can break).
		waited, waitedAll bool
		// challengeWait, when set, is the ChallengeWait of this Load: a
		// challenge that clears is given minutes (the wait ends when it
		// clears), so that a busy machine's slow reload cannot outlast it.
		challengeWait time.Duration
		minListing    int
		early         bool // read from the HTML as it arrived (Result.Early)
	}{
		{name: "static results", path: "/results", status: 200, kind: blocks.OK,
			html: []string{`data-id="9100"`, "Bright room 12"}, minListing: 12, early: true},
		{name: "javascript results", path: "/results-js", status: 200, kind: blocks.OK,
			html: []string{"js-card", "Bright room 8 near the park"}, minListing: 8},
		{name: "redirect to another host", path: "/moved?to=" + other.URL + "/results", status: 200, kind: blocks.OK,
			finalURL: other.URL + "/results", html: []string{`data-id="9100"`}, minListing: 12, early: true},
		{name: "429 with Retry-After", path: "/slow-down", status: 429, kind: blocks.RateLimited,
			header: [2]string{"Retry-After", "120"}},
		{name: "403 Cloudflare 1020", path: "/denied", status: 403, kind: blocks.Denied, vendor: "cloudflare",
			header: [2]string{"Cf-Ray", "7f1a2b3c4d5e6f71-AMS"}},
		{name: "challenge that clears itself in 3s", path: "/challenge?clear=3000&token=" + token, status: 200,
			kind: blocks.OK, html: []string{"Bright room 1 "}, waited: true, challengeWait: 2 * time.Minute, minListing: 12},
		{name: "challenge that never clears", path: "/challenge?token=never", status: 403, kind: blocks.Challenge,
			vendor: "cloudflare", header: [2]string{"Cf-Mitigated", "challenge"}, html: []string{"_cf_chl_opt"},
			waited: true, waitedAll: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b.opts.ChallengeWait = cmp.Or(tc.challengeWait, 4*time.Second)
			res, err := b.Load(context.Background(), portal.URL+tc.path)
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			want := tc.finalURL
			if want == "" {
				want = portal.URL + tc.path
			}
			if res.URL != want {
				t.Errorf("URL = %q, want %q", res.URL, want)
			}
			if res.Status != tc.status {
				t.Errorf("Status = %d, want %d", res.Status, tc.status)
			}
			if res.Verdict.Kind != tc.kind || tc.vendor != "" && res.Verdict.Vendor != tc.vendor {
				t.Errorf("Verdict = %+v, want kind %s vendor %q", res.Verdict, tc.kind, tc.vendor)
			}
			if k, v := tc.header[0], tc.header[1]; k != "" && res.Header.Get(k) != v {
				t.Errorf("Header[%s] = %q, want %q (all: %v)", k, res.Header.Get(k), v, res.Header)
			}
			html := rec.html()
			for _, s := range tc.html {
				if !strings.Contains(html, s) {
					t.Errorf("captured HTML lacks %q", s)
				}
			}
			if (res.Waited > 0) != tc.waited || tc.waitedAll && res.Waited < b.opts.ChallengeWait {
				t.Errorf("Waited = %v; want a wait %v, all of ChallengeWait (%v) %v", res.Waited, tc.waited, b.opts.ChallengeWait, tc.waitedAll)
			}
			if len(res.Listings) < tc.minListing {
				t.Errorf("read %d listings (site %q), want at least %d", len(res.Listings), res.Site, tc.minListing)
			}
			if res.Early != tc.early {
				t.Errorf("Early = %v, want %v", res.Early, tc.early)
			}
			if res.Took <= 0 || res.Took < res.Waited {
				t.Errorf("Took = %v with Waited %v", res.Took, res.Waited)
			}
		})
	}
}

func TestLoadBlocksMediaAndHidesAutomation(t *testing.T) {
	portal := newFixturePortal(t, "127.0.0.1", 0)
	b, rec := newTestBrowser(t, BrowserOptions{PageTimeout: 10 * time.Second})
	// What the page's own script sees is in the rendered page, not in the
	// HTML an early read returns at.
	b.tune.noEarly = true
	if _, err := b.Load(context.Background(), portal.URL+"/results"); err != nil {
		t.Fatalf("Load: %v", err)
	}
	for kind, want := range map[string]bool{"css": true, "js": true, "img": false, "font": false, "media": false} {
		if got := portal.count(kind) > 0; got != want {
			t.Errorf("server saw %d %s requests; want requested=%v", portal.count(kind), kind, want)
		}
	}
	portal.mu.Lock()
	ua, chua := portal.lastUA, portal.lastCHUA
	portal.mu.Unlock()
	if strings.Contains(ua, "Headless") || !strings.Contains(ua, "Chrome/") {
		t.Errorf("User-Agent = %q", ua)
	}
	if strings.Contains(chua, "Headless") {
		t.Errorf("Sec-CH-UA = %q", chua)
	}
	html := rec.html()
	if !strings.Contains(html, `data-webdriver="false"`) || strings.Contains(html, "HeadlessChrome") {
		t.Errorf("page sees navigator.webdriver or a headless user agent: %s", html[strings.Index(html, "<body"):][:200])
	}
}

// TestLoadReusesTabs: Loads two at a time, as the engine runs them, of
// pages read early, read after their scripts ran and walls, reuse the
// warm tabs: no more tabs are made than Loads run at once, and no more stay
// open than maxWarm (and chromedp's first, blank one).
func TestLoadReusesTabs(t *testing.T) {
	portal := newFixturePortal(t, "127.0.0.1", 0)
	b, rec := newTestBrowser(t, BrowserOptions{PageTimeout: 10 * time.Second})
	b.tune.warmFor = time.Hour // a slow Load on a busy machine must not let the tabs go
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			path := []string{"/results", "/results-js", "/denied"}[i%3]
			if _, err := b.Load(context.Background(), portal.URL+path); err != nil {
				t.Errorf("Load %s: %v", path, err)
			}
		})
		if i%2 == 1 {
			wg.Wait()
			countPageTargets(t, b) // the tabs are back in the pool
		}
	}
	if n := countPageTargets(t, b); n > 1+maxWarm {
		t.Errorf("%d page targets after 12 Loads, want at most %d", n, 1+maxWarm)
	}
	if made := rec.count(tabMade); made > 3 { // the warm-up's and two at once (one may race the warm-up)
		t.Errorf("%d tabs made for 12 Loads two at a time, want at most 3", made)
	}
}

func countPageTargets(t testing.TB, b *Browser) int {
	t.Helper()
	b.mu.Lock()
	run := b.run
	b.mu.Unlock()
	// Tabs close in the background after their page: wait for those (the
	// bound is for a hang only).
	for end := time.Now().Add(2 * time.Minute); run != nil && run.closing.Load() > 0 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	n, err := b.pageTargets(context.Background())
	if err != nil {
		t.Fatalf("count targets: %v", err)
	}
	return n
}

// TestLoadErrors: each failure is told by its cause, and says so without
// waiting for anything it need not: a bad URL starts no Chrome, a refused
// connection is a network error (not the page's timeout), a page that hangs
// ends at the page's timeout (not the caller's deadline, which only bounds
// a hang of the test).
func TestLoadErrors(t *testing.T) {
	portal := newFixturePortal(t, "127.0.0.1", 0)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: 2 * time.Second, ChallengeWait: -1})
	closedPort := newFixturePortal(t, "127.0.0.3", 0)
	closedPort.Close()
	tests := []struct {
		name  string
		url   string
		cause error
	}{
		{"file URL", "file:///etc/passwd", ErrBadURL},
		{"javascript URL", "javascript:alert(1)", ErrBadURL},
		{"no host", "https:///x", ErrBadURL},
		{"connection refused", closedPort.URL + "/results", ErrNetwork},
		{"server hangs", portal.URL + "/hang", ErrTimeout},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			started := b.chromePID() != 0
			_, err := b.Load(ctx, tc.url)
			var le *LoadError
			if !errors.Is(err, tc.cause) || !errors.As(err, &le) {
				t.Fatalf("err = %v, want a *LoadError with %v", err, tc.cause)
			}
			if ctx.Err() != nil {
				t.Errorf("the Load ran into the caller's deadline: %v", err)
			}
			if tc.cause == ErrBadURL && !started && b.chromePID() != 0 {
				t.Errorf("a bad URL started Chrome")
			}
			// The browser is still good for the next page.
			if _, err := b.Load(ctx, portal.URL+"/results"); err != nil {
				t.Errorf("next Load: %v", err)
			}
		})
	}
}

func TestLoadSurvivesChromeKilled(t *testing.T) {
	portal := newFixturePortal(t, "127.0.0.1", 0)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: 20 * time.Second})
	if _, err := b.Load(context.Background(), portal.URL+"/results"); err != nil {
		t.Fatalf("first Load: %v", err)
	}
	pid := b.chromePID()
	if pid == 0 {
		t.Fatal("no Chrome pid")
	}
	done := make(chan error, 1)
	go func() {
		_, err := b.Load(context.Background(), portal.URL+"/hang")
		done <- err
	}()
	for portal.count("html") < 2 { // the hanging page has been asked for
		time.Sleep(20 * time.Millisecond)
	}
	if err := killPID(pid); err != nil {
		t.Fatalf("kill %d: %v", pid, err)
	}
	select {
	case err := <-done:
		if !errors.Is(err, ErrBrowser) {
			t.Errorf("Load during the kill: err = %v, want ErrBrowser", err)
		}
	case <-time.After(2 * time.Minute): // the Load's own timeout (20 s) ends it before: a hang only
		t.Fatal("Load did not notice the browser was killed")
	}
	res, err := b.Load(context.Background(), portal.URL+"/results")
	if err != nil || res.Status != 200 {
		t.Fatalf("Load after restart: %+v, %v", res, err)
	}
	if again := b.chromePID(); again == pid || again == 0 {
		t.Errorf("Chrome pid %d after restart, was %d", again, pid)
	}
}

// killPID is SIGKILL on unix (os.Process.Kill: it builds for Windows too).
func killPID(pid int) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Kill()
}

func TestLoadAfterClose(t *testing.T) {
	b, _ := newTestBrowser(t, BrowserOptions{})
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Load(context.Background(), "http://127.0.0.1:1/"); !errors.Is(err, ErrClosed) {
		t.Errorf("err = %v, want ErrClosed", err)
	}
}

// TestWarmTabsGo: between two cycles of the engine Chrome keeps one tab,
// the home tab, and nothing else: Chrome's own first tab is closed once the
// home tab is ready, a second warm tab is closed once it waited warmFor,
// and the next cycle's first Load takes the home tab (no tab is made).
func TestWarmTabsGo(t *testing.T) {
	portal := newFixturePortal(t, "127.0.0.1", 0)
	other := newFixturePortal(t, "127.0.0.2", 0)
	b, rec := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute})
	b.tune.warmFor = 300 * time.Millisecond
	oneTab := func(round int) {
		for end := time.Now().Add(2 * time.Minute); ; time.Sleep(50 * time.Millisecond) { // bounds a hang only
			b.mu.Lock()
			warm := b.run.warm.count()
			b.mu.Unlock()
			if n := countPageTargets(t, b); warm == 1 && n == 1 {
				return
			} else if time.Now().After(end) {
				t.Fatalf("round %d: %d warm tabs, %d page targets left, want the home tab alone", round, warm, n)
			}
		}
	}
	if _, err := b.Load(context.Background(), portal.URL+"/results"); err != nil {
		t.Fatal(err)
	}
	oneTab(0)
	start := rec.count(tabMade) // the warm-up's, and one more if the Load raced it
	for round := 1; round <= 3; round++ {
		// A cycle: two Loads at once, so two tabs are in use.
		var wg sync.WaitGroup
		for _, u := range []string{portal.URL + "/results", other.URL + "/results"} {
			wg.Go(func() {
				if _, err := b.Load(context.Background(), u); err != nil {
					t.Errorf("round %d: Load %s: %v", round, u, err)
				}
			})
		}
		wg.Wait()
		oneTab(round)
	}
	// One tab a cycle: the second of two Loads at once.
	made := rec.count(tabMade)
	if made-start > 3 {
		t.Errorf("%d tabs made for three cycles of two Loads at once, want 3 at most", made-start)
	}
	if _, err := b.Load(context.Background(), portal.URL+"/results"); err != nil {
		t.Fatal(err)
	}
	if n := rec.count(tabMade); n != made {
		t.Errorf("a Load after the cycle made a tab (%d made, was %d): the home tab was not used", n, made)
	}
	oneTab(4)
}
