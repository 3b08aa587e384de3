package listing_test

import (
	"fmt"
	"testing"

	"rentwatch/listing"
)

// The zero rule (a public page, or none known): public addresses only.
func TestPublicAddresses(t *testing.T) {
	tests := []struct {
		raw  string
		want bool
	}{
		{"https://www.funda.nl/huur/amsterdam/appartement-1/", true},
		{"http://example.com/x", true},
		{"https://93.184.216.34/listing/1", true},
		{"https://[2606:4700::6810:85e5]/x", true},
		{"http://nas.lan/x", true}, // a name: resolved by nobody here
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
	for _, page := range []string{"", "https://www.funda.nl/huur/amsterdam/", "not a page", "file:///home/me/page.html"} {
		rule := listing.LinksOn(page)
		for _, tt := range tests {
			if got := rule.Allow(tt.raw); got != tt.want {
				t.Errorf("on page %q: Allow(%q) = %v, want %v", page, tt.raw, got, tt.want)
			}
		}
	}
}

// A page on a local host may show addresses on its own origin, and no
// other local address: not another local host, not another port of its
// own host (rentwatch's window is a port of 127.0.0.1).
func TestLocalPageOwnOrigin(t *testing.T) {
	tests := []struct {
		page, raw string
		want      bool
	}{
		{"http://192.168.1.5/search?city=x", "http://192.168.1.5/listing/7", true},
		{"http://192.168.1.5/search", "http://192.168.1.5:80/photo/7.jpg", true},
		{"http://192.168.1.5/search", "https://www.funda.nl/x", true}, // public: any page may
		{"http://192.168.1.5/search", "http://192.168.1.5:5000/admin", false},
		{"http://192.168.1.5/search", "https://192.168.1.5/listing/7", false},
		{"http://192.168.1.5/search", "http://192.168.1.6/listing/7", false},
		{"http://192.168.1.5/search", "http://127.0.0.1:17345/api/state", false},
		{"http://127.0.0.2:9000/huren", "http://127.0.0.2:9000/kamer/1", true},
		{"http://127.0.0.2:9000/huren", "http://127.0.0.1:9000/kamer/1", false},
		{"http://127.0.0.2:9000/huren", "http://127.0.0.2:9001/pixel", false},
		{"http://LOCALHOST.:8080/x", "http://localhost:8080/kamer/1", true},
		{"http://[::1]:8080/x", "http://[::1]:8080/kamer/1", true},
		{"http://[::1]:8080/x", "http://[::1]:8081/kamer/1", false},
		{"http://192.168.1.5/search", "http://user@192.168.1.5/listing/7", false},
		{"http://192.168.1.5/search", "javascript:alert(1)", false},
		{"ftp://192.168.1.5/search", "ftp://192.168.1.5/x", false},
	}
	for _, tt := range tests {
		if got := listing.LinksOn(tt.page).Allow(tt.raw); got != tt.want {
			t.Errorf("on page %q: Allow(%q) = %v, want %v", tt.page, tt.raw, got, tt.want)
		}
	}
}

// Shown takes the rule from the alert's search page; it touches nothing
// but the link and the photo.
func TestShown(t *testing.T) {
	tests := []struct {
		name               string
		in                 listing.Alert
		wantURL, wantImage string
	}{
		{"a public portal's listing", alert("https://kamernet.nl/s", "https://kamernet.nl/k/1", "https://img.kamernet.nl/1.jpg"),
			"https://kamernet.nl/k/1", "https://img.kamernet.nl/1.jpg"},
		{"a public portal's card pointing home", alert("https://kamernet.nl/s", "http://127.0.0.1:17345/listings", "http://192.168.1.1/cam.jpg"),
			"", ""},
		{"a photo the page had on loopback", alert("https://kamernet.nl/s", "https://kamernet.nl/k/1", "http://127.0.0.1:41234/pixel"),
			"https://kamernet.nl/k/1", ""},
		{"a NAS portal's own listing", alert("http://192.168.1.5/s", "http://192.168.1.5/k/1", "http://192.168.1.5/k/1.jpg"),
			"http://192.168.1.5/k/1", "http://192.168.1.5/k/1.jpg"},
		{"a NAS portal pointing at the window", alert("http://192.168.1.5/s", "http://192.168.1.5/k/1", "http://127.0.0.1:17345/api/state"),
			"http://192.168.1.5/k/1", ""},
		{"no search known", alert("", "http://192.168.1.5/k/1", "https://img.example/1.jpg"), "", "https://img.example/1.jpg"},
		{"a script for a link", alert("https://kamernet.nl/s", "javascript:alert(1)", "data:image/png;base64,AA"), "", ""},
	}
	for _, tt := range tests {
		got := listing.Shown(tt.in)
		if got.URL != tt.wantURL || got.Image != tt.wantImage {
			t.Errorf("%s: link %q photo %q, want %q and %q", tt.name, got.URL, got.Image, tt.wantURL, tt.wantImage)
		}
		want := tt.in
		want.URL, want.Image = got.URL, got.Image
		if got != want {
			t.Errorf("%s: Shown changed more than the link and the photo: %+v", tt.name, got)
		}
	}
}

func alert(search, link, image string) listing.Alert {
	return listing.Alert{Listing: listing.Listing{ID: link, URL: link, Title: "Room", Image: image}, SearchURL: search, SearchName: "s"}
}

func ExampleShown() {
	a := listing.Alert{
		Listing: listing.Listing{ID: "4521", URL: "https://kamernet.nl/kamer-4521", Title: "Room, Kinkerstraat",
			Image: "http://127.0.0.1:17345/pixel"},
		SearchURL: "https://kamernet.nl/huren/kamers-amsterdam",
	}
	a = listing.Shown(a)
	fmt.Printf("link %q, photo %q\n", a.URL, a.Image)

	nas := listing.LinksOn("http://192.168.1.5/search")
	fmt.Println(nas.Allow("http://192.168.1.5/listing/7"), nas.Allow("http://192.168.1.5:5000/admin"))
	// Output:
	// link "https://kamernet.nl/kamer-4521", photo ""
	// true false
}
