package window

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
	"rentwatch/engine"
	"rentwatch/pages"
	"rentwatch/pages/read"
)

// A page that answers 404 (or 503) with no wall has no listings because it
// is not there: the preview says so, not "loaded, 0 listings".
func TestPreviewOfAPageThatAnsweredAnError(t *testing.T) {
	r := startRig(t, emptySettings)
	cases := []struct {
		url    string
		status int
		says   string
	}{
		{"https://kamernet.nl/huren/kamers-amsterdm", 404, "The page answered 404 Not Found: Kamernet has no such page"},
		{"https://www.pararius.nl/huurwoningen/utrecht", 503, "The page answered 503 Service Unavailable: Pararius has trouble of its own"},
		{"https://www.funda.nl/zoeken/huur", 401, "The page answered 401 Unauthorized: Funda did not show it"},
	}
	for _, c := range cases {
		r.watcher.setPreview(c.url, engine.PreviewResult{Page: pages.Result{Status: c.status, Reading: read.Reading{Site: "generic"},
			Verdict: blocks.Verdict{Kind: blocks.OK}}, LoadedAt: r.now})
		code, got := r.api("POST", "/api/preview", map[string]any{"url": c.url})
		text := fmt.Sprint(got)
		if code != 200 || !strings.Contains(text, c.says) || strings.Contains(text, "read 0 listings") || got["status"] != float64(c.status) {
			t.Errorf("%s (%d): %d %v; want it to say %q", c.url, c.status, code, got, c.says)
		}
	}
}

// Saving such a search is asked about first: it would find nothing.
func TestBrowserSaveAfterA404Asks(t *testing.T) {
	r := startRig(t, emptySettings)
	const gone = "https://kamernet.nl/huren/kamers-amsterdm"
	r.watcher.setPreview(gone, engine.PreviewResult{Page: pages.Result{Status: 404, Reading: read.Reading{Site: "generic"},
		Verdict: blocks.Verdict{Kind: blocks.OK}}, LoadedAt: r.now})
	ctx, log := newTab(t, 1280, 900)
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/", "")), chromedp.WaitVisible(chromedp.ID("add-url")),
		chromedp.SendKeys(chromedp.ID("add-url"), gone), chromedp.Click(chromedp.CSS("#preview-form button[type=submit]")))
	waitText(t, ctx, "#preview", "answered 404 Not Found")
	do(t, ctx, chromedp.Click(chromedp.CSS("form[data-save-search] button[type=submit]")))
	waitText(t, ctx, "#searches", "Kamernet")
	if d := log.get(&log.dialogs); len(d) != 1 || !strings.Contains(d[0], "confirm: The page answered 404 Not Found") ||
		!strings.Contains(d[0], "Save this search anyway?") {
		t.Errorf("dialogs %q, want one confirm naming the 404", d)
	}
}
