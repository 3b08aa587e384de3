package byhand

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"rentwatch/internal/testkit"
	"rentwatch/pages"
	"rentwatch/pages/chrome"
	"strings"
	"testing"
	"time"
)

// visibleWindow opens pageURL with Open on a fresh virtual screen
// and waits until the window's Chrome runs; done gets Open's error.
func visibleWindow(t *testing.T, b *Window, pageURL string) (*chrome.Process, <-chan error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // bounds a hang only
	t.Cleanup(cancel)
	done := make(chan error, 1)
	go func() { done <- b.Open(ctx, pageURL) }()
	for end := time.Now().Add(2 * time.Minute); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if run := shownRun(b); run != nil {
			return run, done
		}
		select {
		case err := <-done:
			t.Fatalf("Open returned before its window opened: %v", err)
		default:
		}
	}
	t.Fatal("no visible window after 2 minutes")
	return nil, nil
}

// waitReturned waits for Open to return after its window closed.
func waitReturned(t *testing.T, done <-chan error) {
	t.Helper()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
	case <-time.After(3 * time.Minute): // bounds a hang only
		t.Fatal("Open did not return after its window was closed")
	}
}

// profileOf is the --user-data-dir of the Chrome with pid, "" if none.
func profileOf(t *testing.T, pid int) string {
	t.Helper()
	args := testkit.Args(pid)
	if args == nil {
		t.Fatalf("the window's Chrome (pid %d) is gone", pid)
	}
	for _, arg := range args {
		if dir, ok := strings.CutPrefix(arg, "--user-data-dir="); ok {
			return dir
		}
	}
	return ""
}

func onScreen(t *testing.T) {
	t.Helper()
	display := testkit.StartXvfb(t)
	t.Setenv("DISPLAY", display)
	t.Setenv("WAYLAND_DISPLAY", "")
}

// TestOpenKeepsWatching: while the window is open on one host, the
// headless Chrome still loads another host's page (the watcher goes on
// watching every other site during a check by hand), and the window's
// Chrome runs on a profile of its own, removed once it closed.
func TestOpenKeepsWatching(t *testing.T) {
	onScreen(t)
	other := testkit.StartPortal(t, "127.0.0.22", testkit.ListPage)
	results := other.Search(t, "/results", rooms(12)...)
	results14 := other.Search(t, "/results14", rooms(14)...)
	mux := http.NewServeMux()
	testkit.ServePage(mux, "/rooms", `<!DOCTYPE html><html><head><title>Rooms</title></head><body>Rooms</body></html>`)
	site := testkit.StartSite(t, "127.0.0.21", mux)
	b, w := newWatcher(t, pages.BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	if _, err := b.Load(context.Background(), results); err != nil {
		t.Fatalf("headless Load before the window: %v", err)
	}

	run, done := visibleWindow(t, w, site.URL+"/rooms")
	site.WaitFor(t, "/rooms")
	waitTitle(t, run, "Rooms")
	dir := profileOf(t, run.PID)
	if dir == "" || dir == w.opts.ProfileDir {
		t.Errorf("the window's Chrome runs on profile %q, want one of its own (the watcher's is %s)", dir, w.opts.ProfileDir)
	}
	res, err := b.Load(context.Background(), results14)
	if err != nil {
		t.Errorf("headless Load of another host while the window is open: %v", err)
	} else if len(res.Listings) != 14 {
		t.Errorf("headless Load while the window is open read %d listings, want 14", len(res.Listings))
	}
	closeVisibleTabs(t, w)
	waitReturned(t, done)
	if dir != "" && dir != w.opts.ProfileDir {
		if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the window's profile %s is still there after it closed (stat: %v)", dir, err)
		}
	}
}

// TestOpenCarriesCookies: the window starts with the watcher's
// cookies (a session cookie the headless Chrome holds in memory only), and
// a cookie the site sets in the window after a while (as a challenge that
// clears) is sent by the next headless Load of its host, though the user
// closes the window right after it was set.
func TestOpenCarriesCookies(t *testing.T) {
	onScreen(t)
	mux := http.NewServeMux()
	testkit.ServePage(mux, "/login", `<!DOCTYPE html><html><head><title>In</title></head><body>in</body></html>`,
		"Set-Cookie", "sid=from-headless; Path=/; HttpOnly")
	// The check: its script asks for /pass after a while, which sets the
	// clearance cookie and says so in the title.
	testkit.ServePage(mux, "/check", `<!DOCTYPE html><html><head><title>Checking</title></head><body>
<script>setTimeout(() => fetch("/pass").then(r => r.text()).then(t => { document.title = t }), 1500)</script></body></html>`)
	mux.HandleFunc("/pass", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Set-Cookie", "cf_clearance=earned-by-hand; Max-Age=3600; Path=/; HttpOnly")
		_, _ = fmt.Fprint(w, "Passed")
	})
	testkit.ServePage(mux, "/results", `<!DOCTYPE html><html><head><title>Results</title></head><body>results</body></html>`)
	site := testkit.StartSite(t, "127.0.0.23", mux)
	b, w := newWatcher(t, pages.BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	if _, err := b.Load(context.Background(), site.URL+"/login"); err != nil {
		t.Fatalf("headless Load before the window: %v", err)
	}

	run, done := visibleWindow(t, w, site.URL+"/check")
	if c := site.WaitFor(t, "/check").Header.Get("Cookie"); !strings.Contains(c, "sid=from-headless") {
		t.Errorf("the window's first request sent Cookie %q, want the watcher's sid=from-headless", c)
	}
	waitTitle(t, run, "Passed")
	closeVisibleTabs(t, w) // at once, as a user who saw the check pass
	waitReturned(t, done)

	if _, err := b.Load(context.Background(), site.URL+"/results"); err != nil {
		t.Fatalf("headless Load after the window: %v", err)
	}
	var sent string
	for _, r := range site.Requests() {
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

// TestOpenClosedWhileLoading: the user closes the window while its
// first page is still loading (the site does not answer); Open
// returns all the same.
func TestOpenClosedWhileLoading(t *testing.T) {
	onScreen(t)
	stop := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select { // no answer until the browser gives up or the test ends
		case <-r.Context().Done():
		case <-stop:
		}
	})
	site := testkit.StartSite(t, "127.0.0.24", mux)
	t.Cleanup(func() { close(stop) }) // before the server closes: cleanups run last first
	_, w := newWatcher(t, pages.BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	run, done := visibleWindow(t, w, site.URL+"/slow")
	site.WaitFor(t, "/slow")
	dir := profileOf(t, run.PID)
	closeVisibleTabs(t, w)
	waitReturned(t, done)
	if dir != "" && dir != w.opts.ProfileDir {
		if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("the window's profile %s is still there after it closed (stat: %v)", dir, err)
		}
	}
}

// TestOpenSlowFirstPage: a site whose first answer comes later than
// any protocol call may take (a busy site behind a check) keeps loading in
// the window; the window stays open until the user closes it.
func TestOpenSlowFirstPage(t *testing.T) {
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
	site := testkit.StartSite(t, "127.0.0.25", mux)
	_, w := newWatcher(t, pages.BrowserOptions{PageTimeout: 2 * time.Second, ChallengeWait: -1})
	run, done := visibleWindow(t, w, site.URL+"/busy")
	site.WaitFor(t, "/busy")
	select {
	case err := <-done: // callTimeout bounds each protocol call: wait past it
		t.Fatalf("Open returned while its first page was still loading: %v", err)
	case <-time.After(callTimeout + 2*time.Second):
	}
	close(release)
	waitTitle(t, run, "Late")
	closeVisibleTabs(t, w)
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
	b := New(pages.NewBrowser(pages.BrowserOptions{ProfileDir: filepath.Join(data, "chrome-profile")}))
	if got := b.windowParent(); got != data {
		t.Errorf("windowParent = %q, want %q", got, data)
	}
	if _, err := os.Stat(left); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the profile a crashed window left is still there (stat: %v)", err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("a folder that is not a window's profile was removed: %v", err)
	}
	if got := New(pages.NewBrowser(pages.BrowserOptions{})).windowParent(); got != "" {
		t.Errorf("windowParent on a temporary profile = %q, want the system's temporary folder", got)
	}
}

func TestOpenDefaultRefusesNonWeb(t *testing.T) {
	for _, u := range []string{"file:///etc/passwd", "javascript:alert(1)", "/usr/bin/xterm", "ftp://x/y"} {
		if err := OpenDefault(u, nil); !errors.Is(err, pages.ErrBadURL) {
			t.Errorf("OpenDefault(%q) = %v, want ErrBadURL", u, err)
		}
	}
}

func TestOpenWithoutDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	b := pages.NewBrowser(pages.BrowserOptions{})
	defer b.Close()
	w := New(b)
	defer w.Close()
	if err := w.Open(t.Context(), "https://example.com/"); !errors.Is(err, ErrNoDisplay) {
		t.Errorf("Open = %v, want ErrNoDisplay", err)
	}
}

// TestReleaseDuringVisible: a Release while the visible window is up
// leaves that window's Chrome alone; the window closes as usual, and the
// next Load works.
func TestReleaseDuringVisible(t *testing.T) {
	testkit.NeedProc(t)
	onScreen(t)
	portal := testkit.StartPortal(t, "127.0.0.1", testkit.ListPage)
	results := portal.Search(t, "/results", rooms(12)...)
	b, win := newWatcher(t, pages.BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	if _, err := b.Load(context.Background(), results); err != nil {
		t.Fatalf("Load before the window: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // bounds a hang only
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- win.Open(ctx, results) }()
	var visiblePID int
	for end := time.Now().Add(2 * time.Minute); visiblePID == 0; time.Sleep(50 * time.Millisecond) {
		if run := shownRun(win); run != nil {
			visiblePID = run.PID
		}
		if time.Now().After(end) {
			t.Fatal("the visible window never came up")
		}
	}
	b.Release()
	time.Sleep(2 * time.Second) // twice the Browser's releaseRetry: release looked at least once more
	if !testkit.Alive(visiblePID) {
		t.Fatal("Release stopped the visible window's Chrome")
	}
	closeVisibleTabs(t, win)
	if err := <-done; err != nil {
		t.Fatalf("Open: %v", err)
	}
	if res, err := b.Load(context.Background(), results); err != nil || len(res.Listings) == 0 {
		t.Fatalf("Load after the window: %d listings, %v", len(res.Listings), err)
	}
}
