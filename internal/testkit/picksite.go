package testkit

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// PickSite is a search page made for the pick: its results (a few cards
// with a title, a rent and a size) beside a longer list of links to other
// searches, each with its count of offers, as real portals put one
// ("Wohnungen in anderen Städten"). The readers take the longer list; the
// user picks the results in the preview. Relayout gives the page a new
// layout, as a portal's redesign does, so a pick no longer matches. Safe
// for concurrent use; the server stops when the test ends.
type PickSite struct {
	URL string // the search page: http://IP:PORT/wohnung-mieten/leipzig

	// mu guards the fields below.
	mu       sync.Mutex
	cards    []PickCard // newest first
	relayout bool
	loads    int
}

// PickCard is one result on a PickSite.
type PickCard struct {
	ID    int
	Title string
	Rent  int // euros a month
}

// PickOthers is how many links to other searches the page holds beside
// its results.
const PickOthers = 40

// StartPickSite serves a PickSite on ip (any free port) with cards
// results, newest first.
func StartPickSite(t testing.TB, ip string, cards int) *PickSite {
	t.Helper()
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	s := &PickSite{}
	for i := cards; i >= 1; i-- {
		s.cards = append(s.cards, PickCard{ID: 7000 + i, Title: fmt.Sprintf("Helle 2-Zimmer-Wohnung Nr. %d", i), Rent: 600 + 10*i})
	}
	srv := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(s.serve)}}
	srv.Start()
	t.Cleanup(srv.Close)
	s.URL = srv.URL + "/wohnung-mieten/leipzig"
	return s
}

func (s *PickSite) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/wohnung-mieten/leipzig" {
		http.NotFound(w, r)
		return
	}
	s.mu.Lock()
	s.loads++
	s.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(s.Page())
}

// Page is the search page as it stands.
func (s *PickSite) Page() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b bytes.Buffer
	b.WriteString(`<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>Wohnungen mieten in Leipzig</title></head>` +
		`<body><header><nav><a href="/">Start</a> <a href="/merkliste">Merkliste</a></nav></header><main>` +
		`<section class="results"><h1>Wohnungen in Leipzig</h1>`)
	open, card, closeCard, end := `<ul class="result-list">`, `<li class="result-card">`, `</li>`, `</ul>`
	if s.relayout {
		open, card, closeCard, end = `<div class="hits-grid">`, `<article class="hit">`, `</article>`, `</div>`
	}
	b.WriteString(open)
	for _, c := range s.cards {
		fmt.Fprintf(&b, `%s<a class="card-link" href="/expose/%d"><h3>%s</h3></a><span class="price">%d €</span><span>2 Zimmer, 54 m²</span>%s`,
			card, c.ID, c.Title, c.Rent, closeCard)
	}
	b.WriteString(end + `</section><section class="seo-links"><h2>Wohnungen in anderen Städten</h2><ul class="city-list">`)
	for i := range PickOthers {
		fmt.Fprintf(&b, `<li class="city-item"><a href="/wohnung-mieten/stadt-%d/%d">Wohnung mieten in Stadt %d</a>`+
			`<span class="count">%d Angebote</span></li>`, i, 900+i, i, 1200+i)
	}
	b.WriteString(`</ul></section></main><footer><a href="/impressum">Impressum</a></footer></body></html>`)
	return b.Bytes()
}

// Post puts a new result at the top of the page, as a site does.
func (s *PickSite) Post(c PickCard) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cards = append([]PickCard{c}, s.cards...)
}

// Relayout gives the page its new layout from now on: the same results,
// in other containers (a grid of articles where a list of items was).
func (s *PickSite) Relayout() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.relayout = true
}

// Loads is how many times the page was asked for.
func (s *PickSite) Loads() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.loads
}
