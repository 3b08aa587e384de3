package read

import (
	"fmt"
	"strings"
	"testing"
)

// TestOwnShapeSearchLinks: boxes of links to other searches beside the
// result cards ("Paris 10e up to 1,000 €: 16 ads"), whose URLs have the
// shape of the search page's own URL, are not results (issue 23, class 5).
func TestOwnShapeSearchLinks(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body><div class="results">`)
	for i := 1; i <= 8; i++ {
		fmt.Fprintf(&b, `<div class="box item"><a href="/annonces/appartement-paris-1%de-r41990%04d"><span class="h1">Studio %d m² Paris 1%dE</span><strong>%d €</strong></a><p>Lumineux, proche métro.</p></div>`, i, 1000+i, 15+i, i, 700+10*i)
	}
	for i, z := range []string{"10e-g37777", "17e-g37784", "ile-de-france-g471"} {
		fmt.Fprintf(&b, `<div class="box links"><h3>Nearby %d</h3><table><tr><td><a href="/annonce/location-appartement-maison-paris-%s-jusqu-a-1000-euros">Location appartement Paris %s jusqu'à 1.000 €</a></td><td>%d annonces</td></tr></table></div>`, i, z, z, 16+i)
	}
	b.WriteString(`</div></body></html>`)
	r := Read("https://www.example.fr/annonce/locations-appartement-paris-75-g439", []byte(b.String()))
	var extra []string
	for _, l := range r.Listings {
		if !strings.Contains(l.URL, "/annonces/") {
			extra = append(extra, l.URL)
		}
	}
	if len(r.Listings)-len(extra) != 8 || len(extra) > 0 {
		t.Fatalf("read %d listings, links to other searches among them: %v", len(r.Listings), extra)
	}
}
