package read

import (
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"rentwatch/listing"
	"rentwatch/words"
)

// Drop is a link the readers left out, and why: a card whose only link is
// a javascript: call has no address to open.
type Drop struct {
	URL string // the link as written
	Why string
}

// Reading is what the readers found on one page.
type Reading struct {
	Site     string            // the portal definition used ("funda.nl"), or "generic"
	Listings []listing.Listing // in page order, de-duplicated by ID
	// Expected is true when a portal definition matched the page's host and
	// says its search pages carry listings: zero listings then means a soft
	// block or a changed layout, not "nothing new".
	Expected bool
	// Portal is the portal definition that matched the host ("" for none),
	// also when its selectors found nothing and the generic reader read
	// the page (Site is "generic" then: the layout has probably changed).
	Portal string
	// Unread says why the page holds listings the readers could not read
	// ("" when there are none): records that look like listings in its
	// embedded data with no address to open them by. A page with Unread
	// set and no Listings is a changed layout, not "nothing new".
	Unread string
	// Dropped are listing links the readers left out (at most maxDrops),
	// for a log line: they do no I/O themselves.
	Dropped []Drop
	// Cut is how many more listings the page showed than were read: a
	// page shows at most MaxListings, the first ones; 0 for every page
	// within that. The caller says so in its log.
	Cut int
}

// MaxListings is the most listings read off one page: a search page shows
// tens, a broken or hostile one can show 100,000 (which took 5 s and
// 300 MB to read, and made a 45 MB email). New listings come first on a
// search page, so the first are the ones that matter.
const MaxListings = 500

// Read finds the listings on a search page. pageURL resolves relative links
// and picks the portal definition, whose reading is checked against the
// generic reader's (a definition can misread a new layout); html is the
// page as loaded, in any
// charset. It never panics on bad input: a page it cannot read has no
// listings. Safe for concurrent use.
func Read(pageURL string, html []byte) Reading {
	return readWith(pageURL, html, portalDefs)
}

// readWith is Read with the portal definitions as an argument, so the
// generic reader can be tested alone (defs == nil).
func readWith(pageURL string, raw []byte, defs []portalDef) Reading {
	r := Reading{Site: "generic"}
	root, err := html.Parse(strings.NewReader(decodePage(raw)))
	if err != nil {
		return r
	}
	pc, ok := newPageContext(pageURL, root)
	if !ok {
		return r
	}
	def := portalFor(defs, pc.page)
	emb := readEmbedded(root, pc, def)
	if def == nil {
		r.Listings, r.Unread = useEmbedded(dedupe(readGeneric(root, pc)), emb)
		r.Listings = keepPublic(pc.page, dedupe(r.Listings))
		r.Listings, r.Cut = firstListings(r.Listings, *pc.cards)
		cleanWords(r.Listings)
		r.Dropped = droppedLinks(root, pc, r.Listings)
		return r
	}
	// both readers run: a definition that matches the wrong elements on a
	// layout it was not written for must not hide the result list (see
	// pickReading)
	r.Portal, r.Expected = def.Name, def.Expected
	mine := dedupe(def.read(root, pc))
	gen := dedupe(def.portalIDs(readGeneric(root, pc)))
	r.Site, r.Listings = def.pickReading(mine, gen)
	emb.listings = def.portalIDs(emb.listings)
	r.Listings, r.Unread = useEmbedded(r.Listings, emb)
	r.Listings = keepPublic(pc.page, dedupe(r.Listings))
	r.Listings, r.Cut = firstListings(r.Listings, *pc.cards)
	cleanWords(r.Listings)
	r.Dropped = droppedLinks(root, pc, r.Listings)
	return r
}

// cleanWords passes every listing's text through the one cleaner of the
// words the user reads (words.Clean), as it leaves the readers: whatever
// reader found it, no control character and no bidirectional override
// (U+202E turns "‮gpj.exe" around) reaches a pop-up, an email, a push or
// the window.
func cleanWords(ls []listing.Listing) {
	for i := range ls {
		l := &ls[i]
		l.Title, l.Price, l.Size, l.Place = words.Clean(l.Title), words.Clean(l.Price), words.Clean(l.Size), words.Clean(l.Place)
	}
}

// firstListings is the first MaxListings of ls, and how many more the
// page showed: what the readers read past the cap, or the most cards a
// reader saw before it stopped at it.
func firstListings(ls []listing.Listing, cards int) ([]listing.Listing, int) {
	if len(ls) > MaxListings {
		return ls[:MaxListings], max(len(ls), cards) - MaxListings
	}
	if len(ls) == MaxListings && cards > MaxListings {
		return ls, cards - MaxListings
	}
	return ls, 0
}

// newPageContext works out the page's URL, its <base href> and its site.
func newPageContext(pageURL string, root *html.Node) (pageContext, bool) {
	page, ok := resolveLink(nil, pageURL)
	if !ok {
		return pageContext{}, false
	}
	pc := pageContext{base: page, page: page, site: SiteOf(page.Host), cards: new(int)}
	if b := findFirst(root, func(n *html.Node) bool { return n.DataAtom == atom.Base && attrOf(n, "href") != "" }); b != nil {
		if u, ok := resolveLink(page, attrOf(b, "href")); ok {
			pc.base = u
		}
	}
	return pc, true
}

// dedupe keeps the first listing of each ID, and of each listing id token
// on one site (the same ad linked once with its district in the URL and
// once without is one listing). It drops listings without a URL.
func dedupe(in []listing.Listing) []listing.Listing {
	seen := map[string]bool{}
	out := in[:0]
	for _, l := range in {
		if l.URL == "" || l.ID == "" || seen[l.ID] {
			continue
		}
		u, err := url.Parse(l.URL)
		if err != nil {
			continue
		}
		key := ""
		// a query id is left out: which parameter is the listing's is only
		// known from the whole page (shapeKeys)
		if s := shapeOf(u); s.id != "" && s.query == nil {
			key = SiteOf(u.Host) + "#" + s.id
			if seen[key] {
				continue
			}
			seen[key] = true
		}
		seen[l.ID] = true
		out = append(out, l)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
