package pages

import (
	"net/http"
	"testing"

	"rentwatch/blocks"
)

// TestResultOf: every way a Load ends with a page (read early, read after
// it rendered, a challenge waited out) makes its Result here; the table
// is what the engine relies on.
func TestResultOf(t *testing.T) {
	ok := blocks.Verdict{Kind: blocks.OK}
	wall := blocks.Verdict{Kind: blocks.Challenge, Vendor: "cloudflare"}
	rooms := `<html><body><ul class="results">` + dialogRooms(3) + `</ul></body></html>`
	unread := `<html><body><script>window.__INITIAL_STATE__ = {"results":[{"id":"1","title":"Flat A","price":900},` +
		`{"id":"2","title":"Flat B","price":950}]};</script></body></html>`
	tests := []struct {
		name      string
		page      blocks.Page
		verdict   blocks.Verdict
		url       string // Result.URL
		listings  int
		softBlock bool
	}{
		{"a page with rooms", blocks.Page{Status: 200, URL: "https://example.com/rooms", HTML: []byte(rooms)}, ok,
			"https://example.com/rooms", 3, false},
		{"an empty page of a portal that always shows rooms", blocks.Page{Status: 200, URL: "https://kamernet.nl/huren/kamers-amsterdam",
			HTML: []byte(`<html><body><p>Nothing here</p></body></html>`)}, ok, "https://kamernet.nl/huren/kamers-amsterdam", 0, true},
		{"an empty page of another site", blocks.Page{Status: 200, URL: "https://example.com/rooms",
			HTML: []byte(`<html><body><p>Nothing here</p></body></html>`)}, ok, "https://example.com/rooms", 0, false},
		{"data holding rooms no reader can address", blocks.Page{Status: 200, URL: "https://example.com/rooms", HTML: []byte(unread)}, ok,
			"https://example.com/rooms", 0, true},
		{"a wall on a portal that always shows rooms is a wall, not a soft block", blocks.Page{Status: 403,
			URL: "https://kamernet.nl/huren/kamers-amsterdam", HTML: []byte(`<html><body>Just a moment...</body></html>`)}, wall,
			"https://kamernet.nl/huren/kamers-amsterdam", 0, false},
		{"a page without a URL of its own keeps the one asked for", blocks.Page{Status: 200, HTML: []byte(rooms)}, ok,
			"https://example.com/asked", 3, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.page.Header = http.Header{"X-Test": {"1"}}
			res := resultOf(tc.page, tc.verdict, "https://example.com/asked", Ask{})
			if res.URL != tc.url || res.Status != tc.page.Status || res.Header.Get("X-Test") != "1" || res.Verdict != tc.verdict {
				t.Errorf("URL, status, header, verdict = %q, %d, %v, %+v; want %q, %d, the page's, %+v",
					res.URL, res.Status, res.Header, res.Verdict, tc.url, tc.page.Status, tc.verdict)
			}
			if len(res.Listings) != tc.listings || res.SoftBlock != tc.softBlock {
				t.Errorf("%d listings, SoftBlock %v; want %d, %v (site %q, unread %q)",
					len(res.Listings), res.SoftBlock, tc.listings, tc.softBlock, res.Site, res.Unread)
			}
			if res.Early || res.Waited != 0 || res.Took != 0 {
				t.Errorf("resultOf set how the Load went (Early %v, Waited %v, Took %v): that is the Load's", res.Early, res.Waited, res.Took)
			}
		})
	}
}
