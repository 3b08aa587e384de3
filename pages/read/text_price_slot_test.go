package read

import (
	"testing"
)

// TestSlotOverHeadline: a card whose price slot says the price in words
// or per area, and whose headline holds a number, is priced by its slot;
// a slot with an amount, a bare label, or an amount outside the headline
// keep the card's amount. Cards rebuilt from the class.
func TestSlotOverHeadline(t *testing.T) {
	const href = "/ban-can-ho/pr1"
	head := func(h string) string { return `<h3><a href="` + href + `">` + h + `</a></h3>` }
	tests := []struct{ name, card, want string }{
		{"words in the slot, amounts in the headline",
			head("Chuyển nhượng studio 1.02 tỷ, 1PN 1.27 tỷ, 2PN 1.54 tỷ") + `<div class="info"><span class="price">Giá thỏa thuận</span> · <span>Quận 9</span></div>`,
			"Giá thỏa thuận"},
		{"a price per area in the slot, an amount in the headline",
			head("Căn hộ dual key, đóng 1 tỷ nhận nhà ngay") + `<div class="info"><span class="price">26 triệu/m²</span> · <span>134 m²</span></div>`,
			"26 triệu/m²"},
		{"an amount in the slot",
			head("Căn hộ 2PN giá 1 tỷ") + `<span class="price">1.5 tỷ</span>`,
			"1.5 tỷ"},
		{"a bare label in the slot, the amount beside it",
			head("Flat near the park") + `<span class="price">Price</span> <span>€ 1.200</span>`,
			"€ 1.200"},
		{"words in the slot, the amount outside the headline too",
			head("Flat for € 950") + `<span class="price">Price negotiable</span><p>Deposit € 950</p>`,
			"€ 950"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, _ := parseCard(t, tt.card, href)
			if got := cardPrice(card); got != tt.want {
				t.Errorf("price %q, want %q", got, tt.want)
			}
		})
	}
}
