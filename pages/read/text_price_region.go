package read

import (
	"regexp"
	"strings"
)

// Prices in the Americas and Asia-Pacific (issue 23, prices). Cards there
// write a dollar with its country's letters ("S$ 3,150", "HK$18,500",
// "NT$", "US$" on Latin American portals, "MX$", "NZ$"), their own
// symbols and codes (ringgit "RM", rupiah "Rp", peso "₱", baht "฿", dong
// "₫", rupee "Rs", sol "S/", guaraní "Gs.", Chile's unidad de fomento
// "UF"), Vietnamese magnitudes in words ("12 triệu": 12 million dong,
// "3,5 tỷ": 3.5 billion) and Korean myriads ("3억 5,000만원": 350 million
// won; "2억" alone on a sale card). Without them a card's price was not
// read at all.

// regionCurrency is the region's currencies, in a pattern of their own
// (regionPriceRe), tried after priceRe and only on texts that name one:
// joined to priceRe they made it too big for the regexp package's fast
// matcher on every text a card has. The lettered dollars come first: a
// match starting at the letters starts earlier than one at the dollar
// sign, so "S$" is never read as a "$" glued to a word.
const regionCurrency = `(?:(?:US|S|HK|NT|NZ|AU|A|C|CA|MX|RD|J|TT|EC)\$|` +
	`SGD|HKD|TWD|MYR|IDR|PHP|THB|VND|PKR|LKR|NPR|BDT|KRW|JPY|CNY|RMB|PEN|UYU|PYG|BOB|CRC|GTQ|DOP|` +
	`₱|฿|₫|₲|₡|৳|RM|Rp\.?|Rs\.?|S/\.?|UF|Gs\.?|Bs\.?|บาท|đ|triệu|tỷ)`

var regionPriceRe = regexp.MustCompile(`(?i)` + priceFrom + `(?:` + regionCurrency + gap + `{0,3}` + priceAmount + priceCodeTail + `|` +
	priceAmount + gap + `{0,3}` + regionCurrency + `)` + priceRange + pricePeriod)

var (
	basePriceRegexps   = []*regexp.Regexp{priceRe, barePriceRe}
	regionPriceRegexps = []*regexp.Regexp{priceRe, regionPriceRe, barePriceRe}
)

// priceRegexps is the price patterns findPrice tries on text.
func priceRegexps(text string) []*regexp.Regexp {
	if regionMarked(strings.ToLower(text)) {
		return regionPriceRegexps
	}
	return basePriceRegexps
}

// regionMarkers are in every text a region currency is in (lowercase),
// for hasPriceMarker's cheap test; regionWords, short words that are
// parts of other words too ("floors", "form"), count only where they
// start a word and a space, a dot or a digit follows.
var (
	regionMarkers = []string{"$", "sgd", "hkd", "twd", "myr", "idr", "php", "thb", "vnd", "pkr", "lkr", "npr", "bdt", "krw", "jpy", "cny",
		"rmb", "pen", "uyu", "pyg", "bob", "crc", "gtq", "dop", "₱", "฿", "₫", "₲", "₡", "৳", "บาท", "đ", "triệu", "tỷ", "억", "만원", "원"}
	regionWords = []string{"rm", "rp", "rs", "uf", "gs", "bs", "s/"}
)

// regionMarked reports a lowercase text that may hold a region price.
func regionMarked(lower string) bool {
	for _, m := range regionMarkers {
		if strings.Contains(lower, m) {
			return true
		}
	}
	for _, w := range regionWords {
		for i := strings.Index(lower, w); i >= 0; {
			start := i == 0 || !isLetterByte(lower[i-1])
			end := i+len(w) < len(lower) && (lower[i+len(w)] == ' ' || lower[i+len(w)] == '.' || isDigit(rune(lower[i+len(w)])))
			if start && end {
				return true
			}
			j := strings.Index(lower[i+1:], w)
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return false
}

// isLetterByte reports an ASCII letter, or a byte of a multi-byte rune
// (a letter in most scripts).
func isLetterByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// koreanPriceRe is a price in 억 (100 million won) with the 만 (10,000)
// after it, or in 만원 alone; 원 (won) is optional after 억.
var koreanPriceRe = regexp.MustCompile(`(\d[\d,]*(?:\.\d+)?)\s?억(?:\s?(\d[\d,]*)\s?만)?(?:\s?원)?|(\d[\d,]*)\s?만\s?원`)

// findKoreanPrice returns the first price in 억 or 만원 in text.
func findKoreanPrice(text string) string {
	if !strings.Contains(text, "억") && !strings.Contains(text, "만") {
		return ""
	}
	for _, m := range koreanPriceRe.FindAllStringIndex(text, -1) {
		if m[0] > 0 && gluedToNumber(text[:m[0]]) {
			continue
		}
		return tidyPrice(text[m[0]:m[1]])
	}
	return ""
}

// regionValue is a price in Korean myriads or Vietnamese magnitudes as a
// number (0 for any other price).
func regionValue(price string) float64 {
	if m := koreanPriceRe.FindStringSubmatch(price); m != nil {
		v := 0.0
		if n, ok := parseAmount(strings.ReplaceAll(m[1], ",", "")); ok && m[1] != "" {
			v += n * 1e8
		}
		for _, s := range []string{m[2], m[3]} {
			if n, ok := parseAmount(strings.ReplaceAll(s, ",", "")); ok && s != "" {
				v += n * 1e4
			}
		}
		return v
	}
	for unit, mul := range map[string]float64{"triệu": 1e6, "tỷ": 1e9} {
		if strings.Contains(price, unit) {
			if v := priceAmounts(price, 1); len(v) > 0 {
				return v[0] * mul
			}
		}
	}
	return 0
}
