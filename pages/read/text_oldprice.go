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
// "pricedown_price", "original-price", "previous-price", "alter-preis"),
// or by a utility class that draws the line itself ("line-through", as
// CSS frameworks name it, instead of a style attribute).
var oldPriceWords = []string{"old", "strike", "crossed", "was-price", "wasprice", "price-was", "pricewas",
	"previous", "original-price", "originalprice", "former", "pricedown", "price-before", "before-price",
	"alter-preis", "altpreis", "oude-prijs", "ancien", "precio-anterior", "prezzo-vecchio", "stara-cena", "puvodni",
	"line-through", "linethrough"}

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
	for _, a := range n.Attr {
		switch a.Key {
		case "style":
			if strings.Contains(strings.ToLower(a.Val), "line-through") {
				return true
			}
		case "class", "data-testid", "data-test":
			if oldPriceName(strings.ToLower(a.Val)) {
				return true
			}
		}
	}
	return false
}

// oldPriceName reports a class or hook value with a word naming an old
// price ("price--old"; not "bold", "hold", "golden", "threshold").
func oldPriceName(v string) bool {
	hit := false
	for _, w := range oldPriceWords {
		if strings.Contains(v, w) {
			hit = true
			break
		}
	}
	if !hit {
		return false // the usual case: no word to look at closer
	}
	for _, tok := range strings.Fields(v) {
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
