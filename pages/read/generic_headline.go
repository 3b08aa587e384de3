package read

import (
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The headline rule (issue 23, class 6): the element a reader takes for a
// card's title often holds more than the headline, or something else
// that is no headline at all. Seen on real pages:
//
//   - the whole facts block run together ("2.474.300 € 4.651 €/m²
//     Mehrfamilienhaus zum Kauf · 532 m²"): the headline is the first of
//     its texts that is one;
//   - the address with the facts after it ("Acton Street, London Flat 1 1
//     0.36 miles from station"): the facts are dropped;
//   - a call to action ("詳細を見る", "More photos"), a price caption
//     ("Total monthly price", "Fees may apply"), a badge ("SLEVA:",
//     "Oferta dewelopera", "Kommande försäljning", "Visning 14/5",
//     "61,7% match") or an image counter ("Property 6 of 10."): never a
//     title;
//   - the location line above the title, or the developer's name as a
//     sub-title: among a card's headings the highest-ranked one that is
//     not marked as a sub-title is the title.

// headline is the title text of n: titleOf(n), cut to its first text
// that is a title where the rest is facts or where the whole is not a
// title at all (it starts with a price or is a line of facts).
func headline(n *html.Node) string {
	whole := titleOf(n)
	if whole == "" {
		return ""
	}
	if t, ok := headingBeforePrice(n); ok {
		return t
	}
	if t, ok := addressAfterFacts(n, whole); ok {
		return t
	}
	if t, ok := headingFirstLine(n); ok && isHeading(n) {
		return t
	}
	if titleText(whole, true) && (isHeading(n) || !strings.ContainsAny(whole, "0123456789,")) {
		// nothing to cut: a heading, or no facts and no address's commas
		return whole
	}
	chunks := titleChunks(n)
	if len(chunks) < 2 {
		return whole
	}
	first := -1
	for i, c := range chunks {
		// "per month" after a price is no headline: a chunk must have
		// words of its own besides units
		if titleText(c, true) && leftoverLetters(c) >= 3 {
			first = i
			break
		}
	}
	if first < 0 {
		return whole
	}
	if !titleText(whole, true) {
		return chunks[first]
	}
	if isHeading(n) || first != 0 {
		return whole
	}
	// the address and then only facts: rooms, baths, a type, a distance;
	// a headline that goes on in a second element ("Helle Wohnung" "in
	// Berlin") has neither numbers after it nor an address's commas
	digits := false
	for _, c := range chunks[1:] {
		if !factChunk(c) || placeLine(c) {
			return whole
		}
		digits = digits || strings.ContainsAny(c, "0123456789")
	}
	if digits || strings.Contains(chunks[0], ",") {
		return chunks[0]
	}
	return whole
}

// addressAfterFacts is the address inside n when everything else n says
// is facts ("3 rooms", "67m² living space", then "<address>Rue de Genève
// 62, 1004 Lausanne</address>"): a title element that holds the facts
// line and the address is titled by the address, as a card whose address
// is its own element is.
func addressAfterFacts(n *html.Node, whole string) (string, bool) {
	a := findFirst(n, func(e *html.Node) bool { return e != n && (e.DataAtom == atom.Address || streetElement(e)) })
	if a == nil {
		return "", false
	}
	t := nodeText(a)
	if t == "" || t == whole || !titleText(t, true) {
		return "", false
	}
	// facts: numbers, each maybe followed by its label ("rooms", "living
	// space"); words that follow no number are a headline
	facts, afterNumber := false, false
	for _, c := range titleChunks(n) {
		switch {
		case strings.Contains(t, c):
			afterNumber = false
		case strings.ContainsAny(c, "0123456789") && len([]rune(c)) <= 24:
			facts, afterNumber = true, true
		case afterNumber && len(strings.Fields(c)) <= 2:
			afterNumber = false
		default:
			return "", false
		}
	}
	return t, facts
}

// titleChunks are n's texts, element by element, without badges.
func titleChunks(n *html.Node) []string {
	var out []string
	for _, c := range strings.Split(priceTextSkip(n, badgeElement), elementBreak) {
		if t := cleanText(c); t != "" && !badgeText(t) {
			out = append(out, t)
		}
	}
	return joinRunOns(out)
}

// placeLine reports the town-and-postcode line of an address ("Kellyville
// Ridge 2155", "10115 Berlin", "London E8"): the rest of the address, not
// a fact after it.
var townPostcodeRe = regexp.MustCompile(`^[\p{Lu}][\p{L}'. -]*\s+(?:\d{4,5}|[A-Z]{1,2}\d[A-Z\d]?(?:\s?\d[A-Z]{2})?)$`)

func placeLine(t string) bool {
	return postcodeRe.MatchString(t) || townPostcodeRe.MatchString(t)
}

// factChunk reports a short text of the facts after an address: one
// with a number in it ("0.36 miles"), or a type or tail of three words at
// most ("Flat", "End of Terrace", "from station").
func factChunk(t string) bool {
	if strings.ContainsAny(t, "0123456789") {
		return len([]rune(t)) <= 24
	}
	return len(strings.Fields(t)) <= 3
}

// notTitlePhrases are whole texts that are never a listing's title: calls
// to action, captions of a price and badges, lowercase, in the languages
// of the portals seen.
var notTitlePhrases = map[string]bool{
	"details": true, "detail": true, "more details": true, "view details": true, "see details": true,
	"show details": true, "view property": true, "view listing": true, "see more": true, "read more": true,
	"learn more": true, "more": true, "more photos": true, "all photos": true, "詳細を見る": true, "詳細": true, "詳細をみる": true, "詳しく見る": true, "詳しくみる": true,
	"お問い合わせ": true, "zum exposé": true, "exposé ansehen": true, "alle details": true, "mehr erfahren": true,
	"mehr": true, "mehr fotos": true, "meer foto's": true, "bekijk details": true, "ver detalle": true,
	"ver más": true, "voir le détail": true, "voir plus": true, "zobacz": true, "zobacz szczegóły": true,
	"dettagli": true, "scopri di più": true, "ещё фото": true, "подробнее": true, "více": true, "detail nabídky": true,
	"fees may apply": true, "total monthly price": true, "total price": true, "price on request": true,
	"price on application": true, "poa": true, "preis auf anfrage": true, "prix sur demande": true, "prezzo su richiesta": true,
	"precio a consultar": true, "prijs op aanvraag": true, "pris på förfrågan": true,
	"kaltmiete": true, "warmmiete": true, "kaufpreis": true, "oferta dewelopera": true, "oferta prywatna": true,
	"developer offer": true, "kommande försäljning": true, "kommande": true, "snart till salu": true,
	"coming soon": true, "demnächst": true, "binnenkort": true, "nyproduktion": true, "virtuell visning": true,
	"sleva": true, "sleva:": true, "novinka": true, "exkluzivně": true, "gesponsert": true, "sponsored": true,
	"anzeige": true, "wyróżnione": true, "property of the week": true,
}

var (
	// "Property 6 of 10.", "Image 1 of 20", "Bild 3 von 12", "Foto 2 de 9"
	imageCounterRe = regexp.MustCompile(`(?i)^(?:property|image|photo|picture|bild|foto|obrázek|zdjęcie)\s+\d+\s+(?:of|von|van|de|z|ze|sur|di)\s+\d+\.?$`)
	// "Visning 14/5", "Visning tis 14 dec", "Open house Sat 12", "Besichtigung 3.5."
	viewingRe = regexp.MustCompile(`(?i)^(?:visning|öppen visning|open house|viewing|besichtigung|bezichtiging|kijkdag)\b.{0,24}$`)
	// "61,7% match", "100% match"
	matchRe = regexp.MustCompile(`(?i)^\d+(?:[.,]\d+)?\s*%\s*(?:match|treffer|shoda)$`)
)

// badgeText reports a text that is a call to action, a caption, a badge
// or a counter: never a title.
func badgeText(t string) bool {
	l := strings.ToLower(strings.TrimSpace(t))
	if notTitlePhrases[l] || notTitlePhrases[strings.TrimRight(l, ":.!")] {
		return true
	}
	return imageCounterRe.MatchString(l) || viewingRe.MatchString(l) || matchRe.MatchString(l)
}

// bestHeading is the card's title heading under root: the highest-ranked
// heading that is not marked as a sub-title, else the first heading.
func bestHeading(root *html.Node, strict bool) (string, bool) {
	best, bestRank := "", 99
	findFirst(root, func(n *html.Node) bool {
		if !isHeadingLike(n) || inHidden(n, root) {
			return false
		}
		h := n
		if !isHeading(h) {
			if c := onlyElementChild(n); c != nil && isHeading(c) {
				h = c
			}
		}
		if priceHeading(n, h) {
			return false
		}
		rank := headingRank(h)
		if subTitle(n) || subTitle(h) {
			rank += 10
		}
		if rank >= bestRank {
			return false // no better than the one found: its text is not needed
		}
		if t := headline(n); titleText(t, strict) {
			best, bestRank = t, rank
		}
		return bestRank == 1
	})
	if best != "" && (areaLine(best) || dealLine(best)) {
		if street := streetHeading(root, strict); street != "" {
			return street, true
		}
		if h := wordyHeading(root, strict); h != "" {
			return h, true
		}
		if place := dealPlace(best); place != "" {
			return place, true
		}
	}
	return best, best != ""
}

// wordyHeading is the first heading under root that reads as a headline
// of its own: three words or more and no area line ("Wie ein Haus. Mehr
// als eine Wohnung." under "Düsseldorf / Oberkassel", even where it is
// classed as the sub-title).
func wordyHeading(root *html.Node, strict bool) string {
	var out string
	findFirst(root, func(n *html.Node) bool {
		if !isHeadingLike(n) || inHidden(n, root) {
			return false
		}
		if t := headline(n); len(strings.Fields(t)) >= 3 && !areaLine(t) && !dealLine(t) && titleText(t, strict) {
			out = t
			return true
		}
		return false
	})
	return out
}

// streetElement reports an element marked as the street or the address
// ("search-hit__street", "card-address", itemprop streetAddress).
func streetElement(n *html.Node) bool {
	for _, k := range []string{"class", "itemprop", "data-testid", "data-cy", "data-qa"} {
		v := strings.ToLower(attrOf(n, k))
		if strings.Contains(v, "street") || strings.Contains(v, "address") || strings.Contains(v, "adress") {
			return true
		}
	}
	return false
}

// The street rule (issue 23, class 6): an agency card often has two
// headings, the area ("Funkabo, Kalmar") and the street ("Jägarevägen
// 10A"), and which of them is marked as the title or the sub-title
// differs from theme to theme of the same vendor. The street names the
// listing; the area is shared by its neighbours on the page. So where the
// heading chosen is an area line and another heading is a street
// address, the street is the title.

// areaLine reports a line of place names only: no number, one to six
// words, either set apart by commas, slashes or dashes ("Funkabo,
// Kalmar", "Kalmar - Bergavik", "Düsseldorf / Oberkassel") or one
// capitalised name alone ("Snäckstrand", "Linnéstaden"); two capitalised
// words are as often a German headline ("Gemütliche Garçonnière").
func areaLine(t string) bool {
	if strings.ContainsAny(t, "0123456789") {
		return false
	}
	words := strings.Fields(t)
	if len(words) == 0 || len(words) > 6 {
		return false
	}
	if strings.ContainsAny(t, ",/–") || strings.Contains(t, " - ") {
		return true
	}
	return len(words) == 1 && unicode.IsUpper([]rune(words[0])[0])
}

// streetLine reports a street address: a name and a house number of a
// few words ("Algstigen 5", "Ostindievägen lgh 1-1102", "12 Rue de la
// Paix"), not a price or a line of facts.
var houseNumberRe = regexp.MustCompile(`(?:^|\s)\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?(?:,|\s|$)`)

func streetLine(t string) bool {
	n := len(strings.Fields(t))
	return n >= 2 && n <= 6 && letters(t) >= 3 && houseNumberRe.MatchString(t) && titleText(t, true)
}

// streetHeading is the first heading or element marked as the street or
// address under root whose text is a street address.
func streetHeading(root *html.Node, strict bool) string {
	var out string
	findFirst(root, func(n *html.Node) bool {
		if !isHeadingLike(n) && !streetElement(n) {
			return false
		}
		if t := headline(n); (streetLine(t) || markedStreet(n, t)) && titleText(t, strict) {
			out = t
			return true
		}
		return false
	})
	return out
}

// markedStreet reports a street in an element marked as the street or
// address that is one line of its own ("Rua Gonçalves Ledo", "Rua
// Professora Maria Flora Pausewang, 277 - Trindade"): the mark says it is
// the address, so it needs no house number; an area line or a block of
// several lines (the whole address section) is not one.
func markedStreet(n *html.Node, t string) bool {
	if !streetElement(n) || isHeadingLike(n) || areaLine(t) || dealLine(t) || letters(t) < 3 {
		return false
	}
	return len(strings.Fields(t)) <= 10 && len(titleChunks(n)) == 1
}

// The type-and-area rule (issue 23, class 6): portals head a card with
// the kind of home, the deal and the place ("Apartamento para alugar em
// Pinheiros", "Flat for rent in Camden"): shared by its neighbours like
// an area line, so a street line of the card is its title.

// dealPhrases name the deal in a type-and-area heading, lowercase.
var dealPhrases = []string{"para alugar", "para comprar", "para venda", "à venda", "a venda", "para arrendar",
	"en alquiler", "en venta", "se alquila", "se vende", "for rent", "for sale", "to rent", "to let",
	"zu vermieten", "zur miete", "zum kauf", "zu verkaufen", "te huur", "te koop", "à louer", "à vendre",
	"in affitto", "in vendita", "do wynajęcia", "na sprzedaż", "na wynajem", "k pronájmu", "na prodej"}

// dealLine reports a type-and-area heading: no number, a deal phrase
// after at most two words (the kind of home), and only a place after it.
func dealLine(t string) bool {
	_, ok := dealSplit(t)
	return ok
}

// dealPlace is the place of a type-and-area heading, its only part that
// tells the card from its neighbours ("Pinheiros" of "Apartamento para
// alugar em Pinheiros"): the title of a card that shows no street.
func dealPlace(t string) string {
	place, ok := dealSplit(t)
	if !ok || letters(place) < 3 {
		return ""
	}
	return place
}

// placePrepositions lead the place after a deal phrase ("em Pinheiros").
var placePrepositions = map[string]bool{"em": true, "no": true, "na": true, "in": true, "en": true, "à": true,
	"a": true, "w": true, "v": true, "te": true, "de": true, "im": true}

// dealSplit cuts a type-and-area heading after its deal phrase: one or
// two words before it (the kind of home), and after it nothing (the place
// is "") or only a place of
// at most six words, each capitalised or a short joiner ("Ingleses do Rio
// Vermelho, Florianópolis"), so a headline that says the deal and goes on
// ("Mieszkanie na wynajem od zaraz") is none; ok is false for any other
// text.
func dealSplit(t string) (place string, ok bool) {
	if strings.ContainsAny(t, "0123456789") {
		return "", false
	}
	l := strings.ToLower(t)
	for _, p := range dealPhrases {
		i := strings.Index(l, p)
		if i < 0 {
			continue
		}
		if n := len(strings.Fields(l[:i])); n < 1 || n > 2 {
			continue
		}
		rest := strings.Fields(strings.TrimRight(t[i+len(p):], ".!: "))
		if len(rest) == 0 {
			return "", true // the kind and the deal alone ("House for Sale")
		}
		if placePrepositions[strings.ToLower(rest[0])] {
			rest = rest[1:]
		}
		if len(rest) == 0 || len(rest) > 6 || !unicode.IsUpper([]rune(rest[0])[0]) {
			return "", false
		}
		for _, w := range rest {
			r := []rune(w)
			if !unicode.IsUpper(r[0]) && (len(r) > 3 || !unicode.IsLower(r[0])) {
				return "", false
			}
		}
		return strings.Join(rest, " "), true
	}
	return "", false
}

// headingRank is 1 for h1 to 6 for h6, 7 for another heading-like element.
func headingRank(n *html.Node) int {
	switch n.DataAtom {
	case atom.H1:
		return 1
	case atom.H2:
		return 2
	case atom.H3:
		return 3
	case atom.H4:
		return 4
	case atom.H5:
		return 5
	case atom.H6:
		return 6
	}
	return 7
}

// subTitle reports an element marked as a sub-title ("oc-sub-title",
// "card__subtitle", "nbk-project-card__sub-title"): the line over or
// under the title, not the title.
func subTitle(n *html.Node) bool {
	for _, k := range []string{"class", "data-testid", "data-test"} {
		v := strings.ToLower(attrOf(n, k))
		if strings.Contains(v, "subtitle") || strings.Contains(v, "sub-title") || strings.Contains(v, "sub_title") ||
			strings.Contains(v, "subheading") || strings.Contains(v, "sub-heading") {
			return true
		}
	}
	return false
}
