package read

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// The price pattern: an amount with a currency before or after it
// ("€ 1.250,-", "515,36 €", "£1,250", "CHF 2'100.–", "1 200 zł"), an
// optional second amount for a range ("€ 1.950 - € 2.000") and an optional
// period ("/mnd", "per maand", "pcm", "p.m.", "/Monat"). A bare amount
// with a period ("1,250 pcm") counts too. Gaps may hold elementBreak (see
// priceText); thousands groups may not, so a counter in its own element
// ("<span>1</span> <span>650 €</span>") never joins the price.
const (
	priceCurrency = `(?:€|£|\$|¥|₹|₽|EUR|GBP|USD|CHF|SEK|NOK|DKK|PLN|CZK|HUF|zł|Kč|kr\.?|Fr\.|R\$)`
	priceAmount   = `(?:\d{1,3}(?:[.,'\x{00A0}\x{202F} ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?:,-|\.-|,–|\.–)?`
	gap           = `[\s\x{2063}]`
	priceOne      = `(?:` + priceCurrency + gap + `{0,3}` + priceAmount + `|` + priceAmount + gap + `{0,3}` + priceCurrency + `)`
	pricePeriod   = `(?:` + gap + `*(?:/` + gap + `*(?:maand|mnd|month|mois|monat|mese|mes|mth|week|wk|pw|pcm|night|nacht|mies|mc|mo|m)\.?` +
		`|per\s+(?:maand|month|week|night|mnd|monat)|p\.\s?c\.\s?m\.?|pcm|p\.\s?w\.?|pw\b|p\.\s?m\.?|mtl\.?|monatlich|al\s+mese?|par\s+mois))?`
	priceRange = `(?:` + gap + `*(?:-|–|—|to|tot|bis)` + gap + `*(?:` + priceOne + `|` + priceAmount + `))?`
)

// elementBreak (U+2063, invisible separator) marks where one element's
// text ends and the next begins in priceText.
const elementBreak = "\u2063"

var (
	priceRe     = regexp.MustCompile(`(?i)` + priceOne + priceRange + pricePeriod)
	barePriceRe = regexp.MustCompile(`(?i)\b` + priceAmount + gap + `?(?:pcm|pw\b|p\.\s?c\.\s?m\.?|per\s+(?:month|maand|monat|week))`)
	leadGroup   = regexp.MustCompile(`^\d{1,3} \d{3}`)
)

// findPrice returns the price written in text ("" when there is none).
// A match that starts inside a bigger number ("14.9 450 €"), one whose
// plain-space thousands group follows another number ("3 1 650 €": the
// "1" is a count of its own) and a price per area ("85 000 kr/m²") are
// skipped in favour of the next match.
func findPrice(text string) string {
	if !strings.ContainsAny(text, "0123456789") || !hasPriceMarker(text) {
		return "" // most texts tried are titles and places: skip the regexps
	}
	for _, re := range []*regexp.Regexp{priceRe, barePriceRe} {
		for pos := 0; pos < len(text); {
			loc := re.FindStringIndex(text[pos:])
			if loc == nil {
				break
			}
			s, e := pos+loc[0], pos+loc[1]
			m := text[s:e]
			switch {
			case gluedToNumber(text[:s]):
				pos = s + 1
			case leadGroup.MatchString(m) && afterNumber(text[:s]):
				pos = s + strings.IndexByte(m, ' ')
			case perArea(m, text[e:]):
				pos = e
			case currencyLeadsOn(m, text[e:]):
				pos = s + strings.LastIndex(m, elementBreak) + len(elementBreak)
			default:
				return tidyPrice(m)
			}
		}
	}
	return ""
}

// priceMarkers are the currency words and periods one of which every
// price matched by priceRe or barePriceRe contains (lowercase).
var priceMarkers = []string{"eur", "gbp", "usd", "chf", "sek", "nok", "dkk", "pln", "czk", "huf", "zł", "kč", "kr",
	"fr.", "pcm", "pw", "p.c.m", "per"}

// hasPriceMarker is a cheap test run before the price regexps.
func hasPriceMarker(text string) bool {
	if strings.ContainsAny(text, "€£$¥₹₽") {
		return true
	}
	lower := strings.ToLower(text)
	for _, m := range priceMarkers {
		if strings.Contains(lower, m) {
			return true
		}
	}
	return false
}

// gluedToNumber reports text ending in a digit or a letter, or in a
// decimal point or comma right after a digit: a match after it starts
// inside that number or code.
func gluedToNumber(before string) bool {
	n := len(before)
	if n == 0 {
		return false
	}
	if r, _ := utf8.DecodeLastRuneInString(before); unicode.IsLetter(r) {
		return true // a code ("N7", "SE15", "3er"), not an amount
	}
	if c := before[n-1]; c >= '0' && c <= '9' {
		return true
	} else if (c == '.' || c == ',' || c == '\'') && n >= 2 && before[n-2] >= '0' && before[n-2] <= '9' {
		return true
	}
	return false
}

// afterNumber reports text ending in a number and one plain space.
func afterNumber(before string) bool {
	n := len(before)
	return n >= 2 && before[n-1] == ' ' && before[n-2] >= '0' && before[n-2] <= '9'
}

// currencyLeadsOn reports an amount and a currency from different elements
// where the currency's own element goes on with an amount: in "Studio 1"
// followed by "€ 800" the euro sign belongs to the 800, not to the 1.
func currencyLeadsOn(m, after string) bool {
	i := strings.LastIndex(m, elementBreak)
	if i < 0 || m == "" || m[0] < '0' || m[0] > '9' {
		return false
	}
	tail := strings.TrimLeft(m[i+len(elementBreak):], " \u00a0")
	after = strings.TrimLeft(after, " \u00a0")
	return tail != "" && (tail[0] < '0' || tail[0] > '9') && after != "" && after[0] >= '0' && after[0] <= '9'
}

// perArea reports a price per square metre: the match ends in "/m" and
// "²" follows, or "/m²", "/qm", "per m²" follows it.
func perArea(m, after string) bool {
	after = strings.TrimLeft(after, " \u00a0"+elementBreak)
	lm := strings.ToLower(m)
	if (strings.HasSuffix(lm, "/m") || strings.HasSuffix(lm, "/ m")) && (strings.HasPrefix(after, "²") || strings.HasPrefix(after, "2")) {
		return true
	}
	la := strings.ToLower(after)
	for _, p := range []string{"/m²", "/m2", "/ m²", "/qm", "per m²", "pro m²", "per sq", "/sq"} {
		if strings.HasPrefix(la, p) {
			return true
		}
	}
	return false
}

// tidyPrice drops element breaks and writes no-break spaces as spaces.
func tidyPrice(m string) string {
	m = strings.ReplaceAll(m, elementBreak, " ")
	m = strings.ReplaceAll(m, "\u00a0", " ")
	return strings.Join(strings.Fields(m), " ")
}

// priceWords mark the element that holds a card's price, in the
// languages of the portals watched.
var priceWords = []string{"price", "prijs", "preis", "precio", "prezzo", "preco", "miete", "rent-", "cost"}

func isPriceElement(n *html.Node) bool {
	v := strings.ToLower(attrOf(n, "class") + " " + attrOf(n, "data-testid") + " " + attrOf(n, "data-test") + " " + attrOf(n, "itemprop"))
	for _, w := range priceWords {
		if strings.Contains(v, w) {
			return true
		}
	}
	return false
}

// cardPrice reads the price off a card: an amount inside an element named
// like a price first, then any amount in the card, then a short text in a
// price element ("POA", "Prijs op aanvraag").
func cardPrice(card *html.Node) string {
	var priced []*html.Node
	forEachElement(card, func(n *html.Node) {
		if len(priced) < 8 && isPriceElement(n) {
			priced = append(priced, n)
		}
	})
	if card.Type == html.ElementNode && isPriceElement(card) {
		priced = nil // the card itself is named after a price: its parts decide
	}
	for _, n := range priced {
		if p := findPrice(priceText(n)); p != "" {
			return p
		}
	}
	if p := findPrice(priceText(card)); p != "" {
		return p
	}
	for _, n := range priced {
		if t := nodeText(n); t != "" && len([]rune(t)) <= 30 {
			return t
		}
	}
	return ""
}
