package window

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"rentwatch/blocks"
	"rentwatch/engine"
	"rentwatch/listing"
	"rentwatch/seen"
)

const evil = `<img src=x onerror=alert(1)>`

func (r *rig) page(c *http.Client, path string) string {
	r.t.Helper()
	res, err := c.Get(r.base() + path)
	if err != nil {
		r.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		r.t.Fatalf("GET %s: %d %s", path, res.StatusCode, b)
	}
	if ct := res.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
		r.t.Errorf("GET %s: Content-Type %q", path, ct)
	}
	return string(b)
}

func TestPages(t *testing.T) {
	r := startRig(t, withComments+"\n[[search]]\nname = \"<script>alert(3)</script>\"\nurl = \"https://x.example/search?q=%3Cb%3E\"\n")
	r.watcher.setState(engine.Snapshot{At: r.now, Overall: engine.OnHold, LastCycle: r.now.Add(-time.Minute),
		Searches: []engine.SearchView{{Name: "Kamernet West", URL: "https://kamernet.nl/huren/kamers-amsterdam", Host: "kamernet.nl",
			Status: engine.Waiting, Wall: blocks.Challenge, Until: r.now.Add(90 * time.Second), LastCheck: r.now.Add(-time.Minute),
			Delay: 74 * time.Second}},
		Walls: map[string][]engine.Wall{"kamernet.nl": {{At: r.now.Add(-2 * time.Hour), Kind: blocks.Challenge, Vendor: "cloudflare"}}}})
	r.listings.list = []seen.Listed{
		{Alert: listing.Alert{Listing: listing.Listing{ID: "1", URL: "javascript:alert(1)", Title: evil, Price: "€ 950", Image: "javascript:alert(2)"},
			SearchName: "Kamernet West", SearchURL: "https://kamernet.nl/huren/kamers-amsterdam",
			FoundAt: r.now.Add(-time.Hour)}},
		{Alert: listing.Alert{Listing: listing.Listing{ID: "2", URL: "https://kamernet.nl/kamer-2", Title: "Studio Jordaan", Price: "€ 1.450",
			Image: "https://img.example/2.jpg"}, SearchName: "Kamernet West", FoundAt: r.now.Add(-2 * time.Hour)},
			LeftOut: "€ 1.450 is over your limit of 1200"},
	}
	r.watcher.events = []engine.Event{{At: r.now.Add(-time.Hour), Kind: engine.EventAlert, Search: "Kamernet West", Text: evil},
		{At: r.now.Add(-25 * time.Hour), Kind: engine.EventWall, Host: "kamernet.nl", Text: "wants a human check"}}
	c := r.browserClient()

	tests := []struct {
		path string
		want []string
	}{
		{"/", []string{"Add a search", "2 of 15 searches saved", "Kamernet wants a human check", `data-until="`,
			"in 1 min 30 s", "1 wall in the last 24 hours: human check at 12:02", `class="challenge" title="12:02 human check (cloudflare)"`,
			"&lt;script&gt;alert(3)&lt;/script&gt;", `href="https://x.example/search?q=%3Cb%3E"`,
			"Time to alert</dt><dd>1 min 14 s after rentwatch first saw it</dd>",
			"<dd>no alert yet</dd>"}},
		{"/listings", []string{"2 listings (1 left out by a filter)", "&lt;img src=x onerror=alert(1)&gt;", "Studio Jordaan",
			"Left out by the filter, not alerted: € 1.450 is over your limit of 1200", `src="https://img.example/2.jpg"`,
			`referrerpolicy="no-referrer"`}},
		{"/settings", []string{"Send test email", "a file only you can read", "Pause until tomorrow 07:00", `value="45s"`, "Start rentwatch when I log in"}},
		{"/activity", []string{"Today", "Yesterday", "&lt;img src=x onerror=alert(1)&gt;", "Kamernet West"}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			html := r.page(c, tt.path)
			for _, w := range tt.want {
				if !strings.Contains(html, w) {
					t.Errorf("the page lacks %q", w)
				}
			}
			for _, bad := range []string{"<img src=x", "javascript:", "<script>alert", "onerror=alert(1)>"} {
				if strings.Contains(html, bad) {
					t.Errorf("the page holds %q unescaped", bad)
				}
			}
			checkNoInline(t, html)
		})
	}
}

// TestPauseSection: the settings page's Pause section says the pause in
// its own words, whatever the header says (it read "...the listings are
// kept for it.: no site is checked and nothing is alerted" while email was
// refused), and the header leads with the pause.
func TestPauseSection(t *testing.T) {
	r := startRig(t, withComments)
	r.watcher.setState(engine.Snapshot{At: r.now, Overall: engine.AllPaused, Paused: true, PausedUntil: r.now.Add(time.Hour),
		Delivery: engine.Delivery{Refused: true, Email: true, Since: r.now.Add(-time.Hour), Reason: "the password was refused (535 5.7.8)"},
		Searches: []engine.SearchView{{Name: "Kamernet West", URL: "https://kamernet.nl/huren/kamers-amsterdam", Host: "kamernet.nl",
			Status: engine.Paused}}})
	html := r.page(r.browserClient(), "/settings")
	want := "Paused until " + r.now.Add(time.Hour).Format("15:04") + ": no site is checked and nothing is alerted."
	if !strings.Contains(html, want) {
		t.Errorf("the Pause section does not say %q", want)
	}
	if strings.Contains(html, ".: no site is checked") {
		t.Error("the Pause section is garbled: another sentence runs into it")
	}
	if code, v := r.api("GET", "/api/state", nil); code != 200 || !strings.HasPrefix(fmt.Sprint(v["status"]), "Paused until ") {
		t.Errorf("GET /api/state: %d, the header says %q; want the pause first", code, v["status"])
	}
}

func TestStaticFiles(t *testing.T) {
	r := startRig(t, emptySettings)
	c := r.browserClient()
	for path, ctype := range map[string]string{"/static/window.js": "text/javascript; charset=utf-8",
		"/static/simple.css": "text/css; charset=utf-8", "/static/window.css": "text/css; charset=utf-8", "/static/icon.png": "image/png"} {
		res, err := c.Get(r.base() + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != ctype || len(b) < 100 {
			t.Errorf("%s: %d %q %d bytes", path, res.StatusCode, res.Header.Get("Content-Type"), len(b))
		}
	}
	js := r.page2(c, "/static/window.js")
	for _, bad := range []string{"eval(", "new Function", "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write"} {
		if strings.Contains(js, bad) {
			t.Errorf("window.js uses %s", bad)
		}
	}
}

func (r *rig) page2(c *http.Client, path string) string {
	res, err := c.Get(r.base() + path)
	if err != nil {
		r.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

// checkNoInline fails on markup the CSP would block, or that would run
// text as code: a script without src, a style attribute or element, an
// event handler attribute, a javascript: link.
func checkNoInline(t *testing.T, page string) {
	t.Helper()
	z := html.NewTokenizer(strings.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			if tok.Data == "style" {
				t.Errorf("a <style> element")
			}
			src := false
			for _, a := range tok.Attr {
				switch {
				case strings.HasPrefix(a.Key, "on"), a.Key == "style":
					t.Errorf("<%s %s=%q>", tok.Data, a.Key, a.Val)
				case (a.Key == "href" || a.Key == "src" || a.Key == "action") && !strings.HasPrefix(a.Val, "/") &&
					!strings.HasPrefix(a.Val, "http://") && !strings.HasPrefix(a.Val, "https://") && !strings.HasPrefix(a.Val, "#"):
					t.Errorf("<%s %s=%q>: not a web address", tok.Data, a.Key, a.Val)
				}
				src = src || a.Key == "src"
			}
			if tok.Data == "script" && !src {
				t.Errorf("an inline <script>")
			}
		}
	}
}
