package read

import "testing"

// TestHeadingBeforePrice: a heading that holds the price and its age in
// elements of their own has the text before the price as its headline;
// a heading without a price stays whole (issue 23, class 6).
func TestHeadingBeforePrice(t *testing.T) {
	tests := []struct{ name, card, want string }{
		{"type, street, price and age in one heading",
			`<a href="/p/1"><h3 class="hdr"><span class="t"><strong>Piso</strong> en Calle Mayor, 5, Centro</span><span class="p"><span>1.800 €</span><span>Hace 3 días</span></span></h3><ul><li>3 habs.</li><li>86 m²</li></ul></a>`,
			"Piso en Calle Mayor, 5, Centro"},
		{"a heading with a price after its name in English",
			`<a href="/p/1"><h2><span>Two bed flat, Leith Walk</span> <span>£1,250 pcm</span></h2></a>`,
			"Two bed flat, Leith Walk"},
		{"a heading without a price stays whole",
			`<a href="/p/1"><h3><span>Casa</span> <span>en Calle Sol, 2</span></h3><span>900 €</span></a>`,
			"Casa en Calle Sol, 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, mains := parseCard(t, tt.card, "/p/1")
			if got := cardTitle(card, mains); got != tt.want {
				t.Errorf("title %q, want %q", got, tt.want)
			}
		})
	}
}
