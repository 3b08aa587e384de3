package read

import (
	"fmt"
	"strings"
	"testing"
)

// kindHeadedPage is a result page whose cards head each home with its
// kind only ("Appartement", a few "Maison 1 étage") and give its place
// on an address line below the facts.
func kindHeadedPage() (string, []string) {
	places := []string{"Goutte d'Or à Paris 18ème (75018)", "Vieux Saint Ouen à Saint-Ouen (93400)", "Centre Ville à Clichy (92110)",
		"Aristide Briand à Montrouge (92120)", "La Rapie à Bagneux (92220)", "Auteuil Sud à Paris 16ème (75016)",
		"Poincare à Garches (92380)", "Sud à Fosses (95470)", "Plateau à Fontenay-sous-Bois (94120)", "Ibis à Le Vésinet (78110)"}
	var b strings.Builder
	b.WriteString(`<html><body><div class="results">`)
	for i, p := range places {
		kind := "Appartement"
		if i%4 == 3 {
			kind = "Maison 1 étage"
		}
		fmt.Fprintf(&b, `<div class="Card__Content"><a href="/annonces/achat/bien/ville/%d.htm">`+
			`<div class="ContentZone__Title">%s</div><ul><li>%d pièces</li><li>%d m²</li></ul>`+
			`<div class="ContentZone__Address">%s</div></a><div class="Price">%d 000 €</div></div>`,
			195646100+i, kind, 2+i%3, 40+i, p, 300+i)
	}
	b.WriteString(`</div></body></html>`)
	return b.String(), places
}

// TestKindHeadingGivesWayToPlace: a kind that heads most cards is no
// card's title (though one capitalized word, it is not the place they
// share: each card gives its place apart); each card, and the rarer kind
// heading the same slot, is titled by its place.
func TestKindHeadingGivesWayToPlace(t *testing.T) {
	page, places := kindHeadedPage()
	r := Read("https://www.example.fr/list.htm?projects=2", []byte(page))
	if len(r.Listings) != len(places) {
		t.Fatalf("read %d listings, want %d", len(r.Listings), len(places))
	}
	for i, l := range r.Listings {
		if l.Title != places[i] {
			t.Errorf("card %d titled %q, want its place %q", i, l.Title, places[i])
		}
	}
}
