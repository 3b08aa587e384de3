package read

import (
	"fmt"
	"strings"
	"testing"
)

// TestReadCapsListings: a page showing more than MaxListings listings is
// read as its first MaxListings, in page order, and says how many it left;
// a page within the cap is read whole, with nothing left. Every reader
// stops there: the generic reader, a portal's layout, and the two of them
// together.
func TestReadCapsListings(t *testing.T) {
	portal := compilePortals([]portalDef{{Name: "example.com", Sites: []string{"example.com"}, Expected: true,
		IDPattern: `/listing/(\d+)/`, Layouts: []portalLayout{{Card: `li.card`, Link: `h2 a`, Title: `h2`, Price: `.price`}}}})
	tests := []struct {
		name    string
		cards   int
		defs    []portalDef
		wantN   int
		wantCut int
	}{
		{"a page within the cap, generic", 40, nil, 40, 0},
		{"a page just at the cap, generic", MaxListings, nil, MaxListings, 0},
		{"one card over, generic", MaxListings + 1, nil, MaxListings, 1},
		{"3,000 cards, generic", 3000, nil, MaxListings, 3000 - MaxListings},
		{"3,000 cards, a portal's layout", 3000, portal, MaxListings, 3000 - MaxListings},
		{"a page within the cap, a portal's layout", 40, portal, 40, 0},
	}
	for _, tt := range tests {
		r := readWith("https://example.com/search", cardsPage(tt.cards, "card"), tt.defs)
		if len(r.Listings) != tt.wantN || r.Cut != tt.wantCut {
			t.Errorf("%s: read %d listings, cut %d; want %d and %d", tt.name, len(r.Listings), r.Cut, tt.wantN, tt.wantCut)
			continue
		}
		for i, l := range r.Listings {
			if want := fmt.Sprintf("/listing/%d/", 100000+i); !strings.Contains(l.URL, want) {
				t.Errorf("%s: listing %d is %s, want the page's %d-th (%s): the first are read", tt.name, i, l.URL, i+1, want)
				break
			}
		}
	}
}

// TestReadCleansBidi: the bidirectional controls a page puts in a card's
// text (U+202E turns "‮gpj.exe" around on screen) do not leave the
// readers, whichever reader read the card.
func TestReadCleansBidi(t *testing.T) {
	const rlo, lri, pdi = "\u202e", "\u2066", "\u2069"
	page := `<html><body><ul class="results">`
	for i := range 4 {
		page += fmt.Sprintf(`<li class="card"><h2><a href="/listing/%d/flat">Flat %s%d gpj.exe</a></h2>`+
			`<span class="price">€ %s%d00 /mnd</span><span class="location">%sWest%s</span></li>`, 100+i, rlo, i, lri, 7+i, lri, pdi)
	}
	page += `</ul></body></html>`
	portal := compilePortals([]portalDef{{Name: "example.com", Sites: []string{"example.com"}, Expected: true,
		IDPattern: `/listing/(\d+)/`, Layouts: []portalLayout{{Card: `li.card`, Link: `h2 a`, Title: `h2`, Price: `.price`, Place: `.location`}}}})
	for _, defs := range [][]portalDef{nil, portal} {
		r := readWith("https://example.com/search", []byte(page), defs)
		if len(r.Listings) != 4 {
			t.Fatalf("%s: read %d listings, want 4", r.Site, len(r.Listings))
		}
		for _, l := range r.Listings {
			for _, s := range []string{l.Title, l.Price, l.Place, l.Size} {
				if strings.ContainsAny(s, rlo+lri+pdi) {
					t.Errorf("%s: a bidirectional control left the reader: %+q", r.Site, s)
				}
			}
			if !strings.HasPrefix(l.Title, "Flat ") || !strings.HasSuffix(l.Title, "gpj.exe") {
				t.Errorf("%s: title %+q, want the text around the controls kept", r.Site, l.Title)
			}
		}
	}
}
