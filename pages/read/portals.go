package read

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"rentwatch/listing"
)

// portalDef says how to read one portal's search pages. It is data: a
// layout change means editing the table below, not code. A definition
// lists several layouts (old and new); the first that finds cards wins.
// The generic reader reads every page too, and its result wins when the
// definition's is clearly worse (see pickReading).
type portalDef struct {
	Name  string   // shown as Reading.Site ("funda.nl")
	Sites []string // registrable domains it serves (SiteOf of the host)
	// IDPattern finds the portal's own listing id in a listing URL; the
	// first non-empty group is the id.
	IDPattern string
	// Expected: the portal's search pages always carry listings, so a page
	// without any is a soft block or a changed layout.
	Expected bool
	// DetailURL builds a listing's address from the id its search page's
	// data holds, where the data has no link ("/expose/{id}", resolved
	// against the page); "" when the portal's URLs need more than the id.
	DetailURL string
	Layouts   []portalLayout

	idRe *regexp.Regexp
}

// portalLayout holds the CSS selectors of one layout of a portal. Link,
// Title, Price, Place and Image are looked up inside the card; an empty
// Link means the card's first link (or the card itself when it is one).
type portalLayout struct {
	Card, Link, Title, Price, Place, Image string
	IDAttr                                 string // card attribute with the portal's id
}

// portalFor returns the definition serving the page's site, or nil.
func portalFor(defs []portalDef, page *url.URL) *portalDef {
	if page == nil {
		return nil
	}
	site := SiteOf(page.Host)
	for i := range defs {
		for _, s := range defs[i].Sites {
			if s == site {
				return &defs[i]
			}
		}
	}
	return nil
}

// read applies the definition's layouts in order and returns the cards of
// the first layout that yields any listing.
func (d *portalDef) read(root *html.Node, pc pageContext) []listing.Listing {
	doc := goquery.NewDocumentFromNode(root)
	for _, lay := range d.Layouts {
		var out []listing.Listing
		cards := doc.Find(lay.Card)
		pc.sawCards(cards.Length())
		cards.EachWithBreak(func(_ int, card *goquery.Selection) bool {
			if l, ok := d.readCard(card, lay, pc); ok {
				out = append(out, l)
			}
			return len(out) < MaxListings // a page of thousands: the first are read (Reading.Cut)
		})
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// readCard reads one card of a layout; false when it has no usable link
// or is hidden (wg-gesucht repeats every card as a hidden twin).
func (d *portalDef) readCard(card *goquery.Selection, lay portalLayout, pc pageContext) (listing.Listing, bool) {
	node := card.Get(0)
	if isHidden(node) || inPageChrome(node) {
		return listing.Listing{}, false
	}
	linkNode := cardLinkNode(card, lay.Link)
	if linkNode == nil {
		return listing.Listing{}, false
	}
	u, ok := resolveLink(pc.base, linkTarget(linkNode))
	if !ok || SiteOf(u.Host) != pc.site {
		return listing.Listing{}, false
	}
	l := listing.Listing{URL: u.String(), ID: u.String()}
	if id := cleanText(attrOf(node, lay.IDAttr)); lay.IDAttr != "" && id != "" {
		l.ID = d.Name + ":" + id
	} else if id := d.idOf(u); id != "" {
		l.ID = d.Name + ":" + id
	}
	l.Title = firstTextWith(card, lay.Title, headline)
	if l.Title == "" {
		l.Title = cardTitle(node, []*html.Node{linkNode})
	}
	// priceText leaves a crossed-out old price out
	if t := firstTextWith(card, lay.Price, priceText); t != "" {
		if l.Price = findPrice(t); l.Price == "" {
			if t = cleanText(strings.ReplaceAll(t, elementBreak, " ")); len([]rune(t)) <= 30 {
				l.Price = t
			}
		}
	}
	if l.Price == "" {
		l.Price = cardPrice(node)
	}
	cardFacts(node, &l)
	l.Place = firstText(card, lay.Place)
	l.Image = cardImage(node, pc)
	if lay.Image != "" {
		if img := card.Find(lay.Image).First(); img.Length() > 0 {
			l.Image = cardImage(img.Get(0).Parent, pc)
		}
	}
	return l, true
}

// inPageChrome reports an element in the page's navigation, header,
// footer or a menu: a definition's card selector can match a promo tile
// built from the card component there ("post a wanted ad"), which is no
// result. A card's own <header> or <footer> is not chrome.
func inPageChrome(n *html.Node) bool {
	for a, d := n.Parent, 0; a != nil && a.Type == html.ElementNode && d < maxClimb; a, d = a.Parent, d+1 {
		if a.DataAtom == atom.Article || a.DataAtom == atom.Li || a.DataAtom == atom.Main {
			return false
		}
		if skipChrome(a, false) || namedMenu(a) {
			return true
		}
	}
	return false
}

// menuWords name a menu in class names and ids.
var menuWords = map[string]bool{"menu": true, "megamenu": true, "navbar": true, "navigation": true, "nav": true,
	"mainnav": true, "topnav": true, "sidenav": true, "offcanvas": true}

func namedMenu(n *html.Node) bool {
	for _, k := range []string{"class", "id"} {
		v := attrOf(n, k)
		if v == "" || len(v) > 200 {
			continue
		}
		if hasWord(v, menuWords) {
			return true
		}
	}
	return false
}

// cardLinkNode finds the element holding the card's link.
func cardLinkNode(card *goquery.Selection, sel string) *html.Node {
	for _, alt := range splitSelectorList(sel) {
		if s := card.Find(alt).FilterFunction(func(_ int, s *goquery.Selection) bool {
			return linkTarget(s.Get(0)) != ""
		}).First(); s.Length() > 0 {
			return s.Get(0)
		}
	}
	if n := card.Get(0); linkTarget(n) != "" {
		return n
	}
	if s := card.Find("a[href]").First(); s.Length() > 0 {
		return s.Get(0)
	}
	return nil
}

// firstText is the cleaned text of the first non-empty match of sel. The
// alternatives of a selector list are tried in the order written, so a
// definition can say "h2 a, h2" and mean "the link, else the heading".
func firstText(card *goquery.Selection, sel string) string {
	return firstTextWith(card, sel, nodeText)
}

// firstTextWith is firstText with the text read by text.
func firstTextWith(card *goquery.Selection, sel string, text func(*html.Node) string) string {
	var t string
	for _, alt := range splitSelectorList(sel) {
		card.Find(alt).EachWithBreak(func(_ int, s *goquery.Selection) bool {
			t = text(s.Get(0))
			return t == ""
		})
		if t != "" {
			return t
		}
	}
	return ""
}

// splitSelectorList splits "a, b:not(c, d)" at its top-level commas.
func splitSelectorList(sel string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range sel {
		switch r {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(sel[start:i]))
				start = i + 1
			}
		}
	}
	if rest := strings.TrimSpace(sel[start:]); rest != "" {
		out = append(out, rest)
	}
	return out
}

// idOf finds the portal's id in a listing URL.
func (d *portalDef) idOf(u *url.URL) string {
	if d.idRe == nil {
		return ""
	}
	m := d.idRe.FindStringSubmatch(u.Path)
	for _, g := range m[min(1, len(m)):] {
		if g != "" {
			return g
		}
	}
	return ""
}

// compilePortals compiles the id patterns of the table (static data: a
// bad pattern fails at start-up and in every test run).
func compilePortals(defs []portalDef) []portalDef {
	for i := range defs {
		if defs[i].IDPattern != "" {
			defs[i].idRe = regexp.MustCompile(defs[i].IDPattern)
		}
	}
	return defs
}
