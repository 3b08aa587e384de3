package read

import (
	"regexp"
	"strings"

	"golang.org/x/net/html"
)

// Prices in words (issue 23, prices): a card with no amount often says
// why in its price's place ("POA", "Price on application", "Prijs op
// aanvraag", "Cena na vyžádání"), in an element no class names a price.
// That text is the card's price as shown: the user sees the listing has
// one to ask for. A label in front of it ("Rent: Rent on application",
// "Price: POA") is not part of it.

// onRequestRe matches a whole short text that says the price is given on
// request, in the languages of the portals seen.
var onRequestRe = regexp.MustCompile(`(?i)^(?:(?:guide\s+)?price\s+on\s+(?:application|request)|poa|p\.o\.a\.?|(?:rent|price)\s+on\s+application|` +
	`on\s+application|price\s+upon\s+request|contact\s+(?:us\s+)?for\s+pric(?:e|ing)|prijs\s+op\s+aanvraag|huurprijs\s+op\s+aanvraag|` +
	`(?:preis\s+)?auf\s+anfrage|preis\s+auf\s+anfrage|prix\s+sur\s+demande|sur\s+demande|prezzo\s+su\s+richiesta|trattativa\s+riservata|` +
	`(?:precio\s+)?a\s+consultar|consultar\s+precio|preço\s+sob\s+consulta|sob\s+consulta|cena\s+na\s+vyžádání|cena\s+dohodou|` +
	`zapytaj\s+o\s+cenę|cena\s+do\s+uzgodnienia|цена\s+по\s+запросу|pris\s+på\s+förfrågan|pris\s+på\s+forespørsel|` +
	`(?:unconditional\s+)?offers\s+invited|価格未定|応相談)$`)

// priceLabelRe is a label before a price ("Rent:", "Price:", "Preis:").
var priceLabelRe = regexp.MustCompile(`(?i)^(?:rent|price|prix|preis|kaufpreis|miete|kaltmiete|prijs|huurprijs|precio|prezzo|preço|cena|pris|value|asking\s+price)\s*:\s*`)

// priceOnRequest is the card's text that says its price is given on
// request, "" when it says none.
func priceOnRequest(card *html.Node) string {
	var out string
	findFirst(card, func(n *html.Node) bool {
		if n.Type != html.ElementNode || hidesText(n) {
			return false
		}
		t := ownText(n)
		if t == "" || len([]rune(t)) > 40 {
			return false
		}
		if u := unlabelPrice(t); onRequestRe.MatchString(strings.TrimRight(u, ".!")) {
			out = u
			return true
		}
		return false
	})
	return out
}

// unlabelPrice drops a label before a price ("Rent: Rent on application").
func unlabelPrice(t string) string {
	if loc := priceLabelRe.FindStringIndex(t); loc != nil && loc[1] < len(t) {
		return strings.TrimSpace(t[loc[1]:])
	}
	return t
}
