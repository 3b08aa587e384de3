package read

import (
	"net/url"
	"testing"

	"rentwatch/listing"
)

// TestReadDropsInwardURLs: a public portal's page whose cards link to, or
// show photos from, the user's own machine or network loses those links
// and photos; a page on loopback (a test server) keeps its own origin's,
// and loses another local host's and another port's. (The rule itself is
// listing.LinksOn's, tested there.)
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
	own := []listing.Listing{{ID: "1", URL: "http://127.0.0.1:8080/admin/1"}, {ID: "2", URL: "http://127.0.0.2:9000/flat/2", Image: "http://127.0.0.2:9000/2.jpg"},
		{ID: "3", URL: "http://127.0.0.2:9000/flat/3", Image: "http://127.0.0.2:41234/pixel"}, {ID: "4", URL: "http://127.0.0.2:9001/flat/4"}}
	got = keepPublic(local, append([]listing.Listing(nil), own...))
	if len(got) != 2 || got[0].ID != "2" || got[0].Image != own[1].Image || got[1].ID != "3" || got[1].Image != "" {
		t.Errorf("from a loopback page kept %+v, want listings 2 (with its photo) and 3 (without the other port's)", got)
	}
}
