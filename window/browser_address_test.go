package window

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
	"rentwatch/engine"
	"rentwatch/pages"
	"rentwatch/pages/read"
)

// An address pasted without https:// (as many copy it) is previewed, not
// stopped by the browser's own "Please enter a URL".
func TestBrowserAddressWithoutScheme(t *testing.T) {
	r := startRig(t, emptySettings)
	const search = "https://www.pararius.nl/huurwoningen/utrecht"
	r.watcher.setPreview(search, engine.PreviewResult{Page: pages.Result{Reading: read.Reading{Site: "pararius.nl", Listings: rooms("www.pararius.nl", 3)},
		Verdict: blocks.Verdict{Kind: blocks.OK}}, LoadedAt: r.now})
	ctx, log := newTab(t, 1280, 900)
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/", "")), chromedp.WaitVisible(chromedp.ID("add-url")),
		chromedp.SendKeys(chromedp.ID("add-url"), strings.TrimPrefix(search, "https://")),
		chromedp.Click(chromedp.CSS("#preview-form button[type=submit]")))
	waitText(t, ctx, "#preview", "read 3 listings")
	if v, _ := chromedp.Run(ctx, chromedp.Value(chromedp.ID("add-url"))); v != search {
		t.Errorf("the field shows %q, want %q", v, search)
	}
	if loads := r.watcher.previewLoads(); len(loads) != 1 || loads[0] != search {
		t.Errorf("previews loaded %q, want %s", loads, search)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS("form[data-save-search] button[type=submit]")))
	waitText(t, ctx, "#searches", "Pararius Utrecht")
	if s := r.settings(); len(s.Searches) != 1 || s.Searches[0].URL != search {
		t.Errorf("saved %+v", s.Searches)
	}
	if e := log.get(&log.exceptions); len(e) > 0 {
		t.Errorf("script errors: %v", e)
	}
}
