package read

import (
	"net/url"
	"sort"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"rentwatch/listing"
)

// The aggregator rule (issue 23, class 2): some search pages send every
// result, or some of them, to another site: a city's housing portal lists
// the flats of several landlords and links each to the landlord's own
// page; a classifieds site shows its partner portal's listings among its
// own. The generic reader looks for the page's own links first; then:
//
//   - cards of the chosen result list whose only listing link leads to
//     another site are read too (withOffsiteCards), where they carry a
//     price like the others;
//   - a page whose own links make no result list is read from its links
//     to other sites, all grouped as one shape whatever their site, where
//     they point at a listing (an id in the URL) and are not a share
//     button's (readOffsite); also when they sit in a card's collapsed
//     details, as the landlords' "Alle Details" links do.

// shareHosts are the sites share buttons and social links go to.
var shareHosts = []string{"facebook.com", "twitter.com", "x.com", "linkedin.com", "pinterest.", "whatsapp.", "t.me",
	"telegram.", "reddit.com", "xing.com", "vk.com", "instagram.com", "youtube.com", "google.", "apple.com"}

func shareHost(host string) bool {
	h := strings.ToLower(host)
	for _, s := range shareHosts {
		if strings.Contains(h, s) {
			return true
		}
	}
	return false
}

// offsiteListingLink returns the card's link to another site's listing
// page (http or https, an id in its path or query, no share host).
func offsiteListingLink(card *html.Node, pc pageContext) (*html.Node, string) {
	var node *html.Node
	var target string
	findFirst(card, func(n *html.Node) bool {
		if n.DataAtom != atom.A {
			return false
		}
		u, ok := resolveLink(pc.base, attrOf(n, "href"))
		if !ok || (u.Scheme != "http" && u.Scheme != "https") || SiteOf(u.Host) == pc.site || shareHost(u.Host) {
			return false
		}
		if s := shapeOf(u); !s.hasID && len(s.query) == 0 && !hasQueryID(u) {
			return false
		}
		node, target = n, u.String()
		return true
	})
	return node, target
}

// hasQueryID reports a query value that looks like a listing's id.
func hasQueryID(u *url.URL) bool {
	for k, vs := range u.Query() {
		if len(vs) > 0 && idParam(k) && (idToken(vs[0]) != "" || allDigits(vs[0])) {
			return true
		}
	}
	return false
}

// withOffsiteCards adds to the listings read off rl the cards of rl's
// containers that hold no listing of the page's site but a priced link to
// another site's listing, in the containers' order.
func withOffsiteCards(rl resultList, got []listing.Listing, pc pageContext) []listing.Listing {
	if len(got) < 2 {
		return got
	}
	read := make(map[string]bool, len(got))
	for _, l := range got {
		read[l.URL] = true
	}
	type placed struct {
		at int
		l  listing.Listing
	}
	var cards []*html.Node
	for p := range rl.parents {
		for c := p.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				cards = append(cards, c)
			}
		}
	}
	if len(cards) <= len(got) {
		return got // every card is read: nothing left to lead elsewhere
	}
	sort.SliceStable(cards, func(i, j int) bool { return docBefore(cards[i], cards[j]) })
	var out []placed
	pos := map[string]int{}
	added := 0
	for i, c := range cards {
		own := false
		forEachElement(c, func(n *html.Node) {
			if u, ok := resolveLink(pc.base, linkTarget(n)); ok && read[u.String()] {
				if _, seen := pos[u.String()]; !seen {
					pos[u.String()] = i
				}
				own = true
			}
		})
		if own || cardPrice(c) == "" {
			continue
		}
		if a, target := offsiteListingLink(c, pc); a != nil {
			out = append(out, placed{i, readCard(c, target, []*html.Node{a}, pc)})
			added++
		}
	}
	if added == 0 {
		return got
	}
	// a partner portal's listing drawn as one of the results is built from
	// the results' card (same tag, class and hooks); a partner's ad among
	// them is built otherwise ("clicked_partner airbnb_ad")
	sigs := map[string]int{}
	for _, i := range pos {
		sigs[cardSignature(cards[i])]++
	}
	common, best := "", 0
	for sg, n := range sigs {
		if n > best || (n == best && sg < common) {
			common, best = sg, n
		}
	}
	kept := out[:0]
	for _, p := range out {
		if c := cards[p.at]; cardSignature(c) == common {
			kept = append(kept, p)
		}
	}
	out = kept
	for _, l := range got {
		at, ok := pos[l.URL]
		if !ok {
			at = len(cards)
		}
		out = append(out, placed{at, l})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].at < out[j].at })
	res := make([]listing.Listing, len(out))
	for i, p := range out {
		res[i] = p.l
	}
	return res
}

// cardSignature is a card's tag, class words and test hooks.
func cardSignature(n *html.Node) string {
	return n.Data + "." + attrOf(n, "class") + "|" + attrOf(n, "data-cy") + "|" + attrOf(n, "data-testid")
}

// readOffsite reads a page whose results all lead to other sites.
func readOffsite(root *html.Node, pc pageContext) []listing.Listing {
	var links []pageLink
	for _, l := range collectLinksOf(root, pc, true) {
		u, err := url.Parse(l.url)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || shareHost(u.Host) || l.ad {
			continue
		}
		if !l.shape.hasID && !hasQueryID(u) {
			continue
		}
		// one shape for all: the landlords' sites differ, the cards do not
		l.shape.key, l.shape.hasID = "offsite", true
		if l.shape.id == "" {
			l.shape.id = l.url
		}
		links = append(links, l)
	}
	usable := make([]int, len(links))
	for i := range links {
		usable[i] = i
	}
	got := readCards(links, usable, pc, true, nil)
	// a page of links to other sites that is no search (documentation,
	// a blog's link list) has no prices: results on other sites do
	priced := 0
	for _, l := range got {
		if l.Price != "" {
			priced++
		}
	}
	if len(got) < 2 || 2*priced < len(got) {
		return nil
	}
	return got
}
