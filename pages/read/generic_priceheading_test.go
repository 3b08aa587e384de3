package read

import (
	"strings"
	"testing"
)

// TestPriceHeadingRule: a card whose first heading is its price block,
// with a label before the amount ("from", a project's "units from") or a
// caption in place of it (price on request), and the address in a lower
// heading (issue 23, class 6; a developer's project among the results):
// the price heading is the price's in any language, never the title.
func TestPriceHeadingRule(t *testing.T) {
	long := strings.Repeat("Bright rooms, a quiet courtyard and shops nearby. ", 5)
	tests := []struct{ name, card, want string }{
		{"a label and an amount in the price heading",
			`<div class="card"><h2 class="card-price"><span class="price-from">Wohnungen ab</span> 410.000 €</h2><h3 class="features"><span>12 un.</span><span>2 a 4 amb.</span></h3><h4 class="card-address">Hauptstraße 12</h4><h4 class="card-area">Mitte, Berlin</h4><h2 class="description"><a href="/x/1">` + long + `</a></h2></div>`,
			"Hauptstraße 12"},
		{"a caption in place of the amount",
			`<div class="card"><h2 class="listing-price">Harga hubungi agen</h2><h4 class="address">Jalan Melati 7</h4><a href="/x/1"><img src="a.jpg" alt=""></a></div>`,
			"Jalan Melati 7"},
		{"a heading marked as the title stays the title even where its class names the rent",
			`<div class="card"><h2 class="rent-title">Sunny loft near the park</h2><p class="price">€ 1.250</p><a href="/x/1">more</a></div>`,
			"Sunny loft near the park"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, mains := parseCard(t, tt.card, "/x/1")
			if got := cardTitle(card, mains); got != tt.want {
				t.Errorf("title %q, want %q", got, tt.want)
			}
		})
	}
}
