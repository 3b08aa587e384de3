package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"

	"rentwatch/engine"
	"rentwatch/internal/testkit"
	"rentwatch/outbox"
)

// TestStoredPasswordReachesTheAlerts: the SMTP password stored from the
// window is a change of the email settings. With a wrong password at the
// start the email channel stops (535); the right one stored through the
// window's API is what the test email and the alerts then use: the room
// kept for email arrives, with no other change. The reverse too: a wrong
// password stored stops the alerts, as the test email says it would.
// The app runs in this process (the keychain is go-keyring's in-memory
// one: there is no Secret Service here), with a real mailpit, a real
// Chromium loading a fixture site and pop-ups on a private session bus.
func TestStoredPasswordReachesTheAlerts(t *testing.T) {
	keyring.MockInit()
	t.Setenv(outbox.PasswordEnv, "") // the keychain's password, not the environment's
	bus := testkit.StartSessionBus(t)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", bus.Address)
	pops := testkit.RecordNotifications(t, bus)
	mail := testkit.StartMailpit(t)
	portal := testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	page := portal.Search(t, "/huren/kamers-amsterdam", testkit.AppRooms(5678901, "Damrak")...)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.toml")
	testkit.WriteAppFile(t, cfg, fmt.Sprintf("version = 1\ninterval = \"10s\"\n\n[email]\nto = \"bob@example.test\"\nhost = %q\nport = %d\n"+
		"security = %q\nusername = %q\nca_file = %q\n\n[[search]]\nname = \"Amsterdam\"\nurl = %q\nenabled = true\n",
		mail.Host, mail.SMTPPort, mail.Security, testkit.MailpitUser, mail.CAFile, page))
	if err := outbox.StorePassword(testkit.MailpitUser, "wrong-password"); err != nil {
		t.Fatal(err)
	}
	l := startLiveApp(t, cfg, filepath.Join(dir, "data"))
	testkit.Eventually(t, "the first check (the baseline)", testkit.Patience, func() error {
		if s := l.engine.Snapshot().Searches; len(s) != 1 || s[0].LastCheck.IsZero() {
			return fmt.Errorf("searches %+v", s)
		}
		return nil
	})
	file, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}

	// A wrong password at the start: the room reaches the desktop, email stops.
	first := l.post(t, portal, page, 5679001, "Kinkerstraat")
	testkit.Eventually(t, "the pop-up for "+first, testkit.Patience, func() error {
		for _, p := range pops.All() {
			if strings.Contains(p.Summary+p.Body, first) {
				return nil
			}
		}
		return fmt.Errorf("pop-ups %+v", pops.All())
	})
	l.waitEmail(t, "email stopped by the wrong password", "stopped")

	// The right one, stored from the window: the test email and the kept
	// room both go out with it, at once, and nothing else changed.
	if code, got := l.api(t, "POST", "/api/settings/password", map[string]any{"password": testkit.MailpitPassword}); code != 200 {
		t.Fatalf("storing the password: %d %v", code, got)
	}
	testkit.Eventually(t, "the kept room reaches the inbox", testkit.Patience, func() error {
		if len(mail.Containing(t, first)) == 0 {
			return fmt.Errorf("not in mailpit; email channel %+v", l.email())
		}
		return nil
	})
	if code, got := l.api(t, "POST", "/api/test-email", nil); code != 200 {
		t.Errorf("the test email with the stored password: %d %v", code, got)
	}
	l.waitEmail(t, "email working again", "ok")
	if now, _ := os.ReadFile(cfg); string(now) != string(file) {
		t.Errorf("the settings file changed:\n%s\nwas\n%s", now, file)
	}

	// The reverse: a wrong password stored. The test says refused, and the
	// next room is refused too, not sent with the password before.
	if code, got := l.api(t, "POST", "/api/settings/password", map[string]any{"password": "wrong-again"}); code != 200 {
		t.Fatalf("storing the wrong password: %d %v", code, got)
	}
	if code, got := l.api(t, "POST", "/api/test-email", nil); code != 502 || !strings.Contains(fmt.Sprint(got), "535") {
		t.Errorf("the test email with a wrong password: %d %v, want it refused (535)", code, got)
	}
	second := l.post(t, portal, page, 5679002, "Javastraat")
	testkit.Eventually(t, "email stopped by the wrong password stored", testkit.Patience, func() error {
		if len(mail.Containing(t, second)) > 0 {
			t.Fatalf("%s went out by email with the password before the wrong one was stored", second)
		}
		if c := l.email(); c.State != "stopped" || c.Queued == 0 {
			return fmt.Errorf("email channel %+v", c)
		}
		return nil
	})
}

// post puts a room on the fixture site's page and starts a check at once;
// it returns the room's title.
func (l *liveApp) post(t *testing.T, portal *testkit.Portal, page string, id int, street string) string {
	t.Helper()
	room := testkit.AppRooms(id, street)[0]
	portal.Post(page, room)
	l.engine.CheckNow()
	return room.Title
}

// email is the email channel as the engine shows it.
func (l *liveApp) email() engine.ChannelView {
	for _, c := range l.engine.Snapshot().Channels {
		if c.ID == "email" {
			return c
		}
	}
	return engine.ChannelView{}
}

// waitEmail waits until the email channel is in state.
func (l *liveApp) waitEmail(t *testing.T, what, state string) {
	t.Helper()
	testkit.Eventually(t, what, testkit.Patience, func() error {
		if c := l.email(); c.State != state {
			return fmt.Errorf("email channel %+v", c)
		}
		return nil
	})
}
