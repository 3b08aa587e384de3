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

// regionCurrency joins priceCurrency (see text_price.go). The lettered
// dollars come first: a match starting at the letters starts earlier
// than one at the dollar sign, so "S$" is never read as a glued "$".
const regionCurrency = `(?:(?:US|S|HK|NT|NZ|AU|A|C|CA|MX|RD|J|TT|EC)\$|` +
	`SGD|HKD|TWD|MYR|IDR|PHP|THB|VND|PKR|LKR|NPR|BDT|KRW|JPY|CNY|RMB|PEN|UYU|PYG|BOB|CRC|GTQ|DOP|` +
	`₱|฿|₫|₲|₡|৳|RM|Rp\.?|Rs\.?|S/\.?|UF|Gs\.?|Bs\.?|บาท|đ|triệu|tỷ)`

// regionMarkers are in every text a region currency is in (lowercase),
// for hasPriceMarker's cheap test.
var regionMarkers = []string{"rm", "rp", "rs", "s/", "uf", "gs", "bs", "sgd", "hkd", "twd", "myr", "idr", "php", "thb", "vnd", "pkr",
	"lkr", "npr", "bdt", "krw", "jpy", "cny", "rmb", "pen", "uyu", "pyg", "bob", "crc", "gtq", "dop", "₱", "฿", "₫", "₲", "₡", "৳",
	"บาท", "đ", "triệu", "tỷ", "억", "만원", "원"}

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
