package read

import (
	"fmt"
	"strings"
	"testing"
)

// pickPage is a search page with its results (cards with a price) beside
// a longer list of links to other searches, as real portals put one
// ("Wohnungen in anderen Städten"); first is the first listing's number,
// so a later load can hold other listings in the same places.
func pickPage(first, results, others int) string {
	var b strings.Builder
	b.WriteString(`<html><body><main><section class="results"><h1>Wohnungen in Leipzig</h1><ul class="result-list">`)
	for i := first; i < first+results; i++ {
		fmt.Fprintf(&b, `<li class="result-card"><a class="card-link" href="/expose/%d"><h3>Helle Wohnung %d</h3></a><span class="price">%d €</span><span>2 Zimmer</span></li>`, 4100+i, i, 600+10*i)
	}
	b.WriteString(`</ul></section><section class="seo-links"><h2>Wohnungen in anderen Städten</h2><ul class="city-list">`)
	for i := 0; i < others; i++ {
		fmt.Fprintf(&b, `<li class="city-item"><a href="/wohnung-mieten/stadt-%d/%d">Wohnung mieten in Stadt %d</a></li>`, i, 900+i, i)
	}
	b.WriteString(`</ul></section></main></body></html>`)
	return b.String()
}

const pickURL = "https://www.example.de/wohnung-mieten/leipzig"

// TestBlockChoice: the results, not the longer list of links to other
// searches beside them, are what Read reads (issue 23, class 5).
func TestBlockChoice(t *testing.T) {
	r := Read(pickURL, []byte(pickPage(1, 8, 40)))
	if len(r.Listings) != 8 || !strings.Contains(r.Listings[0].URL, "/expose/") {
		t.Fatalf("read %d listings, first %+v; want the 8 results", len(r.Listings), r.Listings)
	}
}

func TestCandidatesAndPick(t *testing.T) {
	cands := Candidates(pickURL, []byte(pickPage(1, 8, 40)))
	if len(cands) < 2 {
		t.Fatalf("%d candidates, want the results and the links to other searches: %+v", len(cands), cands)
	}
	if cands[0].Count != 8 || len(cands[0].Listings) != 3 || cands[0].Listings[0].Title != "Helle Wohnung 1" {
		t.Errorf("first candidate %+v, want the 8 results with their first three", cands[0])
	}
	var other Candidate
	for _, c := range cands[1:] {
		if c.Count == 40 {
			other = c
		}
	}
	if other.Key == "" || len(other.Key) != 8 {
		t.Fatalf("no candidate for the 40 links: %+v", cands)
	}
	// the next load holds other listings in the same places: the keys stay
	next := Candidates(pickURL, []byte(pickPage(50, 8, 40)))
	if next[0].Key != cands[0].Key {
		t.Errorf("the results' key changed from %s to %s between loads", cands[0].Key, next[0].Key)
	}
	r, ok := ReadPick(pickURL, []byte(pickPage(50, 8, 40)), other.Key)
	if !ok || len(r.Listings) != 40 || !strings.Contains(r.Listings[0].URL, "/wohnung-mieten/stadt-0/") {
		t.Errorf("ReadPick(%s) = %d listings, ok %v; want the 40 links", other.Key, len(r.Listings), ok)
	}
	r, ok = ReadPick(pickURL, []byte(pickPage(50, 8, 40)), cands[0].Key)
	if !ok || len(r.Listings) != 8 || r.Listings[0].Title != "Helle Wohnung 50" {
		t.Errorf("ReadPick(results) = %+v, ok %v", r.Listings, ok)
	}
	// a new layout: the pick no longer matches, and Read's reading comes back
	changed := strings.ReplaceAll(strings.ReplaceAll(pickPage(1, 8, 40), "result-list", "hits"), "<ul class=\"hits\">", "<ol class=\"hits\">")
	changed = strings.ReplaceAll(changed, "</ul></section>", "</ol></section>")
	if r, ok := ReadPick(pickURL, []byte(changed), cands[0].Key); ok || len(r.Listings) == 0 {
		t.Errorf("a changed layout still matched the pick (ok %v, %d listings)", ok, len(r.Listings))
	}
}

// TestLists: Lists holds every listing of each list, in Candidates' order
// and with its keys, so a preview can show the picked list whole.
func TestLists(t *testing.T) {
	page := []byte(pickPage(1, 8, 40))
	lists, cands := Lists(pickURL, page), Candidates(pickURL, page)
	if len(lists) != len(cands) || len(lists) < 2 {
		t.Fatalf("%d lists, %d candidates", len(lists), len(cands))
	}
	for i, l := range lists {
		if l.Key != cands[i].Key || l.Count != cands[i].Count || len(l.Listings) != l.Count {
			t.Errorf("list %d: key %s, %d of %d listings; candidate key %s", i, l.Key, len(l.Listings), l.Count, cands[i].Key)
		}
	}
}
