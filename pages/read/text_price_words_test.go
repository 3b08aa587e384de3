package read

import "testing"

// TestCardPriceWorld: prices as cards in countries nobody here has read
// show them. Cards rebuilt from the class.
func TestCardPriceWorld(t *testing.T) {
	tests := []struct{ name, card, want string }{
		{"yen in myriads, a fee after it",
			`<li><span>3階</span><span>8.9万円</span><span>管理費等 5,000円</span><span>1K</span></li>`, "8.9万円"},
		{"a hundred million yen and more",
			`<dl><dt>価格</dt><dd class="price"><em>1億3,980万円</em></dd></dl>`, "1億3,980万円"},
		{"a badge named after the price before it",
			`<span class="brandTagPriceUpdate">価格更新</span><dl><dt>価格</dt><dd class="price">6,780万円</dd></dl>`, "6,780万円"},
		{"a discount: the new price, not the old one nor the price per m²",
			`<span data-mark="DiscountPrice">29 642 400 ₽</span><span>-10%</span><span data-testid="offer-discount-old-price">32 936 000 ₽</span>` +
				`<p data-mark="PriceInfo">828 000 ₽/м²</p>`, "29 642 400 ₽"},
		{"the price per m² alone is no price",
			`<p>828 000 ₽/м²</p>`, ""},
		{"price on application in a plain element",
			`<div class="titleDesc"><span>POA</span><i class="fa fa-bed"></i>4</div>`, "POA"},
		{"a label before a price in words",
			`<p class="propText__price-rent--rent">Rent: Rent on application</p>`, "Rent on application"},
		{"on request in Czech",
			`<p>Byt 3+kk</p><p>cena na vyžádání</p>`, "cena na vyžádání"},
		{"a call to action is no price",
			`<a class="btn">Contact agent</a>`, ""},
		{"Mexican pesos",
			`<div class="snippet__content__price">$ 6,500,000 MXN</div>`, "$ 6,500,000 MXN"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, _ := parseCard(t, tt.card, "")
			if got := cardPrice(card); got != tt.want {
				t.Errorf("price %q, want %q", got, tt.want)
			}
		})
	}
}

func TestMyriadPriceValue(t *testing.T) {
	tests := []struct {
		price string
		want  float64
	}{
		{"8.9万円", 89000}, {"5,480万円", 54800000}, {"1億3,980万円", 139800000}, {"1億円", 100000000},
		{"6500元/月", 6500}, {"350万元", 3500000}, {"€ 1.200", 1200},
	}
	for _, tt := range tests {
		if got := priceValue(tt.price); got != tt.want {
			t.Errorf("priceValue(%q) = %v, want %v", tt.price, got, tt.want)
		}
	}
}
