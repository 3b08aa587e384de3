package read

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"rentwatch/listing"
)

// maxFewCards is the most cards readFew reads: past that the list
// scoring of readCards has enough repetition to go on.
const maxFewCards = 3

// maxSmallPage is the most results readFew reads (issue 23, class 4: a
// small agency's page with one to five houses for sale): with four or
// five cards the list scoring may still see too little repetition.
const maxSmallPage = 5

// showsAmount reports a card that shows a price, or, as an agency's card
// for a house not yet priced does, its size or rooms.
func showsAmount(card *html.Node) bool {
	t := priceText(card)
	if findPrice(t) != "" {
		return true
	}
	if s, _ := findSize(t); s != "" {
		return true
	}
	// a count of rooms, not a bedroom count: "2 bed flat" names a type,
	// and says nothing of whether the card is a result
	return roomsCount(t) > 0
}

// readFew reads a search with one to five results, which readCards
// cannot tell from navigation because nothing repeats. It takes only
// cards that are clearly results: each holds the title link of one
// listing (a URL with an id, in or around a heading or named like a
// title), shows an amount, and is a list item, table row or article, or
// sits in the page's <main>; never in an <aside> or an ad block. A
// zero-result page with a few recommendations in a sidebar stays empty.
func readFew(links []pageLink, pc pageContext) []listing.Listing {
	var order []string
	titleLink := map[string]int{}
	for i, l := range links {
		if l.hidden || l.ad || !l.shape.hasID || !nearTitle(l.node) {
			continue
		}
		k := l.listing()
		if _, ok := titleLink[k]; !ok {
			titleLink[k] = i
			order = append(order, k)
		}
	}
	if len(order) == 0 || len(order) > maxSmallPage {
		return nil
	}
	var out []listing.Listing
	for _, k := range order {
		l := links[titleLink[k]]
		card := fewCard(l.node, titleLink, k, links)
		if card == nil || !clearlyResult(card) || !showsAmount(card) || isAdBlock(card) || hasAdBadge(card) {
			continue
		}
		var same []*html.Node
		for _, o := range links {
			if o.url == l.url && isAncestor(card, o.node) {
				same = append(same, o.node)
			}
		}
		out = append(out, readCard(card, l.url, same, pc))
	}
	return out
}

// fewCard climbs from a listing's title link to the biggest element that
// holds no other listing's title link: the listing's card.
func fewCard(link *html.Node, titleLink map[string]int, key string, links []pageLink) *html.Node {
	others := make([]*html.Node, 0, len(titleLink))
	for k, i := range titleLink {
		if k != key {
			others = append(others, links[i].node)
		}
	}
	card := link
	for d := 0; d < maxClimb && card.Parent != nil; d++ {
		if card.DataAtom == atom.Li || card.DataAtom == atom.Article || card.DataAtom == atom.Tr {
			return card // the natural bounds of a card
		}
		p := card.Parent
		if p.DataAtom == atom.Body || p.DataAtom == atom.Main || p.Type != html.ElementNode {
			break
		}
		for _, o := range others {
			if isAncestor(p, o) {
				return card
			}
		}
		card = p
	}
	return card
}

// clearlyResult reports a card that is a list item, table row or article,
// or sits in <main>; and not in an <aside>.
func clearlyResult(card *html.Node) bool {
	inMain := false
	for n := card; n != nil; n = n.Parent {
		if n.DataAtom == atom.Aside || attrOf(n, "role") == "complementary" {
			return false
		}
		if n.DataAtom == atom.Main || attrOf(n, "role") == "main" {
			inMain = true
		}
	}
	switch card.DataAtom {
	case atom.Li, atom.Tr, atom.Article:
		return true
	}
	return inMain
}

// nearTitle reports a link in or around a heading, or named like a title
// itself, in an element it holds or in one of its three nearest ancestors.
func nearTitle(link *html.Node) bool {
	if inHeading(link, nil) || findFirst(link, namedTitle) != nil {
		return true
	}
	n := link.Parent
	for d := 0; d < 3 && n != nil && n.Type == html.ElementNode; d++ {
		if namedTitle(n) {
			return true
		}
		n = n.Parent
	}
	return false
}
