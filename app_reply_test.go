package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// The auto-reply of the real app, against a portal in Kamernet's markup on
// loopback. The app's Chromium reaches it as kamernet.nl (its resolver
// maps that name, and nothing else resolves), so the app follows the
// recipe and the portal definition it ships for Kamernet. Stopped during
// a reply's delay, by SIGKILL or by SIGTERM, the app sends that reply after
// the restart, once, and the Listings page says "Replied".
func TestAppReplyOutlivesAStop(t *testing.T) {
	bin := testkit.AppBinary(t)
	bus := testkit.StartSessionBus(t)
	t.Setenv("XDG_STATE_HOME", bus.Dir)
	pops := testkit.RecordNotifications(t, bus)
	portal := testkit.StartReplyPortal(t, "127.0.0.17", filepath.Join("testdata", "replysite"))
	portal.Post(testkit.PortalRoom{Room: testkit.Room{ID: 2345001, Title: "Kamer aan de Singel", Street: "singel", Area: "Centrum", Price: 700}})

	dir := t.TempDir()
	cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	testkit.WriteAppFile(t, cfg, `version = 1
interval = "10s"

[reply]
name = "Sam Jansen"
email = "sam@example.com"
message = "Hallo, ik ben {name}. Is {title} nog vrij?"

[[search]]
name = "Kamernet Amsterdam"
url = "http://kamernet.nl`+testkit.ReplySearchPath+`"
enabled = true
reply = true
`)
	env := testkit.AppEnv(t, "DBUS_SESSION_BUS_ADDRESS="+bus.Address, "RENTWATCH_CHROME="+kamernetChrome(t, portal.URL))
	start := func() *testkit.AppProc {
		return testkit.StartApp(t, bin, data, env, "run", "--no-tray", "--config", cfg, "--data", data)
	}
	app := start()
	app.WaitOutput(t, "msg=baseline", 1)

	for i, stop := range []struct {
		name string
		do   func(a *testkit.AppProc)
	}{
		{"SIGKILL", func(a *testkit.AppProc) {
			a.Signal(t, syscall.SIGKILL)
			if code := a.ExitCode(t); code != -1 {
				t.Errorf("killed, the app exited with %d", code)
			}
			testkit.CheckNoChrome(t, data)
		}},
		{"SIGTERM", func(a *testkit.AppProc) {
			a.Signal(t, syscall.SIGTERM)
			if code := a.ExitCode(t); code != 0 {
				t.Errorf("SIGTERM: exit status %d", code)
			}
		}},
	} {
		room := testkit.PortalRoom{Room: testkit.Room{ID: 2345101 + i, Title: fmt.Sprintf("Kamer %d aan de Herengracht", i+1),
			Street: "herengracht", Area: "Centrum", Price: 750 + i}}
		listingURL := "http://kamernet.nl" + testkit.ListingPath(room.Room)
		portal.Post(room)
		testkit.Eventually(t, room.Title+" is alerted", testkit.Patience, func() error {
			for _, p := range pops.All() {
				if strings.Contains(p.Summary+" "+p.Body, room.Title) {
					return nil
				}
			}
			return fmt.Errorf("not yet")
		})
		app.WaitOutput(t, `msg="auto-reply queued" listing=`+listingURL, 1)
		stop.do(app) // during the reply's delay of 20 to 90 s
		if n := len(portal.Sent()); n != i {
			t.Fatalf("%s: the portal has %d messages, want %d: the reply went before its delay", stop.name, n, i)
		}
		app = start()
		app.WaitOutput(t, `msg="auto-reply kept from the last run" listing=`+listingURL, 1)
		app.WaitOutput(t, `msg=replied listing=`+listingURL, 1)
		sent := portal.Sent()
		if len(sent) != i+1 || sent[i].Room != room.ID ||
			sent[i].Values.Get("message") != "Hallo, ik ben Sam Jansen. Is "+room.Title+" nog vrij?" {
			t.Fatalf("after the %s and the restart the portal has %+v; want one message to room %d", stop.name, sent, room.ID)
		}
		t.Logf("%s during the delay: the reply went after the restart, once", stop.name)
	}
	// Three more checks of the site: nothing is sent again.
	checks := portal.SearchLoads()
	testkit.Eventually(t, "three more checks", testkit.Patience, func() error {
		if n := portal.SearchLoads(); n < checks+3 {
			return fmt.Errorf("%d checks", n-checks)
		}
		return nil
	})
	if n := len(portal.Sent()); n != 2 {
		t.Errorf("the portal has %d messages, want the two replies once each", n)
	}
	if got := appListingReplies(t, data); got["kamernet.nl:2345101"] != "Replied" || got["kamernet.nl:2345102"] != "Replied" || len(got) != 2 {
		t.Errorf("the Listings page says %v", got)
	}
	app.Signal(t, syscall.SIGTERM)
	app.ExitCode(t)
}

// kamernetChrome is a browser for the app: the test's Chromium, with
// kamernet.nl resolving to the portal at portalURL (http://IP:PORT) and
// no other name resolving at all.
func kamernetChrome(t *testing.T, portalURL string) string {
	t.Helper()
	hostPort := strings.TrimPrefix(portalURL, "http://")
	script := fmt.Sprintf("#!/bin/sh\nexec %q --host-resolver-rules=%q \"$@\"\n", testkit.Chromium(t),
		"MAP kamernet.nl "+hostPort+", MAP www.kamernet.nl "+hostPort+", MAP * ~NOTFOUND")
	path := filepath.Join(t.TempDir(), "chromium")
	if err := os.WriteFile(path, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	return path
}

// appListingReplies is each listing's reply as GET /api/listings says it,
// by the listing's id.
func appListingReplies(t *testing.T, data string) map[string]string {
	t.Helper()
	base, token, _ := strings.Cut(testkit.ReadWindowURL(t, data), "/?token=")
	req, _ := http.NewRequest("GET", base+"/api/listings", nil)
	req.Header.Set("X-API-Key", token)
	res, err := (&http.Client{Timeout: time.Minute}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	var v struct {
		Listings []struct {
			ID    string `json:"id"`
			Reply string `json:"reply"`
		} `json:"listings"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("GET /api/listings: %s: %v", body, err)
	}
	out := map[string]string{}
	for _, l := range v.Listings {
		out[l.ID] = l.Reply
	}
	return out
}
