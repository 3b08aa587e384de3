package read

import (
	"regexp"
	"strconv"
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
	priceCurrency = `(?:€|£|\$|¥|₹|₽|₺|₴|₪|₩|EUR|GBP|USD|CHF|SEK|NOK|DKK|PLN|CZK|HUF|RON|BGN|TRY|AUD|CAD|NZD|MXN|BRL|ARS|COP|CLP|AED|ZAR|INR|ILS|` +
		`zł|Kč|kr\.?|Fr\.|R\$|руб\.?|грн\.?|лв\.?)`
	priceAmount = `(?:\d{1,3}(?:[.,'\x{00A0}\x{202F} ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?:,-|\.-|,–|\.–)?`
	gap         = `[\s\x{2063}]`
	// "$ 6,500,000 MXN", "$1,200 CAD": a dollar sign and the country's code
	priceCodeTail = `(?:` + gap + `{1,3}(?:USD|CAD|AUD|NZD|MXN|ARS|COP|CLP|SGD|HKD|TWD)\b)?`
	priceOne      = `(?:` + priceCurrency + gap + `{0,3}` + priceAmount + priceCodeTail + `|` + priceAmount + gap + `{0,3}` + priceCurrency + `)`
	pricePeriod   = `(?:` + gap + `*(?:/` + gap + `*(?:maand|mnd|month|mois|monat|mese|mes|mth|week|wk|pw|pcm|night|nacht|mies|mc|mo|m)\.?` +
		`|per\s+(?:maand|month|week|night|mnd|monat)|p\.\s?c\.\s?m\.?|pcm|p\.\s?w\.?|pw\b|p\.\s?m\.?|mtl\.?|monatlich|al\s+mese?|par\s+mois))?`
	priceRange = `(?:` + gap + `*(?:-|–|—|to|tot|bis)` + gap + `*(?:` + priceOne + `|` + priceAmount + `))?`
	// a range whose currency follows its second amount only ("1.350 -
	// 1.900 €"): without it the first amount has no currency and the
	// price would read as its top figure alone
	priceRangeLead = `(?:` + priceAmount + gap + `*(?:-|–|—|to|tot|bis)` + gap + `*` + priceAmount + gap + `{0,3}` + priceCurrency + `)`
	// "from" before a price is part of it as shown: the price is a lower
	// bound ("From €2,300", "vanaf € 950", "ab 890 €", "dès 700 €")
	priceFrom = `(?:(?:from|van|vanaf|ab|dès|des|desde|da|fra|från|od|à partir de|a partir de)` + gap + `+)?`
)

// elementBreak (U+2063, invisible separator) marks where one element's
// text ends and the next begins in priceText.
const elementBreak = "\u2063"

var (
	priceRe     = regexp.MustCompile(`(?i)` + priceFrom + `(?:` + priceRangeLead + `|` + priceOne + priceRange + `)` + pricePeriod)
	barePriceRe = regexp.MustCompile(`(?i)\b` + priceAmount + gap + `?(?:pcm|pw\b|p\.\s?c\.\s?m\.?|per\s+(?:month|maand|monat|week))`)
	leadGroup   = regexp.MustCompile(`^\d{1,3} \d{3}`)
	// currencyOnlyRe is a text that is a currency and nothing else
	currencyOnlyRe = regexp.MustCompile(`(?i)^` + priceCurrency + `$`)
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
	if p := findMyriadPrice(text); p != "" {
		return p
	}
	if p := findLakhPrice(text); p != "" {
		return p
	}
	if p := findKoreanPrice(text); p != "" {
		return p
	}
	for _, re := range priceRegexps(text) {
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
			case re == regionPriceRe && currencyStartsWord(m, text[e:]):
				pos = e
			case currencyLeadsOn(m, text[e:]):
				pos = s + strings.LastIndex(m, elementBreak) + len(elementBreak)
			case !plausibleRange(m):
				// "Studio 1 - 650 €": a count and a dash, not a range
				pos = s + 1
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
	"fr.", "pcm", "pw", "p.c.m", "per", "ron", "bgn", "try", "aud", "cad", "nzd", "mxn", "brl", "ars", "cop", "clp",
	"aed", "zar", "inr", "ils", "руб", "грн", "лв", "円", "元"}

// hasPriceMarker is a cheap test run before the price regexps.
func hasPriceMarker(text string) bool {
	if strings.ContainsAny(text, "€£$¥₹₽₺₴₪₩") {
		return true
	}
	lower := strings.ToLower(text)
	for _, m := range priceMarkers {
		if strings.Contains(lower, m) {
			return true
		}
	}
	return regionMarked(lower)
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
// followed by "€ 800" the euro sign belongs to the 800, not to the 1. The
// amount may sit in the next element of its own ("AED" | "195,000" after
// a date's year): a currency alone in its element leads on to it when that
// amount is the bigger one ("1 200" | "€" | "3 pièces" stays 1 200 €).
func currencyLeadsOn(m, after string) bool {
	i := strings.LastIndex(m, elementBreak)
	if i < 0 || m == "" || m[0] < '0' || m[0] > '9' {
		return false
	}
	tail := strings.TrimLeft(m[i+len(elementBreak):], " \u00a0")
	after = strings.TrimLeft(after, " \u00a0")
	crossed := strings.HasPrefix(after, elementBreak)
	after = strings.TrimLeft(after, " \u00a0"+elementBreak)
	if tail == "" || (tail[0] >= '0' && tail[0] <= '9') || after == "" || after[0] < '0' || after[0] > '9' {
		return false
	}
	if !crossed {
		return true
	}
	// across elements only a currency leads on, never a period ("pw")
	if !currencyOnlyRe.MatchString(strings.TrimSpace(tail)) {
		return false
	}
	prev, ok1 := parseAmount(amountRe.FindString(m))
	next, ok2 := parseAmount(amountRe.FindString(after))
	return ok1 && ok2 && next > prev
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
	for _, p := range []string{"/m²", "/m2", "/ m²", "/qm", "per m²", "pro m²", "per sq", "/sq", "/м²", "/м2", "/ м²", "за м²",
		"/кв", "за кв", "/㎡", "/平", "/坪", "psf", "ppsf", "/ft", "/呎", "/尺", "/평"} {
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
	v := strings.ToLower(attrOf(n, "class") + " " + attrOf(n, "data-testid") + " " + attrOf(n, "data-test") + " " + attrOf(n, "itemprop") +
		" " + attrOf(n, "data-mark") + " " + attrOf(n, "data-name"))
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
		// a badge named after the price ("brandTagPriceUpdate": "price
		// updated") holds none
		if len(priced) < 8 && isPriceElement(n) && !inCrossedOut(n, card) && !badgeElement(n) {
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
		if s := slotOverHeadline(card, priced, p); s != "" {
			return s
		}
		return p
	}
	if p := priceOnRequest(card); p != "" {
		return p
	}
	if p := leafPrice(priced); p != "" {
		return p
	}
	for _, n := range priced {
		if t := nodeText(n); t != "" && len([]rune(t)) <= 30 {
			return unlabelPrice(t)
		}
	}
	return ""
}

// plausibleRange reports whether a price that reads as a range has a
// lower bound of the same order as its upper one (a range of rents),
// and is true for a single price.
func plausibleRange(m string) bool {
	vals := priceAmounts(m, 2)
	if len(vals) < 2 {
		return true
	}
	return vals[0] <= vals[1] && vals[0]*10 >= vals[1]
}

var amountRe = regexp.MustCompile(`\d[\d.,'\x{00A0}\x{202F} ]*`)

// priceValue is the number a price shows, the lower bound of a range
// ("€ 1.200 - € 1.500" is 1200, "515,36 €" is 515.36); 0 when it shows
// none ("Prijs op aanvraag").
func priceValue(price string) float64 {
	if v := myriadValue(price); v > 0 {
		return v
	}
	if v := lakhValue(price); v > 0 {
		return v
	}
	if v := regionValue(price); v > 0 {
		return v
	}
	if v := priceAmounts(price, 1); len(v) > 0 {
		return v[0]
	}
	return 0
}

// priceAmounts reads up to n amounts from a price in the order written.
func priceAmounts(price string, n int) []float64 {
	var out []float64
	for _, m := range amountRe.FindAllString(price, n) {
		if v, ok := parseAmount(m); ok {
			out = append(out, v)
		}
	}
	return out
}

// parseAmount reads "1.250,50", "1,250.50", "1 250", "2'100.–", "1.550"
// (a thousands dot: three digits follow) and "515,36" (a decimal comma).
func parseAmount(m string) (float64, bool) {
	m = strings.TrimRight(m, " .,'\u00a0\u202f")
	lastDot, lastComma := strings.LastIndexByte(m, '.'), strings.LastIndexByte(m, ',')
	dec := -1
	switch {
	case lastDot >= 0 && lastComma >= 0:
		dec = max(lastDot, lastComma)
	case lastDot >= 0 && len(m)-lastDot-1 != 3:
		dec = lastDot
	case lastComma >= 0 && len(m)-lastComma-1 != 3:
		dec = lastComma
	}
	var whole, frac strings.Builder
	for i, r := range m {
		switch {
		case r >= '0' && r <= '9' && (dec < 0 || i < dec):
			whole.WriteRune(r)
		case r >= '0' && r <= '9':
			frac.WriteRune(r)
		}
	}
	if whole.Len() == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(whole.String()+"."+frac.String()+"0", 64)
	return v, err == nil
}
