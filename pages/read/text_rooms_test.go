package read

import "testing"

// TestFindRoomsNotations: rooms as cards write them in the countries
// nobody here has read, and texts that only look like them.
func TestFindRoomsNotations(t *testing.T) {
	tests := []struct {
		text string
		want float64
	}{
		{"Wohnung, 3 Zi., 71 m²", 3},
		{"Ruim 3-kamer appartement", 3},
		{"Apartamento T3 na Avenida da Liberdade", 3},
		{"Moradia T5 · 456 m² área bruta", 5},
		{"Byt 3+1, 74 m², Praha 6", 3},
		{"Prodej bytu 2+kk 54 m²", 2},
		{"新宿区新宿7丁目 間取り 2LDK＋S 84.82m", 2},
		{"8.9万円 1K 18.9m", 1},
		{"6.9万円 ワンルーム 17.25 m", 1},
		{"2-комн. квартира, 60 м², 3/10 этаж", 2},
		{"Mieszkanie 3 pok. 48 m²", 3},
		{"2 кімнати · Площа 73/42/20 · Поверх 4/11", 2},
		{"3 BHK Flat for Sale in Patia, Bhubaneswar", 3},
		{"€265,000 4 Bedrooms 3 Bathrooms", 4},
		{"$1,790 1br - 615ft", 1},
		{"Bedrooms 3 Bathrooms 1", 3},
		{"Trilocale in via Aldini, 20", 3},
		{"Studio meublé, Paris 11e", 1},
		{"WG-Zimmer in Kreuzberg", 1},
		{"Rooms: 2 · 54 m²", 2},
		{"Condo Apt bedroom - 2 bathroom - 2 garage - 1", 2},
		{"Zimmer – 3 · Fläche – 80 m²", 3},
		{"Kerrostalo, 3h,k,kph,parveke 74 m²", 3},
		{"Rivitalo 2h+kk, 48,5 m²", 2},
		{"Open 24h, 7 days", 0},
		// a count of rooms wins over bedrooms
		{"4 kamers, 3 slaapkamers", 4},
		// nothing of rooms
		{"+7 923 070-75-12", 0},
		{"Available 4K TV, 2 ba", 0},
		{"Totalrenovierte Wohnung mit Terrasse", 0},
		{"Ref. T-123, 100 m²", 0},
	}
	for _, tt := range tests {
		if got := findRooms(tt.text); got != tt.want {
			t.Errorf("findRooms(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestCardRoomsMarkup: a count only the markup names (an icon, a field
// marked bedrooms) is read; the bath beside it is not.
func TestCardRoomsMarkup(t *testing.T) {
	tests := []struct {
		name, card string
		want       float64
	}{
		{"number after a bed icon", `<div class="stats"><i class="fa-solid fa-bath"></i><span> 2</span><i class="fa-solid fa-bed"></i><span> 4</span><span>130m²</span></div>`, 4},
		{"number after an icon, a bare text node", `<p><i class="fa fa-bath"></i>4 <i class="fa fa-bed"></i>5 <i class="fa fa-cube"></i>183m²</p>`, 5},
		{"an icon in its own element before a big number", `<p class="wx-id"><i class="fa fa-bed"></i> <big>4</big> <i class="bathrooms"></i>2</p>`, 4},
		{"a field marked bedrooms holding a range", `<span class="property__number bedrooms">2 - 3</span><span class="property__number bathrooms">2 - 4</span>`, 2},
		{"a definition list with a hidden label", `<dl><dt class="rui-icon rui-icon-bed"><span class="rui-visuallyhidden">Bedrooms</span></dt><dd>3</dd><dt class="rui-icon-bath"></dt><dd>1</dd></dl>`, 3},
		{"only a bath icon", `<i class="fa fa-bath"></i><span>2</span>`, 0},
		{"a bed icon with no number", `<img src="/icons/bed-gray.svg" alt=""><span>ask the agent</span>`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, _ := parseCard(t, tt.card, "")
			if got := cardRooms(card, priceText(card)); got != tt.want {
				t.Errorf("rooms %v, want %v", got, tt.want)
			}
		})
	}
}
