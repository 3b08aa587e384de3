package read

import (
	"golang.org/x/net/html"

	"rentwatch/listing"
)

// The repeated-label rule (issue 23, class 6): many result lists head
// every card alike with the home's type and the deal ("Departamento en
// Venta", "For Sale", "Rumah Dijual", in the portal's language) and give
// each card's own name or address below it. The title rules, card by
// card, took the label: it is the card's heading. Across the list it is
// plain that it is no card's title, in any language: the same text heads
// most cards (three in five). Such a text is set aside and each card's own title read
// without it; where the cards have no text of their own past it (the
// texts read instead repeat too, show the price, or there are none), the
// label stays. A place many cards share is no label.

// labelCard is a card of a result list and its main links, for rereading.
type labelCard struct {
	node  *html.Node
	mains []*html.Node
}

// retitleLabels rereads the titles of the cards in out (cards[i] is
// out[i]'s) whose title heads at least three cards and three in five
// (the same advertisement for several flats heads fewer: an agency's
// four units of one house among nine results keep their headline).
func retitleLabels(out []listing.Listing, cards []labelCard) []listing.Listing {
	if len(out) < 4 || len(out) != len(cards) {
		return out
	}
	count := map[string]int{}
	for _, l := range out {
		count[l.Title]++
	}
	labels := map[string]bool{}
	kind := false
	for t, n := range count {
		if t == "" || n < 3 || 5*n < 3*len(out) || postcodeRe.MatchString(t) {
			continue
		}
		// a place that many cards share ("40627 Düsseldorf") is still each
		// card's place: no label, unless the cards give their place apart
		// (a kind, "Appartement": the label-slot rule)
		if !areaLine(t) {
			labels[t] = true
		} else if placedElsewhere(out, t) {
			labels[t], kind = true, true
		}
	}
	if len(labels) == 0 {
		return out
	}
	if kind {
		return placeOverLabels(out, cards, labels)
	}
	// a text read instead may repeat too (a call to action, "Ver"): it
	// joins the labels, and the cards are read again, up to three times
	for round := 0; round < 3; round++ {
		titles := make([]string, len(out))
		seen := map[string]int{}
		changed := 0
		for i, l := range out {
			if !labels[l.Title] {
				continue
			}
			if t := titleWithout(cards[i], labels); t != "" && !labels[t] && titleText(t, true) && !showsMoney(t) {
				titles[i] = t
				seen[t]++
				changed++
			}
		}
		repeated := false
		for t, n := range seen {
			if n >= 3 && 5*n >= 2*changed {
				labels[t], repeated = true, true
			}
		}
		if repeated {
			continue
		}
		// the texts read instead must be the cards' own: mostly distinct
		if changed == 0 || 2*len(seen) < changed {
			return placeOverLabels(out, cards, labels)
		}
		for i, t := range titles {
			if t != "" {
				out[i].Title = t
			}
		}
		return out
	}
	return out
}

// titleWithout is the card's title with the innermost elements whose
// text is a label taken out of the page for the reading (and put back).
func titleWithout(c labelCard, labels map[string]bool) string {
	type spot struct{ e, parent, next *html.Node }
	var out []spot
	for label := range labels {
		e := findFirst(c.node, func(n *html.Node) bool { return nodeText(n) == label })
		if e == nil || e == c.node {
			continue
		}
		for inner := e; inner != nil; {
			e, inner = inner, nil
			for k := e.FirstChild; k != nil; k = k.NextSibling {
				if k.Type == html.ElementNode && nodeText(k) == label {
					inner = k
					break
				}
			}
		}
		out = append(out, spot{e, e.Parent, e.NextSibling})
		e.Parent.RemoveChild(e)
	}
	// a main link taken out with its label (a "Ver" link) is not read
	mains := make([]*html.Node, 0, len(c.mains))
	for _, m := range c.mains {
		if within(m, c.node) {
			mains = append(mains, m)
		}
	}
	t := cardTitle(c.node, mains)
	for i := len(out) - 1; i >= 0; i-- {
		out[i].parent.InsertBefore(out[i].e, out[i].next)
	}
	return t
}

// within reports n at or below root.
func within(n, root *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n == root {
			return true
		}
	}
	return false
}
