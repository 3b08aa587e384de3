package pages

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fixturePortal is a rental portal on loopback, serving testdata/site: a
// static and a JavaScript-rendered result page, a Cloudflare challenge that
// clears itself (or not), a 429, a 403 Error 1020 and a page that hangs. It
// counts what the browser asked for, by kind.
type fixturePortal struct {
	*httptest.Server
	tmpl  map[string]*template.Template
	delay time.Duration // added to every response, as a real server's latency

	// mu guards the fields below.
	mu         sync.Mutex
	hits       map[string]int // by kind: html, css, js, api, img, font, media
	lastUA     string
	lastCHUA   string
	lastCookie string // the Cookie header of the latest page request
}

// fixtureRoom is one listing on the fixture result pages.
type fixtureRoom struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Price int    `json:"price"`
	Place string `json:"place"`
}

func fixtureRooms(n int) []fixtureRoom {
	places := []string{"Amsterdam West", "De Pijp", "Oost", "Noord", "Zuid"}
	out := make([]fixtureRoom, n)
	for i := range out {
		out[i] = fixtureRoom{ID: strconv.Itoa(9100 + i), Title: fmt.Sprintf("Bright room %d near the park", i+1),
			Price: 650 + 25*i, Place: places[i%len(places)]}
	}
	return out
}

// newFixturePortal starts the portal on host (an IP of 127.0.0.0/8).
func newFixturePortal(t testing.TB, host string, delay time.Duration) *fixturePortal {
	t.Helper()
	p := &fixturePortal{tmpl: map[string]*template.Template{}, hits: map[string]int{}, delay: delay}
	for _, name := range []string{"results.html", "results_js.html", "challenge.html"} {
		p.tmpl[name] = template.Must(template.ParseFiles(filepath.Join("..", "testdata", "site", name)))
	}
	l, err := net.Listen("tcp", host+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", host, err)
	}
	p.Server = &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(p.serve)}}
	p.Start()
	t.Cleanup(p.Close)
	return p
}

func (p *fixturePortal) count(kind string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.hits[kind]
}

func (p *fixturePortal) note(kind string, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.hits[kind]++
	if kind == "html" {
		p.lastUA, p.lastCHUA = r.UserAgent(), r.Header.Get("Sec-CH-UA")
		p.lastCookie = r.Header.Get("Cookie")
	}
}

func (p *fixturePortal) serve(w http.ResponseWriter, r *http.Request) {
	if p.delay > 0 {
		time.Sleep(p.delay)
	}
	path := r.URL.Path
	switch {
	case path == "/results":
		p.note("html", r)
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		p.render(w, "results.html", fixtureRooms(max(n, 12)))
	case path == "/results-js":
		p.note("html", r)
		p.render(w, "results_js.html", nil)
	case path == "/api/listings.json":
		p.note("api", r)
		time.Sleep(300 * time.Millisecond) // the API is slower than the page
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(fixtureRooms(8))
	case path == "/challenge":
		p.note("html", r)
		p.challenge(w, r)
	case path == "/clearance":
		// A check passed by hand: the site answers with a persistent
		// clearance cookie, as Cloudflare does after a solved challenge.
		p.note("html", r)
		w.Header().Set("Set-Cookie", "cf_clearance="+r.URL.Query().Get("token")+"; Max-Age=3600; Path=/; HttpOnly")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = fmt.Fprint(w, clearancePage)
	case path == "/slow-down":
		p.note("html", r)
		w.Header().Set("Retry-After", "120")
		p.file(w, "rate_limited.html", "text/html; charset=utf-8", http.StatusTooManyRequests)
	case path == "/denied":
		p.note("html", r)
		w.Header().Set("Server", "cloudflare")
		w.Header().Set("CF-RAY", "7f1a2b3c4d5e6f71-AMS")
		p.file(w, "denied_1020.html", "text/html; charset=UTF-8", http.StatusForbidden)
	case path == "/hang":
		p.note("html", r)
		select { // until the browser gives up or the test ends
		case <-r.Context().Done():
		case <-time.After(time.Minute):
		}
	case path == "/moved":
		http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusFound)
	case path == "/static/site.css":
		p.note("css", r)
		p.file(w, "site.css", "text/css", http.StatusOK)
	case path == "/static/app.js":
		p.note("js", r)
		p.file(w, "app.js", "text/javascript", http.StatusOK)
	case strings.HasPrefix(path, "/cdn-cgi/"):
		p.note("js", r)
		w.Header().Set("Content-Type", "text/javascript")
	case strings.HasPrefix(path, "/img/"):
		p.note("img", r)
		w.Header().Set("Content-Type", "image/jpeg")
		_, _ = w.Write(bytes.Repeat([]byte{0xff}, 20_000))
	case strings.HasPrefix(path, "/fonts/"):
		p.note("font", r)
		w.Header().Set("Content-Type", "font/woff2")
		_, _ = w.Write(bytes.Repeat([]byte{0}, 30_000))
	case strings.HasPrefix(path, "/media/"):
		p.note("media", r)
		w.Header().Set("Content-Type", "video/mp4")
		_, _ = w.Write(bytes.Repeat([]byte{0}, 50_000))
	default:
		http.NotFound(w, r)
	}
}

// clearancePage fills the window with one colour, so a screenshot can tell
// the page is on screen.
const clearancePage = `<!DOCTYPE html><html><head><title>Check passed</title></head>` +
	`<body style="margin:0;background:#2a7ae2;height:100vh"><h1 style="color:#fff">You may continue</h1></body></html>`

// challenge serves Cloudflare's managed challenge until the request carries
// the cf_clearance cookie for its token; its script sets that cookie and
// reloads after clear= milliseconds (never, without clear=).
func (p *fixturePortal) challenge(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	token := q.Get("token")
	if c, err := r.Cookie("cf_clearance"); err == nil && token != "" && c.Value == token {
		p.render(w, "results.html", fixtureRooms(12))
		return
	}
	clearMS, _ := strconv.Atoi(q.Get("clear"))
	w.Header().Set("Server", "cloudflare")
	w.Header().Set("cf-mitigated", "challenge")
	w.Header().Set("Cache-Control", "private, max-age=0, no-store, no-cache, must-revalidate")
	w.Header().Set("Content-Type", "text/html; charset=UTF-8")
	w.WriteHeader(http.StatusForbidden)
	_ = p.tmpl["challenge.html"].Execute(w, struct {
		ClearMS int
		Token   string
	}{clearMS, token})
}

func (p *fixturePortal) render(w http.ResponseWriter, name string, data any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := p.tmpl[name].Execute(w, data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (p *fixturePortal) file(w http.ResponseWriter, name, ctype string, status int) {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "site", name))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.WriteHeader(status)
	_, _ = w.Write(b)
}
