package app

import (
	"context"
	"fmt"
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
func (deliveredOutbox) Kind() outbox.Kind                          { return "" }
func (deliveredOutbox) Send(context.Context, outbox.Message) error { return nil }

// TestWindowSavesReachTheEngine: a search saved in the window reaches the
// running engine through the settings' owner, which puts its own save in
// force at once rather than when it reads the file back.
func TestWindowSavesReachTheEngine(t *testing.T) {
	dir := t.TempDir()
	store, err := seen.OpenInMemory()
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	a := &app{settingsPath: filepath.Join(dir, "config.toml"), dataDir: filepath.Join(dir, "data"),
		log: slog.New(slog.DiscardHandler), store: &patientStore{s: store}, openWeb: func(string) error { return nil }}
	if err := os.WriteFile(a.settingsPath, []byte("version = 1\ninterval = \"30s\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	a.settings = config.Open(a.settingsPath, config.Options{})
	defer a.settings.Close()
	first, changes, _ := a.settings.Subscribe()
	site := &cleanSite{}
	a.engine = engine.New(engine.Deps{Loader: site, Store: store, Outbox: deliveredOutbox{}, Log: a.log}, engineSettings(first.Settings))
	go a.follow(first, changes)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { a.engine.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	a.startWindow()
	if a.window == nil {
		t.Fatal("the window did not start")
	}
	defer a.window.Close()

	addr, err := window.Find(ctx, a.dataDir)
	if err != nil {
		t.Fatal(err)
	}
	base, token, _ := strings.Cut(addr, "/?token=")
	const search = "https://kamernet.test/huren/kamers-amsterdam"
	req, _ := http.NewRequest("POST", base+"/api/searches", strings.NewReader(`{"url":"`+search+`"}`))
	req.Header.Set("X-API-Key", token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 201 {
		t.Fatalf("POST /api/searches: %s", res.Status)
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
	if s := a.settings.Now().Settings; len(s.Searches) != 1 {
		t.Errorf("the app's last good settings have %d searches, want the saved one", len(s.Searches))
	}
}
