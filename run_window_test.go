package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/internal/testkit"
	"rentwatch/outbox"
	"rentwatch/pages"
	"rentwatch/seen"
	"rentwatch/window"
)

// cleanSite answers every page with a clean, empty results page and
// remembers what it was asked.
type cleanSite struct {
	mu    sync.Mutex
	loads []string
}

func (c *cleanSite) Load(_ context.Context, url string) (pages.Result, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.loads = append(c.loads, url)
	return pages.Result{URL: url, Status: 200, Verdict: blocks.Verdict{Kind: blocks.OK}}, nil
}

func (c *cleanSite) asked() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.loads...)
}

type deliveredOutbox struct{}

func (deliveredOutbox) Channels() []outbox.Channel { return []outbox.Channel{deliveredOutbox{}} }

func (deliveredOutbox) ID() string                                 { return "outbox" }
func (deliveredOutbox) Name() string                               { return "alerts" }
func (deliveredOutbox) Kind() string                               { return "" }
func (deliveredOutbox) Send(context.Context, outbox.Message) error { return nil }

// windowApp is the app's window beside a running engine over a clean
// site, as `rentwatch run` serves it (without the tray): the address in
// window.url and its key. It stops when the test ends.
func windowApp(t *testing.T, settingsText string) (a *app, site *cleanSite, base, key string) {
	t.Helper()
	dir := t.TempDir()
	store, err := seen.OpenInMemory()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	a = &app{settingsPath: filepath.Join(dir, "config.toml"), dataDir: filepath.Join(dir, "data"),
		log: slog.New(slog.DiscardHandler), store: store, openWeb: func(string) error { return nil }}
	if err := os.WriteFile(a.settingsPath, []byte(settingsText), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := config.Load(a.settingsPath)
	if err != nil {
		t.Fatal(err)
	}
	a.settings.Store(&s)
	site = &cleanSite{}
	a.engine = engine.New(engine.Deps{Loader: site, Store: store, Outbox: deliveredOutbox{}, Log: a.log}, engineSettings(s))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { a.engine.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	a.startWindow()
	if a.window == nil {
		t.Fatal("the window did not start")
	}
	t.Cleanup(func() { a.window.Close() })
	addr, err := window.Find(ctx, a.dataDir)
	if err != nil {
		t.Fatal(err)
	}
	base, key, _ = strings.Cut(addr, "/?token=")
	return a, site, base, key
}

// post sends body to the window's API as a script does.
func post(t *testing.T, base, key, path, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", base+path, strings.NewReader(body))
	req.Header.Set("X-API-Key", key)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(answer)
}

// TestWindowSavesReachTheEngine: a search saved in the window reaches the
// running engine through the settings editor's own report of the save,
// not only when config.Watch next reads the file (it does not run here).
func TestWindowSavesReachTheEngine(t *testing.T) {
	a, site, base, key := windowApp(t, "version = 1\ninterval = \"30s\"\n")
	const search = "https://kamernet.test/huren/kamers-amsterdam"
	if code, answer := post(t, base, key, "/api/searches", `{"url":"`+search+`"}`); code != 201 {
		t.Fatalf("POST /api/searches: %d %s", code, answer)
	}
	testkit.Eventually(t, "the engine watches the saved search", testkit.Patience, func() error {
		if got := a.engine.Snapshot().Searches; len(got) != 1 || got[0].URL != search {
			return fmt.Errorf("the engine has %+v", got)
		}
		if loads := site.asked(); len(loads) == 0 || loads[0] != search {
			return fmt.Errorf("the site was asked for %q", loads)
		}
		return nil
	})
	if s := a.settings.Load(); len(s.Searches) != 1 {
		t.Errorf("the app's last good settings have %d searches, want the saved one", len(s.Searches))
	}
}

// TestWindowTestEmailKeepsTheStoredPassword: the window's test email sends
// the stored password to the saved mail server only. Another server a
// caller names (a real one, which would accept that password: so what it
// receives shows whether it was sent) gets nothing without a password of
// the caller's own, and then gets that one.
func TestWindowTestEmailKeepsTheStoredPassword(t *testing.T) {
	saved, other := testkit.StartMailpit(t), testkit.StartMailpit(t)
	t.Setenv(outbox.PasswordEnv, testkit.MailpitPassword) // the stored password
	settings := fmt.Sprintf("version = 1\n[email]\nto = \"me@example.test\"\nhost = %q\nport = %d\nsecurity = %q\nusername = %q\nca_file = %q\n",
		saved.Host, saved.SMTPPort, saved.Security, testkit.MailpitUser, saved.CAFile)
	_, _, base, key := windowApp(t, settings)
	otherServer := fmt.Sprintf(`{"email": {"to": "me@example.test", "host": %q, "port": %d, "security": %q, "username": %q, "ca_file": %q}`,
		other.Host, other.SMTPPort, other.Security, testkit.MailpitUser, other.CAFile)
	steps := []struct {
		name             string
		body             string
		want             int
		toSaved, toOther int // messages each server holds after the step
	}{
		{"the saved settings, with the stored password", "", 200, 1, 0},
		{"another server, no password", otherServer + `}`, 400, 1, 0},
		{"another server, a wrong password typed", otherServer + `, "password": "guess"}`, 502, 1, 0},
		{"another server, its password typed", otherServer + `, "password": "` + testkit.MailpitPassword + `"}`, 200, 1, 1},
	}
	for _, st := range steps {
		code, answer := post(t, base, key, "/api/test-email", st.body)
		if code != st.want {
			t.Errorf("%s: %d %s, want %d", st.name, code, answer, st.want)
		}
		if n, m := len(saved.Messages(t)), len(other.Messages(t)); n != st.toSaved || m != st.toOther {
			t.Errorf("%s: the saved server holds %d messages, the other %d; want %d and %d", st.name, n, m, st.toSaved, st.toOther)
		}
	}
}
