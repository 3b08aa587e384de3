package window

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
	"rentwatch/engine"
	"rentwatch/listing"
	"rentwatch/pages"
	"rentwatch/pages/read"
	"rentwatch/seen"
)

// On a phone, a long status (a refused password) leaves the header short:
// its first lines, the rest a tap away.
func TestBrowserPhoneHeaderIsShort(t *testing.T) {
	r := startRig(t, withComments)
	r.watcher.setState(engine.Snapshot{At: r.now, Overall: engine.NeedsYou, Delivery: engine.Delivery{Refused: true, Email: true,
		Since: r.now.Add(-time.Hour), Reason: "the mail server refused the password for sam@example.com (535 5.7.8 Username and Password not accepted. Learn more at https://support.example.com/mail/answer/14257)"}})
	ctx, _ := newTab(t, 390, 844)
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/", "")), chromedp.WaitVisible(chromedp.ID("status")))
	header := func() int {
		h, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector("body > header").getBoundingClientRect().height`))
		if err != nil {
			t.Fatal(err)
		}
		return int(h)
	}
	short := header()
	t.Logf("the header is %d px high on a 844 px phone screen", short)
	if short > 844/4 {
		t.Errorf("the header takes %d px of a 844 px phone screen, want at most a quarter", short)
	}
	do(t, ctx, chromedp.Click(chromedp.ID("status")))
	if whole := header(); whole <= short {
		t.Errorf("a tap on the status does not show it whole (%d px, then %d px)", short, whole)
	}
}

// A healthy search's "Open the site" is not the button that draws the eye;
// a search that needs the user's check, it is.
func TestBrowserOpenTheSiteIsPrimaryOnlyWhenNeeded(t *testing.T) {
	r := startRig(t, withComments+"\n[[search]]\nname = \"Funda\"\nurl = \"https://www.funda.nl/zoeken/huur\"\n")
	kamernet, funda := "https://kamernet.nl/huren/kamers-amsterdam", "https://www.funda.nl/zoeken/huur"
	r.watcher.setState(engine.Snapshot{At: r.now, Searches: []engine.SearchView{
		{URL: kamernet, Host: "kamernet.nl", Status: engine.Idle, LastCheck: r.now},
		{URL: funda, Host: "www.funda.nl", Status: engine.Waiting, Wall: blocks.Denied, NeedsUser: true, Until: r.now.Add(time.Hour)}}})
	ctx, _ := newTab(t, 1280, 900)
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/", "")), chromedp.WaitVisible(chromedp.ID("s-"+searchID(funda))))
	secondary := func(u string) bool {
		b, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#s-`+searchID(u)+` button[data-api$='check-by-hand']").classList.contains("secondary")`))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if !secondary(kamernet) {
		t.Error("a healthy search's Open the site is the primary button")
	}
	if secondary(funda) {
		t.Error("a search that needs a check by hand does not make Open the site its primary button")
	}
}

// A photo that does not load leaves the placeholder, not a broken image.
func TestBrowserNoBrokenImages(t *testing.T) {
	r := startRig(t, withComments)
	// The photos are on public-looking names the test's browser maps to
	// loopback servers: a listing's photo on a local address is never
	// shown at all (listing.Shown), so one there would prove nothing.
	photos := photoServer(t)
	gone := httptest.NewServer(http.NotFoundHandler())
	defer gone.Close()
	hostPort := func(u string) string { return strings.TrimPrefix(u, "http://") }
	rules := "MAP photos.rooms.example " + hostPort(photos) + ", MAP gone.rooms.example " + hostPort(gone.URL)
	for i, img := range []string{"http://photos.rooms.example/photo/1.png", "http://gone.rooms.example/photo/2.png"} {
		r.listings.add(seen.Listed{Alert: listing.Alert{Listing: listing.Listing{ID: string(rune('a' + i)), URL: "https://kamernet.nl/kamer-" + string(rune('a'+i)),
			Title: "Room " + string(rune('a'+i)), Image: img}, SearchURL: "https://kamernet.nl/huren/kamers-amsterdam", FoundAt: r.now.Add(-time.Duration(i) * time.Minute)}})
	}
	ctx, _ := newTab(t, 1280, 900, chromedp.Flag("host-resolver-rules", rules))
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/listings", "")), chromedp.WaitVisible(chromedp.CSS("li.listing")))
	js := `(() => { const imgs = [...document.images].filter((i) => i.classList.contains("photo"));
		return imgs.length === 1 && imgs.every((i) => i.complete && i.naturalWidth > 0) && document.querySelectorAll("li.listing .nophoto").length === 1; })()`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		html, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("listing-results").innerHTML`))
		t.Errorf("want the photo that loads shown and the one that does not replaced by the placeholder: %s", html)
	}
}

// The preview's "(30 s ago)" counts on while the user reads it.
func TestBrowserPreviewAgeCountsOn(t *testing.T) {
	r := startRig(t, emptySettings)
	const search = "https://www.pararius.nl/huurwoningen/utrecht"
	r.watcher.setPreview(search, engine.PreviewResult{Page: pages.Result{Reading: read.Reading{Site: "pararius.nl", Listings: rooms("www.pararius.nl", 2)},
		Verdict: blocks.Verdict{Kind: blocks.OK}}, LoadedAt: r.now.Add(-30 * time.Second)})
	ctx, _ := newTab(t, 1280, 900)
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/", "")), chromedp.WaitVisible(chromedp.ID("add-url")),
		chromedp.SendKeys(chromedp.ID("add-url"), search), chromedp.Click(chromedp.CSS("#preview-form button[type=submit]")))
	waitText(t, ctx, "#preview .meta", "s ago)")
	first := text(t, ctx, "#preview .meta")
	js := `!document.querySelector("#preview .meta").textContent.includes(` + "`" + strings.SplitN(first, "(", 2)[1][:6] + "`" + `)`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Errorf("the preview's age stays %q", first)
	}
}

// TestBrowserRedrawKeepsTheKeyboardsPlace: a live part drawn anew (every
// few seconds) keeps the button a keyboard user had tabbed to focused, so
// the Enter that follows still presses it.
func TestBrowserRedrawKeepsTheKeyboardsPlace(t *testing.T) {
	r := startRig(t, withComments)
	ctx, _ := newTab(t, 1280, 900)
	btn := `#pause-box button[data-body*="1h"]`
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/settings", "")), chromedp.WaitVisible(chromedp.CSS(btn)),
		chromedp.Focus(chromedp.CSS(btn)),
		// the part on the screen differs from the server's: the next redraw replaces it
		chromedp.Evaluate[chromedp.Void](`document.getElementById("pause-box").dataset.stale = "1"`))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.getElementById("pause-box").dataset.stale`,
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatal("the pause box was never drawn anew")
	}
	focused, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.dataset.body || document.activeElement.tagName`))
	if !strings.Contains(focused, "1h") {
		t.Errorf("after the redraw the keyboard is on %q, want the Pause for 1 hour button", focused)
	}
}
