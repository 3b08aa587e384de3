package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/chromedp/chromedp"

	"rentwatch/internal/testkit"
)

// TestAppPhoneFromTheWindow: a user with no text editor and no terminal
// sets up their phone from the window of the real app, in real Chromium:
// picks ntfy, points it at their server (an ntfy server on loopback
// speaking the real protocol), sends a test before saving, saves, and the
// next new listing reaches the phone; then removes the channel.
func TestAppPhoneFromTheWindow(t *testing.T) {
	r := &windowRig{bin: testkit.AppBinary(t)}
	bus := testkit.StartSessionBus(t)
	t.Setenv("XDG_STATE_HOME", bus.Dir)
	r.pops = testkit.RecordNotifications(t, bus)
	ntfy := testkit.StartPushServer(t)
	r.portal = testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	r.searchURL = r.portal.Search(t, "/huren/kamers-amsterdam", testkit.AppRooms(2345601, "Damrak", "Kinkerstraat")...)
	dir := t.TempDir()
	r.cfg, r.data = filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	testkit.WriteAppFile(t, r.cfg, ownNotes+"version = 1\ninterval = \"10s\"\n\n[[search]]\nname = \"Kamerplein\"\nurl = \""+r.searchURL+"\"\n")
	r.env = testkit.AppEnv(t, "DBUS_SESSION_BUS_ADDRESS="+bus.Address)
	r.app = testkit.StartApp(t, r.bin, r.data, r.env, "run", "--no-tray", "--config", r.cfg, "--data", r.data)
	r.addr = testkit.ReadWindowURL(t, r.data)
	m := testkit.WindowURLRe.FindStringSubmatch(r.addr)
	r.port, _ = strconv.Atoi(m[1])
	r.base = "http://127.0.0.1:" + m[1]
	r.token = strings.TrimPrefix(r.addr, r.base+"/?token=")
	r.app.WaitOutput(t, "msg=baseline", 1)

	ctx, log := appTab(t)
	run(t, ctx, chromedp.Navigate(r.link(t)), chromedp.WaitVisible(chromedp.CSS("#add-url")),
		chromedp.Navigate(r.base+"/settings"), chromedp.WaitVisible(chromedp.ID("ps-service")))
	// ntfy is offered first, with a random topic; other services' fields are hidden
	topic, err := chromedp.Run(ctx, chromedp.Value(chromedp.ID("ps-ntfy-topic")))
	if err != nil || !strings.HasPrefix(topic, "rooms-") {
		t.Fatalf("the topic offered: %q, %v", topic, err)
	}
	if vis, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.getElementById("ps-telegram-token").checkVisibility()`)); !vis {
		t.Errorf("the Telegram fields show while ntfy is picked")
	}
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("input[type=password]").length`)); n != 0 {
		t.Errorf("%d password fields: a browser offers to save what is typed in them as this site's login", n)
	}
	if m, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.getElementById("ps-ntfy-password")).webkitTextSecurity`)); m != "disc" {
		t.Errorf("the ntfy password is typed in the clear (text security %q)", m)
	}
	run(t, ctx, chromedp.SendKeys(chromedp.ID("ps-ntfy-server"), ntfy.URL),
		chromedp.Click(chromedp.CSS(`#push-form button[data-api="POST /api/push/test"]`)))
	pageSays(t, ctx, "#push-form [data-result]", "Sent a test to ntfy (127.0.0.1:")
	if got := ntfy.Delivered(); len(got) != 1 || got[0].Path != "/"+topic {
		t.Fatalf("the ntfy server got %+v, want the test on /%s", got, topic)
	}
	if b, _ := os.ReadFile(r.cfg); strings.Contains(string(b), "ntfy") {
		t.Errorf("the test saved the channel:\n%s", b)
	}

	// save: the channel is listed, masked; the file holds it and stays private
	run(t, ctx, chromedp.Click(chromedp.CSS(`#push-form button[type=submit]:not([data-api])`)))
	pageSays(t, ctx, "#push-form [data-result]", "Saved: ntfy (127.0.0.1:")
	pageSays(t, ctx, "#push-list", "topic "+topic[:1]+"…"+topic[len(topic)-3:])
	// a fresh form: a new random topic, nothing typed left in it
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const f = document.getElementById("ps-ntfy-topic");
		return !!f && f.value.startsWith("rooms-") && f.value !== `+strconv.Quote(topic)+`; })()`,
		chromedp.WithPollingTimeout(testkit.Patience))); err != nil {
		t.Errorf("the form was not made fresh after saving: %v", err)
	}
	if body, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerHTML`)); strings.Contains(body, topic) {
		i := strings.Index(body, topic)
		t.Errorf("the page shows the saved topic: %s", body[max(0, i-300):i+50])
	}
	b, _ := os.ReadFile(r.cfg)
	if !strings.HasPrefix(string(b), ownNotes) || !strings.Contains(string(b), `"`+ntfy.NtfyURL(topic)+`"`) {
		t.Errorf("the settings file after saving:\n%s", b)
	}
	if fi, _ := os.Stat(r.cfg); fi.Mode().Perm() != 0o600 {
		t.Errorf("the settings file is %v, want 0600", fi.Mode().Perm())
	}

	// the next new listing reaches the phone
	r.portal.Post(r.searchURL, testkit.Room{ID: 2345699, Title: "Room Rozengracht", Street: "rozengracht", Area: "Centrum", Price: 800})
	testkit.Eventually(t, "the alert reaches the ntfy topic", testkit.Patience, func() error {
		for _, q := range ntfy.Delivered() {
			if q.Path == "/"+topic && strings.Contains(q.Title+q.Text, "Rozengracht") {
				return nil
			}
		}
		return fmt.Errorf("ntfy got:\n%s", ntfy.Log())
	})

	// remove it: gone from the page and the file
	run(t, ctx, chromedp.Click(chromedp.CSS(`#push-list button.danger`)))
	pageSays(t, ctx, "#push-list", "None yet")
	if b, _ := os.ReadFile(r.cfg); strings.Contains(string(b), topic) {
		t.Errorf("the channel is still in the file:\n%s", b)
	}
	if d := log.get(&log.dialogs); len(d) != 1 || !strings.HasPrefix(d[0], "confirm: Remove ntfy") {
		t.Errorf("dialogs %q, want one confirm", d)
	}
	r.app.Signal(t, syscall.SIGTERM)
	if code := r.app.ExitCode(t); code != 0 {
		t.Errorf("SIGTERM: exit status %d", code)
	}
}
