package read

import (
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestPromotedBlockWithItemIDClasses: a "top offers" block of four
// promoted cards above the regular list, the card component the same in
// both but each card carrying its own id as a class ("offer-item
// ad_id2UtbD"). The item's id is no part of the card's signature, so the
// promoted block joins the list. Rebuilt from the class (otodom 2016).
func TestPromotedBlockWithItemIDClasses(t *testing.T) {
	card := func(id string, price int) string {
		return `<article class="offer-item ad_id` + id + `" data-url="/oferta/mieszkanie-ID` + id + `.html">` +
			`<a href="/oferta/mieszkanie-ID` + id + `.html"><span class="img-cover"></span></a>` +
			`<header><h3><a href="/oferta/mieszkanie-ID` + id + `.html">Mieszkanie ` + id + `</a></h3></header>` +
			`<ul><li class="offer-item-price">` + strconv.Itoa(price) + ` 000 zł</li></ul></article>`
	}
	var promoted, regular []string
	for i, id := range []string{"7UtbD3", "8ums42", "5S9Qx7", "9UlzTq"} {
		promoted = append(promoted, `<div class="offers-header__item">`+card(id, 300+i)+`</div>`)
	}
	for i, id := range []string{"2VR6pa", "7z12bc", "3eZMde", "0Zsaff", "0bHagg"} {
		regular = append(regular, card(id, 200+i))
	}
	page := `<html><body><div class="offers-header"><div class="offers-header__list">` + strings.Join(promoted, "") + `</div></div>` +
		`<div class="col-md-content">` + strings.Join(regular, "") + `</div></body></html>`
	r := readWith("https://www.example.pl/sprzedaz/mieszkanie/warszawa/", []byte(page), nil)
	if len(r.Listings) != 9 {
		t.Errorf("read %d listings, want the 4 promoted and the 5 regular ones", len(r.Listings))
	}
	for _, c := range []struct {
		class string
		same  bool
	}{{"offer-item ad_id2UtbD", true}, {"card post-4711", true}, {"card listing-18466817", true}, {"card card--hi", true}, {"card featured", false}} {
		a := parseHTMLNode(t, `<div class="`+c.class+`"></div>`)
		b := parseHTMLNode(t, `<div class="offer-item ad_id38ums"></div>`)
		if c.class != "offer-item ad_id2UtbD" {
			b = parseHTMLNode(t, `<div class="card"></div>`)
		}
		if got := classSignature(a) == classSignature(b); got != c.same {
			t.Errorf("%q: same signature %v, want %v (%q vs %q)", c.class, got, c.same, classSignature(a), classSignature(b))
		}
	}
}

// parseHTMLNode parses one element.
func parseHTMLNode(t *testing.T, s string) *html.Node {
	t.Helper()
	card, _ := parseCard(t, s, "")
	return findFirst(card, func(n *html.Node) bool { return n != card && n.Type == html.ElementNode })
}
