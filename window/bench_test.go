package window

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/engine"
)

// benchRig is a window with n searches (all on a settings file, as the
// real editor reads it for every answer) and m listings, each search's
// host with a few walls.
func benchRig(b *testing.B, n, m int) *rig {
	file := "version = 1\n"
	var views []engine.SearchView
	walls := map[string][]Wall{}
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	for i := range n {
		u := fmt.Sprintf("https://site%d.example/search/amsterdam?page=%d", i, i)
		file += fmt.Sprintf("[[search]]\nname = \"Search %d\"\nurl = %q\nmax_price = 1200\nexclude = [\"students only\"]\n", i, u)
		host := fmt.Sprintf("site%d.example", i)
		views = append(views, engine.SearchView{Name: fmt.Sprintf("Search %d", i), URL: u, Host: host, Status: engine.Waiting,
			Wall: blocks.RateLimited, Until: now.Add(3 * time.Minute), LastCheck: now.Add(-time.Minute), Listings: 30})
		for w := range 6 {
			walls[host] = append(walls[host], Wall{At: now.Add(-time.Duration(w*3) * time.Hour), Kind: blocks.Challenge})
		}
	}
	r := startRig(b, file)
	r.now = now
	r.watcher.setState(State{Snapshot: engine.Snapshot{At: now, Overall: engine.OnHold, Searches: views, LastCycle: now}, Walls: walls})
	for i := range m {
		r.listings.list = append(r.listings.list, Listing{ID: strconv.Itoa(i), URL: fmt.Sprintf("https://site%d.example/room/%d", i%n, i),
			Title: fmt.Sprintf("Room %d in Amsterdam", i), Price: "€ 950,-", Image: fmt.Sprintf("https://img.example/%d.jpg", i),
			Search: fmt.Sprintf("Search %d", i%max(n, 1)), SearchURL: views[i%len(views)].URL, FoundAt: now.Add(-time.Duration(i) * time.Minute)})
	}
	return r
}

// serve answers one request straight through the window's handler (its
// guards included), as the server would, without the network.
func serve(b *testing.B, h http.Handler, r *rig, path string) {
	req := httptest.NewRequest("GET", path, nil)
	req.Host = fmt.Sprintf("127.0.0.1:%d", r.srv.Port())
	req.Header.Set("X-API-Key", r.srv.token)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != 200 {
		b.Fatalf("%s: %d %s", path, w.Code, w.Body)
	}
}

// BenchmarkWindow is the server time of the Searches page, GET
// /api/state and the Listings page with 15 searches and 5,000 listings,
// beside the same with none (the baseline: the guards, the settings file
// read and parsed, the template).
func BenchmarkWindow(b *testing.B) {
	for _, size := range []struct {
		name string
		n, m int
	}{{"empty", 0, 0}, {"15x5000", config.MaxSearches, 5000}} {
		if size.n == 0 {
			size.n = 1 // views need a search to hang listings on; 1 with no listings is the baseline
		}
		r := benchRig(b, size.n, size.m)
		h := r.srv.Handler()
		for _, p := range []struct{ name, path string }{{"searches-page", "/"}, {"api-state", "/api/state"}, {"listings-page", "/listings"}} {
			b.Run(size.name+"/"+p.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					serve(b, h, r, p.path)
				}
			})
		}
	}
}
