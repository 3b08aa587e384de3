package read

import (
	"strconv"
	"strings"
	"testing"
)

// TestFooterTeasersAreNoResults: a portal's footer teases other
// categories' listings (each with a price) in a block bigger than a small
// search's result list. The results are the list; the footer, named so by
// its class or id, is page chrome. Rebuilt from the class.
func TestFooterTeasersAreNoResults(t *testing.T) {
	var results, teasers []string
	for i := 0; i < 5; i++ {
		id := strconv.Itoa(4100 + i)
		results = append(results, `<article class="offer-item"><h3><a href="/oferta/mieszkanie-`+id+`-ID`+id+`.html">Mieszkanie `+id+`</a></h3><p>3`+id+` zł</p></article>`)
	}
	for i := 0; i < 16; i++ {
		id := strconv.Itoa(7700 + i)
		teasers = append(teasers, `<li><a href="/oferta/pokoj-`+id+`-ID`+id+`.html">Pokój `+id+`</a> <span>8`+strconv.Itoa(i)+`0 zł</span></li>`)
	}
	for _, footer := range []string{`<div class="container" id="footerTop">`, `<section class="section-footer-top">`, `<div class="site-footer">`} {
		closing := "</div>"
		if strings.HasPrefix(footer, "<section") {
			closing = "</section>"
		}
		page := `<html><body><main><div class="listing">` + strings.Join(results, "") + `</div>` +
			footer + `<h2>Kategorie główne</h2><ul>` + strings.Join(teasers, "") + `</ul>` + closing + `</main></body></html>`
		r := readWith("https://www.example.pl/sprzedaz/mieszkanie/warszawa/", []byte(page), nil)
		if len(r.Listings) != 5 {
			t.Errorf("%s: read %d listings, want the 5 results", footer, len(r.Listings))
		}
	}
	// a card's own footer holds its link: still a card
	card := `<div class="card"><div class="card-body"><h3>Flat</h3><p>€ 900</p></div><div class="card-footer"><a href="/p/%d">View</a></div></div>`
	page := "<html><body><div class=\"grid\">"
	for i := 0; i < 6; i++ {
		page += strings.Replace(card, "%d", strconv.Itoa(300+i), 1)
	}
	if r := readWith("https://agency.example/properties", []byte(page+"</div></body></html>"), nil); len(r.Listings) != 6 {
		t.Errorf("cards with a card-footer link: read %d, want 6", len(r.Listings))
	}
}
