package testkit

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// The rig of the tests of delivery by the real app (app_push_test.go,
// app_kill_test.go): a fixture site whose search page the test posts rooms
// to, and every kind of channel on loopback: desktop pop-ups through a
// notification recorder on a private session bus, email through mailpit
// (optional), an ntfy topic and a JSON webhook on push servers of the
// test's own.

// PushRig is the real app and its channels.
type PushRig struct {
	Bin        string
	Bus        *Bus
	Pops       *Notifications
	Mail       *Mailpit // nil: no email channel
	Ntfy, Hook *PushServer
	Portal     *Portal
	PageURL    string
	Cfg, Data  string
	Env        []string
	Args       []string // run's arguments
	Tray       bool     // run with the tray (a watcher on the bus)
	App        *AppProc
	Item       *TrayItem // nil when run without a tray
	Rooms      []Room    // posted by the test, oldest first
	// PopsAt is, per room, how many pop-ups had shown when it was posted.
	PopsAt map[string]int
}

// streets name the rooms the tests post, one each; no name is part of
// another, so a message names a room when it holds its title.
var streets = []string{"Singel", "Herengracht", "Keizersgracht", "Prinsengracht", "Rozengracht", "Bloemgracht",
	"Lauriergracht", "Elandsgracht", "Brouwersgracht", "Leidsegracht", "Amstelveld", "Looiersgracht",
	"Passeerdersgracht", "Reguliersgracht", "Lijnbaansgracht", "Spiegelgracht", "Marnixstraat", "Haarlemmerdijk"}

// NewPushRig starts the session (bus, pop-up recorder and, withTray, a tray
// watcher), the site, the push servers and, withEmail, mailpit; then the
// app on a settings file naming all of them, and waits for its baseline.
func NewPushRig(t *testing.T, withEmail, withTray bool) *PushRig {
	t.Helper()
	r := &PushRig{Bin: AppBinary(t), Tray: withTray}
	r.Bus = StartSessionBus(t)
	t.Setenv("XDG_STATE_HOME", r.Bus.Dir)
	r.Pops = RecordNotifications(t, r.Bus)
	r.Args = []string{"run", "--no-tray"}
	if withTray {
		StartTrayWatcher(t, r.Bus)
		r.Args = []string{"run"}
	}
	if withEmail {
		r.Mail = StartMailpit(t)
	}
	r.Ntfy, r.Hook = StartPushServer(t), StartPushServer(t)
	r.Portal = StartPortal(t, "127.0.0.2", CardPage)
	r.PageURL = r.Portal.Search(t, "/huren/kamers-amsterdam", AppRooms(3456701, "Damrak", "Javastraat")...)
	dir := t.TempDir()
	r.Cfg, r.Data = filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	WriteAppFile(t, r.Cfg, r.Settings())
	r.Env = AppEnv(t, "DBUS_SESSION_BUS_ADDRESS="+r.Bus.Address, "RENTWATCH_SMTP_PASSWORD="+MailpitPassword)
	r.Start(t)
	r.App.WaitOutput(t, "msg=baseline", 1)
	return r
}

// The secrets in the push URLs, which must never show in a log line.
const (
	NtfyTopic = "rooms-k7q2x9"
	HookPath  = "hook/s3cret-9f4e"
)

func (r *PushRig) Settings() string {
	var b strings.Builder
	fmt.Fprintf(&b, "version = 1\ninterval = \"10s\"\n")
	if r.Mail != nil {
		fmt.Fprintf(&b, "\n[email]\nto = \"bob@example.test\"\nfrom = %q\nhost = %q\nport = %d\nsecurity = %q\nusername = %q\nca_file = %q\n",
			MailpitUser, r.Mail.Host, r.Mail.SMTPPort, r.Mail.Security, MailpitUser, r.Mail.CAFile)
	}
	fmt.Fprintf(&b, "\n[push]\nurls = [%q, %q]\n", r.Ntfy.NtfyURL(NtfyTopic), r.Hook.WebhookURL(HookPath))
	fmt.Fprintf(&b, "\n[[search]]\nname = \"Kamerplein Amsterdam\"\nurl = %q\nenabled = true\n", r.PageURL)
	return b.String()
}

// Start runs the app on the rig's settings and data folder.
func (r *PushRig) Start(t *testing.T) {
	t.Helper()
	r.App = StartApp(t, r.Bin, r.Data, r.Env, append(r.Args, "--config", r.Cfg, "--data", r.Data)...)
	r.Item = nil
	if r.Tray {
		r.Item = WaitTrayItem(t, r.Bus, r.App.PID(), Patience)
	}
}

// Post puts a new room on the site's search page and returns it; with a
// tray it clicks Check now, so the next cycle starts at once.
func (r *PushRig) Post(t *testing.T) Room {
	t.Helper()
	n := len(r.Rooms)
	room := Room{ID: 3456801 + n, Title: "Room " + streets[n%len(streets)], Street: strings.ToLower(streets[n%len(streets)]),
		Area: "Centrum", Price: 700 + 10*n}
	r.Rooms = append(r.Rooms, room)
	if r.PopsAt == nil {
		r.PopsAt = map[string]int{}
	}
	r.PopsAt[room.Title] = len(r.Pops.All())
	r.Portal.Post(r.PageURL, room)
	if r.Item != nil {
		if err := r.Item.Click("Check now"); err != nil {
			t.Fatal(err)
		}
	}
	return room
}

// A RigChannel is one of the app's channels as the test reads it: how
// many of the messages that reached the user carry s.
type RigChannel struct {
	Name  string
	Count func(t *testing.T, s string) int
}

// Desktop counts the pop-ups naming s; a room no pop-up names counts once
// for each pop-up after it was posted that names three of its search's
// listings "and N more" (after a restart a channel's queue can hold more
// than fit in one pop-up: the others are on the search's page a click away).
func (r *PushRig) Desktop() RigChannel {
	return RigChannel{"desktop pop-ups", func(_ *testing.T, s string) int {
		n, pops := 0, r.Pops.All()
		for _, p := range pops {
			if strings.Contains(p.Summary+"\n"+p.Body, s) {
				n++
			}
		}
		if at, ok := r.PopsAt[s]; ok && n == 0 {
			for _, p := range pops[min(at, len(pops)):] {
				if strings.Contains(p.Summary, "new listings") && strings.Contains(p.Body, " more") {
					n++
				}
			}
		}
		return n
	}}
}

func (r *PushRig) Email() RigChannel {
	return RigChannel{"email", func(t *testing.T, s string) int {
		n := 0
		for _, sum := range r.Mail.Messages(t) {
			if strings.Contains(sum.Subject, s) || strings.Contains(r.Mail.Message(t, sum.ID).Text, s) {
				n++
			}
		}
		return n
	}}
}

func PushChannel(name string, srv *PushServer) RigChannel {
	return RigChannel{name, func(_ *testing.T, s string) int {
		n := 0
		for _, m := range srv.Delivered() {
			if strings.Contains(m.Title+"\n"+m.Text, s) {
				n++
			}
		}
		return n
	}}
}

func (r *PushRig) NtfyChannel() RigChannel { return PushChannel("ntfy", r.Ntfy) }
func (r *PushRig) HookChannel() RigChannel { return PushChannel("webhook", r.Hook) }

// Channels is every channel the rig's app has.
func (r *PushRig) Channels() []RigChannel {
	out := []RigChannel{r.Desktop()}
	if r.Mail != nil {
		out = append(out, r.Email())
	}
	return append(out, r.NtfyChannel(), r.HookChannel())
}

// WaitReach waits until s has reached every channel in chans.
func (r *PushRig) WaitReach(t *testing.T, s string, chans ...RigChannel) {
	t.Helper()
	for _, c := range chans {
		Eventually(t, fmt.Sprintf("%q reaches %s", s, c.Name), Patience, func() error {
			if c.Count(t, s) == 0 {
				return fmt.Errorf("not yet; ntfy:\n%swebhook:\n%s", r.Ntfy.Log(), r.Hook.Log())
			}
			return nil
		})
	}
}

// NoSecrets fails the test when the app's output shows a part of a push
// URL that is a secret (the topic, the webhook's path).
func (r *PushRig) NoSecrets(t *testing.T) {
	t.Helper()
	if out := r.App.Out.String(); strings.Contains(out, NtfyTopic) || strings.Contains(out, "s3cret") {
		t.Errorf("the app's output shows a push URL's secret:\n%s", out)
	}
}

// Except is chans without the one named name.
func Except(chans []RigChannel, name string) []RigChannel {
	var out []RigChannel
	for _, c := range chans {
		if c.Name != name {
			out = append(out, c)
		}
	}
	return out
}
