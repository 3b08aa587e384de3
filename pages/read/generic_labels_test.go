package read

import (
	"fmt"
	"strings"
	"testing"
)

// labelsPage is a results page whose cards all lead with the same label
// (the home's type and the deal, in the portal's language) above their
// own address.
func labelsPage(label string, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `<li class="card"><a href="/inmueble/%d/"><img src="/img/%d.jpg" alt=""></a><h3>%s</h3>
<p class="where">Calle Olmo %d, Colonia Centro</p><span class="price">$ %d,500</span><a href="/inmueble/%d/">Ver</a></li>`, 7001+i, i, label, 10+i, 12+i, 7001+i)
	}
	return `<html><body><main><ul class="results">` + b.String() + `</ul></main></body></html>`
}

// TestRepeatedLabelRule: a text that heads most cards of the list alike
// ("Departamento en Venta", "Rumah Dijual", "House for sale") is a label the
// cards share, not any card's title (issue 23, class 6): each card's own
// text is (here its address), in any language, by the repetition alone.
// Titles that merely resemble each other stay.
func TestRepeatedLabelRule(t *testing.T) {
	for _, label := range []string{"Departamento en Venta", "Rumah Dijual", "House for sale"} {
		r := Read("https://www.example.mx/departamentos/venta/", []byte(labelsPage(label, 6)))
		if len(r.Listings) != 6 {
			t.Fatalf("%s: read %d listings, want 6", label, len(r.Listings))
		}
		for i, l := range r.Listings {
			if want := fmt.Sprintf("Calle Olmo %d, Colonia Centro", 10+i); l.Title != want {
				t.Errorf("%s: listing %d title %q, want %q", label, i, l.Title, want)
			}
		}
	}
	// distinct headlines, alike in their words: each stays
	page := strings.NewReplacer("<h3>Loft</h3>", "").Replace(labelsPage("Loft", 6))
	for i := 0; i < 6; i++ {
		page = strings.Replace(page, `<p class="where">`, fmt.Sprintf(`<h3>Loft %c con terraza</h3><p class="here">`, 'A'+i), 1)
	}
	r := Read("https://www.example.mx/departamentos/venta/", []byte(page))
	for i, l := range r.Listings {
		if want := fmt.Sprintf("Loft %c con terraza", 'A'+i); l.Title != want {
			t.Errorf("listing %d title %q, want %q", i, l.Title, want)
		}
	}
}
