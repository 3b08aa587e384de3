package pages

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"rentwatch/words"
)

// visibleWindow opens pageURL with OpenVisible on a fresh virtual screen
// and waits until the window's Chrome runs; done gets OpenVisible's error.
func visibleWindow(t *testing.T, b *Browser, pageURL string) (*chromeRun, <-chan error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // bounds a hang only
	t.Cleanup(cancel)
	done := make(chan error, 1)
	go func() { done <- b.OpenVisible(ctx, pageURL) }()
	for end := time.Now().Add(2 * time.Minute); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		b.mu.Lock()
		run := b.visibleRun
		b.mu.Unlock()
		if run != nil {
			return run, done
		}
		select {
		case err := <-done:
			t.Fatalf("OpenVisible returned before its window opened: %v", err)
		default:
		}
	}
	t.Fatal("no visible window after 2 minutes")
	return nil, nil
}

// waitReturned waits for OpenVisible to return after its window closed.
func waitReturned(t *testing.T, done <-chan error) {
	t.Helper()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("OpenVisible: %v", err)
		}
	case <-time.After(3 * time.Minute): // bounds a hang only
		t.Fatal("OpenVisible did not return after its window was closed")
	}
}

// profileOf is the --user-data-dir of the Chrome with pid, "" if none.
func profileOf(t *testing.T, pid int) string {
	t.Helper()
	cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if err != nil {
		t.Fatalf("the window's Chrome (pid %d): %v", pid, err)
	}
	for _, arg := range bytes.Split(cmdline, []byte{0}) {
		if dir, ok := strings.CutPrefix(string(arg), "--user-data-dir="); ok {
			return dir
		}
	}
	return ""
}

func onScreen(t *testing.T) {
	t.Helper()
	display := startXvfb(t)
	t.Setenv("DISPLAY", display)
	t.Setenv("WAYLAND_DISPLAY", "")
}

// TestOpenVisibleKeepsWatching: while the window is open on one host, the
// headless Chrome still loads another host's page (the watcher goes on
// watching every other site during a check by hand), and the window's
// Chrome runs on a profile of its own, removed once it closed.
func TestOpenVisibleKeepsWatching(t *testing.T) {
	onScreen(t)
	other := newFixturePortal(t, "127.0.0.22", 0)
	mux := http.NewServeMux()
	servePage(mux, "/rooms", `<!DOCTYPE html><html><head><title>Rooms</title></head><body>Rooms</body></html>`)
	site := newSiteLog(t, "127.0.0.21", mux)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	if _, err := b.Load(context.Background(), other.URL+"/results"); err != nil {
		t.Fatalf("headless Load before the window: %v", err)
	}

	run, done := visibleWindow(t, b, site.URL+"/rooms")
	site.waitFor(t, "/rooms")
	waitTitle(t, run, "Rooms")
	dir := profileOf(t, run.pid)
	if dir == "" || dir == b.opts.ProfileDir {
		t.Errorf("the window's Chrome runs on profile %q, want one of its own (the watcher's is %s)", dir, b.opts.ProfileDir)
	}
	res, err := b.Load(context.Background(), other.URL+"/results?n=14")
	if err != nil {
		t.Errorf("headless Load of another host while the window is open: %v", err)
	} else if len(res.Listings) != 14 {
		t.Errorf("headless Load while the window is open read %d listings, want 14", len(res.Listings))
	}
	closeVisibleTabs(t, b)
	waitReturned(t, done)
	if dir != "" && dir != b.opts.ProfileDir {
		if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the window's profile %s is still there after it closed (stat: %v)", dir, err)
		}
	}
}

// TestOpenVisibleCarriesCookies: the window starts with the watcher's
// cookies (a session cookie the headless Chrome holds in memory only), and
// a cookie the site sets in the window after a while (as a challenge that
// clears) is sent by the next headless Load of its host, though the user
// closes the window right after it was set.
func TestOpenVisibleCarriesCookies(t *testing.T) {
	onScreen(t)
	mux := http.NewServeMux()
	servePage(mux, "/login", `<!DOCTYPE html><html><head><title>In</title></head><body>in</body></html>`,
		"Set-Cookie", "sid=from-headless; Path=/; HttpOnly")
	// The check: its script asks for /pass after a while, which sets the
	// clearance cookie and says so in the title.
	servePage(mux, "/check", `<!DOCTYPE html><html><head><title>Checking</title></head><body>
<script>setTimeout(() => fetch("/pass").then(r => r.text()).then(t => { document.title = t }), 1500)</script></body></html>`)
	mux.HandleFunc("/pass", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Set-Cookie", "cf_clearance=earned-by-hand; Max-Age=3600; Path=/; HttpOnly")
		_, _ = fmt.Fprint(w, "Passed")
	})
	servePage(mux, "/results", `<!DOCTYPE html><html><head><title>Results</title></head><body>results</body></html>`)
	site := newSiteLog(t, "127.0.0.23", mux)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	if _, err := b.Load(context.Background(), site.URL+"/login"); err != nil {
		t.Fatalf("headless Load before the window: %v", err)
	}

	run, done := visibleWindow(t, b, site.URL+"/check")
	if c := site.waitFor(t, "/check").Header.Get("Cookie"); !strings.Contains(c, "sid=from-headless") {
		t.Errorf("the window's first request sent Cookie %q, want the watcher's sid=from-headless", c)
	}
	waitTitle(t, run, "Passed")
	closeVisibleTabs(t, b) // at once, as a user who saw the check pass
	waitReturned(t, done)

	if _, err := b.Load(context.Background(), site.URL+"/results"); err != nil {
		t.Fatalf("headless Load after the window: %v", err)
	}
	var sent string
	for _, r := range site.requests() {
		if r.URL.Path == "/results" {
			sent = r.Header.Get("Cookie")
		}
	}
	for _, want := range []string{"cf_clearance=earned-by-hand", "sid=from-headless"} {
		if !strings.Contains(sent, want) {
			t.Errorf("headless Load after the window sent Cookie %q, want %s in it", sent, want)
		}
	}
}

// TestOpenVisibleClosedWhileLoading: the user closes the window while its
// first page is still loading (the site does not answer); OpenVisible
// returns all the same.
func TestOpenVisibleClosedWhileLoading(t *testing.T) {
	onScreen(t)
	stop := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select { // no answer until the browser gives up or the test ends
		case <-r.Context().Done():
		case <-stop:
		}
	})
	site := newSiteLog(t, "127.0.0.24", mux)
	t.Cleanup(func() { close(stop) }) // before the server closes: cleanups run last first
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	run, done := visibleWindow(t, b, site.URL+"/slow")
	site.waitFor(t, "/slow")
	dir := profileOf(t, run.pid)
	closeVisibleTabs(t, b)
	waitReturned(t, done)
	if dir != "" && dir != b.opts.ProfileDir {
		if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the window's profile %s is still there after it closed (stat: %v)", dir, err)
		}
	}
}

// TestOpenVisibleSlowFirstPage: a site whose first answer comes later than
// any protocol call may take (a busy site behind a check) keeps loading in
// the window; the window stays open until the user closes it.
func TestOpenVisibleSlowFirstPage(t *testing.T) {
	onScreen(t)
	release := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("/busy", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = fmt.Fprint(w, `<!DOCTYPE html><html><head><title>Late</title></head><body>at last</body></html>`)
	})
	site := newSiteLog(t, "127.0.0.25", mux)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: 2 * time.Second, ChallengeWait: -1})
	run, done := visibleWindow(t, b, site.URL+"/busy")
	site.waitFor(t, "/busy")
	select {
	case err := <-done: // callTimeout bounds each protocol call: wait past it
		t.Fatalf("OpenVisible returned while its first page was still loading: %v", err)
	case <-time.After(callTimeout + 2*time.Second):
	}
	close(release)
	waitTitle(t, run, "Late")
	closeVisibleTabs(t, b)
	waitReturned(t, done)
}

// TestWindowProfileBesideWatcher: the window's profile is made beside the
// watcher's (in the app's private data folder), and one a crashed run left
// there is removed first; a Browser on a temporary profile uses the
// system's temporary folder, where nothing is swept.
func TestWindowProfileBesideWatcher(t *testing.T) {
	data := t.TempDir()
	left := filepath.Join(data, windowPrefix+"123")
	if err := os.MkdirAll(filepath.Join(left, "Default"), 0o700); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(data, "chrome-profile-other")
	if err := os.Mkdir(other, 0o700); err != nil {
		t.Fatal(err)
	}
	b := NewBrowser(BrowserOptions{ProfileDir: filepath.Join(data, "chrome-profile")})
	if got := b.windowParent(); got != data {
		t.Errorf("windowParent = %q, want %q", got, data)
	}
	if _, err := os.Stat(left); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the profile a crashed window left is still there (stat: %v)", err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("a folder that is not a window's profile was removed: %v", err)
	}
	if got := NewBrowser(BrowserOptions{}).windowParent(); got != "" {
		t.Errorf("windowParent on a temporary profile = %q, want the system's temporary folder", got)
	}
}

// TestOpenVisibleSaysWhatToDoAtANormalSize: the window opens at a normal
// size (it came up maximised or tiny), with a first tab that says what to
// do in rentwatch's words and the site's page in front of it; closing the
// window (every tab) ends the check by hand.
func TestOpenVisibleSaysWhatToDoAtANormalSize(t *testing.T) {
	onScreen(t)
	mux := http.NewServeMux()
	servePage(mux, "/rooms", `<!DOCTYPE html><html><head><title>Rooms</title></head><body>Rooms</body></html>`)
	site := newSiteLog(t, "127.0.0.26", mux)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	run, done := visibleWindow(t, b, site.URL+"/rooms")
	site.waitFor(t, "/rooms")
	waitTitle(t, run, "Rooms")
	title, steps := words.CheckByHand("127.0.0.26")
	waitTitle(t, run, title)
	ctx, cancel := context.WithTimeout(run.ctx, 30*time.Second)
	defer cancel()
	targets, err := chromedp.Targets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var pages []*target.Info
	for _, tg := range targets {
		if tg.Type == "page" {
			pages = append(pages, tg)
		}
	}
	if len(pages) != 2 {
		t.Fatalf("%d tabs, want the guide and the site", len(pages))
	}
	var guide *target.Info
	for _, p := range pages {
		if p.Title == title {
			guide = p
		}
	}
	if guide == nil {
		t.Fatal("no guide tab")
	}
	tctx, tcancel := chromedp.NewContext(run.ctx, chromedp.WithTargetID(guide.TargetID))
	defer tcancel()
	text, err := chromedp.Run(tctx, chromedp.Text(chromedp.CSS("body")))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range append(steps, "Pass 127.0.0.26's check in the next tab, then close this window; rentwatch goes on by itself.") {
		if !strings.Contains(text, s) {
			t.Errorf("the guide tab does not say %q:\n%s", s, text)
		}
	}
	win, err := chromedp.Call(ctx, browser.GetWindowForTarget, browser.GetWindowForTargetParams{})
	if err != nil {
		t.Fatal(err)
	}
	if b := win.Bounds; b.WindowState != browser.WindowStateNormal || b.Width != 1200 || b.Height != 900 {
		t.Errorf("the window is %dx%d, %s; want 1200x900, normal", b.Width, b.Height, b.WindowState)
	}
	closeVisibleTabs(t, b)
	waitReturned(t, done)
}
