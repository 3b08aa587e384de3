package read

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

var numberRunRe = regexp.MustCompile(`\d+(?:[.,]\d+)*`)

// The price-first headline (issue 23, class 6). A text that opens with a
// price is a price line ("€1,650 per month · 2 beds"), no title. Some
// portals' posters open their headline with the asking price and go on
// for a sentence ("1.5 TỶ 2PN DINH NGAY NHÀ MỚI ĐÓN TẾT Ở Q. HOÀNG MAI":
// 1.5 billion, two bedrooms, move in for the new year): rejecting it left
// the card titled by its district line. What follows the price decides:
// five words or more that are no units, and no second price, size or
// run of numbers, make it the listing's headline. A card's facts block
// run together ("449.500 € 1.751 €/m² Wohnung zum Kauf 7 Zimmer · 204
// m²") has more numbers after the first price and stays no title.
func headlineAfterPrice(t, price string) bool {
	rest := strings.TrimSpace(strings.TrimPrefix(tidyPrice(t), price))
	if findPrice(rest) != "" || len(numberRunRe.FindAllString(rest, 2)) > 1 {
		return false
	}
	// a separator after the price ("$1,850 · Quiet studio") makes it a price
	// line before a title, which the title rules cut off; the headline runs
	// on from its price in words
	if r, _ := utf8.DecodeRuneInString(rest); !unicode.IsLetter(r) && !unicode.IsDigit(r) {
		return false
	}
	if s, _ := findSize(rest); s != "" {
		return false
	}
	words := 0
	for _, w := range strings.FieldsFunc(strings.ToLower(rest), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if letters(w) < 2 || isUnitWord(w) {
			continue
		}
		words++
	}
	return words >= 5
}

// isUnitWord reports a word of prices, sizes and facts (unitWords).
func isUnitWord(w string) bool {
	for _, u := range unitWords {
		if w == u {
			return true
		}
	}
	return false
}
