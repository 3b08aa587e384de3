package read

import (
	"net/url"
	"testing"
)

// TestHeadlineAfterPrice: a headline the poster opens with the asking
// price is still the card's title; a price line, or a facts block run
// together with a second price or a size, is not. Texts rebuilt from the
// class (a Vietnamese headline, an English price line, a German facts block).
func TestHeadlineAfterPrice(t *testing.T) {
	tests := []struct {
		text  string
		title bool
	}{
		{"1.5 tỷ 2PN dinh ngay nhà mới đón tết ấm êm Q. Hoàng Mai", true},
		{"£1,650 pcm two bedroom flat to rent near the station", true},
		{"€1,650 per month · 2 beds · 1 bath", false},
		{"$2,400 / month Available now, no pets", false},
		{"449.500 € 1.751 €/m² Wohnung zum Kauf 7 Zimmer · frei ab sofort Sassenberg", false},
		{"450.000 € Haus 120 m² mit Garten am Waldrand in ruhiger Lage", false},
	}
	for _, tt := range tests {
		if got := titleText(tt.text, true); got != tt.title {
			t.Errorf("titleText(%q) = %v, want %v", tt.text, got, tt.title)
		}
	}

	const href = "/ban-can-ho/1-5-ty-2pn-pr27754419"
	card, mains := parseCard(t, `<div class="image"><a href="`+href+`"><img src="/p/1.jpg" alt=""></a></div>`+
		`<h3 class="title"><a href="`+href+`">1.5 TỶ 2PN DINH NGAY NHÀ MỚI ĐÓN TẾT ẤM ÊM Q. HOÀNG MAI</a></h3>`+
		`<div class="info"><span class="price">1.5 tỷ</span> · <span class="location">Hoàng Mai, Hà Nội</span></div>`, href)
	base, _ := url.Parse("https://portal.example/ban-can-ho")
	pc := pageContext{base: base, page: base, site: "portal.example"}
	want := "1.5 TỶ 2PN DINH NGAY NHÀ MỚI ĐÓN TẾT ẤM ÊM Q. HOÀNG MAI"
	if l := readCard(card, "https://portal.example"+href, mains, pc); l.Title != want {
		t.Errorf("title %q, want %q", l.Title, want)
	}
}
