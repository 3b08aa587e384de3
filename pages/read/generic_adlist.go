package read

import "golang.org/x/net/html"

// The named-list rule (issue 23, class 5): a block whose class calls it an
// ad ("advert", "ads", "advertentie") is set aside as a paid slot, but
// many portals call their listings adverts: nekretnine.rs keeps its
// twenty results in div.advert-list, so the whole result list was set
// aside and a sidebar of three magazine articles read instead. Paid slots
// are few on a page and each holds one home or a handful; a block that
// holds many listings of their own id is the page's list of adverts,
// whatever its name. Its links are read like any others.

// minAdList is the number of distinct listings with an id that makes an
// ad-named block a list rather than a paid slot.
const minAdList = 8

// unmarkAdLists clears the ad mark of links whose nearest ad-named
// ancestor block holds at least minAdList distinct listings with an id.
// A link marked by its own URL (a banner through a redirect) stays marked.
func unmarkAdLists(links []pageLink) {
	blockOf := make([]*html.Node, len(links))
	held := map[*html.Node]map[string]bool{}
	for i, l := range links {
		if !l.ad {
			continue
		}
		b := adBlockOf(l.node)
		if b == nil {
			continue
		}
		blockOf[i] = b
		if l.shape.hasID {
			if held[b] == nil {
				held[b] = map[string]bool{}
			}
			held[b][l.listing()] = true
		}
	}
	for i, b := range blockOf {
		if b != nil && len(held[b]) >= minAdList {
			links[i].ad = false
		}
	}
}

// adBlockOf is n's nearest ancestor (or n) that isAdBlock names, below
// the page's root elements; nil when the mark came from elsewhere.
func adBlockOf(n *html.Node) *html.Node {
	for d := 0; n != nil && n.Type == html.ElementNode && !pageRoot(n) && d < maxClimb; n, d = n.Parent, d+1 {
		if isAdBlock(n) {
			return n
		}
	}
	return nil
}
