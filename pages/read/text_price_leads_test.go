package read

import "testing"

// TestCurrencyLeadsOnAcrossElements: a card that writes a date before its
// price, the currency and the amount each in their own element ("Updated
// on 17 May 2023" | "AED" | "195,000"), prices the amount after the
// currency, never the year before it (issue 23, class 7).
func TestCurrencyLeadsOnAcrossElements(t *testing.T) {
	tests := []struct{ name, card, want string }{
		{"a year, then the code and the amount",
			`<a href="/p/1">Sea view</a><span>Updated on 17 May 2023</span><span>AED</span><span>195,000</span><span>Yearly</span>`, "AED 195,000"},
		{"a count, then the sign and the amount",
			`<a href="/p/1">Studio</a><span>Rooms 3</span><span>€</span><span>850</span>`, "€ 850"},
		{"a count after the price's own sign stays a count",
			`<a href="/p/1">Flat</a><span>1 200</span><span>€</span><span>3 pièces</span>`, "1 200 €"},
		{"a period in its own element leads on to nothing",
			`<a href="/p/1">Flat</a><h2><strong><data>484.62</data> pw</strong><span><data>2100</data> pcm</span></h2>`, "484.62 pw"},
		{"an amount and its code in one element stay",
			`<a href="/p/1">Flat</a><span>12 photos</span><span>1 200 €</span>`, "1 200 €"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, _ := parseCard(t, tt.card, "/p/1")
			if got := cardPrice(card); got != tt.want {
				t.Errorf("price %q, want %q", got, tt.want)
			}
		})
	}
}
