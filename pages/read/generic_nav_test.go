package read

import (
	"fmt"
	"strings"
	"testing"
)

// TestNavOfCardsRule: a result list a page wraps in a <nav> is read; a
// menu in a <nav> beside it is still never the results.
func TestNavOfCardsRule(t *testing.T) {
	var cards strings.Builder
	for i := 1; i <= 6; i++ {
		fmt.Fprintf(&cards, `<article class="announceBox"><a class="linkToFa" href="https://www.example.fr/detail-vente-%d0cd758ad-571d-7351-51da-f0669ea648f%d.htm">Vente appartement %d pièces Aubagne</a>`+
			`<span class="price">%d9 000 €</span></article>`, i, i, i+1, i+1)
	}
	var menu strings.Builder
	for i := 1; i <= 8; i++ {
		fmt.Fprintf(&menu, `<li><a href="/vente-immobilier-ville-%d,%d0000_2/">Ville %d</a></li>`, i, i, i)
	}
	page := `<html><body><nav class="mainMenu"><ul>` + menu.String() + `</ul></nav>` +
		`<main><nav class="announcesList" id="announcesList">` + cards.String() + `</nav></main></body></html>`
	r := Read("https://www.example.fr/vente-immobilier-ile-de-france,1_0/page=2", []byte(page))
	if len(r.Listings) != 6 {
		t.Fatalf("read %d listings, want the 6 cards in the nav: %+v", len(r.Listings), r.Listings)
	}
	for _, l := range r.Listings {
		if !strings.Contains(l.URL, "detail-vente-") {
			t.Errorf("a menu link read as a listing: %s", l.URL)
		}
	}
}
