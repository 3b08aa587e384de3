package window

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// otherPort is a program serving pages on another port of 127.0.0.1, as
// any program on the computer may: it notes the Cookie header of every
// request the browser sends it.
type otherPort struct {
	*httptest.Server
	mu      sync.Mutex // guards cookies
	cookies []string   // "path: Cookie header"
}

func startOtherPort(t *testing.T, window string) *otherPort {
	o := &otherPort{}
	o.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o.mu.Lock()
		o.cookies = append(o.cookies, r.URL.Path+": "+r.Header.Get("Cookie"))
		o.mu.Unlock()
		switch r.URL.Path {
		case "/pixel.gif":
			w.Header().Set("Content-Type", "image/gif")
			w.Write([]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"))
		case "/page":
			// A page of its own that sends the browser to the window.
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, `<!doctype html><title>other</title><script>location.href = %q;</script>`, window+"/settings")
		}
	}))
	t.Cleanup(o.Close)
	return o
}

func (o *otherPort) sent() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.cookies...)
}

// bodyText waits until the page's text holds want, and returns it.
func bodyText(t *testing.T, run func(string) string, want string) string {
	t.Helper()
	var body string
	for end := time.Now().Add(time.Minute); time.Now().Before(end) && !strings.Contains(body, want); time.Sleep(100 * time.Millisecond) {
		body = run(`document.body ? document.body.textContent : ""`)
	}
	return body
}

// TestBrowserSession: the window opened as the app opens it, with a
// one-time address, in a real Chromium. The address bar and the history
// keep no code; no cookie holds the key; a photo on another port of
// 127.0.0.1 is sent no key; a page there cannot use the session from the
// user's browser; the code opens nothing a second time.
func TestBrowserSession(t *testing.T) {
	r := startRig(t, withComments)
	key := r.srv.apiKey()
	other := startOtherPort(t, r.base())
	ctx, log := newTab(t, 1280, 900)
	eval := func(js string) string { s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](js)); return s }

	link := r.srv.PageURL("/", "add")
	do(t, ctx, chromedp.Navigate(link), chromedp.WaitVisible(chromedp.ID("add-url")))
	if loc := eval(`location.href`); loc != r.base()+"/#add" {
		t.Errorf("the address bar holds %q, want the window's address without the code", loc)
	}
	if entries := eval(`navigation.entries().map(e => e.url).join(" ")`); strings.Contains(entries, "code=") || strings.Contains(entries, key) {
		t.Errorf("the tab's history holds the code or the key: %s", entries)
	}
	cookies, err := chromedp.Call(ctx, network.GetCookies, network.GetCookiesParams{URLs: []string{r.base() + "/"}})
	if err != nil {
		t.Fatal(err)
	}
	session := false
	for _, c := range cookies.Cookies {
		if strings.Contains(c.Value, key) {
			t.Errorf("the browser holds the key in a cookie: %s", c.Name)
		}
		if c.Name == fmt.Sprintf("rentwatch-session-%d", r.srv.Port()) {
			session = c.HTTPOnly && c.SameSite == network.CookieSameSiteStrict
		}
	}
	if !session {
		t.Errorf("no HttpOnly, SameSite=Strict session cookie among %+v", cookies.Cookies)
	}

	// A listing's photo on another port: the browser sends it every
	// cookie of 127.0.0.1, but none holds the key.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise(done => { const i = new Image(); i.onload = i.onerror = () => done(true); i.src = `+
		fmt.Sprintf("%q", other.URL+"/pixel.gif")+`; })`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	sent := other.sent()
	if len(sent) == 0 {
		t.Fatal("the photo was never asked for")
	}
	for _, s := range sent {
		if strings.Contains(s, key) {
			t.Errorf("another port was sent the key: %s", s)
		}
	}

	// A page on that port sends the browser to the window: the session
	// cookie goes along (same site), and is refused.
	do(t, ctx, chromedp.Navigate(other.URL+"/page"))
	if body := bodyText(t, eval, "refused"); !strings.Contains(body, "another page") || strings.Contains(body, "Send test email") {
		t.Errorf("a page on another port opened the window's Settings; it shows %q", body)
	}

	// The code is good once: with the session gone, it opens nothing.
	if _, err := chromedp.Call(ctx, network.ClearBrowserCookies, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.Navigate(link))
	if body := bodyText(t, eval, "refused"); !strings.Contains(body, "used already") {
		t.Errorf("a used code: the page says %q", body)
	}
	if e := log.get(&log.exceptions); len(e) > 0 {
		t.Errorf("script errors: %v", e)
	}
}

// TestBrowserRotateKey: Make a new key on the Settings page. The page that
// asked goes on working; a browser opened before must open the window
// again; the old key opens nothing.
func TestBrowserRotateKey(t *testing.T) {
	r := startRig(t, withComments)
	oldKey := r.srv.apiKey()
	ctx, log := newTab(t, 1280, 900)
	eval := func(ctx context.Context, js string) string {
		s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		return s
	}
	other, cancel := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext()) // another cookie jar: another browser
	defer cancel()
	do(t, other, chromedp.Navigate(r.srv.PageURL("/", "")), chromedp.WaitVisible(chromedp.ID("add-url")))
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/settings", "")), chromedp.WaitVisible(chromedp.ID("key-h")),
		chromedp.Click(chromedp.CSS(`button[data-api="POST /api/rotate-key"]`)))
	waitText(t, ctx, "#key-h ~ [data-result]", "Made a new key")
	if r.srv.apiKey() == oldKey {
		t.Fatal("no new key")
	}
	if code, _ := r.do("GET", "/api/state", nil, map[string]string{"X-API-Key": oldKey}); code != 403 {
		t.Errorf("the old key: %d, want 403", code)
	}
	// The page that asked makes a change with its new session. (The
	// page redraws its live parts now and then: the button is clicked
	// from the page itself, and the change is read where it lands.)
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('#pause-box button[data-body*="1h"]').click()`))
	for end := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		if cmds := r.watcher.commands(); len(cmds) > 0 && strings.HasPrefix(cmds[len(cmds)-1], "pause ") {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the page's change after a new key never reached the watcher: %v; the page says %q",
				r.watcher.commands(), eval(ctx, `document.querySelector("#pause-box + [data-result]").textContent`))
		}
	}
	// the other browser is sent back to the menu
	do(t, other, chromedp.Reload())
	if body := bodyText(t, func(js string) string { return eval(other, js) }, "refused"); !strings.Contains(body, "Open rentwatch") {
		t.Errorf("a browser opened before the new key: %q", body)
	}
	if e := log.get(&log.exceptions); len(e) > 0 {
		t.Errorf("script errors: %v", e)
	}
	if d := log.get(&log.dialogs); len(d) != 1 || !strings.Contains(d[0], "Make a new key?") {
		t.Errorf("dialogs %q, want the one asking before a new key", d)
	}
}
