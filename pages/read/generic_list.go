package read

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"rentwatch/listing"
)

// resultList is the list a shape group was found in: the containers of
// one class signature whose children are the cards.
type resultList struct {
	group   linkGroup
	parents map[*html.Node]bool
	cards   []*html.Node // children holding one or two of the group's URLs
	tag     string       // the cards' usual tag
}

// cardURLs counts the distinct URLs of a group under one child, up to 3.
type cardURLs struct {
	first, second string
	n             int
}

func (c *cardURLs) add(u string) {
	switch {
	case c.n == 0:
		c.first, c.n = u, 1
	case u == c.first || (c.n >= 2 && u == c.second):
	case c.n == 1:
		c.second, c.n = u, 2
	default:
		c.n = 3
	}
}

type parentStat struct {
	children map[*html.Node]*cardURLs
	order    []*html.Node
}

// findResultList climbs from each link of group g and scores every family
// of same-signature containers by U²/C, where C counts their children that
// hold exactly one of the group's URLs and U the distinct URLs among those
// (halved for containers that hold one card each):
// the real result list has one URL per card (U = C), a card's inner parts
// repeat the card's URL (U = C/2), and a list of rows holds several URLs
// per row (not counted).
func findResultList(links []pageLink, g linkGroup) (resultList, float64) {
	stats, parents := climbParents(links, g)
	best, bestScore := bestFamily(stats, parents)
	if best == nil {
		return resultList{}, 0
	}
	return listOf(g, best, stats, parents), bestScore
}

// listOf is the result list of family best: its containers' children
// that hold one or two of the group's URLs.
func listOf(g linkGroup, best *family, stats map[*html.Node]*parentStat, parents []*html.Node) resultList {
	rl := resultList{group: g, parents: map[*html.Node]bool{}}
	tags := map[string]int{}
	for _, p := range best.parents {
		rl.parents[p] = true
		st := stats[p]
		for _, c := range st.order {
			if st.children[c].n <= 2 {
				rl.cards = append(rl.cards, c)
				tags[c.Data]++
			}
		}
	}
	for t, n := range tags {
		if n > tags[rl.tag] || (n == tags[rl.tag] && t < rl.tag) {
			rl.tag = t
		}
	}
	extendList(&rl, stats, parents)
	return rl
}

// climbParents records, for every ancestor of the group's links, which of
// its children hold which of the group's URLs; parents in the order met.
func climbParents(links []pageLink, g linkGroup) (map[*html.Node]*parentStat, []*html.Node) {
	stats := map[*html.Node]*parentStat{}
	var parents []*html.Node
	for _, i := range g.links {
		l := links[i]
		child := l.node
		for d := 0; d < maxClimb && child.Parent != nil; d++ {
			p := child.Parent
			st := stats[p]
			if st == nil {
				st = &parentStat{children: map[*html.Node]*cardURLs{}}
				stats[p] = st
				parents = append(parents, p)
			}
			cu := st.children[child]
			if cu == nil {
				cu = &cardURLs{}
				st.children[child] = cu
				st.order = append(st.order, child)
			}
			cu.add(l.listing())
			child = p
		}
	}
	return stats, parents
}

// family is the containers of one class signature.
type family struct {
	parents []*html.Node
	singles int // children holding exactly one URL
	urls    map[string]bool
}

// bestFamily scores the families of containers (see findResultList).
// Containers in a rail (recently viewed, recommendations, carousels) are
// never a result list.
func bestFamily(stats map[*html.Node]*parentStat, parents []*html.Node) (*family, float64) {
	var best *family
	bestScore := 0.0
	for _, f := range families(stats, parents) {
		if score := familyScore(f); score > bestScore {
			best, bestScore = f, score
		}
	}
	return best, bestScore
}

// families groups the containers by class signature, in the order met.
func families(stats map[*html.Node]*parentStat, parents []*html.Node) []*family {
	fams := map[string]*family{}
	var famOrder []*family
	rails := railChecker{}
	for _, p := range parents {
		st, singles := stats[p], 0
		if rails.isRail(p) {
			continue
		}
		sig := classSignature(p)
		f := fams[sig]
		for _, c := range st.order {
			if cu := st.children[c]; cu.n == 1 {
				if f == nil {
					f = &family{urls: map[string]bool{}}
					fams[sig] = f
					famOrder = append(famOrder, f)
				}
				singles++
				f.urls[cu.first] = true
			}
		}
		if singles > 0 {
			f.parents = append(f.parents, p)
			f.singles += singles
		}
	}
	return famOrder
}

// familyScore is U²/C (see findResultList); a container with one card is
// a wrapper, not a list: a family of wrappers (one per card) scores half.
func familyScore(f *family) float64 {
	u, perParent := float64(len(f.urls)), float64(f.singles)/float64(len(f.parents))
	return u * u / float64(f.singles) * min(1, perParent/2)
}

// priceShare is the share of cards that show a price.
func priceShare(cards []*html.Node) float64 {
	if len(cards) == 0 {
		return 0
	}
	n := 0
	for _, c := range cards {
		if cardPrice(c) != "" {
			n++
		}
	}
	return float64(n) / float64(len(cards))
}

// cardLinks is one card of the result list and the usable links in it.
type cardLinks struct {
	node  *html.Node
	links []int
	ad    bool // some link in the card is marked as an ad
}

// titleShare is the share of the list's cards whose link of the group is
// the card's title: in or around a heading, or named like a title. The
// listing link of a card carries its title; an agent, save or contact link
// beside it (same site, maybe with an id of its own) does not.
func titleShare(links []pageLink, rl resultList) float64 {
	if len(rl.cards) == 0 {
		return 0
	}
	isCard := make(map[*html.Node]bool, len(rl.cards))
	for _, c := range rl.cards {
		isCard[c] = true
	}
	titled := map[*html.Node]bool{}
	for _, i := range rl.group.links {
		l := links[i]
		card := l.node
		for d := 0; d < maxClimb && card != nil && !isCard[card]; d++ {
			card = card.Parent
		}
		if card != nil && isCard[card] && !titled[card] && isTitleLink(l.node, card) {
			titled[card] = true
		}
	}
	return float64(len(titled)) / float64(len(rl.cards))
}

// isTitleLink reports whether link is the card's title link: it sits in
// or holds a heading, or it or an element in it is named like a title.
func isTitleLink(link, card *html.Node) bool {
	if inHeading(link, card) {
		return true
	}
	for n := link; n != nil && n != card; n = n.Parent {
		if namedTitle(n) {
			return true
		}
	}
	return findFirst(link, namedTitle) != nil
}

// readResultList turns the list's cards into listings. Every child of the
// list's containers that holds a listing-like link is a card, also when
// its URL has another shape than the group's (pararius lists project
// units between ordinary homes); ad-marked cards are left out.
func readResultList(links []pageLink, usable []int, rl resultList, pc pageContext, strict bool) []listing.Listing {
	validCard := map[*html.Node]bool{}
	for _, c := range rl.cards {
		validCard[c] = true
	}
	isUsable := make(map[int]bool, len(usable))
	for _, i := range usable {
		isUsable[i] = true
	}
	byNode := map[*html.Node]*cardLinks{}
	var cards []*cardLinks
	hasPrice := map[*html.Node]bool{}
	priced := func(card *html.Node) bool {
		p, ok := hasPrice[card]
		if !ok {
			p = cardPrice(card) != ""
			hasPrice[card] = p
		}
		return p
	}
	for i, l := range links {
		// a link of another shape without an id counts only inside a card
		// of the list that shows a price (zillow's building cards, /b/<name>/)
		offShape := !l.shape.hasID && l.shape.key != rl.group.key
		child := l.node
		for d := 0; d < maxClimb && child.Parent != nil && !rl.parents[child.Parent]; d++ {
			child = child.Parent
		}
		if child.Parent == nil || !rl.parents[child.Parent] || (!validCard[child] && child.Data != rl.tag) {
			continue
		}
		if offShape && (validCard[child] || !priced(child)) {
			continue
		}
		if ownShapeSearch(pc, l, rl.group.key) {
			continue
		}
		cl := byNode[child]
		if cl == nil {
			cl = &cardLinks{node: child}
			byNode[child] = cl
			cards = append(cards, cl)
		}
		cl.ad = cl.ad || l.ad
		if isUsable[i] {
			cl.links = append(cl.links, i)
		}
	}
	var out []listing.Listing
	var at []labelCard
	pc.sawCards(len(cards))
	read := map[string]bool{}
	for _, cl := range cards {
		if len(read) >= MaxListings {
			break // a page of thousands: the first MaxListings are read (Reading.Cut)
		}
		// a paid card often marks only its links (wg-gesucht's premium_ads)
		if (strict && cl.ad) || isAdBlock(cl.node) || hasAdBadge(cl.node) {
			continue
		}
		main := mainLink(links, cl, rl.group.key)
		if main < 0 {
			continue
		}
		var same []*html.Node
		for _, i := range cl.links {
			if links[i].url == links[main].url {
				same = append(same, links[i].node)
			}
		}
		read[links[main].url] = true
		out = append(out, readCard(cl.node, links[main].url, same, pc))
		at = append(at, labelCard{cl.node, same})
	}
	return placeOverKinds(retitleLabels(out, at))
}

// mainLink picks the card's link to its listing: the one in (or around)
// the card's heading or named like a title, of the list's shape, and
// repeated (image and title both link to it); the first on ties.
func mainLink(links []pageLink, cl *cardLinks, groupKey string) int {
	score := map[string]int{}
	first := map[string]int{}
	var order []string
	for _, i := range cl.links {
		l := links[i]
		if _, ok := first[l.url]; !ok {
			first[l.url] = i
			order = append(order, l.url)
			if l.shape.key == groupKey {
				score[l.url] += 2
			}
		}
		score[l.url]++
		if isTitleLink(l.node, cl.node) {
			score[l.url] += 3
		}
	}
	best, bestScore := -1, -1
	for _, u := range order {
		if score[u] > bestScore {
			best, bestScore = first[u], score[u]
		}
	}
	return best
}

// inHeading reports whether link sits in a heading below card or holds one.
func inHeading(link, card *html.Node) bool {
	for n := link; n != nil && n != card; n = n.Parent {
		if isHeading(n) {
			return true
		}
	}
	return findFirst(link, isHeading) != nil
}

// The building rule (issue 23, class 6): a page of flats to let groups
// its results by building: the building's name heads a table (or a list)
// whose rows are its flats, each row with its rent, its layout and a
// "details" link. A row has no headline of its own; its title is its
// building's, the title just before the table in the group around it.

// maxGroupDepth bounds how far above a row its group is looked for.
const maxGroupDepth = 4

// groupTitle is the title of the group a row card sits in: for a table
// row (or its own tbody) or a list item, the last title element or
// heading before it in one of its nearest ancestors, past the rows before
// it; "" for any other card.
func groupTitle(card *html.Node) string {
	if card.DataAtom != atom.Tr && card.DataAtom != atom.Tbody && card.DataAtom != atom.Li {
		return ""
	}
	child := card
	for depth := 0; depth < maxGroupDepth && child.Parent != nil; depth++ {
		for sib := child.PrevSibling; sib != nil; sib = sib.PrevSibling {
			// the rows before it are its building's other flats
			if sib.Type != html.ElementNode || sib.DataAtom == card.DataAtom {
				continue
			}
			if t := lastTitleIn(sib); t != "" {
				return t
			}
		}
		child = child.Parent
	}
	return ""
}

// lastTitleIn is the text of the last title element or heading under n
// (n itself included) that is a title.
func lastTitleIn(n *html.Node) string {
	out := ""
	try := func(e *html.Node) {
		if !isHeading(e) && !titleElement(e) {
			return
		}
		if t := headline(e); titleText(t, true) {
			out = t
		}
	}
	try(n)
	forEachElement(n, try)
	return out
}

// readCard reads one card: title, price, place and image around its main
// link, whose elements in the card are mains.
func readCard(card *html.Node, mainURL string, mains []*html.Node, pc pageContext) listing.Listing {
	title := cardTitle(card, mains)
	if title == "" {
		title = groupTitle(card)
	}
	l := listing.Listing{
		ID:    mainURL,
		URL:   mainURL,
		Title: title,
		Price: cardPrice(card),
		Place: cardPlace(card),
		Image: cardImage(card, pc),
	}
	if l.Image == "" {
		l.Image = listingLinkPhoto(mains, pc)
	}
	cardFacts(card, &l)
	return l
}

// isPriceText reports a text that is mostly a price ("£1,650 per month"):
// many portals make the price the card's heading, which is no title.
func isPriceText(t string) bool {
	p := findPrice(t)
	return p != "" && len(p)*2 >= len(t)
}

// cardPlace is the card's <address>, or an element named like an address
// or location.
func cardPlace(card *html.Node) string {
	n := findFirst(card, func(n *html.Node) bool {
		if n.DataAtom == atom.Address {
			return true
		}
		c := strings.ToLower(attrOf(n, "class") + " " + attrOf(n, "data-testid"))
		return strings.Contains(c, "address") || strings.Contains(c, "location") || strings.Contains(c, "subtitle")
	})
	if n == nil {
		return ""
	}
	return nodeText(n)
}

func canonicalImage(pc pageContext, v string) string {
	if v == "" || strings.HasPrefix(v, "data:") {
		return ""
	}
	u, ok := resolveLink(pc.base, v)
	if !ok {
		return ""
	}
	return u.String()
}
