package read

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The old-price rule (issue 23, class 7): a reduced listing shows its old
// price crossed out beside the new one ("<del>322.000 €</del> 317.000 €",
// idealista's "pricedown_price", a portal's "price--old"). The price is
// the one not crossed out; the crossed-out one is never read as the price
// and never stands in a title.

// oldPriceWords mark an element holding a price that no longer holds, in
// its class or test hook ("price-old", "was-price", "strikethrough",
// "pricedown_price", "original-price", "previous-price", "alter-preis").
var oldPriceWords = []string{"old", "strike", "crossed", "was-price", "wasprice", "price-was", "pricewas",
	"previous", "original-price", "originalprice", "former", "pricedown", "price-before", "before-price",
	"alter-preis", "altpreis", "oude-prijs", "ancien", "precio-anterior", "prezzo-vecchio", "stara-cena", "puvodni"}

// crossedOut reports an element that shows an old price: <del>, <s> or
// <strike>, text-decoration line-through, or a class or test hook that
// names it old.
func crossedOut(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	switch n.DataAtom {
	case atom.Del, atom.S, atom.Strike:
		return true
	}
	if strings.Contains(strings.ToLower(attrOf(n, "style")), "line-through") {
		return true
	}
	v := strings.ToLower(attrOf(n, "class") + " " + attrOf(n, "data-testid") + " " + attrOf(n, "data-test"))
	if v == " " {
		return false
	}
	for _, tok := range strings.FieldsFunc(v, func(r rune) bool { return r == ' ' }) {
		for _, w := range oldPriceWords {
			if strings.Contains(tok, w) && !strings.Contains(tok, "bold") && !strings.Contains(tok, "hold") &&
				!strings.Contains(tok, "golden") && !strings.Contains(tok, "threshold") {
				return true
			}
		}
	}
	return false
}

// inCrossedOut reports n or one of its ancestors up to top crossed out.
func inCrossedOut(n, top *html.Node) bool {
	for a, d := n, 0; a != nil && d < maxClimb; a, d = a.Parent, d+1 {
		if crossedOut(a) {
			return true
		}
		if a == top {
			break
		}
	}
	return false
}
