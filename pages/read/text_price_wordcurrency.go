package read

import (
	"unicode"
	"unicode/utf8"
)

// currencyStartsWord reports a region price whose currency, written in
// letters after the amount, is only the first letters of the word that
// follows: "MUA 1 ĐƯỢC 2" (buy one, get two) is no price of one dong, nor
// "2 RMs" one of two ringgit. A currency ends where its word ends; the
// region's letters (đ, RM, Rp, UF, triệu, tỷ) are too short to be read
// inside a longer word.
func currencyStartsWord(m, rest string) bool {
	last, _ := utf8.DecodeLastRuneInString(m)
	next, _ := utf8.DecodeRuneInString(rest)
	return unicode.IsLetter(last) && unicode.IsLetter(next)
}
