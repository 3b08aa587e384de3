package read

import "testing"

// TestLeafPriceRule: a card's price block holds the total with no
// currency written (the unit is the country's, or a myriad word) and,
// beside it, the price per area with its currency (issue 23, class 7):
// the price read is the total's own element, not the block's whole text
// with the price per area run on.
func TestLeafPriceRule(t *testing.T) {
	tests := []struct{ name, card, want string }{
		{"a myriad total beside a price per square metre",
			`<a href="/x/1">Two-room flat near the river</a><div class="priceBox"><div class="total-price"><span>520</span> 万</div><div class="unit-price"><span>单价 61000 元/平米</span></div></div>`, "520 万"},
		{"a bare total beside a price per m² in a currency",
			`<a href="/x/1">Byt 3+1 s balkonem</a><div class="price-block"><strong class="price-total">2 450 000</strong><span class="price-per-area">48 000 Kč/m²</span></div>`, "2 450 000"},
		{"an average per area in the price element and the total from-price beside it",
			`<a href="/x/1">Lakeside Gardens</a><div class="project-price"><div class="main-price"><span class="num">31000</span> <span>元/平(均价)</span></div><div class="second">总价180万/套起</div></div>`, "总价180万/套起"},
		{"a caption in the only price element stays",
			`<a href="/x/1">Villa by the lake</a><div class="price">POA</div>`, "POA"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, _ := parseCard(t, tt.card, "/x/1")
			if got := cardPrice(card); got != tt.want {
				t.Errorf("price %q, want %q", got, tt.want)
			}
		})
	}
}
