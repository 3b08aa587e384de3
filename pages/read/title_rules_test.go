package read

import (
	"fmt"
	"strings"
	"testing"
)

// TestPartsMeet: a card's parts in inline elements with nothing between
// them are read as the user sees them, a street over its area; a capital
// inside one text stays as written.
func TestPartsMeet(t *testing.T) {
	for _, c := range []struct{ page, want string }{
		{`<h3><a href="/p/1">Fortis Green Road<span class="area">Muswell Hill, N10</span></a></h3>`, "Fortis Green Road Muswell Hill, N10"},
		{`<h3><span>Хорошая квартира</span><span>Москва</span></h3>`, "Хорошая квартира Москва"},
		{`<h3>Flat near the McDonald's on iPhone Street</h3>`, "Flat near the McDonald's on iPhone Street"},
		{`<h3><b>2</b>-room flat</h3>`, "2-room flat"},
		{`<h3>Wohnung<em>s</em>suche</h3>`, "Wohnungssuche"},
	} {
		if got := nodeText(parseHTMLNode(t, c.page)); got != c.want {
			t.Errorf("%s read as %q, want %q", c.page, got, c.want)
		}
	}
}

// TestHiddenTextIsNotATitle: a card's first text hidden by the page (a
// listing number in a display:none line) is not its title; the address
// the user sees is.
func TestHiddenTextIsNotATitle(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body><ul class="results">`)
	for i := range 6 {
		fmt.Fprintf(&b, `<li class="card"><a href="/real-estate/%d/a-street"><img src="/p/%d.jpg" alt="">`+
			`<div class="card-body"><div class="card-number" style="display: none;">No<sup>®</sup>: <span>%d</span></div>`+
			`<div class="card-price">$%d,000</div><div class="card-address">%d PARK DRIVE, Ottawa, Ontario</div>`+
			`<div>3 Bedrooms</div></div></a></li>`, 24716900+i, i, 1306100+i, 500+i, 10+i)
	}
	b.WriteString(`</ul></body></html>`)
	r := Read("https://www.example.ca/map", []byte(b.String()))
	if len(r.Listings) != 6 {
		t.Fatalf("read %d listings, want 6: %+v", len(r.Listings), r.Listings)
	}
	for _, l := range r.Listings {
		if !strings.Contains(l.Title, "PARK DRIVE") {
			t.Errorf("title %q, want the address the card shows", l.Title)
		}
	}
}

// TestPriceNoteIsNotATitle: a card whose first link holds only the price
// and its note ("+GST/QST") takes its title from what follows, not from
// the note.
func TestPriceNoteIsNotATitle(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body><div class="results">`)
	for i := range 6 {
		note := ""
		if i%2 == 0 {
			note = ` +GST/QST`
		}
		fmt.Fprintf(&b, `<div class="item"><img src="/p/%d.jpg" alt=""><div class="price-section"><a href="/en/condo/%d">`+
			`<div class="price"><span>$%d,000</span><span class="desc">%s</span></div></a></div>`+
			`<a href="/en/condo/%d"><div class="category">Condo for sale</div><div class="address"><div>%d, Rue Mackay, apt. 1406</div>`+
			`<div>Montréal (Ville-Marie)</div></div></a></div>`, i, 13823180+i, 500+i, note, 13823180+i, 1190+i)
	}
	b.WriteString(`</div></body></html>`)
	r := Read("https://www.example.ca/en/condos~for-sale", []byte(b.String()))
	if len(r.Listings) != 6 {
		t.Fatalf("read %d listings, want 6: %+v", len(r.Listings), r.Listings)
	}
	for _, l := range r.Listings {
		if strings.Contains(l.Title, "GST") {
			t.Errorf("title %q, want the card's address, not the price's note", l.Title)
		}
	}
}
