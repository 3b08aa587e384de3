package read

import (
	"strconv"
	"strings"
	"testing"
)

// TestMapMarkersAddNoListings: an agency theme draws a page of four
// result cards and, for its map, assigns every result of the search (all
// its pages) to a script variable named for the map. The page's results
// are its four cards; the markers only fill in their fields. Rebuilt
// from the class (a WordPress real-estate theme's propertiesMapData).
func TestMapMarkersAddNoListings(t *testing.T) {
	var cards, markers []string
	for i := 0; i < 15; i++ {
		id := strconv.Itoa(7800 + i)
		markers = append(markers, `{"title":"`+id+` Ashfield, Carlow","price":" €2`+strconv.Itoa(10+i)+`,000 ","url":"https:\/\/agency.example\/property\/`+id+`\/",`+
			`"id":`+id+`,"lat":"52.82","lng":"-6.92","thumb":"https:\/\/agency.example\/uploads\/`+id+`.jpg"}`)
		if i < 4 {
			cards = append(cards, `<article class="property-item"><h4><a href="https://agency.example/property/`+id+`/">`+id+` Ashfield, Carlow</a></h4>`+
				`<h5 class="price">€2`+strconv.Itoa(10+i)+`,000</h5><div>4 Bedrooms</div></article>`)
		}
	}
	page := `<html><body><section class="property-items">` + strings.Join(cards, "") + `</section>` +
		`<script>var propertiesMapData = [` + strings.Join(markers, ",") + `];</script></body></html>`
	for _, name := range []string{"propertiesMapData", "mapMarkers", "similar_listings"} {
		r := readWith("https://agency.example/property-search/", []byte(strings.ReplaceAll(page, "propertiesMapData", name)), nil)
		if len(r.Listings) != 4 {
			t.Errorf("%s: read %d listings, want the page's 4 cards", name, len(r.Listings))
		}
	}
	// a variable that is the list itself still adds the cards not drawn
	r := readWith("https://agency.example/property-search/", []byte(strings.ReplaceAll(page, "propertiesMapData", "searchResults")), nil)
	if len(r.Listings) != 15 {
		t.Errorf("searchResults: read %d listings, want the data's 15", len(r.Listings))
	}
}
