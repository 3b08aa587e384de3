package read

import "testing"

// TestRecordPriceAsShown: a record's bare amount is given as the record
// shows it, or with the currency it names beside it.
func TestRecordPriceAsShown(t *testing.T) {
	for _, c := range []struct {
		rec  map[string]any
		want string
	}{
		{map[string]any{"id": "7342", "url": "/p/7342", "title": "3 BHK Flat", "price": 130000.0, "priceD": "1.3 Lac"}, "1.3 Lac"},
		{map[string]any{"id": "7343", "url": "/p/7343", "title": "2 BHK Flat", "price": 9000.0, "priceCurrency": "INR"}, "9000 INR"},
		{map[string]any{"id": "7344", "url": "/p/7344", "title": "Flat", "price": "€ 1.450"}, "€ 1.450"},
	} {
		r, ok := recordOf(c.rec)
		if !ok || r.price != c.want {
			t.Errorf("%v: price %q (ok %v), want %q", c.rec, r.price, ok, c.want)
		}
	}
}
