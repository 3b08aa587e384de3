package read

import (
	"strings"

	"golang.org/x/net/html"
)

// The leaf price rule (issue 23, class 7): a card's price block may hold
// the total with no currency written (a myriad count, "520 万", or a bare
// amount whose currency is the country's) beside the price per area with
// its currency ("单价 61000 元/平米", "48 000 Kč/m²"). No amount with a
// currency is the price then, and the short-text fallback took the
// block's whole text, the price per area run on. The block's parts decide
// first: the innermost price element (or, inside a price block, the
// element beside a price per area) that shows a number and no price per
// area is the price.

// leafPrice is the first amount the price elements in priced show (see
// shownAmount), "" when none does.
func leafPrice(priced []*html.Node) string {
	for _, n := range priced {
		if t := shownAmount(n); t != "" {
			return unlabelPrice(t)
		}
	}
	return ""
}

// shownAmount is n's text where n holds no other price element and shows
// a digit in a short text with no price per area; where it holds price
// elements, the first such text among its children (a total written
// beside the average per area, "总价180万/套起", counts); an element
// showing a price per area is passed with all below it.
func shownAmount(n *html.Node) string {
	if !hasPriceInside(n) {
		t := nodeText(n)
		if t == "" || len([]rune(t)) > 30 || !strings.ContainsAny(t, "0123456789") || perAreaText(t) {
			return ""
		}
		return t
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			if t := shownAmount(c); t != "" {
				return t
			}
		}
	}
	return ""
}

// hasPriceInside reports an element below n named like a price.
func hasPriceInside(n *html.Node) bool {
	found := false
	forEachElement(n, func(c *html.Node) {
		found = found || isPriceElement(c)
	})
	return found
}

// perAreaText reports a text with a price per area in it: a slash and an
// area unit after it ("/m²", "/平米", "/sq ft").
func perAreaText(t string) bool {
	for i := strings.IndexByte(t, '/'); i >= 0; {
		if perArea("", t[i:]) {
			return true
		}
		j := strings.IndexByte(t[i+1:], '/')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}
