package read

import (
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A card's title is its headline: a heading around its main link, an
// element marked as the title (class, test hook, itemprop), another
// heading, or the main link's own text. Cards put other short texts
// where a naive reader looks for one: a photo counter ("1/12") in the
// image link, the price as the only heading, a badge, a distance, the
// postcode-and-city line, the facts (beds, baths, m²), or one link around
// all of it. Candidates are tried in that order, first strictly (none of
// those texts), then leniently (only no counter, price or badge), so a
// card whose only text is its address still has a title.

// titleOf is an element's text without the badges in it ("NEU",
// "Featured"), unless that leaves nothing.
func titleOf(n *html.Node) string {
	if t := nodeTextSkip(n, isBadge); t != "" {
		return t
	}
	return nodeText(n)
}

// isBadge reports an element whose whole text is a badge.
func isBadge(n *html.Node) bool {
	if n.FirstChild == nil {
		return false
	}
	t := strings.ToLower(nodeText(n))
	return t != "" && ((len(t) <= 24 && (badgeWords[t] || adBadges[t])) || badgeElement(n))
}

// cardTitle picks the card's title; mains are its main link's elements.
func cardTitle(card *html.Node, mains []*html.Node) string {
	if t := titleIn(card, mains, true); t != "" {
		return t
	}
	if t := titleIn(card, mains, false); t != "" {
		return overFacts(t, card, mains)
	}
	for _, link := range mains {
		for _, k := range []string{"title", "aria-label"} {
			if t := cleanText(attrOf(link, k)); titleText(t, false) {
				return t
			}
		}
	}
	if img := findFirst(card, func(n *html.Node) bool { return n.DataAtom == atom.Img && attrOf(n, "alt") != "" }); img != nil {
		return cleanText(attrOf(img, "alt"))
	}
	return ""
}

func titleIn(card *html.Node, mains []*html.Node, strict bool) string {
	// a heading around or inside a main link; the link's own text first
	// (it leaves out badges beside it)
	for _, link := range mains {
		for n := link; n != nil && n != card.Parent; n = n.Parent {
			if !isHeadingLike(n) {
				continue
			}
			// the link's own text leaves out badges beside it in the
			// heading; a link that is the whole heading is the heading
			if t := headline(link); n != link && titleText(t, strict) && titleOf(link) != titleOf(n) {
				return t
			}
			if t := headline(n); titleText(t, strict) {
				return t
			}
		}
		if t, ok := bestHeading(link, strict); ok {
			return t
		}
	}
	// an element marked as the title: in a main link first
	for _, link := range mains {
		if t := firstTitleText(link, titleElement, strict); t != "" {
			return t
		}
	}
	if t := firstTitleText(card, titleElement, strict); t != "" {
		return t
	}
	if t, ok := bestHeading(card, strict); ok {
		return t
	}
	for _, link := range photoLast(mains) {
		if t := firstChunk(link, strict); t != "" {
			// the kind of home and the deal, shared by its neighbours:
			// the card's marked street tells it apart (type-and-area rule)
			if dealLine(t) || areaLine(t) {
				if street := streetHeading(card, strict); street != "" {
					return street
				}
				// the link's own name says more than the kind and the
				// deal ("Vente appartement 3 pièces Aubagne 45m²" over
				// "Appartement à vendre"): the named-link rule
				if n := namedLink(mains); len(strings.Fields(n)) > len(strings.Fields(t)) {
					return n
				}
			}
			return t
		}
	}
	if strict {
		// a card whose link holds no text (one covering link over it):
		// its first text of a few words of its own, past prices, facts
		// and labels ("Wohnfläche")
		for _, c := range titleChunks(card) {
			if titleText(c, true) && leftoverLetters(c) >= 3 && len(strings.Fields(c)) >= 3 {
				return c
			}
		}
	}
	return ""
}

// firstTitleText is the text of the first element under root that ok
// accepts and whose text is a title.
func firstTitleText(root *html.Node, ok func(*html.Node) bool, strict bool) string {
	var out string
	findFirst(root, func(n *html.Node) bool {
		if !ok(n) || inBadge(n, root) {
			return false
		}
		if t := headline(n); titleText(t, strict) {
			out = t
			return true
		}
		return false
	})
	return out
}

// firstChunk is the first of a link's texts, text node by text node,
// that is a title: a link around the whole card starts with its price
// ("<b>€1,650</b> 3 bed apt · Phibsboro").
//
// The price-note rule: the texts of the price's own element ("+GST/QST",
// "per month", "incl. fees") qualify the price, so a link that holds only
// the price and its note holds no title.
func firstChunk(link *html.Node, strict bool) string {
	whole := nodeTextSkip(link, badgeElement)
	notPrice := func(n *html.Node) bool { return badgeElement(n) || isPriceElement(n) }
	for _, c := range strings.Split(priceTextSkip(link, notPrice), elementBreak) {
		if t := cleanText(c); titleText(t, strict) {
			if t == whole || strict || len(t) > 2 {
				return t
			}
		}
	}
	if !strict && titleText(whole, false) {
		return whole
	}
	return ""
}

// titleElement reports an element marked as a title or headline: a class
// or test hook word ("card__title", "result__headline", data-testid=
// "listing-title"; not "subtitle"), itemprop name or headline, or
// role=heading.
func titleElement(n *html.Node) bool {
	if isHeadingLike(n) {
		return false // tried as headings
	}
	for _, a := range n.Attr {
		if !titleAttrs[a.Key] || len(a.Val) >= 200 {
			continue
		}
		if a.Key == "itemprop" {
			if v := strings.ToLower(strings.TrimSpace(a.Val)); v == "name" || v == "headline" {
				return true
			}
		}
		for _, tok := range strings.FieldsFunc(strings.ToLower(a.Val), func(r rune) bool { return r == ' ' }) {
			if strings.Contains(tok, "sub") || strings.Contains(tok, "price") {
				continue
			}
			for _, w := range titleWords {
				if strings.Contains(tok, w) {
					return true
				}
			}
		}
	}
	return false
}

var (
	counterRe  = regexp.MustCompile(`(?i)^\d+\s*(?:/|of|von|van|de|sur|di|z|av)\s*\d+$`)
	distanceRe = regexp.MustCompile(`(?i)^(?:approx\.?\s*)?\d+(?:[.,]\d+)?\s*(?:mi|miles?|km|kilometers?|kilometres?|m|min|mins|minutes?)\b`)
	// a postcode and a town alone: "1016 AB Amsterdam", "10115 Berlin",
	// "75011 Paris", "SW1A 1AA London", "London E8"
	postcodeRe = regexp.MustCompile(`^(?:\d{4}\s?[A-Z]{2}|\d{4,5}|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})\s+[\p{Lu}][\p{L}'. -]*$`)
)

// badgeWords are the whole text of a badge on a card (lowercase).
var badgeWords = map[string]bool{"new": true, "nieuw": true, "neu": true, "nouveau": true, "nuovo": true, "nuevo": true,
	"top": true, "featured": true, "premium": true, "reduced": true, "just added": true, "exclusive": true,
	"verified": true, "highlight": true, "tip": true, "tipp": true, "hot": true, "open house": true, "let agreed": true,
	"under offer": true, "verhuurd": true, "onder optie": true, "reserviert": true, "vermietet": true, "top-angebot": true,
	"premium partner": true, "new home": true, "new build": true, "nieuwbouw": true, "neubau": true, "video": true,
	"3d tour": true, "virtual tour": true, "price reduced": true, "chain free": true}

// titleText reports whether t can be a card's title: never a counter, a
// price or a badge; strictly, neither a distance, a postcode-and-city
// line, a line of facts, a text that starts with a price, nor a whole
// card's worth of text.
func titleText(t string, strict bool) bool {
	if letters(t) < 2 || counterRe.MatchString(t) || isPriceText(t) || badgeWords[strings.ToLower(t)] || adBadges[strings.ToLower(t)] ||
		badgeText(t) || periodCaption(t) {
		return false
	}
	if !strict {
		return true
	}
	if len([]rune(t)) > 160 || distanceRe.MatchString(t) || postcodeRe.MatchString(t) {
		return false
	}
	if p := findPrice(t); p != "" && strings.HasPrefix(tidyPrice(t), p) && !headlineAfterPrice(t, p) {
		return false
	}
	if moneyish(t) {
		return false
	}
	return !factsLine(t)
}

// periodWords say how often a price is paid ("per week", "pcm", "par
// mois", "pro Monat", "al mes"): the caption beside an amount.
var periodWords = map[string]bool{"per": true, "a": true, "week": true, "weeks": true, "month": true, "months": true,
	"year": true, "annum": true, "night": true, "day": true, "pcm": true, "pw": true, "pm": true, "pa": true, "wk": true,
	"mo": true, "mth": true, "weekly": true, "monthly": true, "yearly": true, "nightly": true, "par": true, "mois": true,
	"semaine": true, "an": true, "pro": true, "monat": true, "woche": true, "jahr": true, "mtl": true, "al": true, "mes": true,
	"mese": true, "semana": true, "settimana": true, "maand": true, "mnd": true, "p": true, "m": true, "w": true}

// periodCaption reports a text made only of a price's period ("per
// week", "/ month", "p.c.m."): it is what a price is paid by, never a
// card's title, even where it stands alone in a heading of its own.
func periodCaption(t string) bool {
	return wordsAllIn(t, periodWords) > 0
}

// wordsAllIn is how many words t has when every one of them, lowercased,
// is in set; 0 when one is not, or t has none. Words are runs of letters.
func wordsAllIn(t string, set map[string]bool) int {
	words := strings.FieldsFunc(strings.ToLower(t), func(r rune) bool { return !unicode.IsLetter(r) })
	for _, w := range words {
		if !set[w] {
			return 0
		}
	}
	return len(words)
}

// letters counts the letters in t.
func letters(t string) int {
	n := 0
	for _, r := range t {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// unitWords are the words of prices, sizes and facts that leave a text
// with nothing of a headline when they are all it has besides numbers.
var unitWords = []string{"m²", "m2", "qm", "sqft", "sq ft", "sq", "ft", "pcm", "pw", "mo", "mnd", "month", "maand", "monat",
	"per", "bds", "bd", "beds", "bed", "ba", "baths", "bath", "zimmer", "zi", "rooms", "room", "kamers", "kamer",
	"pièces", "eur", "gbp", "usd", "chf", "kr", "m"}

// moneyish reports a short text of amounts and units only ("18,12 €/m²").
func moneyish(t string) bool {
	if !strings.ContainsAny(t, "0123456789") || !hasPriceMarker(t) {
		return false
	}
	return leftoverLetters(t) < 3
}

// factsLine reports a line of facts ("71 m² · 3 Zimmer · Berlin", "2 bds
// 1 ba 850 sqft"): it starts with a number, says a size or rooms, and
// has little else.
func factsLine(t string) bool {
	if t == "" || !isDigit(rune(t[0])) {
		return false
	}
	if countsRe.MatchString(t) {
		return true
	}
	if s, _ := findSize(t); s == "" && findRooms(t) == 0 && !strings.Contains(strings.ToLower(t), "bed") {
		return false
	}
	return leftoverLetters(t) < 8
}

// countsRe is a line of counts, each a number and one or two lowercase
// words or abbreviations ("2 ban.", "1 vaga", "90 m² tot. 2 quartos"):
// facts in any language, where a street ("221 Baker Street") goes on
// capitalised or in more words.
var countsRe = regexp.MustCompile(`^(?:\d+(?:[.,]\d+)?\s*\p{Ll}[\p{Ll}²]*\.?(?:\s+\p{Ll}[\p{Ll}²]*\.?)?[\s·•|,/-]*)+$`)

// leftoverLetters counts the letters of t outside unitWords.
func leftoverLetters(t string) int {
	n := 0
	for _, w := range strings.FieldsFunc(strings.ToLower(t), func(r rune) bool { return !unicode.IsLetter(r) && r != '²' }) {
		unit := false
		for _, u := range unitWords {
			if w == u {
				unit = true
				break
			}
		}
		if !unit {
			n += letters(w)
		}
	}
	return n
}
