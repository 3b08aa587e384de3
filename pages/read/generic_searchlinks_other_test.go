package read

import (
	"fmt"
	"strings"
	"testing"
)

// otherSearchesPage is a search page with its home cards (links with an
// id) beside a longer list of its neighbourhoods, each a link to another
// search of the same shape as the page's own, with a median price.
func otherSearchesPage(cards, places int) string {
	var b strings.Builder
	b.WriteString(`<html><body><ul class="property-list">`)
	for i := range cards {
		fmt.Fprintf(&b, `<li class="card"><a href="/homes-detail/%d-Oak-St_Springfield_M%d-%d"><img src="https://img.example.com/%d.jpg" alt="">`+
			`<div class="overlay"><span>House for Sale</span><span class="price">$%d,000</span></div></a>`+
			`<a href="/homes-detail/%d-Oak-St_Springfield_M%d-%d"><ul><li>3 bed</li><li>2 bath</li></ul>`+
			`<div class="address">%d Oak St, Springfield</div></a></li>`, 100+i, 2440+i, 19089+i, i, 600+i, 100+i, 2440+i, 19089+i, 100+i)
	}
	b.WriteString(`</ul><section class="nearby"><h2>Neighbourhoods</h2><ul class="places">`)
	for i := range places {
		fmt.Fprintf(&b, `<li class="place"><a href="/homes-search/Place-%c%c_Springfield"><span class="name">Place %c%c</span><span class="median">$%d,000</span></a></li>`,
			'A'+i/26, 'a'+i%26, 'A'+i/26, 'a'+i%26, 900+i)
	}
	b.WriteString(`</ul></section></body></html>`)
	return b.String()
}

// TestOtherSearchesAreNoResults: a longer, priced list of links to other
// searches, shaped like the page's own URL, does not win over the home
// cards; a card's kind-and-deal line gives way to its marked street.
func TestOtherSearchesAreNoResults(t *testing.T) {
	r := Read("https://www.example.com/homes-search/Springfield", []byte(otherSearchesPage(12, 40)))
	if len(r.Listings) != 12 {
		t.Fatalf("read %d listings, want the 12 homes: first %+v", len(r.Listings), r.Listings[:min(2, len(r.Listings))])
	}
	for _, l := range r.Listings {
		if !strings.Contains(l.URL, "/homes-detail/") || !strings.Contains(l.Title, "Oak St") {
			t.Errorf("read %q %q, want a home titled by its street", l.URL, l.Title)
		}
	}
	// a page with nothing but the other searches still reads them
	var b strings.Builder
	b.WriteString(`<html><body><ul class="places">`)
	for i := range 12 {
		fmt.Fprintf(&b, `<li class="place"><a href="/homes-search/Place-%d_Springfield"><span>Place %d</span><span>$%d,000</span></a></li>`, i, i, 900+i)
	}
	b.WriteString(`</ul></body></html>`)
	if r := Read("https://www.example.com/homes-search/Springfield", []byte(b.String())); len(r.Listings) != 12 {
		t.Errorf("a page of other searches alone read %d, want its 12 links", len(r.Listings))
	}
}
