package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rentwatch/internal/testkit"
	"rentwatch/window"
	"rentwatch/words"
)

// The running app in this process, on a real settings file (real file
// notifications), a real store, a real Chromium loading a fixture site and
// its real window: what `rentwatch run --no-tray` wires, minus the signals.

// liveApp is the app running in the test's process.
type liveApp struct {
	*app
	base, token string // the window's address and its API key
}

// startLiveApp starts the app on the settings file cfg and the data
// folder data, as `rentwatch run --no-tray` does; it is stopped and closed
// when the test ends.
func startLiveApp(t *testing.T, cfg, data string) *liveApp {
	t.Helper()
	a, err := openApp(Options{Settings: cfg, Data: data, Logs: filepath.Join(data, "logs"), Chrome: testkit.Chromium(t)}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	a.startWindow()
	go func() { a.engine.Run(ctx); close(done) }()
	t.Cleanup(func() {
		cancel()
		<-done
		a.close()
	})
	if a.window == nil {
		t.Fatal("the window did not start")
	}
	addr, err := window.Find(ctx, a.dataDir)
	if err != nil {
		t.Fatal(err)
	}
	l := &liveApp{app: a}
	l.base, l.token, _ = strings.Cut(addr, "/?token=")
	return l
}

// api calls the window's API as a script does and returns the status and
// the JSON answer.
func (l *liveApp) api(t *testing.T, method, path string, body any) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, l.base+path, rd)
	req.Header.Set("X-API-Key", l.token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var m map[string]any
	raw, _ := io.ReadAll(res.Body)
	if len(raw) > 0 && json.Unmarshal(raw, &m) != nil {
		t.Fatalf("%s %s: not JSON: %s", method, path, raw)
	}
	return res.StatusCode, m
}

// applied is every "settings applied" line of the window's Activity,
// oldest first.
func (l *liveApp) applied(t *testing.T) []string {
	t.Helper()
	code, got := l.api(t, "GET", "/api/activity", nil)
	if code != 200 {
		t.Fatalf("GET /api/activity: %d %v", code, got)
	}
	var out []string
	events, _ := got["events"].([]any)
	for _, e := range events {
		text, _ := e.(map[string]any)["text"].(string)
		if strings.HasPrefix(text, "settings applied") {
			out = append(out, text)
		}
	}
	slices.Reverse(out) // the page lists the newest first
	return out
}

// waitSearches waits until the engine watches exactly urls.
func (l *liveApp) waitSearches(t *testing.T, what string, urls ...string) {
	t.Helper()
	testkit.Eventually(t, what, testkit.Patience, func() error {
		var got []string
		for _, s := range l.engine.Snapshot().Searches {
			got = append(got, s.URL)
		}
		if !slices.Equal(got, urls) {
			return fmt.Errorf("the engine watches %q", got)
		}
		return nil
	})
}

// settingsApplied is the engine's Activity line for settings with n
// searches, added of them new.
func settingsApplied(n, added int) string {
	return fmt.Sprintf("settings applied: %s, %d new, 0 removed", words.Plural(n, "search", "searches"), added)
}

// TestOneChangePerSave: a search added in the window is one settings
// change: the engine applies it once and Activity says "settings applied"
// once, though the window's save and the file watcher both see it (the
// watcher sees the app's own save come back). Starting is no change at
// all. The edit by hand that follows is the barrier: the watcher sees
// edits in order, so an echo of the window's save would be in Activity
// before it.
func TestOneChangePerSave(t *testing.T) {
	portal := testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	first := portal.Search(t, "/huren/kamers-amsterdam", testkit.AppRooms(4567801, "Damrak")...)
	second := portal.Search(t, "/huren/kamers-utrecht", testkit.AppRooms(4567901, "Oudegracht")...)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.toml")
	testkit.WriteAppSettings(t, cfg, "30s")
	l := startLiveApp(t, cfg, filepath.Join(dir, "data"))

	if code, got := l.api(t, "POST", "/api/searches", map[string]any{"name": "Amsterdam", "url": first}); code != 201 {
		t.Fatalf("POST /api/searches: %d %v", code, got)
	}
	l.waitSearches(t, "the engine watches the search saved in the window", first)
	testkit.WriteAppSettings(t, cfg, "30s", testkit.AppSearch{Name: "Amsterdam", URL: first}, testkit.AppSearch{Name: "Utrecht", URL: second})
	l.waitSearches(t, "the engine watches the search added by hand", first, second)

	want := []string{settingsApplied(1, 1), settingsApplied(2, 1)}
	if got := l.applied(t); !slices.Equal(got, want) {
		t.Errorf("Activity says:\n  %s\nwant one line per change:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}
