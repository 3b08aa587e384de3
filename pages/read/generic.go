package read

import (
	"net/url"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"rentwatch/listing"
)

// The generic reader knows no portal. It finds the repeated result cards
// of a search page from structure alone, because portal layouts change
// often and most portals have no definition at all:
//
//  1. collect the page's links to its own site outside navigation,
//     header and footer, noting hidden and ad-marked ones;
//  2. group them by URL shape (site, path depth, where the id sits);
//  3. for the biggest groups, find the "family" of list containers whose
//     children each hold exactly one of the group's URLs: the result list;
//  4. every child of those containers is a card; its main link is the
//     listing, and title, price, place and image are read off the card.

// pageLink is one link (an <a>, or an element with data-href or an
// onclick that navigates) found on the page.
type pageLink struct {
	node   *html.Node
	url    string // canonical absolute URL
	shape  urlShape
	hidden bool // inside a hidden element
	ad     bool // inside a block marked as ad, sponsored or partner
}

// listing names the listing a link leads to: its id on the site when the
// URL has one, so a card's detail, save and contact links (all carrying
// the listing's id) count as one listing; else its URL.
func (l pageLink) listing() string {
	if l.shape.hasID {
		return l.shape.base[:strings.IndexByte(l.shape.base, '|')] + "#" + l.shape.id
	}
	return l.url
}

// pageContext is what a reader knows about the page it reads.
type pageContext struct {
	base *url.URL // resolves relative links (<base href> or the page URL)
	page *url.URL // the page itself
	site string   // the page's registrable domain
	// cards, when not nil, keeps the most cards one list or layout of the
	// page had: a reader stops at MaxListings, and Reading.Cut says how
	// many it left.
	cards *int
}

// sawCards notes that a list or layout of the page had n cards.
func (pc pageContext) sawCards(n int) {
	if pc.cards != nil && n > *pc.cards {
		*pc.cards = n
	}
}

// maxClimb bounds every walk up the tree: a result list sits a few levels
// above its links, and broken markup can nest thousands of levels deep.
const maxClimb = 48

var onclickURL = regexp.MustCompile(`(?i)(?:location(?:\.href)?|open|navigate|href|assign|replace)\s*(?:=|\()\s*['"]([^'"]+)['"]`)

// linkTarget returns where an element leads: its href, a data-href-like
// attribute, or the URL in an onclick handler.
func linkTarget(n *html.Node) string {
	switch n.DataAtom {
	case atom.A, atom.Area:
		href := attrOf(n, "href")
		if !isScriptHref(href) {
			return href
		}
		// href="javascript:..." navigates by script: its target may be in
		// the call itself (window.open('/expose/1')) or the handlers below
		if m := onclickURL.FindStringSubmatch(href); m != nil {
			return m[1]
		}
	case atom.Link, atom.Img, atom.Script, atom.Source:
		return ""
	}
	keys := []string{"data-href", "data-url", "data-link", "data-target-url", "data-detail-url"}
	if strings.IndexByte(n.Data, '-') > 0 {
		// a custom element (<listing-card href=...>) navigates like a link
		keys = append(keys, "href")
	}
	for _, k := range keys {
		if v := attrOf(n, k); v != "" {
			return v
		}
	}
	if oc := attrOf(n, "onclick"); oc != "" {
		if m := onclickURL.FindStringSubmatch(oc); m != nil {
			return m[1]
		}
	}
	return ""
}

// bannerURL reports a paid banner drawn like a card: a link through the
// site's own redirect to another site whose query marks it as paid (a
// "commercial" or "ad" flag) or whose target is tagged as a banner click
// (utm_medium "click_on_banner"); seen among the results of a Ukrainian
// portal, leading to builders' sites.
func bannerURL(u *url.URL) bool {
	if u.RawQuery == "" {
		return false
	}
	q := u.Query()
	var target *url.URL
	for _, vs := range q {
		for _, v := range vs {
			if strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "https://") {
				if t, err := url.Parse(v); err == nil && t.Host != "" {
					target = t
				}
			}
		}
	}
	if target == nil || SiteOf(target.Host) == SiteOf(u.Host) {
		return false
	}
	for _, k := range []string{"commercial", "ad", "ads", "sponsored"} {
		if q.Get(k) == "1" || strings.EqualFold(q.Get(k), "true") {
			return true
		}
	}
	return strings.Contains(strings.ToLower(target.Query().Get("utm_medium")), "banner")
}

// isScriptHref reports a javascript: link.
func isScriptHref(href string) bool {
	h := strings.TrimSpace(href)
	return len(h) >= 11 && strings.EqualFold(h[:11], "javascript:")
}

// collectLinks walks the page once and returns its same-site links in
// document order, skipping page chrome and links back to the search itself.
func collectLinks(root *html.Node, pc pageContext) []pageLink {
	return collectLinksOf(root, pc, false)
}

// collectLinksOf is collectLinks for the page's own site, or, offsite,
// for the other sites its results may lead to (see generic_offsite.go).
func collectLinksOf(root *html.Node, pc pageContext, offsite bool) []pageLink {
	var out []pageLink
	var walk func(n *html.Node, inCard, hidden, ad bool)
	walk = func(n *html.Node, inCard, hidden, ad bool) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if skipChrome(c, inCard) {
				continue
			}
			h := hidden || isHidden(c)
			a := ad || (c.DataAtom != atom.Body && c.DataAtom != atom.Html && c.DataAtom != atom.Main && isAdBlock(c))
			if href := linkTarget(c); href != "" {
				if u, ok := resolveLink(pc.base, href); ok && (SiteOf(u.Host) == pc.site) != offsite && !sameSearch(u, pc.page) && !imageFileURL(u) {
					// a URL kept in a data attribute or a handler (a share
					// widget's data-url, a card's onclick) is never shown:
					// its element being hidden says nothing of the card
					shown := c.DataAtom == atom.A || c.DataAtom == atom.Area
					out = append(out, pageLink{node: c, url: u.String(), shape: shapeOf(u), hidden: h && shown, ad: a || bannerURL(u)})
				}
			}
			walk(c, inCard || c.DataAtom == atom.Article || c.DataAtom == atom.Li, h, a)
		}
	}
	walk(root, false, false, false)
	shapes, urls := make([]*urlShape, len(out)), make([]string, len(out))
	for i := range out {
		shapes[i], urls[i] = &out[i].shape, out[i].url
	}
	shapeKeys(shapes, urls)
	return out
}

// skipChrome reports elements that never hold results: scripts, the
// page's navigation, header and footer (a card's own <header> is kept).
func skipChrome(n *html.Node, inCard bool) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Svg, atom.Head,
		atom.Select, atom.Iframe:
		return true
	case atom.Nav:
		return !navOfCards(n)
	case atom.Header, atom.Footer:
		return !inCard
	}
	switch strings.ToLower(attrOf(n, "role")) {
	case "navigation", "banner", "contentinfo", "search":
		return !inCard
	}
	return !inCard && pageFooter(n)
}

// The nav-of-cards rule (issue 23, class 5): some pages wrap their result
// list in a <nav> ("<nav class=announcesList><article>..."), misusing the
// element for "a list one browses". A menu is links, never articles: a
// <nav> holding two cards or more is the results, not the navigation.
func navOfCards(n *html.Node) bool {
	cards := 0
	var walk func(*html.Node) bool
	walk = func(x *html.Node) bool {
		for c := x.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if c.DataAtom == atom.Article {
				if cards++; cards >= 2 {
					return true
				}
				continue // a card's own parts are not looked into
			}
			if walk(c) {
				return true
			}
		}
		return false
	}
	return walk(n)
}

// pageFooterRe names the page's footer in a class or id: "site-footer",
// "section-footer-top", "footerTop", "footer-links"; not a card's own
// "card-footer".
var (
	pageFooterClassRe = regexp.MustCompile(`(?i)(?:^|\s)(?:(?:site|page|main|global|section|layout)[-_]footer|footer(?:[-_](?:top|wrapper|container|links?|nav|menu|columns?|widgets?|area|inner|bottom))?)(?:[-_]|\s|$)`)
	pageFooterIDRe    = regexp.MustCompile(`(?i)^(?:site|page|main|global)?[-_]?footer`)
)

// pageFooter reports a <div> or <section> that is the page's footer by
// its class or id (a teaser block of other categories' listings lives
// there, never the search's results).
func pageFooter(n *html.Node) bool {
	if n.DataAtom != atom.Div && n.DataAtom != atom.Section && n.DataAtom != atom.Aside {
		return false
	}
	return pageFooterIDRe.MatchString(attrOf(n, "id")) || pageFooterClassRe.MatchString(attrOf(n, "class"))
}

// sameSearch reports a link to the search page itself (pagination,
// sorting, filters): same host and path, unless the query routes to
// another page of one script (index.php?page=detail, imot.cgi?act=5) or
// names an id the search's URL has not (object.php?id=4711 on
// object.php).
func sameSearch(u, page *url.URL) bool {
	if page == nil {
		return false
	}
	if u.Host != page.Host || strings.TrimSuffix(u.Path, "/") != strings.TrimSuffix(page.Path, "/") {
		return false
	}
	if u.RawQuery == "" {
		return true
	}
	lq, pq := u.Query(), page.Query()
	for k, vs := range lq {
		if len(vs) == 0 {
			continue
		}
		pv, inPage := pq[k]
		switch {
		case !inPage && idParam(k) && (idToken(vs[0]) != "" || allDigits(vs[0])):
			return false
		case inPage && len(pv) > 0 && pv[0] != vs[0] && routeParam(k) && !(pageNumber(k) && allDigits(pv[0]) && allDigits(vs[0])):
			return false
		}
	}
	return true
}

// pageNumber reports a parameter that is a page number when numeric.
func pageNumber(k string) bool { return strings.EqualFold(k, "page") || strings.EqualFold(k, "p") }

// routeParam reports a query parameter that picks the page a script
// shows ("page=detail", "act=5", "view=item"), not a page number.
func routeParam(k string) bool {
	switch strings.ToLower(k) {
	case "page", "act", "action", "module", "mod", "view", "task", "do", "cmd", "mode", "route", "controller",
		"option", "func", "op", "show", "site", "type_page", "pagetype", "tpl", "template":
		return true
	}
	return false
}

// readGeneric finds the listings on a page without a portal definition.
func readGeneric(root *html.Node, pc pageContext) []listing.Listing {
	links := collectLinks(root, pc)
	unmarkAdLists(links)
	ld, alone := readJSONLDAll(root, pc)
	named := map[string]bool{}
	for _, l := range append(ld[:len(ld):len(ld)], alone...) {
		named[l.url] = true
		if u, ok := resolveLink(nil, l.url); ok {
			named[pageLink{url: l.url, shape: shapeOf(u)}.listing()] = true
		}
	}
	for _, strict := range []bool{true, false} {
		usable := make([]int, 0, len(links))
		for i, l := range links {
			if !strict || (!l.hidden && !l.ad) {
				usable = append(usable, i)
			}
		}
		if got := readCards(links, usable, pc, strict, named); len(got) > 0 {
			return homesOverLinks(got, alone, pc)
		}
	}
	if got := readFew(links, pc); len(got) > 0 {
		return homesOverLinks(got, alone, pc)
	}
	if got := jsonLDListings(ld, pc); len(got) > 0 {
		return got
	}
	if len(alone) >= minAloneHomes {
		return jsonLDListings(alone, pc)
	}
	return readOffsite(root, pc)
}

// The records rule (issue 23, classes 1 and 3): some pages draw cards
// with no link at all (a script opens the listing) and describe each home
// in a JSON-LD script of its own beside its card. The links the reader
// then finds are another list (projects, other searches): where the page
// describes at least minAloneHomes homes, half as many again as the links
// read, and names none of them, the homes it describes are its results.
const minAloneHomes = 3

func homesOverLinks(got []listing.Listing, alone []ldListing, pc pageContext) []listing.Listing {
	if len(alone) < minAloneHomes || 2*len(alone) < 3*len(got) {
		return got
	}
	described := map[string]bool{}
	for _, h := range alone {
		described[h.url] = true
	}
	for _, l := range got {
		if described[l.URL] {
			return got
		}
	}
	return jsonLDListings(alone, pc)
}

// readCards picks the result list among the usable links and reads it.
// A group whose listings the page's JSON-LD names scores up to three
// times as much.
func readCards(links []pageLink, usable []int, pc pageContext, strict bool, named map[string]bool) []listing.Listing {
	var lists, searches []linkGroup // searches: read only when nothing else is (otherSearches)
	for _, g := range shapeGroups(links, usable) {
		if otherSearches(pc, links, g) {
			searches = append(searches, g)
		} else {
			lists = append(lists, g)
		}
	}
	best, bestScore, rich, richScore := scoreLists(links, lists, named)
	if bestScore == 0 {
		best, bestScore, rich, richScore = scoreLists(links, searches, named)
	}
	if bestScore == 0 {
		return nil
	}
	best = richOverBare(best, rich, richScore)
	got := readResultList(links, usable, best, pc, strict)
	if len(got) >= MaxListings {
		return got // the page has more than is read: none is looked for elsewhere
	}
	return withOffsiteCards(best, got, pc)
}

// scoreLists scores the lists of groups: the best, and the best rich one.
func scoreLists(links []pageLink, groups []linkGroup, named map[string]bool) (best resultList, bestScore float64, rich resultList, richScore float64) {
	for _, g := range groups {
		for _, c := range groupLists(links, g) {
			rl, score := c.rl, c.score
			if score < 2 || (!g.hasID && (score < 3 || priceShare(rl.cards) < 0.5)) || mixedFew(rl.cards) {
				continue
			}
			// a list whose links are the cards' titles is the result list; one
			// whose links sit beside the titles (agents, save) is not
			rs := richShare(rl.cards)
			score *= (0.5 + titleShare(links, rl)) * (1 + 2*ldShare(links, g, named)) * (0.1 + rs)
			if score > bestScore {
				best, bestScore = rl, score
			}
			if rs >= 0.5 && score > richScore {
				rich, richScore = rl, score
			}
		}
	}
	return best, bestScore, rich, richScore
}

// sectionUnions are the groups of id links that differ only in their
// first path segment (a region, a city: /rostock/kaufen/haus/562786022/,
// /berlin/kaufen/haus/643746012/), one group each, merged: a page that
// lists one region's houses beside its neighbours' has one result list,
// split by region into groups too small to find it.
func sectionUnions(groups []*linkGroup) []linkGroup {
	byBase := map[string][]*linkGroup{}
	var bases []string
	for _, g := range groups {
		i := strings.LastIndexByte(g.key, '|')
		if !g.hasID || i < 0 {
			continue
		}
		base := g.key[:i]
		if byBase[base] == nil {
			bases = append(bases, base)
		}
		byBase[base] = append(byBase[base], g)
	}
	var out []linkGroup
	for _, base := range bases {
		gs := byBase[base]
		if len(gs) < 2 {
			continue
		}
		u := linkGroup{key: base + "|+", hasID: true}
		for _, g := range gs {
			u.links = append(u.links, g.links...)
			u.urls += g.urls
		}
		sort.Ints(u.links)
		out = append(out, u)
	}
	return out
}

// mixedFew reports two or three "cards" of different tags: one link in
// the result list and one in a sidebar, not a list (readFew reads those).
func mixedFew(cards []*html.Node) bool {
	if len(cards) > maxFewCards {
		return false
	}
	for _, c := range cards[1:] {
		if c.Data != cards[0].Data {
			return true
		}
	}
	return false
}

// linkGroup is the links of one URL shape.
type linkGroup struct {
	key   string
	hasID bool
	links []int
	urls  int
}

// shapeGroups groups usable links by URL shape and returns the groups
// worth trying, those with an id first and bigger ones first.
func shapeGroups(links []pageLink, usable []int) []linkGroup {
	byKey := map[string]*linkGroup{}
	var order []*linkGroup
	seen := map[string]bool{}
	for _, i := range usable {
		l := links[i]
		g := byKey[l.shape.key]
		if g == nil {
			g = &linkGroup{key: l.shape.key, hasID: l.shape.hasID}
			byKey[l.shape.key] = g
			order = append(order, g)
		}
		g.links = append(g.links, i)
		if !seen[l.url] {
			seen[l.url] = true
			g.urls++
		}
	}
	var out []linkGroup
	for _, g := range order {
		if g.urls >= 2 {
			out = append(out, *g)
		}
	}
	out = append(out, sectionUnions(order)...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].hasID != out[j].hasID {
			return out[i].hasID
		}
		return out[i].urls > out[j].urls
	})
	if len(out) > 8 {
		out = out[:8]
	}
	return out
}
