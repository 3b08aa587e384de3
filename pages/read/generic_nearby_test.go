package read

import (
	"fmt"
	"strings"
	"testing"
)

// A narrow search shows its few results, then a block of other listings
// "nearby" in the same card markup: those are not this search's results.
func TestNearbyBlockAfterANarrowSearch(t *testing.T) {
	card := func(id int) string {
		return fmt.Sprintf(`<li class="card"><h3><a href="/wohnung/%d">Wohnung %d</a></h3><span class="price">%d €</span></li>`, id, id, 700+id)
	}
	for _, heading := range []string{"Weitere Angebote in der Umgebung", "Meer woningen in de buurt", "More homes nearby"} {
		t.Run(heading, func(t *testing.T) {
			page := `<html><body><main><h1>2 Ergebnisse</h1><ul class="results">` + card(101) + card(102) + card(103) +
				`</ul><h2>` + heading + `</h2><ul class="results">` + card(201) + card(202) + card(203) + card(204) + `</ul></main></body></html>`
			got := readWith("https://wohnen.example.de/suche?ort=leipzig", []byte(page), nil)
			var urls []string
			for _, l := range got.Listings {
				urls = append(urls, l.URL)
			}
			if len(urls) != 3 || strings.Contains(strings.Join(urls, " "), "/wohnung/2") {
				t.Errorf("read %v, want only the three results before the nearby block", urls)
			}
		})
	}
}

// A search's own title may name its area as "nearby": that heading must
// not make the results a rail.
func TestNearbyInTheSearchTitleIsNotARail(t *testing.T) {
	card := func(id int) string {
		return fmt.Sprintf(`<li class="card"><h3><a href="/wohnung/%d">Wohnung %d</a></h3><span class="price">%d €</span></li>`, id, id, 700+id)
	}
	for _, heading := range []string{"Wohnungen in der Umgebung von Leipzig", "Rooms nearby Camden Town", "Pisos cerca de Madrid"} {
		page := `<html><body><main><h1>` + heading + `</h1><ul class="results">` + card(1) + card(2) + card(3) + card(4) + `</ul></main></body></html>`
		if got := readWith("https://wohnen.example.de/suche", []byte(page), nil); len(got.Listings) != 4 {
			t.Errorf("%q: read %d listings, want 4", heading, len(got.Listings))
		}
	}
}
