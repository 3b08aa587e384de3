package pages

import (
	"regexp"
	"strings"

	"golang.org/x/net/html"
)

// The price pattern: an amount with a currency before or after it
// ("€ 1.250,-", "515,36 €", "£1,250", "CHF 2'100.–", "1 200 zł"), an
// optional second amount for a range ("€ 1.950 - € 2.000") and an optional
// period ("/mnd", "per maand", "pcm", "p.m.", "/Monat"). A bare amount
// with a period ("1,250 pcm") counts too.
const (
	priceCurrency = `(?:€|£|\$|¥|₹|₽|EUR|GBP|USD|CHF|SEK|NOK|DKK|PLN|CZK|HUF|zł|Kč|kr\.?|Fr\.|R\$)`
	priceAmount   = `(?:\d{1,3}(?:[.,'\x{00A0}\x{202F} ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?:,-|\.-|,–|\.–)?`
	// a plain space groups thousands only after the currency: "1 650 €"
	// is more often a counter or room count next to "650 €"
	priceAmountTight = `(?:\d{1,3}(?:[.,'\x{00A0}\x{202F}]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?:,-|\.-|,–|\.–)?`
	priceOne         = `(?:` + priceCurrency + `\s?` + priceAmount + `|` + priceAmountTight + `\s?` + priceCurrency + `)`
	pricePeriod      = `(?:\s*(?:/\s*(?:maand|mnd|month|mois|monat|mese|mes|mth|week|wk|pw|pcm|night|nacht|mo|m)\.?` +
		`|per\s+(?:maand|month|week|night|mnd|monat)|p\.\s?c\.\s?m\.?|pcm|p\.\s?w\.?|pw\b|p\.\s?m\.?|mtl\.?|monatlich|al\s+mese?|par\s+mois))?`
	priceRange = `(?:\s*(?:-|–|—|to|tot|bis)\s*(?:` + priceOne + `|` + priceAmount + `))?`
)

var (
	priceRe     = regexp.MustCompile(`(?i)` + priceOne + priceRange + pricePeriod)
	barePriceRe = regexp.MustCompile(`(?i)\b` + priceAmount + `\s?(?:pcm|pw\b|p\.\s?c\.\s?m\.?|per\s+(?:month|maand|monat|week))`)
)

// findPrice returns the price written in text ("" when there is none).
func findPrice(text string) string {
	m := priceRe.FindString(text)
	if m == "" {
		m = barePriceRe.FindString(text)
	}
	return strings.TrimSpace(strings.ReplaceAll(m, "\u00a0", " "))
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
		if p := findPrice(nodeText(n)); p != "" {
			return p
		}
	}
	if p := findPrice(nodeText(card)); p != "" {
		return p
	}
	for _, n := range priced {
		if t := nodeText(n); t != "" && len([]rune(t)) <= 30 {
			return t
		}
	}
	return ""
}
