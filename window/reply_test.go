package window

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rentwatch/config"
	"rentwatch/internal/testkit"
	"rentwatch/listing"
	"rentwatch/pages"
	"rentwatch/reply"
	"rentwatch/seen"
)

// The auto-reply's settings through the API, as a script uses them: who
// the user is and the message, a preview that says what is wrong with a
// message, auto-reply on for a search of a portal with a recipe and
// refused, with the portals named, for one without; and a listing's reply
// in Listings.
func TestAPIReply(t *testing.T) {
	r := startRig(t, withComments+"\n[[search]]\nname = \"Funda\"\nurl = \"https://www.funda.nl/zoeken/huur\"\n")
	kamernet, funda := searchID("https://kamernet.nl/huren/kamers-amsterdam"), searchID("https://www.funda.nl/zoeken/huur")

	code, got := r.api("PATCH", "/api/searches/"+kamernet, map[string]any{"reply": true})
	if code != 400 || !strings.Contains(got["error"].(string), "no message to send") {
		t.Errorf("reply on without a message: %d %v", code, got)
	}
	code, got = r.api("PUT", "/api/settings/reply", map[string]any{"name": "Sam Jansen", "email": "sam@example.com",
		"consent": true, "message": "Hallo, ik ben {name}. Is {title} ({price}) nog vrij?"})
	if code != 200 {
		t.Fatalf("set reply: %d %v", code, got)
	}
	if s := r.settings(); s.Reply == nil || s.Reply.Name != "Sam Jansen" || !s.Reply.Consent ||
		!strings.Contains(r.file(), "interval = \"45s\" # my pace\n\n[reply]\n") || !strings.Contains(r.file(), "\n# the good one\n[[search]]\nname = \"Kamernet West\" # west only") {
		t.Errorf("the file after saving the reply settings: %+v\n%s", s.Reply, r.file())
	}
	if code, got = r.api("PATCH", "/api/searches/"+kamernet, map[string]any{"reply": true}); code != 200 {
		t.Errorf("reply on for Kamernet: %d %v", code, got)
	}
	code, got = r.api("PATCH", "/api/searches/"+funda, map[string]any{"reply": true})
	if code != 400 || !strings.Contains(got["error"].(string), "auto-reply works on kamernet.nl and pararius.nl only, and this search is on funda.nl") {
		t.Errorf("reply on for Funda: %d %v", code, got)
	}
	if s := r.settings(); !s.Searches[0].Reply || s.Searches[1].Reply {
		t.Errorf("searches after the switches: %+v", s.Searches)
	}

	code, got = r.api("GET", "/api/settings", nil)
	rep, _ := got["reply"].(map[string]any)
	if code != 200 || rep["name"] != "Sam Jansen" || rep["portals"] != "kamernet.nl and pararius.nl" {
		t.Fatalf("GET /api/settings reply: %d %v", code, rep)
	}
	searches, _ := rep["searches"].([]any)
	if len(searches) != 2 || searches[0].(map[string]any)["on"] != true || searches[1].(map[string]any)["supported"] != false {
		t.Errorf("the searches' switches: %v", searches)
	}
	if p := rep["preview"].(map[string]any)["text"]; p != "Hallo, ik ben Sam Jansen. Is Bright room on the Damrak (€ 750,-) nog vrij?" {
		t.Errorf("the preview: %q", p)
	}
	code, got = r.api("POST", "/api/reply/preview", map[string]any{"message": "Hoi {naam}, {title}", "name": "Sam"})
	if code != 200 || got["text"] != "Hoi {naam}, Bright room on the Damrak" || !strings.Contains(got["problem"].(string), "{naam} (did you mean {name}?)") {
		t.Errorf("preview of a message with a misspelt placeholder: %d %v", code, got)
	}
	if code, got = r.api("POST", "/api/reply/dry-run", map[string]any{"url": "https://kamernet.nl/huren/x-1"}); code != 404 {
		t.Errorf("a dry run where none can be made: %d %v", code, got)
	}

	r.listings.list = []seen.Listed{
		{Alert: listing.Alert{Listing: listing.Listing{ID: "1", URL: "https://kamernet.nl/kamer-1", Title: "Room 1"}}, Reply: seen.ReplySent},
		{Alert: listing.Alert{Listing: listing.Listing{ID: "2", URL: "https://kamernet.nl/kamer-2", Title: "Room 2"}},
			Reply: seen.ReplyNotSent, ReplyWhy: `the form needs a tick in "Ik ga akkoord"`},
		{Alert: listing.Alert{Listing: listing.Listing{ID: "3", URL: "https://kamernet.nl/kamer-3", Title: "Room 3"}}},
	}
	_, got = r.api("GET", "/api/listings", nil)
	var said []string
	for _, l := range got["listings"].([]any) {
		said = append(said, l.(map[string]any)["id"].(string)+": "+strOf(l.(map[string]any)["reply"]))
	}
	if want := `1: Replied|2: Reply not sent: the form needs a tick in "Ik ga akkoord"|3: `; strings.Join(said, "|") != want {
		t.Errorf("listings say %q, want %q", strings.Join(said, "|"), want)
	}
}

func strOf(v any) string {
	s, _ := v.(string)
	return s
}

// dryRunner is the window's Replies over a real Replier and the watcher's
// browser, the lane a direct one (the engine's is tested in the engine).
type dryRunner struct{ r *reply.Replier }

func (d dryRunner) ReplyDryRun(ctx context.Context, listingURL, searchURL string) (reply.Result, error) {
	return d.r.DryRun(ctx, listingURL, searchURL, reply.Direct)
}

// TestBrowserReplySettings drives the Settings page's auto-reply part in a
// real Chromium: the message's preview follows the typing and says a
// misspelt placeholder, the settings are saved, a search is switched on,
// and a dry run of a listing on the loopback portal (the real auto-reply
// in a real browser of its own) shows what it filled in, the required
// field it left empty and its screenshot, and sends nothing.
func TestBrowserReplySettings(t *testing.T) {
	const ip = "127.0.0.15"
	portal := testkit.StartReplyPortal(t, ip, filepath.Join("..", "testdata", "replysite"))
	testkit.ServeKamernetRecipe(t, ip)
	b := pages.NewBrowser(pages.BrowserOptions{Chrome: testkit.Chromium(t), ProfileDir: t.TempDir(), PageTimeout: time.Minute, ChallengeWait: -1})
	t.Cleanup(func() { b.Close() })
	var owner *config.Owner
	replier := reply.NewReplier(b, func() config.Settings { s, _ := owner.Settings(); return s })
	r := startRig(t, withComments+"\n[[search]]\nname = \"Portal\"\nurl = \""+portal.URL+testkit.ReplySearchPath+"\"\n",
		func(d *Deps) { d.Replies = dryRunner{replier} })
	owner = r.owner
	room := testkit.PortalRoom{Room: testkit.Room{ID: 2345678, Title: "Kamer aan het Damrak", Street: "damrak", Area: "Centrum", Price: 750},
		Variant: "consent"}
	listingURL := portal.Post(room)

	ctx, log := newTab(t, 1280, 900)
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/settings", "")), chromedp.WaitVisible(chromedp.ID("rp-message")))
	do(t, ctx, chromedp.SendKeys(chromedp.ID("rp-name"), "Sam Jansen"),
		chromedp.SendKeys(chromedp.ID("rp-message"), "Hallo, ik ben {name}. Is {titel} nog vrij?"))
	waitText(t, ctx, "#rp-problem", "{titel} (did you mean {title}?)")
	waitText(t, ctx, "#rp-preview", "Hallo, ik ben Sam Jansen. Is {titel} nog vrij?")
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("rp-message").value = ""`),
		chromedp.SendKeys(chromedp.ID("rp-message"), "Hallo, ik ben {name}. Is {title} ({price}) nog vrij?"))
	waitText(t, ctx, "#rp-preview", "Is Bright room on the Damrak (€ 750,-) nog vrij?")
	if p := text(t, ctx, "#rp-problem"); p != "" {
		t.Errorf("a good message still shows a problem: %q", p)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS("#reply-form button[type=submit]")))
	waitText(t, ctx, "#reply-form [data-result]", "Saved")
	if s := r.settings(); s.Reply == nil || s.Reply.Name != "Sam Jansen" || s.Reply.Consent {
		t.Fatalf("the reply settings in the file: %+v", s.Reply)
	}

	// switch the portal's search on; the other (Kamernet) stays off
	portalID := searchID(portal.URL + testkit.ReplySearchPath)
	do(t, ctx, chromedp.Click(chromedp.CSS(`#reply-searches form[data-api$="`+portalID+`"] input[name=reply]`)))
	waitText(t, ctx, "#toast", "Saved") // the switches redraw: the page's own line says it
	waitChecked := `(() => { const i = document.querySelector('#reply-searches form[data-api$="` + portalID + `"] input'); return !!i && i.checked; })()`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](waitChecked, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Errorf("the switch is not on after the redraw: %v", err)
	}
	if s := r.settings(); !s.Searches[1].Reply || s.Searches[0].Reply {
		t.Errorf("searches after the switch: %+v", s.Searches)
	}

	// a dry run of a listing whose form has a required box: no consent given
	do(t, ctx, chromedp.SendKeys(chromedp.ID("rp-url"), listingURL), chromedp.Click(chromedp.CSS("#reply-dry-run-form button[type=submit]")))
	waitText(t, ctx, "#reply-dry-run-form [data-result]", "A reply to this listing would not be sent")
	waitText(t, ctx, "#dr-lacking", `a tick in "Ik ga akkoord met de algemene voorwaarden van Kamernet"`)
	waitText(t, ctx, "#reply-dry-run .dry-run", "Hallo, ik ben Sam Jansen. Is Kamer aan het Damrak (€ 750,-) nog vrij?")
	js := `(() => { const i = document.getElementById("dr-shot"); return !!i && i.complete && i.naturalWidth > 200; })()`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Errorf("the dry run's screenshot does not show: %v", err)
	}
	if n := len(portal.Sent()); n != 0 {
		t.Errorf("a dry run sent %d messages", n)
	}
	if e := log.get(&log.exceptions); len(e) > 0 {
		t.Errorf("script errors: %v", e)
	}
	if c := log.get(&log.console); len(c) > 0 {
		t.Errorf("console errors: %v", c)
	}
}
