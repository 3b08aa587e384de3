package app_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rentwatch/app"
	"rentwatch/cli"
	"rentwatch/internal/testkit"
)

// A command run while the app runs, both in this process: the command is
// package cli's, the app package app's.

// TestSearchesAddWhileRunning: `rentwatch searches add` while the app runs
// changes the file under it; the running app applies it once.
func TestSearchesAddWhileRunning(t *testing.T) {
	portal := testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	first := portal.Search(t, "/huren/kamers-amsterdam", testkit.AppRooms(4568001, "Damrak")...)
	second := portal.Search(t, "/huren/kamers-utrecht", testkit.AppRooms(4568101, "Oudegracht")...)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.toml")
	testkit.WriteAppSettings(t, cfg, "30s")
	l := app.StartLiveApp(t, cfg, filepath.Join(dir, "data"))

	var stdout, stderr bytes.Buffer
	if code := cli.Run([]string{"--config", cfg, "searches", "add", first, "--name", "Amsterdam"}, &stdout, &stderr); code != 0 {
		t.Fatalf("rentwatch searches add: status %d\n%s%s", code, stdout.String(), stderr.String())
	}
	l.WaitSearches(t, "the running app watches the search added on the command line", first)
	text, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	testkit.WriteAppFile(t, cfg, string(text)+fmt.Sprintf("\n[[search]]\nname = \"Utrecht\"\nurl = %q\nenabled = true\n", second))
	l.WaitSearches(t, "the engine watches the search added by hand", first, second)

	want := []string{app.SettingsApplied(1, 1), app.SettingsApplied(2, 1)}
	if got := l.Applied(t); !slices.Equal(got, want) {
		t.Errorf("Activity says:\n  %s\nwant one line per change:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}
