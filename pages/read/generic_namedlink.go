package read

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The named-link rule (issue 23, class 6): a card whose visible text is
// only its price and facts ("$3,100/mo", "3 bds") often names the listing
// in its markup instead: the link's title or aria-label attribute, or the
// alt text of the photo in that link. The lenient pass took the facts line
// for the title, and the attributes were tried only after it. Where the
// lenient title is such a line, they now come before it, where they read
// as a title strictly and show no price (a title attribute that strings
// the headline, the place and the price together is no better); an alt
// text only with three words or more ("Image", "Living Room" are a
// photo's, not the listing's). A headline that starts with the price
// ("$1,850 · Quiet studio by the park", refused strictly for its price)
// is the headline after it. A lenient title refused for its length or its
// place line stays: it is the card's own headline.

// overFacts is the title for a card whose lenient title is t: the
// headline after a price t starts with, else the name the markup gives
// where t is a line of facts or amounts, else t.
func overFacts(t string, card *html.Node, mains []*html.Node) string {
	if a := afterPrice(t); a != t {
		return a
	}
	if factsLine(t) || moneyish(t) {
		if n := namedLink(mains); n != "" {
			return n
		}
	}
	return t
}

// namedLink is the title a main link's title or aria-label attribute, or
// the alt text of the first photo in a main link, gives; "" when none
// reads as one.
func namedLink(mains []*html.Node) string {
	for _, link := range mains {
		for _, k := range []string{"title", "aria-label"} {
			if t := cleanText(attrOf(link, k)); titleText(t, true) && !showsMoney(t) {
				return t
			}
		}
	}
	for _, link := range mains {
		img := findFirst(link, func(n *html.Node) bool { return n.DataAtom == atom.Img && attrOf(n, "alt") != "" })
		if img == nil {
			continue
		}
		if t := cleanText(attrOf(img, "alt")); len(strings.Fields(t)) >= 3 && titleText(t, true) && !showsMoney(t) {
			return t
		}
		return ""
	}
	return ""
}

// showsMoney reports a text with a currency sign or a price in it.
func showsMoney(t string) bool {
	return strings.ContainsAny(t, "€£$¥₹₽₺₴₪₩₱฿₫") || findPrice(t) != ""
}

// afterPrice is t without a price it starts with and the separator after
// it, where what follows reads as a title strictly; else t.
func afterPrice(t string) string {
	p := findPrice(t)
	if p == "" || !strings.HasPrefix(tidyPrice(t), p) {
		return t
	}
	rest := strings.TrimLeft(strings.TrimPrefix(tidyPrice(t), p), " ·-–—|:/,")
	if titleText(rest, true) {
		return rest
	}
	return t
}
