package read

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// attrOf returns the value of the attribute key on n ("" when absent).
func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return true
		}
	}
	return false
}

// hidesText reports an element whose content is never text a reader sees:
// code, styles, templates and drawings. nodeText and priceText skip it.
func hidesText(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Svg:
		return true
	}
	return false
}

// nodeText is the visible text under n, whitespace collapsed, without
// scripts and styles, read only up to a limit so a huge card stays cheap.
// The hidden rule: an element below n that the page hides (isHidden: an
// inline display:none, the hidden attribute) holds no text the user sees,
// so none is read from it; the browser's page keeps such elements, a
// listing number or a second price among them, and a card's first text
// would otherwise be "MLS®: 1306164" the user never saw.
func nodeText(n *html.Node) string { return nodeTextSkip(n, nil) }

// nodeTextSkip is nodeText without the elements below n that skip
// reports (a badge inside a title).
func nodeTextSkip(n *html.Node, skip func(*html.Node) bool) string {
	var b strings.Builder
	top := n
	crossed := false // an element's edge since the last text
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if b.Len() > 8*maxTextRunes {
			return
		}
		switch n.Type {
		case html.TextNode:
			if crossed && partsMeet(b.String(), n.Data) {
				b.WriteByte(' ')
			}
			b.WriteString(n.Data)
			crossed = false
			return
		case html.ElementNode:
			if hidesText(n) || (n != top && (isHidden(n) || (skip != nil && skip(n)))) {
				return
			}
			crossed = true
			if isBlock(n) {
				b.WriteByte(' ')
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == html.ElementNode {
			crossed = true
			if isBlock(n) {
				b.WriteByte(' ')
			}
		}
	}
	walk(n)
	return cleanText(b.String())
}

// partsMeet is the parts rule: two texts of different elements written
// with nothing between them, a word ending in a small letter and the next
// starting with a capital ("Fortis Green Road<span>Muswell Hill, N10"), are
// two parts of a card that its styles set on two lines (a street over its
// area, a title over its place), never one word: they are read with a
// space between them, as the user sees them. A capital inside one text
// ("McDonald", "iPhone") is one text node and stays as written.
func partsMeet(before, next string) bool {
	last, _ := utf8.DecodeLastRuneInString(before)
	first, _ := utf8.DecodeRuneInString(next)
	return unicode.IsLower(last) && unicode.IsUpper(first)
}

// priceText is nodeText with elementBreak between the texts of different
// text nodes, so findPrice can tell "1 650 €" written as one number from a
// counter "1" in one element next to "650 €" in the next.
func priceText(n *html.Node) string { return priceTextSkip(n, nil) }

// priceTextSkip is priceText without the elements below n that skip
// reports (the badges of a card, see badgeElement).
//
// The comment rule: texts of one element that only a comment parts
// (React writes "179 Tioga Ave<!-- -->, " for one string) are one text, as
// the browser shows them; an element's edge is what breaks a text.
func priceTextSkip(n *html.Node, skip func(*html.Node) bool) string {
	top := n
	var b, run strings.Builder
	flush := func() {
		if t := cleanText(run.String()); t != "" {
			if b.Len() > 0 {
				b.WriteString(elementBreak)
			}
			b.WriteString(t)
		}
		run.Reset()
	}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if b.Len() > 8*maxTextRunes {
			return
		}
		switch n.Type {
		case html.TextNode:
			run.WriteString(n.Data)
			return
		case html.ElementNode:
			flush()
			if hidesText(n) || crossedOut(n) || (n != top && (isHidden(n) || (skip != nil && skip(n)))) {
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == html.ElementNode {
			flush()
		}
	}
	walk(n)
	flush()
	return b.String()
}

// ownText is the text of n's direct text children only: a price element's
// "£2,250,000" without the nested "Guide price" qualifier.
func ownText(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return cleanText(b.String())
}

func isBlock(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Div, atom.P, atom.Li, atom.Br, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6,
		atom.Section, atom.Article, atom.Td, atom.Tr, atom.Ul, atom.Ol, atom.Header, atom.Footer:
		return true
	}
	return false
}

func isHeading(n *html.Node) bool {
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// findFirst returns the first element under root (root included) for
// which ok is true, in document order.
func findFirst(root *html.Node, ok func(*html.Node) bool) *html.Node {
	if root.Type == html.ElementNode && ok(root) {
		return root
	}
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if f := findFirst(c, ok); f != nil {
			return f
		}
	}
	return nil
}

// forEachElement calls fn for every element under root in document order.
func forEachElement(root *html.Node, fn func(*html.Node)) {
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			fn(c)
			forEachElement(c, fn)
		}
	}
}

// isAncestor reports whether a is n or one of n's ancestors.
func isAncestor(a, n *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n == a {
			return true
		}
	}
	return false
}

// titleAttrs are the attributes that name an element's role: class names
// and the test hooks of React/Next.js pages (data-testid, data-cy, ...).
var titleAttrs = map[string]bool{"class": true, "data-testid": true, "data-test": true, "data-test-id": true,
	"data-cy": true, "data-qa-id": true, "itemprop": true, "slot": true}

// titleWords name a title in class names, in the languages of the portals
// watched ("immo-titel", "titre-annonce", "headline").
var titleWords = []string{"title", "titel", "titre", "titolo", "titulo", "headline", "heading"}

// namedTitle reports whether n is named like a title in its class or
// test-hook attributes ("listing-card__title", data-cy="listing-item-title").
func namedTitle(n *html.Node) bool {
	for _, a := range n.Attr {
		if !titleAttrs[a.Key] || len(a.Val) >= 200 {
			continue
		}
		for _, w := range titleWords {
			if containsFold(a.Val, w) {
				return true
			}
		}
	}
	return false
}

// containsFold is strings.Contains after ASCII lowercasing of s, without
// allocating; word is lowercase.
func containsFold(s, word string) bool {
	for i := 0; i+len(word) <= len(s); i++ {
		j := 0
		for ; j < len(word); j++ {
			c := s[i+j]
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != word[j] {
				break
			}
		}
		if j == len(word) {
			return true
		}
	}
	return false
}

// hiddenClasses are class names that hide an element: wg-gesucht's hidden
// twin cards and map pop-ups carry display-none.
var hiddenClasses = map[string]bool{
	"display-none": true, "d-none": true, "hidden": true, "is-hidden": true, "hide": true,
	"invisible": true, "u-hidden": true,
}

// isHidden reports whether n is hidden by markup the saved page still
// shows (class, hidden attribute, inline style).
// inHidden reports n inside an element below root that the page hides:
// by the hidden rule no heading there is the card's title (a card keeps
// its price per week in a hidden heading beside the one per month).
func inHidden(n, root *html.Node) bool {
	for p := n; p != nil && p != root; p = p.Parent {
		if isHidden(p) {
			return true
		}
	}
	return false
}

func isHidden(n *html.Node) bool {
	if hasAttr(n, "hidden") {
		return true
	}
	for _, c := range strings.Fields(attrOf(n, "class")) {
		if hiddenClasses[strings.ToLower(c)] {
			return true
		}
	}
	st := strings.ToLower(strings.ReplaceAll(attrOf(n, "style"), " ", ""))
	return strings.Contains(st, "display:none") || strings.Contains(st, "visibility:hidden")
}

// adWords mark advertising, sponsored and partner blocks in class names,
// ids and data attributes (split into words: "premium_ads" -> "ads").
// "ad" alone is left out on purpose: wg-gesucht calls every offer an ad.
var adWords = map[string]bool{
	"ads": true, "advert": true, "adverts": true, "advertisement": true, "advertentie": true,
	"adslot": true, "adunit": true, "adsense": true, "adsbygoogle": true, "dfp": true,
	"sponsored": true, "sponsor": true, "gesponsord": true, "partner": true, "partners": true,
	"promoted": true, "doubleclick": true, "outbrain": true, "taboola": true, "gpt": true,
	"adbanner": true, "adcontainer": true, "adbox": true, "inlist_ads": true,
}

// hasWord reports whether v, cut into words at every character that is
// not a letter or digit of ASCII and lowercased, has one in words. It is
// asked of every element's class and id, so it allocates nothing (a
// regexp split of each value was a tenth of a big page's allocations).
func hasWord(v string, words map[string]bool) bool {
	var buf [32]byte
	n := 0
	for i := 0; i <= len(v); i++ {
		c := byte(0)
		if i < len(v) {
			c = v[i]
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
			if n < len(buf) {
				buf[n] = c
			}
			n++
			continue
		}
		if n > 0 && n <= len(buf) && words[string(buf[:n])] {
			return true
		}
		n = 0
	}
	return false
}

// isAdBlock reports whether n's class, id or type-like data attributes
// name it as an ad, a sponsored or a partner block.
func isAdBlock(n *html.Node) bool {
	for _, a := range n.Attr {
		k := a.Key
		if k != "class" && k != "id" && k != "data-testid" && k != "data-test" && k != "data-cy" && k != "data-qa" &&
			!(strings.HasPrefix(k, "data-") && (strings.Contains(k, "type") || strings.Contains(k, "campaign") || strings.Contains(k, "ad"))) {
			continue
		}
		if len(a.Val) > 200 {
			continue
		}
		if hasWord(a.Val, adWords) {
			return true
		}
	}
	return false
}

// adBadges are the whole text of a label that marks a card as paid.
var adBadges = map[string]bool{
	"sponsored": true, "gesponsord": true, "advertentie": true, "advertisement": true,
	"anzeige": true, "publicidad": true, "pubblicità": true, "annonce": true, "promoted": true,
	"ad": true, "gesponsert": true, "patrocinado": true, "reklama": true, "annons": true,
}

// hasAdBadge reports whether a card shows a short "Sponsored"-style label.
func hasAdBadge(card *html.Node) bool {
	found := false
	forEachElement(card, func(n *html.Node) {
		if found {
			return
		}
		if t := strings.ToLower(ownText(n)); t != "" && len(t) <= 20 && adBadges[t] {
			found = true
		}
	})
	return found
}

// classSignature names an element by tag and class words with digits and
// state modifiers removed, so the cards of one list share a signature.
func classSignature(n *html.Node) string {
	words := strings.Fields(strings.ToLower(attrOf(n, "class")))
	keep := words[:0]
	for _, w := range words {
		if strings.Contains(w, "--") || hiddenClasses[w] || itemIDClassRe.MatchString(w) {
			// BEM modifiers, state and the item's own id ("ad_id2UtbD",
			// "post-4711") differ between cards of one list
			continue
		}
		keep = append(keep, strings.Map(dropDigit, w))
	}
	sort.Strings(keep)
	return n.Data + "." + strings.Join(keep, ".")
}

// itemIDClassRe is a class word that is one item's id: an id-like word
// ("id", "ad_id", "post", "item", "listing", "property", "offer") joined
// to a code with a digit in it.
var itemIDClassRe = regexp.MustCompile(`^(?:[a-z]+[-_])?(?:id|ad[-_]?id|post|item|listing|property|offer|obj|object|estate)[-_]?[a-z0-9]*[0-9][a-z0-9]*$`)

func dropDigit(r rune) rune {
	if r >= '0' && r <= '9' {
		return -1
	}
	return r
}
