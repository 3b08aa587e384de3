package read

import (
	"regexp"
	"strings"
)

// Prices in lakh and crore (issue 23, prices): Indian pages write big
// amounts in lakh (100,000) and crore (10,000,000) after the rupee sign:
// "₹ 1.3 Lac" (130,000 rupees a month), "₹45 Lakh", "₹ 1.25 Cr". The unit
// is part of the price: without it "₹ 1.3" reads as one rupee thirty.
// Pakistan, Nepal and Sri Lanka write their rupees so too ("PKR 2.5
// Crore").

var lakhPriceRe = regexp.MustCompile(`(?i)(?:₹|rs\.?|inr|pkr|npr|lkr)\s*(\d[\d,]*(?:\.\d+)?)\s*(lacs?|lakhs?|lkh|crores?|cr)\b\.?`)

// findLakhPrice returns the first rupee price written in lakh or crore in
// text, "" when there is none.
func findLakhPrice(text string) string {
	if !strings.Contains(text, "₹") && !strings.Contains(strings.ToLower(text), "rs") && !strings.Contains(text, "INR") &&
		!strings.Contains(text, "PKR") && !strings.Contains(text, "NPR") && !strings.Contains(text, "LKR") {
		return ""
	}
	if m := lakhPriceRe.FindStringIndex(text); m != nil {
		return tidyPrice(text[m[0]:m[1]])
	}
	return ""
}

// lakhValue is a price in lakh or crore as a number of rupees (0 for any
// other price).
func lakhValue(price string) float64 {
	m := lakhPriceRe.FindStringSubmatch(price)
	if m == nil {
		return 0
	}
	n, ok := parseAmount(strings.ReplaceAll(m[1], ",", ""))
	if !ok {
		return 0
	}
	if u := strings.ToLower(m[2]); strings.HasPrefix(u, "cr") {
		return n * 1e7
	}
	return n * 1e5
}
