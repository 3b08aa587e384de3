package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"rentwatch/internal/testkit"
)

// The rig of the tests of delivery by the real app (app_push_test.go,
// app_kill_test.go): a fixture site whose search page the test posts rooms
// to, and every kind of channel on loopback: desktop pop-ups through a
// notification recorder on a private session bus, email through mailpit
// (optional), an ntfy topic and a JSON webhook on push servers of the
// test's own.

// pushRig is the real app and its channels.
type pushRig struct {
	bin        string
	bus        *testkit.Bus
	pops       *testkit.Notifications
	mail       *testkit.Mailpit // nil: no email channel
	ntfy, hook *testkit.PushServer
	portal     *testkit.Portal
	pageURL    string
	cfg, data  string
	env        []string
	args       []string // run's arguments
	tray       bool     // run with the tray (a watcher on the bus)
	app        *appProc
	item       *testkit.TrayItem // nil when run without a tray
	rooms      []testkit.Room    // posted by the test, oldest first
	// popsAt is, per room, how many pop-ups had shown when it was posted.
	popsAt map[string]int
}

// streets name the rooms the tests post, one each; no name is part of
// another, so a message names a room when it holds its title.
var streets = []string{"Singel", "Herengracht", "Keizersgracht", "Prinsengracht", "Rozengracht", "Bloemgracht",
	"Lauriergracht", "Elandsgracht", "Brouwersgracht", "Leidsegracht", "Amstelveld", "Looiersgracht",
	"Passeerdersgracht", "Reguliersgracht", "Lijnbaansgracht", "Spiegelgracht", "Marnixstraat", "Haarlemmerdijk"}

// newPushRig starts the session (bus, pop-up recorder and, withTray, a tray
// watcher), the site, the push servers and, withEmail, mailpit; then the
// app on a settings file naming all of them, and waits for its baseline.
func newPushRig(t *testing.T, withEmail, withTray bool) *pushRig {
	t.Helper()
	r := &pushRig{bin: appBinary(t), tray: withTray}
	r.bus = testkit.StartSessionBus(t)
	t.Setenv("XDG_STATE_HOME", r.bus.Dir)
	r.pops = testkit.RecordNotifications(t, r.bus)
	r.args = []string{"run", "--no-tray"}
	if withTray {
		testkit.StartTrayWatcher(t, r.bus)
		r.args = []string{"run"}
	}
	if withEmail {
		r.mail = testkit.StartMailpit(t)
	}
	r.ntfy, r.hook = testkit.StartPushServer(t), testkit.StartPushServer(t)
	r.portal = testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	r.pageURL = r.portal.Search(t, "/huren/kamers-amsterdam", appRooms(3456701, "Damrak", "Javastraat")...)
	dir := t.TempDir()
	r.cfg, r.data = filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	writeAppFile(t, r.cfg, r.settings())
	r.env = appEnv(t, "DBUS_SESSION_BUS_ADDRESS="+r.bus.Address, "RENTWATCH_SMTP_PASSWORD="+testkit.MailpitPassword)
	r.start(t)
	r.app.waitOutput(t, "msg=baseline", 1)
	return r
}

// The secrets in the push URLs, which must never show in a log line.
const (
	ntfyTopic = "rooms-k7q2x9"
	hookPath  = "hook/s3cret-9f4e"
)

func (r *pushRig) settings() string {
	var b strings.Builder
	fmt.Fprintf(&b, "version = 1\ninterval = \"10s\"\n")
	if r.mail != nil {
		fmt.Fprintf(&b, "\n[email]\nto = \"bob@example.test\"\nfrom = %q\nhost = %q\nport = %d\nsecurity = %q\nusername = %q\nca_file = %q\n",
			testkit.MailpitUser, r.mail.Host, r.mail.SMTPPort, r.mail.Security, testkit.MailpitUser, r.mail.CAFile)
	}
	fmt.Fprintf(&b, "\n[push]\nurls = [%q, %q]\n", r.ntfy.NtfyURL(ntfyTopic), r.hook.WebhookURL(hookPath))
	fmt.Fprintf(&b, "\n[[search]]\nname = \"Kamerplein Amsterdam\"\nurl = %q\nenabled = true\n", r.pageURL)
	return b.String()
}

// start runs the app on the rig's settings and data folder.
func (r *pushRig) start(t *testing.T) {
	t.Helper()
	r.app = startApp(t, r.bin, r.data, r.env, append(r.args, "--config", r.cfg, "--data", r.data)...)
	r.item = nil
	if r.tray {
		r.item = testkit.WaitTrayItem(t, r.bus, r.app.pid(), testkit.Patience)
	}
}

// post puts a new room on the site's search page and returns it; with a
// tray it clicks Check now, so the next cycle starts at once.
func (r *pushRig) post(t *testing.T) testkit.Room {
	t.Helper()
	n := len(r.rooms)
	room := testkit.Room{ID: 3456801 + n, Title: "Room " + streets[n%len(streets)], Street: strings.ToLower(streets[n%len(streets)]),
		Area: "Centrum", Price: 700 + 10*n}
	r.rooms = append(r.rooms, room)
	if r.popsAt == nil {
		r.popsAt = map[string]int{}
	}
	r.popsAt[room.Title] = len(r.pops.All())
	r.portal.Post(r.pageURL, room)
	if r.item != nil {
		if err := r.item.Click("Check now"); err != nil {
			t.Fatal(err)
		}
	}
	return room
}

// A rigChannel is one of the app's channels as the test reads it: how
// many of the messages that reached the user carry s.
type rigChannel struct {
	name  string
	count func(t *testing.T, s string) int
}

// desktop counts the pop-ups naming s; a room no pop-up names counts once
// for each pop-up after it was posted that names three of its search's
// listings "and N more" (after a restart a channel's queue can hold more
// than fit in one pop-up: the others are on the search's page a click away).
func (r *pushRig) desktop() rigChannel {
	return rigChannel{"desktop pop-ups", func(_ *testing.T, s string) int {
		n, pops := 0, r.pops.All()
		for _, p := range pops {
			if strings.Contains(p.Summary+"\n"+p.Body, s) {
				n++
			}
		}
		if at, ok := r.popsAt[s]; ok && n == 0 {
			for _, p := range pops[min(at, len(pops)):] {
				if strings.Contains(p.Summary, "new listings") && strings.Contains(p.Body, " more") {
					n++
				}
			}
		}
		return n
	}}
}

func (r *pushRig) email() rigChannel {
	return rigChannel{"email", func(t *testing.T, s string) int {
		n := 0
		for _, sum := range r.mail.Messages(t) {
			if strings.Contains(sum.Subject, s) || strings.Contains(r.mail.Message(t, sum.ID).Text, s) {
				n++
			}
		}
		return n
	}}
}

func pushChannel(name string, srv *testkit.PushServer) rigChannel {
	return rigChannel{name, func(_ *testing.T, s string) int {
		n := 0
		for _, m := range srv.Delivered() {
			if strings.Contains(m.Title+"\n"+m.Text, s) {
				n++
			}
		}
		return n
	}}
}

func (r *pushRig) ntfyChannel() rigChannel { return pushChannel("ntfy", r.ntfy) }
func (r *pushRig) hookChannel() rigChannel { return pushChannel("webhook", r.hook) }

// channels is every channel the rig's app has.
func (r *pushRig) channels() []rigChannel {
	out := []rigChannel{r.desktop()}
	if r.mail != nil {
		out = append(out, r.email())
	}
	return append(out, r.ntfyChannel(), r.hookChannel())
}

// waitReach waits until s has reached every channel in chans.
func (r *pushRig) waitReach(t *testing.T, s string, chans ...rigChannel) {
	t.Helper()
	for _, c := range chans {
		testkit.Eventually(t, fmt.Sprintf("%q reaches %s", s, c.name), testkit.Patience, func() error {
			if c.count(t, s) == 0 {
				return fmt.Errorf("not yet; ntfy:\n%swebhook:\n%s", r.ntfy.Log(), r.hook.Log())
			}
			return nil
		})
	}
}

// noSecrets fails the test when the app's output shows a part of a push
// URL that is a secret (the topic, the webhook's path).
func (r *pushRig) noSecrets(t *testing.T) {
	t.Helper()
	if out := r.app.out.String(); strings.Contains(out, ntfyTopic) || strings.Contains(out, "s3cret") {
		t.Errorf("the app's output shows a push URL's secret:\n%s", out)
	}
}

// except is chans without the one named name.
func except(chans []rigChannel, name string) []rigChannel {
	var out []rigChannel
	for _, c := range chans {
		if c.name != name {
			out = append(out, c)
		}
	}
	return out
}
