package window

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/listing"
	"rentwatch/seen"
)

// benchRig is a window with n searches (all on a settings file, as the
// real editor reads it for every answer) and m listings, each search's
// host with a few walls.
func benchRig(b *testing.B, n, m int) *rig {
	file := "version = 1\n"
	var views []engine.SearchView
	walls := map[string][]engine.Wall{}
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	for i := range n {
		u := fmt.Sprintf("https://site%d.example/search/amsterdam?page=%d", i, i)
		file += fmt.Sprintf("[[search]]\nname = \"Search %d\"\nurl = %q\nmax_price = 1200\nexclude = [\"students only\"]\n", i, u)
		host := fmt.Sprintf("site%d.example", i)
		views = append(views, engine.SearchView{Name: fmt.Sprintf("Search %d", i), URL: u, Host: host, Status: engine.Waiting,
			Wall: blocks.RateLimited, Until: now.Add(3 * time.Minute), LastCheck: now.Add(-time.Minute), Listings: 30})
		for w := range 6 {
			walls[host] = append(walls[host], engine.Wall{At: now.Add(-time.Duration(w*3) * time.Hour), Kind: blocks.Challenge})
		}
	}
	r := startRig(b, file)
	r.now = now
	r.watcher.setState(engine.Snapshot{At: now, Overall: engine.OnHold, Searches: views, LastCycle: now, Walls: walls})
	for i := range m {
		r.listings.list = append(r.listings.list, seen.Listed{Alert: listing.Alert{Listing: listing.Listing{ID: strconv.Itoa(i), URL: fmt.Sprintf("https://site%d.example/room/%d", i%n, i),
			Title: fmt.Sprintf("Room %d in Amsterdam", i), Price: "€ 950,-",
			Image: fmt.Sprintf("https://img.example/%d.jpg", i)},
			SearchName: fmt.Sprintf("Search %d", i%max(n, 1)), SearchURL: views[i%len(views)].URL,
			FoundAt: now.Add(-time.Duration(i) * time.Minute)}})
	}
	return r
}

// serve answers one request straight through the window's handler (its
// guards included), as the server would, without the network.
func serve(b *testing.B, h http.Handler, r *rig, path string) {
	req := httptest.NewRequest("GET", path, nil)
	req.Host = fmt.Sprintf("127.0.0.1:%d", r.srv.Port())
	req.Header.Set("X-API-Key", r.srv.apiKey())
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

// storeRig is rig r's window over the real seen store, on disk, holding m
// listing records (delivered) across r's searches.
func storeRig(b *testing.B, r *rig, m int, missEvery bool) *Server {
	st, err := seen.Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	set, err := r.owner.Settings()
	if err != nil {
		b.Fatal(err)
	}
	if err := st.SetChannels([]string{"desktop"}); err != nil {
		b.Fatal(err)
	}
	alerts, ids := make([]listing.Alert, m), make([]string, m)
	for i := range m {
		sr := set.Searches[i%len(set.Searches)]
		ids[i] = strconv.Itoa(i)
		alerts[i] = listing.Alert{Listing: listing.Listing{ID: ids[i], URL: fmt.Sprintf("%s/room/%d", sr.URL, i), Title: fmt.Sprintf("Room %d in Amsterdam", i),
			Price: "€ 950,-", Place: "West", SizeM2: 14, Image: fmt.Sprintf("https://img.example/%d.jpg", i)},
			SearchURL: sr.URL, SearchName: sr.Name, FoundAt: r.now.Add(-time.Duration(i) * time.Minute)}
	}
	if err := st.Accept(alerts, nil, r.now); err != nil {
		b.Fatal(err)
	}
	if _, err := st.Sent("desktop", ids, r.now); err != nil {
		b.Fatal(err)
	}
	var src ListedStore = st
	if missEvery {
		src = &changingStore{Store: st}
	}
	d := r.srv.d
	d.Listings, d.Port = SeenListings(src), -1
	srv, err := Start(b.TempDir(), d)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { srv.Close() })
	if l, _ := d.Listings.Listings(); len(l) != m {
		b.Fatalf("the store lists %d listings, want %d", len(l), m)
	}
	return srv
}

// changingStore is the real store as if a listing were recorded before
// every request: each answer reads and decodes every record again.
type changingStore struct {
	*seen.Store
	n atomic.Uint64
}

func (c *changingStore) ListedVersion() uint64 { return c.n.Add(1) }

// BenchmarkWindowStore is the server time of /api/state, the Searches
// page and the Listings page with 15 searches and 5,000 listings read from
// the real seen store on disk: as the page asks every few seconds with
// nothing new (the records cached by ListedVersion), and as if a listing
// had been recorded before every request (all 5,000 read and decoded).
// fake is the same over the in-memory fake, the baseline in the same run.
func BenchmarkWindowStore(b *testing.B) {
	r := benchRig(b, config.MaxSearches, 5000)
	servers := []struct {
		name string
		srv  *Server
	}{{"fake", r.srv}, {"store", storeRig(b, r, 5000, false)}, {"store-changed", storeRig(b, r, 5000, true)}}
	for _, s := range servers {
		r.srv = s.srv // serve() reads the port and the token from it
		h := s.srv.Handler()
		for _, p := range []struct{ name, path string }{{"api-state", "/api/state"}, {"searches-page", "/"}, {"listings-page", "/listings"}} {
			b.Run(s.name+"/"+p.name, func(b *testing.B) {
				// Warm: the store's change counter is one per process, so
				// making the other rig's store moved it.
				serve(b, h, r, p.path)
				b.ReportAllocs()
				for b.Loop() {
					serve(b, h, r, p.path)
				}
			})
		}
	}
	b.Run("seen-Listed", func(b *testing.B) { // what one change costs the store: every record decoded
		st := servers[1].srv.d.Listings.(*seenListings).st
		b.ReportAllocs()
		for b.Loop() {
			if _, err := st.Listed(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
