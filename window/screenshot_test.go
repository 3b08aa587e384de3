package window

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
	"rentwatch/engine"
	"rentwatch/listing"
	"rentwatch/outbox"
	"rentwatch/pages"
	"rentwatch/pages/read"
	"rentwatch/seen"
)

// TestScreenshots draws every page in real Chromium, light and dark,
// desktop and phone size, from a demo state, into $RENTWATCH_SCREENSHOTS
// (docs/screenshots in the repository). Without that variable it draws
// them into a temp folder and only checks they were drawn: the files in
// docs/ change only when someone means to update them.
func TestScreenshots(t *testing.T) {
	out := os.Getenv("RENTWATCH_SCREENSHOTS")
	if out == "" {
		out = t.TempDir()
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	r := demoRig(t)
	sizes := []struct {
		name          string
		width, height int64
		mobile        bool
	}{{"desktop", 1280, 900, false}, {"phone", 390, 844, true}}
	for _, size := range sizes {
		ctx, log := newTab(t, size.width, size.height)
		do(t, ctx, chromedp.Navigate(r.srv.PageURL("/", "")), chromedp.WaitVisible(chromedp.ID("add-url")))
		for _, scheme := range []string{"light", "dark"} {
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}); err != nil {
				t.Fatal(err)
			}
			for _, p := range []string{"searches", "listings", "settings", "activity"} {
				path := "/"
				if p != "searches" {
					path = "/" + p
				}
				do(t, ctx, chromedp.Navigate(r.base()+path), chromedp.WaitVisible(chromedp.CSS("main")))
				if p == "searches" {
					demoPreview(t, ctx)
				}
				if p == "listings" {
					waitImages(t, ctx)
				}
				shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(out, fmt.Sprintf("%s-%s-%s.png", p, size.name, scheme))
				if err := os.WriteFile(name, shot, 0o644); err != nil {
					t.Fatal(err)
				}
				img, err := png.Decode(bytes.NewReader(shot))
				if err != nil || img.Bounds().Dx() < int(size.width)/2 {
					t.Errorf("%s: not a screenshot (%v)", name, err)
				}
			}
		}
		if e := log.get(&log.exceptions); len(e) > 0 {
			t.Errorf("script errors: %v", e)
		}
		if c := log.get(&log.console); len(c) > 0 {
			t.Errorf("console errors (a CSP violation?): %v", c)
		}
	}
}

// demoPreview shows a preview on the Searches page, as after pasting.
func demoPreview(t *testing.T, ctx context.Context) {
	do(t, ctx, chromedp.SendKeys(chromedp.ID("add-url"), demoPreviewURL),
		chromedp.Click(chromedp.CSS("#preview-form button[type=submit]")))
	waitText(t, ctx, "#preview", "listings read")
	do(t, ctx, chromedp.SendKeys(chromedp.ID("pv-exc"), "students only"))
	waitText(t, ctx, "#pv-listings", "leave out")
	waitImages(t, ctx)
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
}

func waitImages(t *testing.T, ctx context.Context) {
	t.Helper()
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("img[loading=lazy]").forEach(i => { i.loading = "eager"; })`))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`[...document.images].every(i => i.complete)`,
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the photos did not load: %v", err)
	}
}

const demoPreviewURL = "https://www.pararius.nl/huurwoningen/utrecht/0-1500"

// demoRig is a window over a state like a user's after a few days:
// searches on five portals, one site standing us down, one wanting a
// human check, listings with photos (served on loopback: nothing is
// fetched from the internet), a history of walls, activity.
func demoRig(t *testing.T) *rig {
	photos := photoServer(t)
	file := `version = 1
interval = "30s"

[email]
to = "sam@example.com"
host = "smtp.example.com"
port = 587
security = "starttls"
username = "sam@example.com"

[push]
urls = ["ntfy://ntfy.sh/rooms-sam-7f3kq9x2"]

[[search]]
name = "Kamernet Amsterdam West"
url = "https://kamernet.nl/huren/kamers-amsterdam-west"
max_price = 900

[[search]]
name = "Funda Amsterdam"
url = "https://www.funda.nl/zoeken/huur?selected_area=%5B%22amsterdam%22%5D"
exclude = ["students only"]

[[search]]
name = "Pararius Amsterdam"
url = "https://www.pararius.nl/huurwoningen/amsterdam/0-1500"

[[search]]
name = "WG-Gesucht Berlin"
url = "https://www.wg-gesucht.de/wg-zimmer-in-Berlin.8.0.1.0.html"
enabled = false
`
	r := startRig(t, file)
	r.now = time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	n := r.now
	r.watcher.setState(engine.Snapshot{At: n, Overall: engine.NeedsYou, LastCycle: n.Add(-20 * time.Second),
		NextCycle: n.Add(10 * time.Second),
		Searches: []engine.SearchView{
			{Name: "Kamernet Amsterdam West", URL: "https://kamernet.nl/huren/kamers-amsterdam-west", Host: "kamernet.nl",
				Status: engine.NewListings, NewToday: 3, Listings: 24, LastCheck: n.Add(-20 * time.Second), NextCheck: n.Add(12 * time.Second),
				Every: 33 * time.Second, Delay: 41 * time.Second},
			{Name: "Funda Amsterdam", URL: "https://www.funda.nl/zoeken/huur?selected_area=%5B%22amsterdam%22%5D", Host: "www.funda.nl",
				Status: engine.Waiting, Wall: blocks.Challenge, Vendor: "cloudflare", NeedsUser: true, Until: n.Add(11 * time.Minute),
				LastCheck: n.Add(-4 * time.Minute), Listings: 15},
			{Name: "Pararius Amsterdam", URL: "https://www.pararius.nl/huurwoningen/amsterdam/0-1500", Host: "www.pararius.nl",
				Status: engine.Waiting, Wall: blocks.RateLimited, Until: n.Add(3*time.Minute + 41*time.Second),
				LastCheck: n.Add(-80 * time.Second), Listings: 30, NewToday: 1, Every: 34 * time.Second, Delay: 52 * time.Second},
			{Name: "WG-Gesucht Berlin", URL: "https://www.wg-gesucht.de/wg-zimmer-in-Berlin.8.0.1.0.html", Host: "www.wg-gesucht.de",
				Status: engine.Paused, Paused: true},
		},
		Channels: []engine.ChannelView{{ID: "desktop", Name: "desktop pop-ups", Kind: outbox.KindDesktop, State: "ok"},
			{ID: "email", Name: "email", Kind: outbox.KindEmail, State: "ok"},
			{ID: outbox.PushID("ntfy://ntfy.sh/rooms-sam-7f3kq9x2"), Name: "ntfy (ntfy.sh)", Kind: "ntfy", State: "ok"}},
		Walls: map[string][]engine.Wall{
			"www.funda.nl": {{At: n.Add(-20 * time.Hour), Kind: blocks.Challenge, Vendor: "cloudflare"},
				{At: n.Add(-9 * time.Hour), Kind: blocks.Challenge, Vendor: "cloudflare"}, {At: n.Add(-4 * time.Minute), Kind: blocks.Challenge, Vendor: "cloudflare"}},
			"www.pararius.nl": {{At: n.Add(-15 * time.Hour), Kind: blocks.RateLimited}, {At: n.Add(-6 * time.Hour), Kind: blocks.Error},
				{At: n.Add(-80 * time.Second), Kind: blocks.RateLimited}},
		}})
	titles := []string{"Room in shared flat, Kinkerstraat", "Studio with balcony, De Baarsjes", "Bright room near Vondelpark",
		"Room, students only, Overtoomse Veld", "Attic room with roof terrace", "Apartment 2 rooms, Bos en Lommer"}
	for i := range 14 {
		l := seen.Listed{Alert: listing.Alert{Listing: listing.Listing{ID: strconv.Itoa(i),
			URL:   fmt.Sprintf("https://kamernet.nl/huren/kamer-amsterdam/x/kamer-%d", 2345600+i),
			Title: titles[i%len(titles)], Price: fmt.Sprintf("€ %d,-", 650+35*i), Place: "Amsterdam West", SizeM2: float64(12 + i),
			Image: fmt.Sprintf("%s/photo/%d.png", photos, i)}, SearchName: "Kamernet Amsterdam West",
			SearchURL: "https://kamernet.nl/huren/kamers-amsterdam-west", FoundAt: n.Add(-time.Duration(i*i*7) * time.Minute)}}
		if i == 5 {
			l.LeftOut = "€ 825,- is over your limit of 800"
		}
		if i%3 == 0 {
			l.SearchName, l.SearchURL = "Pararius Amsterdam", "https://www.pararius.nl/huurwoningen/amsterdam/0-1500"
		}
		r.listings.list = append(r.listings.list, l)
	}
	var pv []listing.Listing
	for i := range 5 {
		pv = append(pv, listing.Listing{ID: "p" + strconv.Itoa(i), URL: fmt.Sprintf("https://www.pararius.nl/appartement-te-huur/utrecht/%08x/x", 0x4b8d7f2a+i),
			Title: titles[(i+2)%len(titles)], Price: fmt.Sprintf("€ %d per month", 900+110*i), Image: fmt.Sprintf("%s/photo/%d.png", photos, 20+i)})
	}
	r.watcher.setPreview(demoPreviewURL, engine.PreviewResult{Page: pages.Result{Reading: read.Reading{Site: "pararius.nl", Listings: pv}, Verdict: blocks.Verdict{Kind: blocks.OK}},
		LoadedAt: n})
	r.watcher.events = []engine.Event{
		{At: n.Add(-20 * time.Second), Kind: engine.EventAlert, Search: "Kamernet Amsterdam West", Text: "2 new listings, sent by email and pop-up"},
		{At: n.Add(-80 * time.Second), Kind: engine.EventWall, Host: "www.pararius.nl", Text: "Pararius asked us to slow down; the next try is in 5 min"},
		{At: n.Add(-4 * time.Minute), Kind: engine.EventWall, Host: "www.funda.nl", Text: "Funda wants a human check (cloudflare): open the site to pass it"},
		{At: n.Add(-49 * time.Minute), Kind: engine.EventAlert, Search: "Pararius Amsterdam", Text: "1 new listing, sent by email and pop-up"},
		{At: n.Add(-50 * time.Minute), Kind: engine.EventFailure, Text: "Failed to send the email: the server refused the password (535). The listings stay unseen and are sent again at the next check."},
		{At: n.Add(-17 * time.Hour), Kind: engine.EventInfo, Text: "rentwatch started, watching 4 searches"},
	}
	return r
}

// photoServer serves made-up listing photos on a loopback address.
func photoServer(t *testing.T) string {
	ln, err := net.Listen("tcp4", "127.0.0.3:0")
	if err != nil {
		ln, err = net.Listen("tcp4", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
	}
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, q *http.Request) {
		n, _ := strconv.Atoi(strings.TrimSuffix(filepath.Base(q.URL.Path), ".png"))
		w.Header().Set("Content-Type", "image/png")
		png.Encode(w, roomPhoto(n))
	})}}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv.URL
}

// roomPhoto draws a simple room: a wall, a floor and a window, in colours
// that differ per n.
func roomPhoto(n int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 224, 168))
	wall := color.RGBA{uint8(200 + n*7%50), uint8(180 + n*13%60), uint8(150 + n*29%90), 255}
	floor := color.RGBA{uint8(120 + n*17%60), uint8(90 + n*11%40), 60, 255}
	sky := color.RGBA{140, 190, 235, 255}
	for y := range 168 {
		for x := range 224 {
			c := wall
			switch {
			case y > 120:
				c = floor
			case x > 40+n*9%60 && x < 110+n*9%60 && y > 25 && y < 90:
				c = sky
			}
			img.Set(x, y, c)
		}
	}
	return img
}
