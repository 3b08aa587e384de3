package read

import (
	"fmt"
	"strings"
	"testing"
)

// twoLineHeadingPage is a result page whose cards head each house with
// its street (or neighbourhood) and, in a second element of the same
// heading, the rest of its place.
func twoLineHeadingPage(lines [][2]string) string {
	var b strings.Builder
	b.WriteString(`<html><body><div class="results">`)
	for i, l := range lines {
		fmt.Fprintf(&b, `<div class="ed-card"><a href="/prodaja-kuca/mesto/%x"><img src="https://img.example.rs/%d.jpg" alt="">`+
			`<h2 class="font-medium"><span class="text-lg uppercase">%s</span><span class="block">%s</span></h2></a>`+
			`<h3 class="description">Kuća za prodaju, uknjižena, %d m2.</h3>`+
			`<p class="price">%d.000 €</p><p>%d m²</p></div>`, 0x62f0a1+i, i, l[0], l[1], 70+i, 40+i, 70+i)
	}
	b.WriteString(`</div></body></html>`)
	return b.String()
}

// TestHeadingPlaceLine: where a card's heading is two elements, the
// second a place line (a town, or parts of a place with commas), the
// first is the title; a second line that is no place stays in it.
func TestHeadingPlaceLine(t *testing.T) {
	lines := [][2]string{{"Zorka", "Gradske lokacije, Subotica"}, {"Gradske lokacije", "Ruma"},
		{"Maršala Tita", "Ravno Selo, Okolne lokacije, Vrbas"}, {"Slobodana Bajica 13", "Gradske lokacije, Bačka Palanka"},
		{"Centar", "Gradske lokacije, Kraljevo"}, {"Vojno Naselje", "Gradske lokacije, Kraljevo"}}
	r := Read("https://www.example.rs/prodaja-kuca", []byte(twoLineHeadingPage(lines)))
	if len(r.Listings) != len(lines) {
		t.Fatalf("read %d listings, want %d", len(r.Listings), len(lines))
	}
	for i, l := range r.Listings {
		if l.Title != lines[i][0] {
			t.Errorf("card %d titled %q, want its street %q", i, l.Title, lines[i][0])
		}
	}
	kept := [][2]string{{"Kuća sa baštom", "mirna ulica i pogled na reku"}, {"Porodična kuća", "odmah useljiva i renovirana"},
		{"Kuća na sprat", "blizu škole i prodavnice"}, {"Vikendica", "sa voćnjakom i bunarom"}}
	r = Read("https://www.example.rs/prodaja-kuca", []byte(twoLineHeadingPage(kept)))
	if len(r.Listings) != len(kept) {
		t.Fatalf("read %d listings, want %d", len(r.Listings), len(kept))
	}
	for i, l := range r.Listings {
		if !strings.HasPrefix(l.Title, kept[i][0]) || !strings.HasSuffix(l.Title, kept[i][1]) {
			t.Errorf("card %d titled %q, want the whole heading, %q and %q", i, l.Title, kept[i][0], kept[i][1])
		}
	}
}
