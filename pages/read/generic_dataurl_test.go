package read

import (
	"fmt"
	"strings"
	"testing"
)

// TestCardURLOnlyInWidget: cards with no link to their listing (issue 23,
// class 3; a German regional portal, 2026): the title opens the listing by
// script, and the URL is only in the card's hidden share widget
// (data-url) and in its share links; the listings sit under their own
// regions' paths. A privacy link in every widget is no listing.
func TestCardURLOnlyInWidget(t *testing.T) {
	regions := []string{"rostock", "berlin", "spreewald", "vogtland", "rostock", "holstein", "berlin", "mittelfranken"}
	var b strings.Builder
	b.WriteString(`<html><body><main><section class="list">`)
	for i, r := range regions {
		u := fmt.Sprintf("https://www.regional-immo.example/%s/kaufen/haus/%d/", r, 643746010+i)
		fmt.Fprintf(&b, `<article class="list-immoitem" id="oid-%d"><h2 class="listentry-click">Doppelhaushälfte Nummer %d</h2><p>18059 Papendorf</p>`+
			`<div class="share-popup" style="display:none"><div class="shariff" data-url="%s" data-title="Haus %d"></div>`+
			`<a href="https://www.facebook.com/sharer/sharer.php?u=%s">teilen</a><a href="/%s/datenschutz/">Datenschutz</a></div>`+
			`<div class="listentry-details-v">%d8.000,00 €</div></article>`, i, i, u, i, u, r, 20+i)
	}
	b.WriteString(`</section></main></body></html>`)
	r := Read("https://www.regional-immo.example/berlin/kaufen/haus/", []byte(b.String()))
	if len(r.Listings) != len(regions) {
		t.Fatalf("read %d listings, want %d: %+v", len(r.Listings), len(regions), r.Listings)
	}
	for i, l := range r.Listings {
		if !strings.Contains(l.URL, "/kaufen/haus/") || l.Title != fmt.Sprintf("Doppelhaushälfte Nummer %d", i) {
			t.Errorf("listing %d: %s %q", i, l.URL, l.Title)
		}
	}
}
