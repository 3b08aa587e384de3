package byhand

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"rentwatch/internal/testkit"
	"rentwatch/pages"
	"rentwatch/words"
)

// TestOpenSaysWhatToDoAtANormalSize: the window opens at a normal size
// (it came up maximised or tiny), with a first tab that says what to do in
// rentwatch's words and the site's page in front of it; closing the
// window (every tab) ends the check by hand.
func TestOpenSaysWhatToDoAtANormalSize(t *testing.T) {
	onScreen(t)
	mux := http.NewServeMux()
	testkit.ServePage(mux, "/rooms", `<!DOCTYPE html><html><head><title>Rooms</title></head><body>Rooms</body></html>`)
	site := testkit.StartSite(t, "127.0.0.27", mux)
	_, w := newWatcher(t, pages.BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	run, done := visibleWindow(t, w, site.URL+"/rooms")
	site.WaitFor(t, "/rooms")
	waitTitle(t, run, "Rooms")
	title, steps := words.CheckByHand("127.0.0.27")
	waitTitle(t, run, title)
	ctx, cancel := context.WithTimeout(run.Ctx, 30*time.Second) // bounds a hang only
	defer cancel()
	targets, err := chromedp.Targets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var tabs []*target.Info
	for _, tg := range targets {
		if tg.Type == "page" {
			tabs = append(tabs, tg)
		}
	}
	if len(tabs) != 2 {
		t.Fatalf("%d tabs, want the guide and the site", len(tabs))
	}
	var guide *target.Info
	for _, p := range tabs {
		if p.Title == title {
			guide = p
		}
	}
	if guide == nil {
		t.Fatal("no guide tab")
	}
	tctx, tcancel := chromedp.NewContext(run.Ctx, chromedp.WithTargetID(guide.TargetID))
	defer tcancel()
	text, err := chromedp.Run(tctx, chromedp.Text(chromedp.CSS("body")))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range append(steps, "Pass 127.0.0.27's check in the next tab, then close this window; rentwatch goes on by itself.") {
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
	closeVisibleTabs(t, w)
	waitReturned(t, done)
}
