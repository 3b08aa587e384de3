package pages

import (
	"context"
	"fmt"
	"image/png"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// needTool returns the path of an external tool, skipping (or failing on
// CI) where it is missing.
func needTool(t *testing.T, name, pkg string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is required on CI (apt-get install %s)", name, pkg)
		}
		t.Skipf("no %s here (apt-get install %s)", name, pkg)
	}
	return p
}

// startXvfb starts a virtual screen on a free display number and returns
// it (":N"); the server is killed, by its pid, at cleanup.
func startXvfb(t *testing.T) string {
	t.Helper()
	xvfb := needTool(t, "Xvfb", "xvfb")
	for n := 90 + os.Getpid()%50; n < 400; n++ {
		sock := fmt.Sprintf("/tmp/.X11-unix/X%d", n)
		if _, err := os.Stat(sock); err == nil {
			continue
		}
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n)); err == nil {
			continue
		}
		cmd := exec.Command(xvfb, fmt.Sprintf(":%d", n), "-screen", "0", "1280x800x24", "-nolisten", "tcp")
		if err := cmd.Start(); err != nil {
			t.Fatalf("start Xvfb: %v", err)
		}
		exited := make(chan struct{})
		go func() { _ = cmd.Wait(); close(exited) }()
		if !socketUp(sock, exited) { // lost a race for this display: try the next
			_ = cmd.Process.Kill()
			continue
		}
		t.Cleanup(func() {
			_ = cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-exited:
			case <-time.After(5 * time.Second):
				_ = cmd.Process.Kill()
			}
		})
		return fmt.Sprintf(":%d", n)
	}
	t.Fatal("no free X display between :90 and :400")
	return ""
}

// socketUp waits for the X server's socket, giving up when it exits.
func socketUp(sock string, exited <-chan struct{}) bool {
	for end := time.Now().Add(time.Minute); time.Now().Before(end); {
		if _, err := os.Stat(sock); err == nil {
			return true
		}
		select {
		case <-exited:
			return false
		case <-time.After(20 * time.Millisecond):
		}
	}
	return false
}

// TestOpenVisibleKeepsClearance is the manual check end to end on a real
// (virtual) screen: the headless browser is running, OpenVisible shows the
// site in a window on the same profile, the site sets a persistent
// cf_clearance cookie, the user closes the window, OpenVisible returns, and
// the next headless Load sends that cookie.
func TestOpenVisibleKeepsClearance(t *testing.T) {
	importBin := needTool(t, "import", "imagemagick")
	display := startXvfb(t)
	t.Setenv("DISPLAY", display)
	t.Setenv("WAYLAND_DISPLAY", "")
	portal := newFixturePortal(t, "127.0.0.1", 0)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: 15 * time.Second, ChallengeWait: -1})
	if _, err := b.Load(context.Background(), portal.URL+"/results"); err != nil {
		t.Fatalf("headless Load before the window: %v", err)
	}
	token := fmt.Sprintf("ok-%d", time.Now().UnixNano())

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- b.OpenVisible(ctx, portal.URL+"/clearance?token="+token) }()

	shot := filepath.Join(t.TempDir(), "shot.png")
	var pagePixels int
	for end := time.Now().Add(2 * time.Minute); time.Now().Before(end); time.Sleep(250 * time.Millisecond) {
		select {
		case err := <-done:
			t.Fatalf("OpenVisible returned before the window was closed: %v", err)
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
	closeVisibleTabs(t, b) // the user closes the window
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("OpenVisible: %v", err)
		}
	case <-time.After(2 * time.Minute): // bounds a hang only
		t.Fatal("OpenVisible did not return after its window was closed")
	}

	res, err := b.Load(context.Background(), portal.URL+"/results")
	if err != nil {
		t.Fatalf("headless Load after the window: %v", err)
	}
	portal.mu.Lock()
	cookie := portal.lastCookie
	portal.mu.Unlock()
	if !strings.Contains(cookie, "cf_clearance="+token) {
		t.Errorf("headless Load sent Cookie %q, want cf_clearance=%s (status %d)", cookie, token, res.Status)
	}
}

// closeVisibleTabs closes every page of OpenVisible's Chrome through its
// DevTools connection, as clicking the window's close button does.
func closeVisibleTabs(t *testing.T, b *Browser) {
	t.Helper()
	b.mu.Lock()
	run := b.visibleRun
	b.mu.Unlock()
	if run == nil {
		t.Fatal("no visible browser is running")
	}
	ctx, cancel := context.WithTimeout(run.ctx, 10*time.Second)
	defer cancel()
	targets, err := chromedp.Targets(ctx)
	if err != nil {
		t.Fatalf("list the window's tabs: %v", err)
	}
	for _, tg := range targets {
		if tg.Type != "page" {
			continue
		}
		if _, err := chromedp.CallBrowser(ctx, target.CloseTarget, target.CloseTargetParams{TargetID: tg.TargetID}); err != nil && run.ctx.Err() == nil {
			t.Fatalf("close tab %s: %v", tg.URL, err)
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
	display := startXvfb(t)
	t.Setenv("DISPLAY", display)
	t.Setenv("WAYLAND_DISPLAY", "")
	const secret = "smtp-secret-visible-51c2"
	t.Setenv("RENTWATCH_SMTP_PASSWORD", secret)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	headless := navigationHeaders(t, b, "127.0.0.13")

	mux := http.NewServeMux()
	servePage(mux, "/rooms", `<!DOCTYPE html><html><head><title>Rooms</title></head><body>Rooms</body></html>`)
	site := newSiteLog(t, "127.0.0.14", mux)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // bounds a hang only
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- b.OpenVisible(ctx, site.URL+"/rooms") }()
	visible := site.waitFor(t, "/rooms").Header
	b.mu.Lock()
	run := b.visibleRun
	b.mu.Unlock()
	if run == nil {
		t.Fatal("no visible window")
	}
	checkChromeEnv(t, run.pid, b.opts.ProfileDir, secret)
	waitTitle(t, run, "Rooms") // closed while it loads, the window may leave Chrome running
	closeVisibleTabs(t, b)
	if err := <-done; err != nil {
		t.Fatalf("OpenVisible: %v", err)
	}

	for _, p := range navigationProblems(visible) {
		t.Errorf("the visible Chrome: %s", p)
	}
	for name := range mergeKeys(headless, visible) {
		if h, v := headless.Get(name), visible.Get(name); h != v {
			t.Errorf("%s: headless %q, visible %q", name, h, v)
		}
	}
}

// waitTitle waits until a page of run has title.
func waitTitle(t *testing.T, run *chromeRun, title string) {
	t.Helper()
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(run.ctx, 10*time.Second)
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

func mergeKeys(a, b http.Header) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}
