package window

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/engine"
	"rentwatch/listing"
	"rentwatch/pages"
	"rentwatch/pages/read"
)

// rooms makes n listings on a results page of host.
func rooms(host string, n int) []listing.Listing {
	var out []listing.Listing
	for i := range n {
		out = append(out, listing.Listing{ID: fmt.Sprint(i), URL: fmt.Sprintf("https://%s/kamer-%d", host, 2345600+i),
			Title: fmt.Sprintf("Room %d, Kinkerstraat", i), Price: fmt.Sprintf("€ %d,-", 800+100*i),
			Image: "https://img.example/" + fmt.Sprint(i) + ".jpg"})
	}
	return out
}

func TestAPIPreview(t *testing.T) {
	const search = "https://kamernet.nl/huren/kamers-amsterdam"
	const listingPage = "https://kamernet.nl/huren/kamer-amsterdam/kinkerstraat/kamer-2345601"
	const empty = "https://www.pararius.nl/huurwoningen/utrecht"
	const walled = "https://www.funda.nl/zoeken/huur"
	const waiting = "https://www.idealista.com/alquiler-viviendas/madrid/"
	const rightmove = "https://www.rightmove.co.uk/property-to-rent/find.html?locationIdentifier=REGION%5E87490"
	r := startRig(t, emptySettings)
	loaded := r.now.Add(-2 * time.Minute)
	r.watcher.setPreview(search, engine.PreviewResult{Page: pages.Result{Reading: read.Reading{Site: "kamernet.nl", Listings: rooms("kamernet.nl", 6)},
		Verdict: blocks.Verdict{Kind: blocks.OK}}, LoadedAt: loaded})
	r.watcher.setPreview(listingPage, engine.PreviewResult{Page: pages.Result{Reading: read.Reading{Site: "generic",
		Listings: []listing.Listing{{ID: "x", URL: "https://kamernet.nl/huren/kamer-amsterdam/javastraat/kamer-2345609",
			Title: "Similar room"}}},
		Verdict: blocks.Verdict{Kind: blocks.OK}}, LoadedAt: loaded})
	r.watcher.setPreview(empty, engine.PreviewResult{Page: pages.Result{Reading: read.Reading{Site: "generic", Expected: true}, Verdict: blocks.Verdict{Kind: blocks.OK}},
		LoadedAt: loaded})
	r.watcher.setPreview(walled, engine.PreviewResult{Page: pages.Result{Verdict: blocks.Verdict{Kind: blocks.Challenge, Vendor: "cloudflare"}},
		LoadedAt: loaded})
	r.watcher.setPreview(waiting, engine.PreviewResult{Until: r.now.Add(3 * time.Minute), Wall: blocks.RateLimited})
	r.watcher.setPreview(rightmove, engine.PreviewResult{Page: pages.Result{Reading: read.Reading{Listings: rooms("www.rightmove.co.uk", 4)},
		Verdict: blocks.Verdict{Kind: blocks.OK}}, LoadedAt: loaded})
	r.watcher.failURL["https://down.example/search"] = errors.New("net::ERR_CONNECTION_REFUSED")

	tests := []struct {
		name, url string
		filter    map[string]any
		code      int
		verdict   string
		read      int
		leftOut   int
		name_     string // the suggested name
		says      []string
	}{
		{"a results page", search, nil, 200, "ok", 6, 0, "Kamernet Amsterdam", []string{"read 6 listings"}},
		{"with a filter", search, map[string]any{"max_price": 1000, "exclude": []string{"room 1"}}, 200, "ok", 6, 4, "Kamernet Amsterdam",
			[]string{"read 6 listings"}},
		{"one listing's page", listingPage, nil, 200, "ok", 1, 0, "Kamernet Amsterdam Kinkerstraat", []string{"looks like one listing"}},
		{"no listings on a portal that always has some", empty, nil, 200, "ok", 0, 0, "Pararius Utrecht", []string{"always shows listings", "soft block"}},
		{"a wall", walled, nil, 200, "challenge", 0, 0, "Funda", []string{"Funda put up a human check (cloudflare)"}},
		{"a host that makes us wait", waiting, nil, 200, "rate_limited", 0, 0, "Idealista Madrid",
			[]string{"Nothing was loaded: Idealista is asking us to slow down", "in 3 min 00 s"}},
		// The engine hands over no page title (pages.Result has none): a URL that
		// names only the portal gives the portal's name (suggestName has the title
		// rule, for when the title comes).
		{"a name from the URL alone", rightmove, nil, 200, "ok", 4, 0, "Rightmove", nil},
		{"a page that does not load", "https://down.example/search", nil, 502, "", 0, 0, "", []string{"The page did not load: net::ERR_CONNECTION_REFUSED"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := map[string]any{"url": tt.url}
			if tt.filter != nil {
				body["filter"] = tt.filter
			}
			code, got := r.api("POST", "/api/preview", body)
			if code != tt.code {
				t.Fatalf("%d %v", code, got)
			}
			text := fmt.Sprint(got)
			for _, s := range tt.says {
				if !strings.Contains(text, s) {
					t.Errorf("the answer does not say %q: %v", s, got)
				}
			}
			if code != 200 {
				return
			}
			if got["verdict"] != tt.verdict || int(got["read"].(float64)) != tt.read || int(got["left_out"].(float64)) != tt.leftOut ||
				got["suggested_name"] != tt.name_ {
				t.Errorf("verdict %v read %v left out %v name %q; want %s %d %d %q", got["verdict"], got["read"], got["left_out"],
					got["suggested_name"], tt.verdict, tt.read, tt.leftOut, tt.name_)
			}
		})
	}

	// The filter was tried on the load already made: the site saw one
	// request for the results page, not two; "fresh" loads it again.
	count := func() int {
		n := 0
		for _, u := range r.watcher.previewLoads() {
			if u == search {
				n++
			}
		}
		return n
	}
	if n := count(); n != 1 {
		t.Errorf("the results page was loaded %d times for two previews, want 1", n)
	}
	r.api("POST", "/api/preview", map[string]any{"url": search, "fresh": true})
	if n := count(); n != 2 {
		t.Errorf("fresh: loaded %d times, want 2", n)
	}
	// a failed load is not kept: asking again tries again
	r.api("POST", "/api/preview", map[string]any{"url": "https://down.example/search"})
	if n := strings.Count(strings.Join(r.watcher.previewLoads(), " "), "down.example"); n != 2 {
		t.Errorf("a failed preview asked twice loaded %d times, want 2", n)
	}

	// the filtered listings say why
	_, got := r.api("POST", "/api/preview", map[string]any{"url": search, "filter": map[string]any{"max_price": 1000}})
	var why []string
	for _, l := range got["listings"].([]any) {
		if s, ok := l.(map[string]any)["left_out"].(string); ok {
			why = append(why, s)
		}
	}
	if len(why) != 3 || why[0] != "€ 1100,- is over your limit of 1000" {
		t.Errorf("left out: %q", why)
	}

	// the preview part shows the same, drawn for the page
	code, html := r.do("GET", "/part/preview/"+got["id"].(string)+"?max_price=1000", nil, map[string]string{"X-API-Key": r.srv.apiKey()})
	if code != 200 || !strings.Contains(string(html), "the filter would leave out 3, and alert 3") ||
		!strings.Contains(string(html), `value="Kamernet Amsterdam"`) {
		t.Errorf("part: %d %s", code, html)
	}
}

func TestLooksLikeOneListing(t *testing.T) {
	some := func(n int) []listing.Listing { return rooms("x.example", n) }
	tests := []struct {
		url      string
		listings []listing.Listing
		want     bool
	}{
		{"https://kamernet.nl/huren/kamer-amsterdam/kinkerstraat/kamer-2345601", nil, true},
		{"https://www.idealista.com/inmueble/98765432/", some(2), true},
		{"https://www.zoopla.co.uk/to-rent/details/65432109/", some(1), true},
		{"https://www.pararius.nl/appartement-te-huur/amsterdam/4b8d7f2a/kinkerstraat", some(0), true},
		{"https://x.example/detail", []listing.Listing{{URL: "https://x.example/detail/"}}, true}, // a listing links the page itself
		{"https://kamernet.nl/huren/kamers-amsterdam", some(2), false},
		{"https://www.pararius.nl/huurwoningen/utrecht/0-1500", some(0), false},
		{"https://www.wg-gesucht.de/wg-zimmer-in-Berlin.8.0.1.0.html", some(1), false},
		{"https://www.rightmove.co.uk/property-to-rent/find.html?locationIdentifier=REGION%5E87490", some(0), false},
		{"https://www.huurwoningen.nl/in/amsterdam/1016ab/", some(0), false},
		{"https://kamernet.nl/huren/kamer-amsterdam/kinkerstraat/kamer-2345601", some(20), false}, // a page with many is results
	}
	for _, tt := range tests {
		if got := looksLikeOneListing(tt.url, "", tt.listings); got != tt.want {
			t.Errorf("looksLikeOneListing(%s, %d listings) = %v, want %v", tt.url, len(tt.listings), got, tt.want)
		}
	}
}

func TestSuggestName(t *testing.T) {
	tests := []struct{ title, url, want string }{
		{"Kamers te huur in Amsterdam | Kamernet", "https://kamernet.nl/huren/kamers-amsterdam", "Kamernet Amsterdam"},
		{"Flats To Rent in Camden - Rightmove", "https://www.rightmove.co.uk/property-to-rent/find.html?locationIdentifier=REGION%5E87490",
			"Rightmove: Flats To Rent in Camden"},
		{"Rightmove | property to rent", "https://www.rightmove.co.uk/find.html?x=1", "Rightmove"},
		{"", "https://www.seloger.com/list.htm?projects=1", "SeLoger"},
		{strings.Repeat("Wohnung ", 20), "https://example.org/x.htm", "Example: Wohnung Wohnung Wohnung Wohnung Wohnung Wohnung Wohnung…"},
	}
	for _, tt := range tests {
		if got := suggestName(tt.title, tt.url); got != tt.want {
			t.Errorf("suggestName(%q, %s) = %q, want %q", tt.title, tt.url, got, tt.want)
		}
	}
}
