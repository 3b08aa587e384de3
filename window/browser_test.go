package window

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
	"rentwatch/engine"
	"rentwatch/internal/testkit"
	"rentwatch/listing"
	"rentwatch/pages"
	"rentwatch/pages/read"
	"rentwatch/seen"
)

// The window in a real Chromium: the page and its script as the user meets
// them, against the real server and settings editor (the engine is a fake
// here; the app's own test drives the real one).

// browserLog is what the tab did that the page must never make it do.
type browserLog struct {
	mu         sync.Mutex
	dialogs    []string // alert(), confirm() and the like, with their text
	requests   []string // every URL the tab asked for
	exceptions []string // uncaught script errors
	console    []string // console errors (CSP violations are reported there)
}

func (l *browserLog) add(list *[]string, s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	*list = append(*list, s)
}

func (l *browserLog) get(list *[]string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), *list...)
}

// newTab starts Chromium and a tab, with a log of what it does. confirm
// says how a confirm() dialog is answered.
func newTab(t *testing.T, width, height int64, extra ...chromedp.ExecAllocatorOption) (context.Context, *browserLog) {
	t.Helper()
	path := testkit.Chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.WindowSize(int(width), int(height)),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("no-pings", true))
	actx, stop := chromedp.NewExecAllocator(context.Background(), append(opts, extra...)...)
	ctx, cancel := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 15*time.Minute) // the whole test's tab: bounds a hang only
	t.Cleanup(func() { cancelTime(); cancel(); stop() })
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, height)); err != nil {
		t.Fatal(err)
	}
	l := &browserLog{}
	go func() {
		for ev, err := range chromedp.Events(ctx, page.JavascriptDialogOpening) {
			if err != nil {
				return
			}
			l.add(&l.dialogs, string(ev.Type)+": "+ev.Message)
			go func() {
				_, err := chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
				if err != nil {
					l.add(&l.exceptions, "closing the dialog: "+err.Error())
				}
			}()
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(ctx, network.RequestWillBeSent) {
			if err != nil {
				return
			}
			l.add(&l.requests, ev.Request.URL)
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(ctx, runtime.ExceptionThrown) {
			if err != nil {
				return
			}
			l.add(&l.exceptions, ev.ExceptionDetails.Text+" "+fmt.Sprint(ev.ExceptionDetails.Exception))
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(ctx, runtime.ConsoleAPICalled) {
			if err != nil {
				return
			}
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
				l.add(&l.console, fmt.Sprint(ev.Args))
			}
		}
	}()
	return ctx, l
}

func do(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

func text(t *testing.T, ctx context.Context, css string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(css)))
	if err != nil {
		t.Fatalf("text of %s: %v", css, err)
	}
	return s
}

// waitText waits until the element's text holds want.
func waitText(t *testing.T, ctx context.Context, css, want string) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.textContent.includes(%q); })()`, css, want)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || "(none)"`, css)))
		t.Fatalf("%s never said %q; it says: %s", css, want, got)
	}
}

func TestBrowserAddSearch(t *testing.T) {
	r := startRig(t, withComments)
	const search = "https://www.pararius.nl/huurwoningen/utrecht"
	const listingPage = "https://www.pararius.nl/appartement-te-huur/utrecht/4b8d7f2a/biltstraat"
	list := rooms("www.pararius.nl", 6)
	list[2].Title = evil
	list[3].URL = "javascript:alert(2)"
	r.watcher.setPreview(search, engine.PreviewResult{Page: pages.Result{Reading: read.Reading{Site: "pararius.nl", Listings: list}, Verdict: blocks.Verdict{Kind: blocks.OK}},
		LoadedAt: r.now})
	r.watcher.setPreview(listingPage, engine.PreviewResult{Page: pages.Result{Reading: read.Reading{Site: "generic"}, Verdict: blocks.Verdict{Kind: blocks.OK}},
		LoadedAt: r.now})
	ctx, log := newTab(t, 1280, 900)

	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/", "")), chromedp.WaitVisible(chromedp.ID("add-url")))
	if loc, _ := chromedp.Run(ctx, chromedp.Location()); strings.Contains(loc, "token") {
		t.Errorf("the token is still in the address bar: %s", loc)
	}

	// paste a search page: the preview shows what rentwatch reads there
	do(t, ctx, chromedp.SendKeys(chromedp.ID("add-url"), search), chromedp.Click(chromedp.CSS("#preview-form button[type=submit]")))
	waitText(t, ctx, "#preview", "read 6 listings")
	shown := text(t, ctx, "#pv-listings")
	for _, want := range []string{"Room 0, Kinkerstraat", "€ 800,-", evil} {
		if !strings.Contains(shown, want) {
			t.Errorf("the preview does not show %q: %s", want, shown)
		}
	}
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#pv-listings a[href^="javascript:"]').length`)); n != 0 {
		t.Errorf("%d javascript: links", n)
	}
	if name, _ := chromedp.Run(ctx, chromedp.Value(chromedp.ID("pv-name"))); name != "Pararius Utrecht" {
		t.Errorf("suggested name %q", name)
	}

	// a filter: the same load shows what it would leave out
	do(t, ctx, chromedp.SendKeys(chromedp.ID("pv-max"), "1000"))
	waitText(t, ctx, "#pv-listings", "the filter would leave out 3, and alert 3")
	if n := len(r.watcher.previewLoads()); n != 1 {
		t.Errorf("the site was loaded %d times, want once", n)
	}

	// save: the settings file holds it, with its filter and the old comments
	do(t, ctx, chromedp.Click(chromedp.CSS("form[data-save-search] button[type=submit]")))
	waitText(t, ctx, "#preview-form [data-result]", "Saved")
	waitText(t, ctx, "#searches", "Pararius Utrecht")
	s := r.settings()
	if len(s.Searches) != 2 || s.Searches[1].URL != search || s.Searches[1].Filter.MaxPrice != 1000 {
		t.Errorf("settings after save: %+v", s.Searches)
	}
	if !strings.HasPrefix(r.file(), withComments) {
		t.Errorf("the settings file lost its comments:\n%s", r.file())
	}
	if cmds := r.watcher.commands(); len(cmds) == 0 || cmds[0] != "check-now" {
		t.Errorf("commands %v: watching did not start at once", cmds)
	}

	// a listing's own page gets the warning
	do(t, ctx, chromedp.SendKeys(chromedp.ID("add-url"), listingPage), chromedp.Click(chromedp.CSS("#preview-form button[type=submit]")))
	waitText(t, ctx, "#preview", "looks like one listing")

	// the evil title stayed text: no dialog, no request for x
	if d := log.get(&log.dialogs); len(d) > 0 {
		t.Errorf("dialogs opened: %v", d)
	}
	for _, u := range log.get(&log.requests) {
		if strings.HasSuffix(u, "/x") {
			t.Errorf("the tab asked for %s", u)
		}
	}
	if e := log.get(&log.exceptions); len(e) > 0 {
		t.Errorf("script errors: %v", e)
	}
}

func TestBrowserEditAndRemove(t *testing.T) {
	r := startRig(t, withComments)
	ctx, log := newTab(t, 1280, 900)
	id := searchID("https://kamernet.nl/huren/kamers-amsterdam")
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/", "")), chromedp.WaitVisible(chromedp.ID("s-"+id)))

	// turn it off from its button
	do(t, ctx, chromedp.Click(chromedp.CSS("#s-"+id+" button[data-api^=PATCH]")))
	waitText(t, ctx, "#s-"+id+" .actions", "Turn on")
	if r.settings().Searches[0].Enabled {
		t.Error("the search is still on in the file")
	}

	// rename it in its edit form
	do(t, ctx, chromedp.Click(chromedp.CSS("#s-"+id+" details.edit summary")), chromedp.WaitVisible(chromedp.ID("e-"+id+"-name")),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("e-`+id+`-name").value = ""`),
		chromedp.SendKeys(chromedp.ID("e-"+id+"-name"), "West side\r")) // Enter sends the form
	waitText(t, ctx, "#s-"+id+" h3", "West side")
	if got := r.settings().Searches[0].Name; got != "West side" {
		t.Errorf("name in the file %q", got)
	}

	// remove it (the confirm() is accepted)
	do(t, ctx, chromedp.Click(chromedp.CSS("#s-"+id+" button.danger")))
	waitText(t, ctx, "#searches", "None yet")
	if d := log.get(&log.dialogs); len(d) != 1 || !strings.HasPrefix(d[0], "confirm: Remove the search West side?") {
		t.Errorf("dialogs %v, want one confirm", d)
	}
	if n := len(r.settings().Searches); n != 0 {
		t.Errorf("%d searches left", n)
	}
}

// TestBrowserCrossOrigin: a page on another site, opened in the same
// browser that holds the window's cookie, tries to add a search with a
// script and with a form. Neither reaches the settings.
func TestBrowserCrossOrigin(t *testing.T) {
	r := startRig(t, withComments)
	ln, err := net.Listen("tcp4", "127.0.0.2:0")
	if err != nil {
		t.Skip("no 127.0.0.2 here")
	}
	target := r.base() + "/api/searches"
	evilSite := &httptest.Server{Listener: ln, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, q *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<!doctype html><title>evil</title><p id="out">waiting</p>
<form id="f" method="POST" action="%s" enctype="text/plain"><input name='{"url":"https://evil.example/form","x":"' value='"}'></form>
<script>
fetch(%q, {method: "POST", credentials: "include", headers: {"Content-Type": "application/json"},
  body: JSON.stringify({url: "https://evil.example/fetch"})})
  .then(r => { document.getElementById("out").textContent = "answered " + r.status; })
  .catch(e => { document.getElementById("out").textContent = "blocked"; })
  .finally(() => setTimeout(() => document.getElementById("f").submit(), 200));
</script>`, target, target)
	})}}
	evilSite.Start()
	defer evilSite.Close()

	ctx, _ := newTab(t, 1280, 900)
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/", "")), chromedp.WaitVisible(chromedp.ID("add-url"))) // the cookie is set
	do(t, ctx, chromedp.Navigate(evilSite.URL+"/"))
	// the form submit navigates to the window's refusal
	var body string
	for end := time.Now().Add(time.Minute); time.Now().Before(end) && !strings.Contains(body, "refused"); {
		time.Sleep(100 * time.Millisecond)
		body, _ = chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.textContent : ""`))
	}
	if !strings.Contains(body, "refused") {
		t.Fatalf("the form post was not refused; the page says %q", body)
	}
	if s := r.settings(); len(s.Searches) != 1 {
		t.Errorf("another site added searches: %+v", s.Searches)
	}
	if strings.Contains(r.file(), "evil.example") {
		t.Errorf("the settings file holds the other site's search:\n%s", r.file())
	}
}

func TestBrowserListingsAndSettings(t *testing.T) {
	r := startRig(t, withComments)
	west := "https://kamernet.nl/huren/kamers-amsterdam"
	for i := range 5 {
		r.listings.list = append(r.listings.list, seen.Listed{Alert: listing.Alert{Listing: listing.Listing{ID: fmt.Sprint(i), URL: fmt.Sprintf("https://kamernet.nl/kamer-%d", i),
			Title: fmt.Sprintf("Room %d Kinkerstraat", i), Price: "€ 900"}, SearchName: "Kamernet West",
			SearchURL: west, FoundAt: r.now.Add(-time.Duration(i) * time.Hour)}})
	}
	r.listings.list[4].Title = evil
	ctx, log := newTab(t, 1280, 900)
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/", "")), chromedp.WaitVisible(chromedp.ID("add-url")))

	// "new since you last looked": the browser remembers when the user
	// last left the page; listings found after it are marked
	// (set from the Searches page: leaving the Listings page is what sets it)
	do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem("rentwatch-last-looked", "%d")`,
		r.now.Add(-150*time.Minute).UnixMilli())),
		chromedp.Navigate(r.base()+"/listings"), chromedp.WaitVisible(chromedp.ID("lq")))
	waitText(t, ctx, "#new-summary", "3 new since you last looked")
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".new-badge").length`)); n != 3 {
		t.Errorf("%d listings marked new, want 3", n)
	}
	if got := text(t, ctx, "#listing-results"); !strings.Contains(got, evil) {
		t.Errorf("the hostile title is not shown as text: %s", got)
	}

	// the find box narrows the list as one types
	do(t, ctx, chromedp.SendKeys(chromedp.ID("lq"), "room 2"))
	waitText(t, ctx, "#listing-count", "1 listing,")
	if loc, _ := chromedp.Run(ctx, chromedp.Location()); !strings.HasSuffix(loc, "/listings?q=room+2") {
		t.Errorf("the address does not keep the query: %s", loc)
	}

	// having looked, the user comes back: nothing is new any more
	do(t, ctx, chromedp.Navigate(r.base()+"/"), chromedp.WaitVisible(chromedp.ID("add-url")),
		chromedp.Navigate(r.base()+"/listings"), chromedp.WaitVisible(chromedp.ID("lq")))
	waitText(t, ctx, "#new-summary", "Nothing new since you last looked")

	// settings: email saved, a test email sent with what the form holds;
	// settings not saved yet are tried with the password typed for them
	do(t, ctx, chromedp.Navigate(r.base()+"/settings"), chromedp.WaitVisible(chromedp.ID("em-to")),
		chromedp.SendKeys(chromedp.ID("em-to"), "me@example.com"), chromedp.SendKeys(chromedp.ID("em-host"), "smtp.example.com"),
		chromedp.SendKeys(chromedp.ID("em-user"), "me@example.com"),
		chromedp.Click(chromedp.CSS("#email-form button[data-api]")))
	waitText(t, ctx, "#email-form [data-result]", "type the password for me@example.com under Email password")
	do(t, ctx, chromedp.SendKeys(chromedp.ID("pw"), "typed-pw"), chromedp.Click(chromedp.CSS("#email-form button[data-api]")))
	waitText(t, ctx, "#email-form [data-result]", "Sent a test email to me@example.com")
	if r.settings().Email != nil {
		t.Error("the test email saved the settings")
	}
	if p := r.mailer.passwords; len(p) != 1 || p[0] != "typed-pw" {
		t.Errorf("the test email was sent with %q, want the password typed", p)
	}
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("pw").value = ""`))
	do(t, ctx, chromedp.Click(chromedp.CSS("#email-form button[type=submit]:not([data-api])")))
	waitText(t, ctx, "#email-form [data-result]", "Saved")
	if e := r.settings().Email; e == nil || e.Port != 587 || e.Username != "me@example.com" {
		t.Errorf("email in the file: %+v", e)
	}

	// the password, on a machine without a keychain: the page says what to do instead
	r.keychain.err = fmt.Errorf("this computer has no keychain rentwatch can use (no Secret Service); set the environment variable RENTWATCH_SMTP_PASSWORD to the password before starting rentwatch instead")
	do(t, ctx, chromedp.Navigate(r.base()+"/settings"), chromedp.WaitVisible(chromedp.ID("pw")),
		chromedp.SendKeys(chromedp.ID("pw"), "s3cret"), chromedp.Click(chromedp.CSS("#password-form button[type=submit]")))
	waitText(t, ctx, "#password-form [data-result]", "RENTWATCH_SMTP_PASSWORD")
	r.keychain.err = nil
	do(t, ctx, chromedp.SendKeys(chromedp.ID("pw"), "s3cret"), chromedp.Click(chromedp.CSS("#password-form button[type=submit]")))
	waitText(t, ctx, "#pw-status", "stored in this computer's keychain")
	if v, _ := chromedp.Run(ctx, chromedp.Value(chromedp.ID("pw"))); v != "" {
		t.Error("the password stays in the field after it was stored")
	}

	// keeping the computer awake: one click in Settings, no text editor
	do(t, ctx, chromedp.Click(chromedp.CSS(`#awake-form input[name="keep_awake"]`)))
	waitText(t, ctx, "#awake-form [data-result]", "Saved.")
	if !r.settings().KeepAwake || !strings.Contains(r.file(), "keep_awake = true") {
		t.Errorf("the switch did not keep the computer awake:\n%s", r.file())
	}

	// pause for an hour, from the keyboard: Tab to the button, Enter
	do(t, ctx, chromedp.Focus(chromedp.CSS(`#pause-box button[data-body*="1h"]`)), chromedp.KeyEvent("\r"))
	waitText(t, ctx, "#pause-box + [data-result]", "Paused until 15:02")
	if cmds := r.watcher.commands(); len(cmds) == 0 || cmds[len(cmds)-1] != "pause 2025-03-14T15:02:00Z" {
		t.Errorf("commands %v", cmds)
	}
	if e := log.get(&log.exceptions); len(e) > 0 {
		t.Errorf("script errors: %v", e)
	}
	if d := log.get(&log.dialogs); len(d) > 0 {
		t.Errorf("dialogs: %v", d)
	}
}

// TestBrowserKeyboard walks the Searches page with Tab alone: every
// control is reached, in reading order, the first being the skip link.
func TestBrowserKeyboard(t *testing.T) {
	r := startRig(t, withComments)
	ctx, _ := newTab(t, 1280, 900)
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/", "")), chromedp.WaitVisible(chromedp.ID("add-url")))
	var seen []string
	for range 14 {
		do(t, ctx, chromedp.KeyEvent("\t"))
		id, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const a = document.activeElement;
			return a.id || a.textContent.trim().slice(0, 20) || a.tagName; })()`))
		seen = append(seen, id)
	}
	got := strings.Join(seen, " | ")
	for _, want := range []string{"Skip to the content", "Searches", "Listings", "add-url", "Preview", "Kamernet", "Open the site", "Turn off", "Remove"} {
		if !strings.Contains(got, want) {
			t.Errorf("Tab never reached %q: %s", want, got)
		}
	}
	if !strings.HasPrefix(got, "Skip to the content") {
		t.Errorf("the first Tab stop is not the skip link: %s", got)
	}
}
