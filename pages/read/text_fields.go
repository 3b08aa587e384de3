package read

import (
	"math"
	"regexp"
	"strings"

	"golang.org/x/net/html"

	"rentwatch/listing"
)

// A card's size and rooms, as shown and as numbers. Both are read only
// where the card says them in so many words ("65 m²", "650 sq ft", "3
// Zimmer", "Rooms: 2", see text_rooms.go), and a field a card does not
// show stays empty.

var sizeRe = regexp.MustCompile(`(?i)(?:^|[^\d.,/])(\d{1,3}(?:[.,']\d{3})*(?:[.,]\d{1,2})?|\d{1,5}(?:[.,]\d{1,2})?)` +
	`[\s\x{2063}]*(m²|m2\b|qm\b|sqm\b|m\^2|m\x{2063}2\b|kvm\b|㎡|м²|м2|кв\.?\s?м|sq\.?\s?ft\.?|sqft\b|ft²|square\s+feet|sq\.?\s?m\b|平方米|平米|平方公尺|` + regionSizeUnits + `)`)

// sizeHints are in every text sizeRe matches (lowercase), a cheap test
// before the regexp.
var sizeHints = []string{"m²", "m2", "qm", "sq", "ft", "m^2", "m\u20632", "kvm", "㎡", "м²", "м2", "кв", "平米", "平方", "mt", "ตร.ม", "坪", "평", "marla", "kanal", "yd", "yard"}

// hasAny reports whether the lowercased text holds one of hints.
func hasAny(text string, hints []string) bool {
	lower := strings.ToLower(text)
	for _, h := range hints {
		if strings.Contains(lower, h) {
			return true
		}
	}
	return false
}

// sqftInM2 converts square feet to square metres.
const sqftInM2 = 0.09290304

// findSize returns the first size written in text, as shown, and in m².
func findSize(text string) (string, float64) {
	if !hasAny(text, sizeHints) {
		return "", 0 // most texts tried say no size: skip the regexp
	}
	for _, m := range sizeRe.FindAllStringSubmatchIndex(text, 4) {
		num, unit := text[m[2]:m[3]], strings.ToLower(text[m[4]:m[5]])
		v, ok := parseAmount(num)
		if !ok || v == 0 {
			continue
		}
		shown := tidyPrice(text[m[2]:m[5]])
		if strings.Contains(unit, "f") {
			// square feet: one decimal is as precise as any card
			return shown, math.Round(v*sqftInM2*10) / 10
		}
		if f := regionUnitM2(unit); f > 0 {
			return shown, math.Round(v*f*10) / 10
		}
		return shown, v
	}
	return "", 0
}

// cardFacts fills a listing's size and rooms from its card (see
// cardRooms).
func cardFacts(card *html.Node, l *listing.Listing) {
	text := priceText(card)
	l.Size, l.SizeM2 = findSize(text)
	l.Rooms = cardRooms(card, text)
	l.PriceValue = priceValue(l.Price)
}
