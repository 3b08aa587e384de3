package read

import (
	"fmt"
	"strings"
	"testing"
)

// smallPage is a small Swedish agency's search page (issue 23, class 4,
// seen in 2025): a filter form full of amounts, then one to five houses,
// each one link around the card, its street in a heading-named element,
// its size shown and, for a house not yet priced, no price.
func smallPage(n int, priced bool) string {
	var b strings.Builder
	b.WriteString(`<html><body><div class="filters"><select name="min"><option>500 kr</option><option>1 000 kr</option></select><label>Boarea min 20 25 30</label></div><ul class="uk-grid">`)
	for i := 1; i <= n; i++ {
		price := ""
		if priced {
			price = fmt.Sprintf(`<span>%d 295 000 kr</span>`, i)
		}
		fmt.Fprintf(&b, `<li class="uk-width-1-3"><a href="/bostad/sverige/kalmar/farjestaden/ryd/47526%d"><figure><img src="/img/%d.jpg"></figure><figcaption><span>Mörbylånga /</span><span>Färjestaden</span><div class="uk-h3 uk-text-heading">Ryd 80%d</div></figcaption>%s<span>21%d kvm</span><span>Villa</span></a></li>`, i, i, i, price, i)
	}
	b.WriteString(`</ul><footer><a href="/om-oss">Om oss</a></footer></body></html>`)
	return b.String()
}

func TestSmallResultPages(t *testing.T) {
	for _, tt := range []struct {
		n      int
		priced bool
	}{{1, false}, {3, true}, {4, false}, {5, true}} {
		t.Run(fmt.Sprintf("%d cards, priced %v", tt.n, tt.priced), func(t *testing.T) {
			r := Read("https://www.maklare.example/bostad/sverige/kalmar-lans-lan/farjestaden-kommun", []byte(smallPage(tt.n, tt.priced)))
			if len(r.Listings) != tt.n {
				t.Fatalf("read %d listings, want %d", len(r.Listings), tt.n)
			}
			if l := r.Listings[0]; l.Title != "Ryd 801" || l.Size != "211 kvm" || l.SizeM2 != 211 {
				t.Errorf("first listing %+v, want Ryd 801 with 211 kvm", l)
			}
		})
	}
}

func TestSizeUnits(t *testing.T) {
	for _, tt := range []struct {
		text string
		m2   float64
	}{{"214 kvm", 214}, {"50,5 kvm", 50.5}, {"25.35㎡", 25.35}, {"43 м²", 43}, {"2-комн. кв., 43 м2", 43}, {"48,6 кв. м", 48.6},
		{"25.35m\u20632", 25.35}, {"5 m 2 Zimmer", 0}} {
		if _, got := findSize(tt.text); got != tt.m2 {
			t.Errorf("findSize(%q) = %v m², want %v", tt.text, got, tt.m2)
		}
	}
}
