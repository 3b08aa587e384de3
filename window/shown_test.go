package window

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rentwatch/listing"
	"rentwatch/seen"
)

// pixelServer is a program on another port of 127.0.0.1, as the window's
// own port is: the address a hostile card's photo points at. It records
// every request; a test wants none.
type pixelServer struct {
	*httptest.Server
	mu  sync.Mutex // guards got
	got []string
}

func startPixelServer(t *testing.T) *pixelServer {
	t.Helper()
	p := &pixelServer{}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		p.got = append(p.got, r.Method+" "+r.URL.String()+" cookie="+r.Header.Get("Cookie"))
		p.mu.Unlock()
		w.Header().Set("Content-Type", "image/gif")
		_, _ = w.Write([]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"))
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *pixelServer) requests() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.got...)
}

// storedInward is what a user's store can hold from before the readers
// dropped inward addresses: listings of a public portal pointing at
// pixel's port and at the user's network, one of a portal on loopback
// whose photo is on another port, and a title with a bidirectional
// override.
func storedInward(now time.Time, pixel string) []seen.Listed {
	public, local := "https://kamerplein.example/huren/amsterdam", "http://127.0.0.2:9000/huren"
	return []seen.Listed{
		{Alert: listing.Alert{Listing: listing.Listing{ID: "1", URL: pixel + "/listing/1", Title: "Room Damrak", Price: "€ 700",
			Image: pixel + "/pixel.gif"}, SearchName: "Kamerplein", SearchURL: public, FoundAt: now.Add(-time.Minute)}, DeliveredAt: now},
		{Alert: listing.Alert{Listing: listing.Listing{ID: "2", URL: "https://kamerplein.example/kamer/2", Title: "Room \u202egpj.exe",
			Price: "\u2066€ 800\u2069", Image: "http://192.168.1.1/cam.jpg"}, SearchName: "Kamerplein", SearchURL: public,
			FoundAt: now.Add(-2 * time.Minute)}, DeliveredAt: now},
		{Alert: listing.Alert{Listing: listing.Listing{ID: "3", URL: "http://127.0.0.2:9000/kamer/3", Title: "Room Javastraat",
			Image: pixel + "/other-port.gif"}, SearchName: "NAS", SearchURL: local, FoundAt: now.Add(-3 * time.Minute)}, DeliveredAt: now},
	}
}

// TestAPIListingsShowNoInwardAddress: GET /api/listings and the Listings
// page carry a stored listing's link and photo only where the rule of its
// search's page allows them (listing.Shown), and its words cleaned.
func TestAPIListingsShowNoInwardAddress(t *testing.T) {
	r := startRig(t, withComments)
	const pixel = "http://127.0.0.1:41234"
	r.listings.list = storedInward(r.now, pixel)
	code, got := r.api("GET", "/api/listings", nil)
	if code != 200 {
		t.Fatal(code, got)
	}
	list := got["listings"].([]any)
	if len(list) != 3 {
		t.Fatalf("%d listings, want the 3 stored", len(list))
	}
	want := []struct{ url, image, title, price string }{
		{"", "", "Room Damrak", "€ 700"},
		{"https://kamerplein.example/kamer/2", "", "Room gpj.exe", "€ 800"},
		{"http://127.0.0.2:9000/kamer/3", "", "Room Javastraat", ""},
	}
	for i, w := range want {
		l := list[i].(map[string]any)
		if l["url"] != w.url || l["image"] != nil && l["image"] != w.image || l["title"] != w.title || (l["price"] != nil && l["price"] != w.price) {
			t.Errorf("listing %d: url %v image %v title %+q price %+q; want %q, no image, %+q, %+q", i+1, l["url"], l["image"], l["title"], l["price"],
				w.url, w.title, w.price)
		}
	}
	cookie, _ := r.session()
	code, page := r.do("GET", "/listings", nil, map[string]string{"Cookie": "rentwatch-session-" + strconv.Itoa(r.srv.Port()) + "=" + cookie})
	if code != 200 || !strings.Contains(string(page), "Room Javastraat") {
		t.Fatalf("the Listings page: %d\n%s", code, page)
	}
	for _, bad := range []string{"127.0.0.1:41234", "192.168.1.1", "\u202e", "\u2066"} {
		if strings.Contains(string(page), bad) {
			t.Errorf("the Listings page holds %+q", bad)
		}
	}
}

// TestBrowserListingsAskNoLocalPort: the real attack. Listings stored with
// photos and links on another port of 127.0.0.1 are opened on the Listings
// page in a real Chromium, which holds the window's session: nothing asks
// that port for anything.
func TestBrowserListingsAskNoLocalPort(t *testing.T) {
	r := startRig(t, withComments)
	pixel := startPixelServer(t)
	r.listings.list = storedInward(r.now, pixel.URL)
	ctx, log := newTab(t, 1280, 900)
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/listings", "")), chromedp.WaitVisible(chromedp.ID("lq")))
	waitText(t, ctx, "#listing-results", "Room Javastraat")
	// the page's images, decoded or failed: whatever was going to be asked was
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`[...document.images].every((i) => i.complete)`,
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatal(err)
	}
	if got := pixel.requests(); len(got) != 0 {
		t.Errorf("the window's page made the browser ask another local port:\n%s", strings.Join(got, "\n"))
	}
	for _, u := range log.get(&log.requests) {
		if strings.HasPrefix(u, pixel.URL) || strings.Contains(u, "192.168.1.1") {
			t.Errorf("the tab asked for %s", u)
		}
	}
	links, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#listing-results a")].map((a) => a.href)`))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range links {
		if strings.HasPrefix(l, pixel.URL) {
			t.Errorf("the page links %s", l)
		}
	}
	if s := fmt.Sprint(links); !strings.Contains(s, "https://kamerplein.example/kamer/2") || !strings.Contains(s, "http://127.0.0.2:9000/kamer/3") {
		t.Errorf("the page lost the links it may show: %v", links)
	}
}
