package pages

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// What a site sees of the watcher's requests. These tests are the proof
// that a change to how Chrome is run (its switches, the tab set-up, what
// is blocked) leaves the watcher looking like a person's Chrome: run them
// after any such change.

// siteLog is a site on loopback that records every request it gets.
type siteLog struct {
	*httptest.Server

	// mu guards reqs.
	mu   sync.Mutex
	reqs []*http.Request // with their headers; bodies are not kept
}

// newSiteLog serves mux on host (an IP of 127.0.0.0/8), recording first.
func newSiteLog(t testing.TB, host string, mux *http.ServeMux) *siteLog {
	t.Helper()
	s := &siteLog{}
	l, err := net.Listen("tcp", host+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", host, err)
	}
	s.Server = &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.reqs = append(s.reqs, r.Clone(context.Background()))
		s.mu.Unlock()
		mux.ServeHTTP(w, r)
	})}}
	s.Start()
	t.Cleanup(s.Close)
	return s
}

// requests returns the requests so far.
func (s *siteLog) requests() []*http.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*http.Request(nil), s.reqs...)
}

// waitFor waits (a minute at most: it only bounds a hang) until a request
// for path came, and returns it.
func (s *siteLog) waitFor(t testing.TB, path string) *http.Request {
	t.Helper()
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		for _, r := range s.requests() {
			if r.URL.Path == path {
				return r
			}
		}
	}
	t.Fatalf("no request for %s came", path)
	return nil
}

// servePage answers path with an HTML body.
func servePage(mux *http.ServeMux, path, body string, header ...string) {
	mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(body))
	})
}

// clientHints asks for every client hint, so that later requests carry the
// high-entropy ones too (Sec-CH-UA-Full-Version-List and the like).
const clientHints = "Sec-CH-UA-Full-Version-List, Sec-CH-UA-Arch, Sec-CH-UA-Bitness, Sec-CH-UA-Model, " +
	"Sec-CH-UA-Platform-Version, Sec-CH-UA-WoW64, Sec-CH-UA-Form-Factors"

// TestSiteSeesNoHeadlessChrome loads pages every way a Load goes (read
// early, read after scripts ran, a wall, a page with an icon, a page whose
// service worker fetches by itself) and replies to a listing. No request
// of any of them says HeadlessChrome in any header, every one says the
// same user agent and client hints, and none asks for an icon.
func TestSiteSeesNoHeadlessChrome(t *testing.T) {
	mux := http.NewServeMux()
	ach := []string{"Accept-CH", clientHints}
	page := func(title, body string) string {
		return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>` + title + `</title></head><body>` + body + `</body></html>`
	}
	list := `<ul class="results">` + dialogRooms(5) + `</ul>`
	servePage(mux, "/early", page("Rooms", list), ach...)
	servePage(mux, "/scripted", page("Rooms", `<ul class="results" id="r"></ul><script>fetch("/api/rooms").then(r => r.text())`+
		`.then(t => document.getElementById("r").innerHTML = t)</script>`), ach...)
	servePage(mux, "/api/rooms", dialogRooms(5))
	servePage(mux, "/icon", `<!DOCTYPE html><html><head><title>Rooms</title><link rel="icon" href="/static/icon.png"></head><body>`+
		list+`</body></html>`, ach...)
	mux.HandleFunc("/busy", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "120")
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write([]byte(page("Too many requests", "Slow down.")))
	})
	servePage(mux, "/worker", page("Rooms", `<ul class="results" id="r"></ul><script>navigator.serviceWorker.register("/sw.js")</script>`), ach...)
	mux.HandleFunc("/sw.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		_, _ = w.Write([]byte(`self.addEventListener("install", e => e.waitUntil(fetch("/from-worker")))`))
	})
	servePage(mux, "/listing", page("Room by the park", `<h1>Room by the park</h1><form method="post" action="/send">`+
		`<textarea name="message"></textarea><button type="submit">Send</button></form>`), ach...)
	servePage(mux, "/send", page("Sent", "<p>Your message was sent.</p>"))
	const host = "127.0.0.9"
	site := newSiteLog(t, host, mux)
	remove, err := RegisterRecipe(Recipe{Name: "site-log", Sites: []string{host}, Message: []string{`textarea[name="message"]`},
		Submit: []Target{{CSS: `form button[type="submit"]`}}, Sent: Sign{Text: []string{"your message was sent"}}, Wait: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(remove)

	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // bounds a hang only
	defer cancel()
	for _, path := range []string{"/early", "/scripted", "/icon", "/busy", "/worker", "/early"} {
		if _, err := b.Load(ctx, site.URL+path); err != nil {
			t.Fatalf("Load %s: %v", path, err)
		}
	}
	if res, err := b.Reply(ctx, site.URL+"/listing", Reply{Message: "Hello, is the room still free?"}); err != nil || !res.Sent {
		t.Fatalf("Reply: %+v, %v", res, err)
	}
	site.waitFor(t, "/from-worker")
	countPageTargets(t, b) // every tab closed: anything on its way out has gone out
	reqs := site.requests()
	checkSiteLog(t, reqs)
	if !slices.ContainsFunc(reqs, func(r *http.Request) bool { return r.Header.Get("Sec-CH-UA-Full-Version-List") != "" }) {
		t.Error("no request carried the client hints the site asked for (Accept-CH)")
	}
}

// checkSiteLog fails for every request that says headless, asks for an
// icon, or says another user agent or other client hints than the first.
func checkSiteLog(t *testing.T, reqs []*http.Request) {
	t.Helper()
	if len(reqs) == 0 {
		t.Fatal("the site got no request")
	}
	first := reqs[0].Header
	for _, r := range reqs {
		what := r.Method + " " + r.URL.Path
		if isIcon(r.URL.Path) {
			t.Errorf("%s: an icon request", what)
		}
		for name, values := range r.Header {
			for _, v := range values {
				if strings.Contains(strings.ToLower(v), "headless") {
					t.Errorf("%s: %s: %q", what, name, v)
				}
			}
		}
		if got := r.Header.Get("User-Agent"); got != first.Get("User-Agent") {
			t.Errorf("%s: User-Agent %q, the first request said %q", what, got, first.Get("User-Agent"))
		}
		// A service worker's requests carry no client hints: Chrome's own
		// way, the same without our switches.
		for _, name := range []string{"Sec-CH-UA", "Sec-CH-UA-Platform", "Sec-CH-UA-Mobile"} {
			if got := r.Header.Get(name); got != "" && got != first.Get(name) {
				t.Errorf("%s: %s %q, the first request said %q", what, name, got, first.Get(name))
			}
		}
		if full := r.Header.Get("Sec-CH-UA-Full-Version-List"); r.Header.Get("Sec-CH-UA-Arch") != "" && !fullVersionRE.MatchString(full) {
			t.Errorf("%s: Sec-CH-UA-Full-Version-List %q, want a full version", what, full)
		}
	}
}

var fullVersionRE = regexp.MustCompile(`v="\d+\.\d+\.\d+\.\d+"`)

func isIcon(path string) bool {
	return strings.Contains(path, "favicon") || strings.Contains(path, "icon.png")
}

// navigationHeaders loads one page through b and returns the headers of
// the request for it, as the site got them.
func navigationHeaders(t testing.TB, b *Browser, host string) http.Header {
	t.Helper()
	mux := http.NewServeMux()
	servePage(mux, "/rooms", `<!DOCTYPE html><html><head><title>Rooms</title></head><body><ul class="results">`+
		dialogRooms(3)+`</ul></body></html>`)
	site := newSiteLog(t, host, mux)
	if _, err := b.Load(context.Background(), site.URL+"/rooms"); err != nil {
		t.Fatalf("Load: %v", err)
	}
	return site.waitFor(t, "/rooms").Header
}

// navigationWants are the request headers of a person's Chrome opening a
// page from its address bar, as Chrome 100 and later send them over plain
// HTTP to a host it has no cookies or client-hint settings for: each
// header with what its value must look like. No other header may come.
var navigationWants = map[string]*regexp.Regexp{
	"User-Agent": regexp.MustCompile(`^Mozilla/5\.0 \((X11; Linux x86_64|Windows NT 10\.0; Win64; x64|Macintosh; Intel Mac OS X 10_15_7)\) ` +
		`AppleWebKit/537\.36 \(KHTML, like Gecko\) Chrome/(\d+)\.0\.0\.0 Safari/537\.36$`),
	"Accept":                    regexp.MustCompile(`^text/html,application/xhtml\+xml,application/xml;q=0\.9,(image/\w+,)*\*/\*;q=0\.8(,application/signed-exchange;v=b3;q=0\.7)?$`),
	"Accept-Encoding":           regexp.MustCompile(`^gzip, deflate, br(, zstd)?$`),
	"Accept-Language":           regexp.MustCompile(`^[a-z]{2}(-[A-Z]{2})?(,[a-z]{2}(-[A-Z]{2})?;q=0\.\d)*$`),
	"Connection":                regexp.MustCompile(`^keep-alive$`),
	"Upgrade-Insecure-Requests": regexp.MustCompile(`^1$`),
	"Sec-Fetch-Dest":            regexp.MustCompile(`^document$`),
	"Sec-Fetch-Mode":            regexp.MustCompile(`^navigate$`),
	"Sec-Fetch-Site":            regexp.MustCompile(`^none$`),
	"Sec-Fetch-User":            regexp.MustCompile(`^\?1$`),
	"Sec-Ch-Ua":                 regexp.MustCompile(`^("[^"]+";v="\d+"(, )?){2,3}$`),
	"Sec-Ch-Ua-Mobile":          regexp.MustCompile(`^\?0$`),
	"Sec-Ch-Ua-Platform":        regexp.MustCompile(`^"(Linux|Windows|macOS)"$`),
}

// navigationProblems says how h differs from a person's Chrome's request
// for a page (navigationWants); none means it does not.
func navigationProblems(h http.Header) []string {
	var out []string
	for name, re := range navigationWants {
		if v := h.Get(name); !re.MatchString(v) {
			out = append(out, fmt.Sprintf("%s: %q does not match %s", name, v, re))
		}
	}
	for name := range h {
		if navigationWants[name] == nil {
			out = append(out, fmt.Sprintf("%s: %q: a header a person's Chrome does not send here", name, h.Get(name)))
		}
	}
	ua := navigationWants["User-Agent"].FindStringSubmatch(h.Get("User-Agent"))
	if ua != nil && !strings.Contains(h.Get("Sec-Ch-Ua"), `"Chromium";v="`+ua[2]+`"`) {
		out = append(out, fmt.Sprintf("Sec-Ch-Ua %q does not name Chromium %s as the user agent does", h.Get("Sec-Ch-Ua"), ua[2]))
	}
	return out
}

// TestNavigationLooksLikeChrome: the request for a page says what a
// person's Chrome says, header by header, and nothing more.
func TestNavigationLooksLikeChrome(t *testing.T) {
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute})
	h := navigationHeaders(t, b, "127.0.0.10")
	for _, p := range navigationProblems(h) {
		t.Error(p)
	}
	if t.Failed() {
		t.Logf("the request's headers: %v", h)
	}
}
