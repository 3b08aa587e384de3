package read

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestLocatedRecords: a page that draws two cards and keeps its other
// results as records named only by the address inside their location
// object is read whole (issue 23, class 1).
func TestLocatedRecords(t *testing.T) {
	var items []map[string]any
	for i := 1; i <= 12; i++ {
		items = append(items, map[string]any{
			"id":        fmt.Sprintf("3_%d", 9000+i),
			"detailUrl": fmt.Sprintf("/es/alquiler/vivienda/gava/%d/d", 9000+i),
			"location":  map[string]any{"address": fmt.Sprintf("Carrer Major, %d, Centre", i), "zone": "Gavà, Barcelona"},
			"price":     map[string]any{"amount": 1000 + i, "amountDrop": 0},
			"features":  map[string]any{"rooms": 2, "surface": 70},
		})
	}
	state, _ := json.Marshal(map[string]any{"initialSearch": map[string]any{"result": map[string]any{"items": items}}})
	quoted, _ := json.Marshal(string(state))
	var cards strings.Builder
	for i := 1; i <= 2; i++ {
		fmt.Fprintf(&cards, `<article class="card"><a href="/es/alquiler/vivienda/gava/%d/d?from=list"><h3>Piso en Carrer Major, %d, Centre</h3></a><span>%d €</span></article>`, 9000+i, i, 1000+i)
	}
	page := `<html><body><main>` + cards.String() + `</main><script>window.__INITIAL_PROPS__ = JSON.parse(` + string(quoted) + `);</script></body></html>`
	r := Read("https://www.example.es/es/alquiler/viviendas/gava/l", []byte(page))
	if len(r.Listings) != 12 {
		t.Fatalf("read %d listings, want 12: %+v", len(r.Listings), r.Listings)
	}
	for _, l := range r.Listings {
		if !strings.HasPrefix(l.URL, "https://www.example.es/es/alquiler/vivienda/gava/") || l.Title == "" || l.Price == "" {
			t.Errorf("listing %+v: want its URL, a title and a price", l)
		}
	}
}

// TestNestedFacts: a record's rooms and size in its features object and
// its photos under a plural key are read (issue 23, fields).
func TestNestedFacts(t *testing.T) {
	var m map[string]any
	if err := json.Unmarshal([]byte(`{"id": "3_1", "detailUrl": "/es/alquiler/vivienda/gava/1/d", "title": "Piso en Carrer Major, 1",
		"price": "1.200 €", "features": {"rooms": 3, "surface": 86, "bathrooms": 2},
		"multimedias": [{"type": "image", "url": "https://img.example/ads/1.jpg"}]}`), &m); err != nil {
		t.Fatal(err)
	}
	r, ok := recordOf(m)
	if !ok || r.rooms != 3 || r.sizeM2 != 86 || r.image != "https://img.example/ads/1.jpg" {
		t.Fatalf("record %+v (ok %v): want 3 rooms, 86 m² and the photo", r, ok)
	}
}
