package main

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rentwatch/internal/testkit"
	"rentwatch/listing"
	"rentwatch/seen"
)

// The real attack of a hostile portal: its cards' photos and links point
// at another port of the user's own machine (where the window listens, and
// where a browser sends every cookie it keeps for 127.0.0.1). The app must
// never make anything ask there: not the Listings page in the user's
// browser, not the email (mailpit), not the ntfy push (its Attach and
// Click), not a pop-up's click.

// tripwire is a program on a local port the pages point at; it records
// every request it gets, and a test wants none.
type tripwire struct {
	URL  string // http://IP:PORT
	host string // IP:PORT
	mu   sync.Mutex
	got  []string
}

func startTripwire(t *testing.T, ip string) *tripwire {
	t.Helper()
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatal(err)
	}
	w := &tripwire{}
	srv := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w.mu.Lock()
		w.got = append(w.got, r.Method+" "+r.URL.String()+" from "+r.RemoteAddr+" cookie="+r.Header.Get("Cookie"))
		w.mu.Unlock()
		rw.Header().Set("Content-Type", "image/gif")
		_, _ = rw.Write([]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"))
	})}}
	srv.Start()
	t.Cleanup(srv.Close)
	w.URL, w.host = srv.URL, strings.TrimPrefix(srv.URL, "http://")
	return w
}

func (w *tripwire) requests() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.got...)
}

// hostilePortal serves one search page of cards, each given as its title,
// link and photo; the test replaces the cards as it goes.
type hostilePortal struct {
	URL   string // http://IP:PORT
	mu    sync.Mutex
	cards [][3]string
}

func startHostilePortal(t *testing.T, ip string) *hostilePortal {
	t.Helper()
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatal(err)
	}
	p := &hostilePortal{}
	srv := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/huren" {
			http.NotFound(w, r)
			return
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!DOCTYPE html><html lang="nl"><head><meta charset="utf-8"><title>Kamers te huur</title></head><body>`+
			`<nav><a href="/">Home</a> <a href="/over">Over ons</a></nav><main><ul class="results">`)
		for i, c := range p.cards {
			fmt.Fprintf(w, "<li class=\"listing\"><a href=%q><img src=%q alt=\"\"><h2>%s</h2></a><span class=\"price\">€ %d per maand</span> <span class=\"place\">West</span></li>\n",
				c[1], c[2], c[0], 700+10*i)
		}
		fmt.Fprint(w, `</ul></main><footer><a href="/privacy">Privacy</a></footer></body></html>`)
	})}}
	srv.Start()
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

func (p *hostilePortal) show(cards ...[3]string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cards = append(cards, p.cards...)
}

// chromeMapping is a Chromium for the app that resolves name to ip, as
// DNS would for a public portal: a page on a public-looking name, served
// by a test server on loopback.
func chromeMapping(t *testing.T, name, ip string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "chromium")
	script := fmt.Sprintf("#!/bin/sh\nexec %q --host-resolver-rules='MAP %s %s' \"$@\"\n", testkit.Chromium(t), name, ip)
	if err := os.WriteFile(path, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestAppShowsNoInwardAddress(t *testing.T) {
	bin := testkit.AppBinary(t)
	wire := startTripwire(t, "127.0.0.1")       // another port of the window's host
	wire2 := startTripwire(t, "127.0.0.2")      // another port of the local portal's host
	local := startHostilePortal(t, "127.0.0.2") // a portal on the user's own machine
	public := startHostilePortal(t, "127.0.0.4")
	const name = "kamerplein.example"
	_, publicPort, _ := net.SplitHostPort(strings.TrimPrefix(public.URL, "http://"))
	publicURL := "http://" + name + ":" + publicPort + "/huren"
	local.show([3]string{"Room Overtoom", local.URL + "/kamer/1", local.URL + "/img/1.jpg"},
		[3]string{"Room Kinkerstraat", local.URL + "/kamer/2", local.URL + "/img/2.jpg"},
		[3]string{"Room Bilderdijkstraat", local.URL + "/kamer/6", local.URL + "/img/6.jpg"})
	public.show([3]string{"Room Herengracht", "/kamer/11", "/img/11.jpg"}, [3]string{"Room Keizersgracht", "/kamer/12", "/img/12.jpg"},
		[3]string{"Room Brouwersgracht", "/kamer/15", "/img/15.jpg"})

	bus := testkit.StartSessionBus(t)
	t.Setenv("XDG_STATE_HOME", bus.Dir)
	pops := testkit.RecordNotifications(t, bus)
	mail := testkit.StartMailpit(t)
	ntfy := testkit.StartPushServer(t)
	dir := t.TempDir()
	cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	testkit.WriteAppFile(t, cfg, fmt.Sprintf("version = 1\ninterval = \"10s\"\n\n[email]\nto = \"bob@example.test\"\nfrom = %q\nhost = %q\nport = %d\nsecurity = %q\nusername = %q\nca_file = %q\n"+
		"\n[push]\nurls = [%q]\n\n[[search]]\nname = \"Local portal\"\nurl = %q\nenabled = true\n\n[[search]]\nname = \"Kamerplein\"\nurl = %q\nenabled = true\n",
		testkit.MailpitUser, mail.Host, mail.SMTPPort, mail.Security, testkit.MailpitUser, mail.CAFile, ntfy.NtfyURL("rooms-q8x2"),
		local.URL+"/huren", publicURL))

	// An alert a store already holds, from before the readers' rule.
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	store, err := seen.Open(filepath.Join(data, "store"))
	if err != nil {
		t.Fatal(err)
	}
	stored := listing.Alert{Listing: listing.Listing{ID: "stored-1", URL: wire.URL + "/stored-listing", Title: "Room Prinsengracht",
		Price: "€ 950", Image: wire.URL + "/stored-pixel.gif"}, SearchURL: publicURL, SearchName: "Kamerplein", Portal: name,
		FoundAt: time.Now().Add(-time.Hour)}
	if err := store.Accept([]listing.Alert{stored}, nil, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}

	env := append(testkit.AppEnv(t, "DBUS_SESSION_BUS_ADDRESS="+bus.Address, "RENTWATCH_SMTP_PASSWORD="+testkit.MailpitPassword),
		"RENTWATCH_CHROME="+chromeMapping(t, name, "127.0.0.4"))
	app := testkit.StartApp(t, bin, data, env, "run", "--no-tray", "--config", cfg, "--data", data)
	app.WaitOutput(t, "msg=baseline", 2)
	if out := app.Out.String(); !strings.Contains(out, `msg=baseline search="Local portal" listings=3`) ||
		!strings.Contains(out, "msg=baseline search=Kamerplein listings=3") {
		t.Fatalf("the baselines did not read the fixture pages whole:\n%s", out)
	}

	// The hostile cards go up: photos on the tripwires, a link to one.
	local.show([3]string{"Room Damrak", local.URL + "/kamer/3", wire.URL + "/pixel.gif"},
		[3]string{"Room Javastraat", local.URL + "/kamer/4", wire2.URL + "/other-port.gif"},
		[3]string{"Room Spuistraat", wire.URL + "/listing-5", local.URL + "/img/5.jpg"})
	public.show([3]string{"Room Singel", "/kamer/13", wire.URL + "/pixel-public.gif"},
		[3]string{"Room Rozengracht", wire.URL + "/listing-14", "/img/14.jpg"})
	arrived := []string{"Room Prinsengracht", "Room Damrak", "Room Javastraat", "Room Singel"}
	for _, title := range arrived {
		testkit.Eventually(t, title+" reaches the email and the push", testkit.Patience, func() error {
			if len(mail.Containing(t, title)) == 0 {
				return fmt.Errorf("no email yet")
			}
			if !slices.ContainsFunc(ntfy.Delivered(), func(m testkit.PushRequest) bool { return strings.Contains(m.Text, title) }) {
				return fmt.Errorf("no push yet:\n%s", ntfy.Log())
			}
			return nil
		})
	}
	for _, search := range []string{"Local portal", "Kamerplein"} { // a pop-up names 3 of a search's listings
		testkit.Eventually(t, "a pop-up for "+search, testkit.Patience, func() error {
			for _, p := range pops.All() {
				if strings.Contains(p.Summary, search) {
					return nil
				}
			}
			return fmt.Errorf("none yet: %+v", pops.All())
		})
	}

	inward := []string{wire.host, wire2.host}
	leaks := func(where, s string) {
		t.Helper()
		for _, bad := range inward {
			if strings.Contains(s, bad) {
				t.Errorf("%s shows %s:\n%s", where, bad, s)
			}
		}
	}
	for _, sum := range mail.Messages(t) {
		msg := mail.Message(t, sum.ID)
		leaks("the email "+strconv.Quote(sum.Subject), msg.Text+"\n"+msg.HTML+"\n"+string(mail.Raw(t, sum.ID)))
	}
	for _, m := range ntfy.Requests() {
		leaks("the push", fmt.Sprint(m.Header)+"\n"+m.Title+"\n"+m.Text)
	}
	clicked := map[string]bool{}
	for _, p := range pops.All() {
		leaks("a pop-up", p.Summary+"\n"+p.Body)
		if !clicked[p.Summary] && pops.Click(p.Summary) == nil {
			clicked[p.Summary] = true
		}
	}
	testkit.Eventually(t, "each clicked pop-up opens something", testkit.Patience, func() error {
		if n := len(testkit.AppOpened(t, env)); n < len(clicked) {
			return fmt.Errorf("%d opened, %d clicked", n, len(clicked))
		}
		return nil
	})
	for _, o := range testkit.AppOpened(t, env) {
		leaks("a clicked pop-up", o)
	}
	for _, title := range []string{"Room Spuistraat", "Room Rozengracht"} { // whose link is the tripwire: not a listing
		if got := mail.Containing(t, title); len(got) != 0 {
			t.Errorf("%s, whose link is a local port, was alerted", title)
		}
	}

	// The user opens Listings in their browser, which holds the window's session.
	addr := testkit.ReadWindowURL(t, data)
	m := testkit.WindowURLRe.FindStringSubmatch(addr)
	w := &windowRig{base: "http://127.0.0.1:" + m[1], token: strings.TrimPrefix(addr, "http://127.0.0.1:"+m[1]+"/?token=")}
	var api struct {
		Listings []struct{ Title, URL, Image string }
	}
	w.get(t, "/api/listings", &api)
	leaks("GET /api/listings", fmt.Sprint(api.Listings))
	ctx, log := appTab(t)
	run(t, ctx, chromedp.Navigate(w.link(t)), chromedp.WaitVisible(chromedp.CSS("#add-url")),
		chromedp.Navigate(w.base+"/listings"), chromedp.WaitVisible(chromedp.CSS("li.listing")))
	for _, title := range arrived {
		pageSays(t, ctx, "#listing-results", title)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`[...document.images].every((i) => i.complete)`,
		chromedp.WithPollingTimeout(testkit.Patience))); err != nil {
		t.Fatal(err)
	}
	for _, u := range log.get(&log.requests) {
		leaks("the Listings page's requests", u)
	}
	for _, w := range []*tripwire{wire, wire2} {
		if got := w.requests(); len(got) != 0 {
			t.Errorf("something asked %s:\n%s", w.host, strings.Join(got, "\n"))
		}
	}
}
