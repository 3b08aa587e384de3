package read

import (
	"net/url"
	"testing"

	"rentwatch/listing"
)

func TestPublicURL(t *testing.T) {
	tests := []struct {
		raw  string
		want bool
	}{
		{"https://www.funda.nl/huur/amsterdam/appartement-1/", true},
		{"http://example.com/x", true},
		{"https://93.184.216.34/listing/1", true},
		{"https://[2606:4700::6810:85e5]/x", true},
		{"http://127.0.0.1:8080/admin", false},
		{"http://127.1.2.3/", false},
		{"http://localhost/x", false},
		{"http://LOCALHOST./x", false},
		{"http://printer.localhost/x", false},
		{"http://[::1]/x", false},
		{"http://0.0.0.0/x", false},
		{"http://[::]/x", false},
		{"http://10.0.0.1/x", false},
		{"http://172.16.5.4/x", false},
		{"http://172.32.0.1/x", true},
		{"http://192.168.1.1/router", false},
		{"http://169.254.169.254/latest/meta-data/", false},
		{"http://[fe80::1]/x", false},
		{"http://[fd12:3456::1]/x", false},
		{"http://[::ffff:127.0.0.1]/x", false},
		{"http://[::ffff:192.168.0.1]/x", false},
		{"http://2130706433/x", false},
		{"http://0x7f.0.0.1/x", false},
		{"http://224.0.0.1/x", false},
		{"https://user:pass@example.com/x", false},
		{"javascript:alert(1)", false},
		{"data:image/png;base64,AAAA", false},
		{"file:///etc/passwd", false},
		{"ftp://example.com/x", false},
		{"//example.com/x", false},
		{"/relative/path", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := PublicURL(tt.raw); got != tt.want {
			t.Errorf("PublicURL(%q) = %v, want %v", tt.raw, got, tt.want)
		}
	}
}

// TestReadDropsInwardURLs: a public portal's page whose cards link to, or
// show photos from, the user's own machine or network loses those links
// and photos; a page on loopback (a test server) keeps its own.
func TestReadDropsInwardURLs(t *testing.T) {
	card := func(href, img string) string {
		return `<li class="card"><a href="` + href + `"><h3>Flat ` + href + `</h3><img src="` + img + `"></a><span class="price">€ 1.200</span></li>`
	}
	page := `<html><body><ul>` +
		card("/rent/flat/1001", "https://img.example.nl/1.jpg") +
		card("/rent/flat/1002", "http://192.168.1.1/cam.jpg") +
		card("/rent/flat/1003", "https://img.example.nl/3.jpg") +
		card("/rent/flat/1004", "https://img.example.nl/4.jpg") +
		`</ul></body></html>`
	r := Read("https://www.example.nl/rent/amsterdam", []byte(page))
	if len(r.Listings) != 4 {
		t.Fatalf("read %d listings, want 4", len(r.Listings))
	}
	if r.Listings[1].Image != "" {
		t.Errorf("a photo on the user's network was kept: %q", r.Listings[1].Image)
	}
	in := []listing.Listing{{ID: "1", URL: "http://127.0.0.1:8080/admin/1"}, {ID: "2", URL: "https://www.example.nl/rent/flat/2", Image: "http://localhost/x.png"}}
	got := keepPublic(mustURL(t, "https://www.example.nl/rent"), append([]listing.Listing(nil), in...))
	if len(got) != 1 || got[0].ID != "2" || got[0].Image != "" {
		t.Errorf("from a public page kept %+v, want listing 2 without its photo", got)
	}
	local, _ := url.Parse("http://127.0.0.2:9000/search")
	if got := keepPublic(local, append([]listing.Listing(nil), in...)); len(got) != 2 {
		t.Errorf("a loopback page lost its own links: %+v", got)
	}
}
