package read

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The block-choice rule (issue 23, class 5): a search page often carries,
// beside its result cards, a longer list of links to other searches
// (cities, districts, "similar searches", an SEO footer). Its links have
// ids and it has more of them, so by links alone it outscores the
// results. A result card says more than its link: a price, a size, a
// photo or a line of text of its own; a link list's item is its link and
// nothing else. A list's score is weighed by the share of its cards that
// say more (richShare).

// richShare is the share of cards that hold more than their links' text:
// a price, a photo, or 12 characters of text outside links.
// A long list is judged on an even sample of richSample cards.
func richShare(cards []*html.Node) float64 {
	if len(cards) == 0 {
		return 0
	}
	step := max(1, len(cards)/richSample)
	n, seen := 0, 0
	for i := 0; i < len(cards); i += step {
		seen++
		if richCard(cards[i]) {
			n++
		}
	}
	return float64(n) / float64(seen)
}

const richSample = 40

func richCard(card *html.Node) bool {
	if findFirst(card, func(n *html.Node) bool { return n.DataAtom == atom.Img || n.DataAtom == atom.Picture }) != nil {
		return true
	}
	own := 0
	var walk func(n *html.Node, inLink bool)
	walk = func(n *html.Node, inLink bool) {
		if own >= 12 {
			return
		}
		switch n.Type {
		case html.TextNode:
			if !inLink {
				own += len([]rune(cleanText(n.Data)))
			}
			return
		case html.ElementNode:
			if hidesText(n) {
				return
			}
			inLink = inLink || n.DataAtom == atom.A
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inLink)
		}
	}
	walk(card, false)
	return own >= 12 || cardPrice(card) != ""
}
