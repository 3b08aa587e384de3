package read

import "golang.org/x/net/html"

// A search page may show its results in more than one block: a "Top
// offers" grid of paid placements above the regular list, both listings
// of this search. The block's cards are made like the list's (one card
// component rendered into two containers), so after the best family of
// containers is chosen, other containers whose children are the same card
// component, one listing each, join the list; rails and ad blocks do not.

// maxCardChain bounds how far cardSignatures follows a card's only child.
const maxCardChain = 4

// cardSignatures are the class signatures of a card and of the chain of
// its only element children (<li class=item><article class=offer-card>):
// the card component, whatever wrapper the container puts around it.
// Elements without a class say nothing about the component and are left out.
func cardSignatures(c *html.Node, into map[string]bool) {
	for d := 0; c != nil && d < maxCardChain; d++ {
		if attrOf(c, "class") != "" {
			into[classSignature(c)] = true
		}
		c = onlyElementChild(c)
	}
}

// extendList adds to rl the other containers whose children are the same
// card component as rl's cards, two at least, holding one listing each.
func extendList(rl *resultList, stats map[*html.Node]*parentStat, parents []*html.Node) {
	sigs := map[string]bool{}
	for _, c := range rl.cards {
		cardSignatures(c, sigs)
	}
	if len(sigs) == 0 {
		return
	}
	rails := railChecker{}
	chosen := make([]*html.Node, 0, len(rl.parents))
	for p := range rl.parents {
		chosen = append(chosen, p)
	}
	for _, p := range parents {
		if rl.parents[p] {
			continue
		}
		st := stats[p]
		var same []*html.Node
		for _, c := range st.order {
			if st.children[c].n != 1 {
				continue
			}
			cs := map[string]bool{}
			cardSignatures(c, cs)
			for s := range cs {
				if sigs[s] {
					same = append(same, c)
					break
				}
			}
		}
		if len(same) < 2 || nested(p, chosen) || rails.isRail(p) || isAdBlock(p) {
			continue
		}
		rl.parents[p] = true
		chosen = append(chosen, p)
		rl.cards = append(rl.cards, same...)
	}
}

// nested reports whether p holds one of the containers or sits in one.
func nested(p *html.Node, containers []*html.Node) bool {
	for _, c := range containers {
		if isAncestor(p, c) || isAncestor(c, p) {
			return true
		}
	}
	return false
}
