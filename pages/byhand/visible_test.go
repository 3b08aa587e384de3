package byhand

import (
	"context"
	"fmt"
	"image/png"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"rentwatch/internal/testkit"
	"rentwatch/pages"
	"rentwatch/pages/chrome"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// TestOpenKeepsClearance is the manual check end to end on a real
// (virtual) screen: the headless browser is running, Open shows the
// site in a window, the site sets a persistent cf_clearance cookie, the
// user closes the window, Open returns, and the next headless Load sends
// that cookie.
func TestOpenKeepsClearance(t *testing.T) {
	importBin := testkit.Need(t, "import")
	display := testkit.StartXvfb(t)
	t.Setenv("DISPLAY", display)
	t.Setenv("WAYLAND_DISPLAY", "")
	mux := http.NewServeMux()
	testkit.ServePage(mux, "/results", `<!DOCTYPE html><html><head><title>Results</title></head><body>results</body></html>`)
	mux.HandleFunc("/clearance", func(w http.ResponseWriter, r *http.Request) {
		// A check passed by hand: the site answers with a persistent
		// clearance cookie, as Cloudflare does after a solved challenge.
		w.Header().Set("Set-Cookie", "cf_clearance="+r.URL.Query().Get("token")+"; Max-Age=3600; Path=/; HttpOnly")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = fmt.Fprint(w, clearancePage)
	})
	portal := testkit.StartSite(t, "127.0.0.1", mux)
	b, win := newWatcher(t, pages.BrowserOptions{PageTimeout: 15 * time.Second, ChallengeWait: -1})
	if _, err := b.Load(context.Background(), portal.URL+"/results"); err != nil {
		t.Fatalf("headless Load before the window: %v", err)
	}
	token := fmt.Sprintf("ok-%d", time.Now().UnixNano())

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- win.Open(ctx, portal.URL+"/clearance?token="+token) }()

	shot := filepath.Join(t.TempDir(), "shot.png")
	var pagePixels int
	for end := time.Now().Add(2 * time.Minute); time.Now().Before(end); time.Sleep(250 * time.Millisecond) {
		select {
		case err := <-done:
			t.Fatalf("Open returned before the window was closed: %v", err)
		default:
		}
		out, err := exec.Command(importBin, "-display", display, "-window", "root", shot).CombinedOutput()
		if err != nil {
			t.Fatalf("import: %v: %s", err, out)
		}
		if pagePixels = countColour(t, shot, 0x2a, 0x7a, 0xe2); pagePixels > 50_000 {
			break
		}
	}
	if pagePixels <= 50_000 {
		t.Fatalf("the screenshot %s shows %d pixels of the page's colour: the window is not on screen", shot, pagePixels)
	}

	t.Logf("%d pixels of the page colour in %s", pagePixels, shot)
	closeVisibleTabs(t, win) // the user closes the window
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
	case <-time.After(2 * time.Minute): // bounds a hang only
		t.Fatal("Open did not return after its window was closed")
	}

	res, err := b.Load(context.Background(), portal.URL+"/results")
	if err != nil {
		t.Fatalf("headless Load after the window: %v", err)
	}
	var cookie string // the Cookie header of the latest page request
	for _, r := range portal.Requests() {
		if r.URL.Path == "/results" {
			cookie = r.Header.Get("Cookie")
		}
	}
	if !strings.Contains(cookie, "cf_clearance="+token) {
		t.Errorf("headless Load sent Cookie %q, want cf_clearance=%s (status %d)", cookie, token, res.Status)
	}
}

// clearancePage fills the window with one colour, so a screenshot can tell
// the page is on screen.
const clearancePage = `<!DOCTYPE html><html><head><title>Check passed</title></head>` +
	`<body style="margin:0;background:#2a7ae2;height:100vh"><h1 style="color:#fff">You may continue</h1></body></html>`

// closeVisibleTabs closes every page of the window's Chrome through its
// DevTools connection, as clicking the window's close button does. One
// close per tab is not always enough: a tab still making its first
// navigation (the guide page, under load) outlived its close, and a
// window the user closed has no tab left. So it closes what is there
// until nothing is (bounded as a hang).
func closeVisibleTabs(t *testing.T, b *Window) {
	t.Helper()
	run := shownRun(b)
	if run == nil {
		t.Fatal("no visible browser is running")
	}
	for end := time.Now().Add(2 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
		if run.Ctx.Err() != nil {
			return // Chrome is gone: nothing is open
		}
		ctx, cancel := context.WithTimeout(run.Ctx, 10*time.Second)
		targets, err := chromedp.Targets(ctx)
		if err != nil {
			// Chrome ending as its last tab closed loses the connection
			// before its context says so: look again.
			cancel()
			if time.Now().After(end) {
				t.Fatalf("list the window's tabs: %v", err)
			}
			continue
		}
		open := 0
		for _, tg := range targets {
			if tg.Type != "page" {
				continue
			}
			open++
			if _, err := chromedp.CallBrowser(ctx, target.CloseTarget, target.CloseTargetParams{TargetID: tg.TargetID}); err != nil && run.Ctx.Err() == nil {
				t.Logf("close tab %s: %v (tried again)", tg.URL, err)
			}
		}
		cancel()
		if open == 0 {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("the window still has %d tab(s) after 2 minutes of closing them", open)
		}
	}
}

// countColour counts the pixels of the PNG at path that are within a few
// levels of r, g, b.
func countColour(t *testing.T, path string, r, g, b uint8) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	near := func(v uint32, want uint8) bool { d := int(v>>8) - int(want); return d > -4 && d < 4 }
	n := 0
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			pr, pg, pb, _ := img.At(x, y).RGBA()
			if near(pr, r) && near(pg, g) && near(pb, b) {
				n++
			}
		}
	}
	return n
}

// TestVisibleChromeLikeHeadless opens a page in the visible window (on a
// virtual screen) with a password in the app's environment: the window's
// Chrome has no secret in its environment either, and the request for the
// page, a person's Chrome's, has the same headers with the same values as
// the headless Load's, which navigationWants describes.
func TestVisibleChromeLikeHeadless(t *testing.T) {
	display := testkit.StartXvfb(t)
	t.Setenv("DISPLAY", display)
	t.Setenv("WAYLAND_DISPLAY", "")
	const secret = "smtp-secret-visible-51c2"
	t.Setenv("RENTWATCH_SMTP_PASSWORD", secret)
	b, win := newWatcher(t, pages.BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	headless := navigationHeaders(t, b, "127.0.0.13")

	mux := http.NewServeMux()
	testkit.ServePage(mux, "/rooms", `<!DOCTYPE html><html><head><title>Rooms</title></head><body>Rooms</body></html>`)
	site := testkit.StartSite(t, "127.0.0.14", mux)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // bounds a hang only
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- win.Open(ctx, site.URL+"/rooms") }()
	visible := site.WaitFor(t, "/rooms").Header
	run := shownRun(win)
	if run == nil {
		t.Fatal("no visible window")
	}
	testkit.CheckChromeEnv(t, run.PID, win.opts.ProfileDir, secret)
	waitTitle(t, run, "Rooms") // closed while it loads, the window may leave Chrome running
	closeVisibleTabs(t, win)
	if err := <-done; err != nil {
		t.Fatalf("Open: %v", err)
	}

	for _, p := range testkit.NavigationProblems(visible) {
		t.Errorf("the visible Chrome: %s", p)
	}
	for name := range testkit.HeaderNames(headless, visible) {
		if h, v := headless.Get(name), visible.Get(name); h != v {
			t.Errorf("%s: headless %q, visible %q", name, h, v)
		}
	}
}

// waitTitle waits until a page of run has title.
func waitTitle(t *testing.T, run *chrome.Process, title string) {
	t.Helper()
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(run.Ctx, 10*time.Second)
		targets, _ := chromedp.Targets(ctx)
		cancel()
		for _, tg := range targets {
			if tg.Type == "page" && tg.Title == title {
				return
			}
		}
	}
	t.Fatalf("no page titled %q in the window", title)
}
