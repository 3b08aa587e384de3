package read

import (
	"regexp"
	"strings"
)

// Prices in yen and yuan (issue 23, prices): Japanese and Chinese pages
// write amounts in myriads, with no currency before the number: "8.9万円"
// (89,000 yen a month), "5,480万円", "1億3,980万円" (139.8 million yen),
// "6500元/月", "350万元", "1,280萬元" (traditional script). The whole amount is the price, 億 part included.

var myriadPriceRe = regexp.MustCompile(`(?:(\d[\d,]*)億)?(\d[\d,]*(?:\.\d+)?)?(万|萬)?(円|元)(?:\s*/\s*月)?`)

// findMyriadPrice returns the first yen or yuan price in text, "" when
// there is none (or the text has no 円 or 元 at all).
func findMyriadPrice(text string) string {
	if !strings.Contains(text, "円") && !strings.Contains(text, "元") {
		return ""
	}
	for _, m := range myriadPriceRe.FindAllStringSubmatchIndex(text, -1) {
		if m[2] < 0 && m[4] < 0 {
			continue // a currency with no amount
		}
		if m[0] > 0 && gluedToNumber(text[:m[0]]) {
			continue
		}
		if perArea(text[m[0]:m[1]], text[m[1]:]) {
			continue // "31000元/平米": a price per area, never the price
		}
		return tidyPrice(text[m[0]:m[1]])
	}
	return ""
}

// myriadValue is a yen or yuan price as a number (0 for any other).
func myriadValue(price string) float64 {
	m := myriadPriceRe.FindStringSubmatch(price)
	if m == nil || (m[1] == "" && m[2] == "") {
		return 0
	}
	v := 0.0
	if m[1] != "" {
		if n, ok := parseAmount(strings.ReplaceAll(m[1], ",", "")); ok {
			v += n * 1e8
		}
	}
	if m[2] != "" {
		n, ok := parseAmount(strings.ReplaceAll(m[2], ",", ""))
		if ok && m[3] != "" {
			n *= 1e4
		}
		if ok {
			v += n
		}
	}
	return v
}
