package read

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"rentwatch/listing"
)

// maxDrops caps Reading.Dropped: a log line, not a report.
const maxDrops = 50

// droppedLinks finds the listing links the readers could not follow: a
// javascript: link with no address in it or its handlers, in a card (an
// element around it shows a price) that gave no listing by another link.
// Menu toggles and "javascript:void(0)" buttons outside cards are not
// listings and are not reported.
func droppedLinks(root *html.Node, pc pageContext, read []listing.Listing) []Drop {
	got := make(map[string]bool, len(read))
	for _, l := range read {
		got[l.URL] = true
	}
	var out []Drop
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil && len(out) < maxDrops; c = c.NextSibling {
			if c.Type != html.ElementNode || skipChrome(c, false) {
				continue
			}
			if c.DataAtom == atom.A && isScriptHref(attrOf(c, "href")) && linkTarget(c) == "" {
				if card := priceCard(c); card != nil && !cardRead(card, pc, got) {
					out = append(out, Drop{URL: cleanText(attrOf(c, "href")), Why: "a javascript: link, with no address to open"})
				}
			}
			walk(c)
		}
	}
	walk(root)
	return out
}

// priceCard is the nearest element around a link (up to a few levels)
// that shows a price: the link's card; nil when there is none.
func priceCard(link *html.Node) *html.Node {
	n := link
	for d := 0; d < 5 && n.Parent != nil && n.Parent.Type == html.ElementNode; d++ {
		n = n.Parent
		if pageRoot(n) {
			return nil
		}
		if findPrice(priceText(n)) != "" {
			return n
		}
	}
	return nil
}

// cardRead reports a card with a link to a listing that was read.
func cardRead(card *html.Node, pc pageContext, got map[string]bool) bool {
	return findFirst(card, func(n *html.Node) bool {
		if href := linkTarget(n); href != "" {
			if u, ok := resolveLink(pc.base, href); ok && got[u.String()] {
				return true
			}
		}
		return false
	}) != nil
}
