package testkit

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	// The portal checks its own pages with the generic reader, so the
	// read package's in-package tests cannot import testkit (a cycle);
	// none does.
	"rentwatch/listing"
	"rentwatch/pages/read"
)

// This file is a fixture rental site: a real HTTP server on a loopback
// address of its own, serving search pages of rooms the test posts, and
// refusing with 429 when told to.

//go:embed portal_*.html.tmpl
var portalPages embed.FS

// The markups a Portal can draw its search pages in. Both are executed
// with a PortalPage.
var (
	// ListPage is a plain list: each room an <li class="listing"> whose
	// link is /kamer/<id>, with its title, "€ <price> per maand" and area.
	ListPage = template.Must(template.ParseFS(portalPages, "portal_list.html.tmpl"))
	// CardPage is a Next.js site's result grid for Amsterdam: each room a
	// card linking /huren/kamer-amsterdam/<street>/kamer-<id> with
	// tracking parameters, amid navigation, pagination and
	// popular-search links the reader must pass over.
	CardPage = template.Must(template.ParseFS(portalPages, "portal_cards.html.tmpl"))
)

// Room is one listing on a Portal's search page.
type Room struct {
	ID     int
	Title  string
	Street string // a slug, in CardPage's links
	Area   string // the part of town
	Price  int    // euros a month
}

// PortalPage is what a Portal executes its page template with.
type PortalPage struct {
	Path  string // the search page's path
	Rooms []Room // newest first
}

// PortalRequest is one request a Portal answered.
type PortalRequest struct {
	At     time.Time
	Path   string // the request URI: path and query
	Status int    // what the portal answered: 200, 403, 404 or 429
}

// Portal is a rental site on a loopback address of its own (127.0.0.x,
// so code with per-host backoff sees a host of its own). It serves the
// search pages a test gives it, at their paths, with relative links only,
// and logs every request. Safe for concurrent use; the server stops when
// the test ends.
type Portal struct {
	URL  string // http://127.0.0.x:PORT
	page *template.Template

	// mu guards the fields below.
	mu       sync.Mutex
	searches map[string][]Room // by path
	limited  bool              // answer 429 with Retry-After: 120 to everything
	denied   bool              // answer 403, Cloudflare's Error 1020, to everything
	buttons  string            // non-empty: a button wall (ButtonWall), its link away
	requests []PortalRequest
}

// StartPortal starts a Portal on ip (any free port) drawing its search
// pages with page (ListPage, CardPage or a test's own template).
func StartPortal(t testing.TB, ip string, page *template.Template) *Portal {
	t.Helper()
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	p := &Portal{page: page, searches: map[string][]Room{}}
	srv := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(p.serve)}}
	srv.Start()
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

func (p *Portal) serve(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	req := PortalRequest{At: time.Now(), Path: r.URL.RequestURI(), Status: http.StatusOK}
	defer func() { p.requests = append(p.requests, req) }()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if p.limited {
		req.Status = http.StatusTooManyRequests
		w.Header().Set("Retry-After", "120")
		w.WriteHeader(req.Status)
		fmt.Fprint(w, `<!DOCTYPE html><html><head><title>429 Too Many Requests</title></head>`+
			`<body><h1>Too Many Requests</h1><p>Please try again later.</p></body></html>`)
		return
	}
	if p.buttons != "" && !passedWall(r) {
		req.Status = http.StatusForbidden
		w.Header().Set("Server", "cloudflare")
		w.WriteHeader(req.Status)
		fmt.Fprint(w, buttonWallPage(p.buttons))
		return
	}
	if p.denied {
		req.Status = http.StatusForbidden
		w.Header().Set("Server", "cloudflare")
		w.Header().Set("CF-RAY", "7f1a2b3c4d5e6f71-AMS")
		w.WriteHeader(req.Status)
		fmt.Fprint(w, deniedPage)
		return
	}
	page, err := p.render(r.URL.Path)
	if err != nil {
		req.Status = http.StatusNotFound
		http.Error(w, err.Error(), req.Status)
		return
	}
	_, _ = w.Write(page)
}

// render draws the search page at path as it stands; p.mu must be held.
func (p *Portal) render(path string) ([]byte, error) {
	rooms, ok := p.searches[path]
	if !ok {
		return nil, fmt.Errorf("no search page at %s", path)
	}
	var b bytes.Buffer
	if err := p.page.Execute(&b, PortalPage{Path: path, Rooms: rooms}); err != nil {
		return nil, fmt.Errorf("draw %s: %w", path, err)
	}
	return b.Bytes(), nil
}

// Search puts a search page with rooms at path and returns its URL. It
// fails the test when the generic reader (read.Read) does not find every
// room on it: the fixture must stay readable for the rest of the test to
// mean anything.
func (p *Portal) Search(t testing.TB, path string, rooms ...Room) string {
	t.Helper()
	p.mu.Lock()
	p.searches[path] = rooms
	p.mu.Unlock()
	u := p.URL + path
	if got := p.Read(t, u); len(got) != len(rooms) {
		t.Fatalf("the generic reader finds %d listings on the fixture page %s, want %d: %+v", len(got), u, len(rooms), got)
	}
	return u
}

// Read is what the generic reader makes of the search page at pageURL as
// it stands. It fails the test when there is no such page.
func (p *Portal) Read(t testing.TB, pageURL string) []listing.Listing {
	t.Helper()
	p.mu.Lock()
	page, err := p.render(strings.TrimPrefix(pageURL, p.URL))
	p.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	return read.Read(pageURL, page).Listings
}

// Post puts a new room at the top of the search page at pageURL, as a
// site does.
func (p *Portal) Post(pageURL string, room Room) {
	p.mu.Lock()
	defer p.mu.Unlock()
	path := strings.TrimPrefix(pageURL, p.URL)
	p.searches[path] = append([]Room{room}, p.searches[path]...)
}

// Limit makes the portal answer everything with 429 and Retry-After: 120
// from now on. It returns how many requests came before, so
// Requests()[n:] are the ones it refused.
func (p *Portal) Limit() (n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.limited = true
	return len(p.requests)
}

// Deny makes the portal refuse everything from now on, as a firewall rule
// does: 403 with Cloudflare's "Error 1020 Access denied" page, a wall only
// the user can get past (a check by hand). It returns how many requests
// came before.
func (p *Portal) Deny() (n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.denied = true
	return len(p.requests)
}

// deniedPage is Cloudflare's page for a request a firewall rule refused.
const deniedPage = `<!DOCTYPE html><html class="no-js" lang="en-US"><head>` +
	`<title>Access denied | 127.0.0.1 used Cloudflare to restrict access</title><meta charset="UTF-8" /></head><body>` +
	`<div id="cf-wrapper"><div id="cf-error-details" class="cf-error-details-wrapper">` +
	`<div class="cf-wrapper cf-header cf-error-overview"><h1><span class="cf-error-type">Error</span> ` +
	`<span class="cf-error-code">1020</span></h1><h2 class="cf-subheadline">Access denied</h2></div>` +
	`<section><p>This website is using a security service to protect itself from online attacks.</p></section>` +
	`<div class="cf-error-footer"><p>Cloudflare Ray ID: <strong>7f1a2b3c4d5e6f71</strong> • Your IP: 127.0.0.1 • ` +
	`Performance &amp; security by Cloudflare</p></div></div></div></body></html>`

// Requests is every request so far, oldest first.
func (p *Portal) Requests() []PortalRequest {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]PortalRequest(nil), p.requests...)
}

// Served counts the search pages served (answered 200) so far.
func (p *Portal) Served() int {
	n := 0
	for _, r := range p.Requests() {
		if r.Status == http.StatusOK {
			n++
		}
	}
	return n
}

// RequestsSince counts the requests, of any kind, that came at or after
// since.
func (p *Portal) RequestsSince(since time.Time) int {
	n := 0
	for _, r := range p.Requests() {
		if !r.At.Before(since) {
			n++
		}
	}
	return n
}

// LastRequest is when the last request came; zero if none did.
func (p *Portal) LastRequest() time.Time {
	all := p.Requests()
	if len(all) == 0 {
		return time.Time{}
	}
	return all[len(all)-1].At
}

// Loads is when the page at pageURL (query included) was requested.
func (p *Portal) Loads(pageURL string) []time.Time {
	var at []time.Time
	for _, r := range p.Requests() {
		if p.URL+r.Path == pageURL {
			at = append(at, r.At)
		}
	}
	return at
}

// Log is every request so far, one per line, for failure messages.
func (p *Portal) Log() string {
	var b strings.Builder
	for _, r := range p.Requests() {
		fmt.Fprintf(&b, "%s %d %s\n", r.At.Format("15:04:05.000"), r.Status, r.Path)
	}
	return b.String()
}
