package read

import "testing"

// TestOldPriceRule: a reduced listing's card shows the old price crossed
// out; the price read is the current one (issue 23, class 7).
func TestOldPriceRule(t *testing.T) {
	tests := []struct{ name, card, want string }{
		{"del before the new price",
			`<a href="/x/1">Piso en Calle Mayor</a><span class="price"><del>322.000 €</del> 317.000 €</span>`, "317.000 €"},
		{"idealista's pricedown line after the price",
			`<a href="/x/1">Piso en Calle de Vélez Rubio</a><span class="item-price">317.000€</span><span class="pricedown_price">322.000 €</span>`, "317.000€"},
		{"old price first, by class",
			`<a href="/x/1">Byt 2+kk</a><div class="price"><span class="price--old">5 990 000 Kč</span><span class="price--new">5 557 000 Kč</span></div>`, "5 557 000 Kč"},
		{"line-through style",
			`<a href="/x/1">Flat in Leeds</a><p><span style="text-decoration: line-through">£950 pcm</span> <b>£900 pcm</b></p>`, "£900 pcm"},
		{"a utility class drawing the line",
			`<a href="/x/1">12 Oak Rd</a><p>Listed: <span class="line-through">$998,000</span></p><p>Sold: <span class="font-bold">$1,020,000</span></p>`, "$1,020,000"},
		{"a price with no old one stays",
			`<a href="/x/1">Bold studio</a><span class="price bold-price">€ 1.250</span>`, "€ 1.250"},
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

// TestOldPriceRuleDefinition: a portal definition's price selector that
// matches the old price's container too reads the current price.
func TestOldPriceRuleDefinition(t *testing.T) {
	page := `<html><body><main>` +
		`<article class="item" data-element-id="1"><a class="item-link" href="/inmueble/1/">Piso en Calle Uno</a><div class="price-row"><del>322.000 €</del><span class="item-price">317.000 €</span></div></article>` +
		`<article class="item" data-element-id="2"><a class="item-link" href="/inmueble/2/">Piso en Calle Dos</a><div class="price-row"><span class="item-price">250.000 €</span></div></article>` +
		`<article class="item" data-element-id="3"><a class="item-link" href="/inmueble/3/">Piso en Calle Tres</a><div class="price-row"><span class="item-price">199.000 €</span></div></article>` +
		`</main></body></html>`
	def := portalDef{Name: "example.es", Sites: []string{"example.es"}, Layouts: []portalLayout{{Card: `article.item`, Link: `a.item-link`, Title: `a.item-link`, Price: `.price-row`}}}
	r := readWith("https://www.example.es/venta-viviendas/madrid/", []byte(page), []portalDef{def})
	if len(r.Listings) != 3 || r.Listings[0].Price != "317.000 €" {
		t.Fatalf("listings %+v, want the first at 317.000 €", r.Listings)
	}
}
