package app

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/internal/testkit"
	"rentwatch/listing"
	"rentwatch/outbox"
	"rentwatch/pages"
	"rentwatch/pages/read"
	"rentwatch/seen"
	"rentwatch/tray"
	"rentwatch/window"
)

// wgGesucht is a search on WG-Gesucht whose page shows a new listing at
// its second load and refuses us from its third on.
type wgGesucht struct {
	mu    sync.Mutex
	loads int
}

func (w *wgGesucht) Load(ctx context.Context, u string) (pages.Result, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.loads++
	if w.loads >= 3 {
		return pages.Result{URL: u, Status: 403, Verdict: blocks.Verdict{Kind: blocks.Denied}}, nil
	}
	res := pages.Result{URL: u, Status: 200, Verdict: blocks.Verdict{Kind: blocks.OK},
		Reading: read.Reading{Site: "wg-gesucht.de", Portal: "wg-gesucht.de", Expected: true}}
	for _, id := range []string{"8812301", "8812302"}[:w.loads] {
		res.Listings = append(res.Listings, listing.Listing{ID: id, Title: "WG-Zimmer " + id, Price: "450 €",
			URL: "https://www.wg-gesucht.de/wg-zimmer-in-Berlin-Kreuzberg." + id + ".html"})
	}
	return res, nil
}

type quietPopUps struct{}

func (quietPopUps) Notify(string, string) error { return nil }

// The tray, the window, the email and the push name a site alike:
// www.wg-gesucht.de is "WG-Gesucht" in the tray's status line, on the
// window's Searches page, and in the email and the push that tell of a
// new listing on it ("on WG-Gesucht") and that it needs the user.
func TestOneSiteNameEverywhere(t *testing.T) {
	const search = "https://www.wg-gesucht.de/wg-zimmer-in-Berlin.8.0.1.0.html"
	const name = "WG-Gesucht"
	mail, push := testkit.StartMailpit(t), testkit.StartPushServer(t)
	ob := outbox.New(&outbox.EmailSettings{To: "bob@example.test", From: testkit.MailpitUser, Host: mail.Host,
		Port: mail.SMTPPort, Security: mail.Security, Username: testkit.MailpitUser, Password: testkit.MailpitPassword,
		CAFile: mail.CAFile, Timeout: time.Minute}, quietPopUps{})
	ob.SetPush([]string{push.NtfyURL("rooms")})
	store, err := seen.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	searches := []config.Search{{Name: "Berlin", URL: search, Enabled: true}}
	e := engine.New(engine.Deps{Loader: &wgGesucht{}, Store: store, Outbox: ob, Notices: ob,
		GapMin: time.Millisecond, GapMax: 2 * time.Millisecond}, engine.Settings{Interval: time.Second, Searches: searches})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { e.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()

	pushed := func(s string) bool {
		for _, r := range push.Delivered() {
			if strings.Contains(r.Title+"\n"+r.Text, s) {
				return true
			}
		}
		return false
	}
	testkit.Eventually(t, "the push of the new listing and of the refusal", testkit.Patience, func() error {
		if !pushed("on "+name) || !pushed(name+" needs you") {
			return fmt.Errorf("pushes so far:\n%s", push.Log())
		}
		return nil
	})
	testkit.Eventually(t, "the email of the new listing", testkit.Patience, func() error {
		if len(mail.Containing(t, "on "+name+", first seen")) == 0 {
			return fmt.Errorf("no email says %q", "on "+name)
		}
		return nil
	})

	now := time.Now()
	status := tray.Menu(e.Snapshot(), now)[1]
	if status.ID != "status" || !strings.Contains(status.Title, name+" refused us") {
		t.Errorf("tray status line %q, want it to name %s", status.Title, name)
	}

	dir := t.TempDir()
	settingsFile := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(settingsFile, []byte("version = 1\n\n[[search]]\nname = \"Berlin\"\nurl = \""+search+"\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	owner := config.Open(settingsFile, config.Options{})
	defer owner.Close()
	srv, err := window.Start(filepath.Join(dir, "data"), window.Deps{Watcher: e, Settings: owner, Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	u, _ := url.Parse(srv.URL())
	req, _ := http.NewRequest("GET", u.Scheme+"://"+u.Host+"/api/state", nil)
	req.Header.Set("X-API-Key", u.Query().Get("token"))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var state struct {
		Searches []struct{ Site, Words string }
	}
	if err := json.NewDecoder(res.Body).Decode(&state); err != nil || len(state.Searches) != 1 {
		t.Fatalf("window state: %v %+v", err, state)
	}
	if s := state.Searches[0]; s.Site != name || !strings.Contains(s.Words, name+" refused us") {
		t.Errorf("the window names the site %q and says %q, want %s", s.Site, s.Words, name)
	}
}
