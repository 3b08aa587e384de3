package read

import (
	"fmt"
	"strings"
	"testing"
)

// advertListPage is a result page whose portal calls its listings
// adverts (div.advert-list), beside a sidebar of three articles and, when
// paid is set, one paid card in a block named as an ad.
func advertListPage(cards int, paid bool) string {
	var b strings.Builder
	b.WriteString(`<html><body><div class="list"><div class="advert-list">`)
	for i := range cards {
		fmt.Fprintf(&b, `<div class="row offer"><a href="/kuce/kuca-%d/%d/"><img src="https://img.example.rs/%d.jpg" alt=""></a>`+
			`<h2 class="offer-title"><a href="/kuce/kuca-%d/%d/">Kuća u selu %d</a></h2><p class="offer-price"><span>%d 000 EUR</span></p></div>`,
			i, 550100+i, i, i, 550100+i, i, 20+i)
	}
	b.WriteString(`</div>`)
	if paid {
		b.WriteString(`<div class="advert"><a href="/kuce/promo-kuca/990001/"><h3>Promo kuća</h3><span>99 000 EUR</span></a></div>`)
	}
	b.WriteString(`</div><div class="magazin">`)
	for i := range 3 {
		fmt.Fprintf(&b, `<div class="article"><a href="/magazin/%d/clanak-%d/"><img src="https://cms.example.rs/%d.jpg" alt=""></a>`+
			`<a href="/magazin/%d/clanak-%d/">Članak broj %d o uređenju doma</a></div>`, 1900+i, i, i, 1900+i, i, i)
	}
	b.WriteString(`</div></body></html>`)
	return b.String()
}

// TestAdvertNamedListIsRead: a block named "advert-list" that holds a
// page's twenty listings is its result list, not a paid slot; a single
// card in a block named as an ad is still left out.
func TestAdvertNamedListIsRead(t *testing.T) {
	r := Read("https://www.example.rs/kuce/prodaja/lista/", []byte(advertListPage(20, true)))
	if len(r.Listings) != 20 {
		t.Fatalf("read %d listings, want the 20 adverts: first %+v", len(r.Listings), r.Listings[:min(2, len(r.Listings))])
	}
	for _, l := range r.Listings {
		if strings.Contains(l.URL, "/magazin/") || strings.Contains(l.URL, "promo") {
			t.Errorf("read %q, want only the adverts of the list", l.URL)
		}
	}
}
