package read

import "testing"

// The size-unit rule: a record that gives its area as a bare number and
// says "Sq-ft" in a key beside it is read in square feet, not as m²; a
// record with no unit key stays m², and a unit key of something else (a
// price's) changes nothing.
func TestSizeUnitRule(t *testing.T) {
	page := `<html><body><script type="application/json">{"results":[` +
		`{"id":"1","url":"/p/1","name":"2 BHK Flat for Rent","price":20000,"coveredArea":"1000","covAreaUnitDesc":"Sq-ft"},` +
		`{"id":"2","url":"/p/2","name":"3 BHK Flat for Rent","price":30000,"coveredArea":"1500","areaUnit":"sqft"},` +
		`{"id":"3","url":"/p/3","name":"Room","price":900,"coveredArea":"18"},` +
		`{"id":"4","url":"/p/4","name":"Studio","price":700,"coveredArea":"25","priceUnit":"Sq-ft"}]}</script></body></html>`
	r := readWith("https://example.com/search", []byte(page), nil)
	want := []struct {
		size string
		m2   float64
	}{{"1000 sq ft", 92.9}, {"1500 sq ft", 139.4}, {"18 m²", 18}, {"25 m²", 25}}
	if len(r.Listings) != len(want) {
		t.Fatalf("read %d listings, want %d: %+v", len(r.Listings), len(want), r.Listings)
	}
	for i, w := range want {
		if l := r.Listings[i]; l.Size != w.size || l.SizeM2 != w.m2 {
			t.Errorf("listing %d: size %q (%v m²), want %q (%v m²)", i+1, l.Size, l.SizeM2, w.size, w.m2)
		}
	}
}
