package listing_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"rentwatch/listing"
)

// The listing object is a contract (inspect --json, check --json) and the
// alert is stored as it marshals: its keys must not move by accident.
func TestJSONKeys(t *testing.T) {
	found := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	full := listing.Listing{ID: "1", URL: "https://funda.nl/1", Title: "Flat", Price: "€ 1.200", PriceValue: 1200,
		Size: "50 m²", SizeM2: 50, Rooms: 2, Place: "Amsterdam", Image: "https://funda.nl/1.jpg"}
	tests := []struct {
		name string
		v    any
		want []string
	}{
		{"a bare listing", listing.Listing{ID: "1", URL: "https://funda.nl/1"}, []string{"id", "url", "title", "price"}},
		{"a listing with every field", full,
			[]string{"id", "url", "title", "price", "price_value", "size", "size_m2", "rooms", "place", "image"}},
		{"an alert", listing.Alert{Listing: full, SearchURL: "https://funda.nl/s", SearchName: "Funda", Portal: "funda.nl", FoundAt: found},
			[]string{"id", "url", "title", "price", "price_value", "size", "size_m2", "rooms", "place", "image",
				"search", "search_name", "portal", "found_at"}},
	}
	for _, tt := range tests {
		b, err := json.Marshal(tt.v)
		if err != nil {
			t.Fatal(err)
		}
		if got := keys(t, b); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: keys %v, want %v", tt.name, got, tt.want)
		}
	}
}

// keys lists an object's keys in the order they were written.
func keys(t *testing.T, b []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	var out []string
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		switch v := tok.(type) {
		case json.Delim:
			if v == '{' || v == '[' {
				depth++
			} else {
				depth--
			}
		case string:
			if depth == 1 {
				out = append(out, v)
				var skip json.RawMessage
				if err := dec.Decode(&skip); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func ExampleAlert() {
	a := listing.Alert{
		Listing:   listing.Listing{ID: "4521", URL: "https://kamernet.nl/kamer-4521", Title: "Room, Kinkerstraat", Price: "€ 750"},
		SearchURL: "https://kamernet.nl/huren/kamers-amsterdam", SearchName: "Kamernet Amsterdam",
		Portal: "kamernet.nl", FoundAt: time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC),
	}
	b, _ := json.Marshal(a)
	fmt.Println(string(b))
	fmt.Println(a.Title, "found by", a.SearchName)
	// Output:
	// {"id":"4521","url":"https://kamernet.nl/kamer-4521","title":"Room, Kinkerstraat","price":"€ 750","search":"https://kamernet.nl/huren/kamers-amsterdam","search_name":"Kamernet Amsterdam","portal":"kamernet.nl","found_at":"2025-03-14T14:02:00Z"}
	// Room, Kinkerstraat found by Kamernet Amsterdam
}
