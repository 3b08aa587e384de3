package read

import (
	"fmt"
	"strings"
	"testing"

	"rentwatch/listing"
)

// nameValuePage is a search page of the class seen on a real Austrian
// classifieds page (2026): no card drawn, the results in the state object
// as records of name/value pairs, the detail path relative to the site's
// section root. Hosts and texts are made up.
func nameValuePage(n int) string {
	var recs []string
	for i := 1; i <= n; i++ {
		recs = append(recs, fmt.Sprintf(`{"id":"97858%d","verticalId":2,"attributes":{"attribute":[`+
			`{"name":"LOCATION","values":["Wien, 02. Bezirk, Leopoldstadt"]},{"name":"HEADING","values":["Helle Wohnung Nummer %d"]},`+
			`{"name":"PRICE","values":["1%d00"]},{"name":"PRICE_FOR_DISPLAY","values":["€ 1.%d00"]},{"name":"NUMBER_OF_ROOMS","values":["2"]},`+
			`{"name":"SEO_URL","values":["immobilien/d/mietwohnungen/wien/wien-1020/helle-wohnung-%d-97858%d/"]}]},`+
			`"selfLink":"https://api.example.at/restapi/v2/atverz/97858%d"}`, i, i, i, i, i, i, i))
	}
	return `<html><head><title>Mietwohnungen in Wien</title></head><body><div id="root"></div>` +
		`<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"searchResult":{"rowsFound":4864,` +
		`"advertSummaryList":{"advertSummary":[` + strings.Join(recs, ",") + `]}}}}}</script></body></html>`
}

func TestNameValueRecords(t *testing.T) {
	r := Read("https://www.example.at/iad/immobilien/mietwohnungen/wien", []byte(nameValuePage(8)))
	if len(r.Listings) != 8 {
		t.Fatalf("read %d listings (unread %q), want 8", len(r.Listings), r.Unread)
	}
	l := r.Listings[2]
	want := listing.Listing{URL: "https://www.example.at/iad/immobilien/d/mietwohnungen/wien/wien-1020/helle-wohnung-3-978583/",
		Title: "Helle Wohnung Nummer 3", Price: "€ 1.300", Rooms: 2}
	if l.URL != want.URL || l.Title != want.Title || l.Price != want.Price || l.Rooms != want.Rooms {
		t.Errorf("third listing %+v, want %+v", l, want)
	}
}

func TestSectionURL(t *testing.T) {
	page := mustURL(t, "https://www.example.at/iad/immobilien/mietwohnungen/wien?rows=30")
	tests := []struct{ href, want string }{
		{"immobilien/d/mietwohnungen/wien/loft-1/", "https://www.example.at/iad/immobilien/d/mietwohnungen/wien/loft-1/"},
		{"/immobilien/d/loft-1/", ""},
		{"iad/immobilien/d/loft-1/", ""}, // the first segment is the page's first: no root above it
		{"kaufen/d/loft-1/", ""},
		{"https://www.example.at/x/1", ""},
		{"./immobilien/d/1", ""},
	}
	for _, tt := range tests {
		u, ok := sectionURL(page, tt.href)
		got := ""
		if ok {
			got = u.String()
		}
		if got != tt.want {
			t.Errorf("sectionURL(%q) = %q, want %q", tt.href, got, tt.want)
		}
	}
}

// TestStateHoldsTheRest: a page that draws its first cards and keeps the
// whole list in its state object (issue 23, class 1: a US rentals portal,
// 2025, drew 9 of 36) reads them all, the drawn ones first.
func TestStateHoldsTheRest(t *testing.T) {
	var cards, recs []string
	for i := 1; i <= 12; i++ {
		u := fmt.Sprintf("/homedetails/%d-Main-St-Springfield/%d_zpid/", i, 4000+i)
		if i <= 5 {
			cards = append(cards, fmt.Sprintf(`<li><article><a href="%s"><address>%d Main St, Springfield</address></a><span class="price">$1,%d00/mo</span></article></li>`, u, i, i))
		}
		recs = append(recs, fmt.Sprintf(`{"zpid":"%d","detailUrl":"https://www.example.com%s","address":"%d Main St, Springfield","price":"$1,%d00/mo","beds":2}`, 4000+i, u, i, i))
	}
	page := `<html><body><ul class="results">` + strings.Join(cards, "") + `</ul>` +
		`<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"searchPageState":{"cat1":{"searchResults":{"listResults":[` +
		strings.Join(recs, ",") + `]}}}}}}</script></body></html>`
	r := Read("https://www.example.com/springfield/rentals/", []byte(page))
	if len(r.Listings) != 12 {
		t.Fatalf("read %d listings, want 12", len(r.Listings))
	}
	if !strings.Contains(r.Listings[0].URL, "/1-Main-St") || !strings.Contains(r.Listings[11].URL, "/12-Main-St") {
		t.Errorf("order %s ... %s, want the drawn cards first, then the state's", r.Listings[0].URL, r.Listings[11].URL)
	}
}
