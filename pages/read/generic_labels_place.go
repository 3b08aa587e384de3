package read

import (
	"strings"

	"golang.org/x/net/html"

	"rentwatch/listing"
)

// The label-slot rule (issue 23, class 6): some result lists put only the
// kind of home in the card's title element ("Appartement", "Maison 1
// étage", "Studio": seloger.com) and name the home by its address line
// below the facts ("Goutte d'Or-Château Rouge à Paris 18ème (75018)").
// The repeated-label rule took the one-word kind for a town the cards
// share and kept it; but every card headed by it gives its place apart,
// so it is a kind. Then the card's other texts are no surer a title (a
// tax-scheme badge, an agency's name), and the place is: it is each such
// card's title, and so it is on the other cards whose title sits in the
// same element as the kind (the rarer kinds, "Maison 1 étage", heading
// fewer cards). It goes by what repeats, where the place is and which
// element the title sits in, in any language.

// placeOverLabels retitles, by their place, the cards whose title is a
// label or comes from the element the labels sit in. The places must be
// the cards' own: mostly distinct.
func placeOverLabels(out []listing.Listing, cards []labelCard, labels map[string]bool) []listing.Listing {
	slots := map[string]bool{}
	for i, l := range out {
		if labels[l.Title] {
			if n := titleNode(cards[i].node, l.Title); n != nil {
				slots[classSignature(n)] = true
			}
		}
	}
	var retitle []int
	places := map[string]bool{}
	for i, l := range out {
		if l.Place == "" || l.Place == l.Title || !titleText(l.Place, true) {
			continue
		}
		if n := titleNode(cards[i].node, l.Title); labels[l.Title] || (n != nil && slots[classSignature(n)]) {
			retitle = append(retitle, i)
			places[l.Place] = true
		}
	}
	if len(retitle) == 0 || 2*len(places) < len(retitle) {
		return out
	}
	for _, i := range retitle {
		out[i].Title = out[i].Place
	}
	return out
}

// titleNode is the innermost element under card whose text is title.
func titleNode(card *html.Node, title string) *html.Node {
	n := findFirst(card, func(n *html.Node) bool { return nodeText(n) == title })
	for n != nil {
		var inner *html.Node
		for k := n.FirstChild; k != nil; k = k.NextSibling {
			if k.Type == html.ElementNode && nodeText(k) == title {
				inner = k
				break
			}
		}
		if inner == nil {
			return n
		}
		n = inner
	}
	return nil
}

// placedElsewhere reports that every card headed t gives a place of its
// own that does not hold t: a one-word heading many cards share
// ("Appartement") is then a kind, not the town they share.
func placedElsewhere(out []listing.Listing, t string) bool {
	for _, l := range out {
		if l.Title == t && (l.Place == "" || strings.Contains(l.Place, t)) {
			return false
		}
	}
	return true
}
