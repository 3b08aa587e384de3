package app

import (
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"rentwatch/seen"
)

// openTestApp runs openApp on data (and a settings file beside it) with
// no session bus, and closes it when the test ends.
func openTestApp(t *testing.T, data string) *app {
	t.Helper()
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	t.Cleanup(func() { log.SetOutput(os.Stderr) }) // openApp points it at the app's log
	a, err := openApp(Options{Data: data, Logs: filepath.Join(data, "logs"), Settings: filepath.Join(filepath.Dir(data), "config.toml")}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.close)
	return a
}

// logSays reads the app's log file for s.
func logSays(t *testing.T, a *app, s string) bool {
	t.Helper()
	b, err := os.ReadFile(a.logPath)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Contains(string(b), s)
}

// A data folder open to every user (made by hand, or by an older
// rentwatch) is made the user's only at the start, and the log says so.
func TestRunMakesTheDataFolderPrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows keeps the ACLs of the user's profile folder")
	}
	data := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(data, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(data, 0o777); err != nil {
		t.Fatal(err)
	}
	a := openTestApp(t, data)
	if st, err := os.Stat(data); err != nil || st.Mode().Perm() != 0o700 {
		t.Errorf("the data folder is %v (%v), want 0700", st.Mode().Perm(), err)
	}
	if !logSays(t, a, "made the data folder private (0700)") {
		t.Errorf("the log does not say the data folder was made private")
	}
}

// A store that lost its MANIFEST starts anew (seen sets its files aside):
// the log and the window's activity say so, and why the searches start
// with a new baseline.
func TestRunSaysTheStoreStartedAnew(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	dir := filepath.Join(data, "store")
	s, err := seen.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	if err := s.SaveSnapshot(seen.Snapshot{Search: "https://a.test/", Listings: map[string]time.Time{"1": at}, CheckedAt: at}, at); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "MANIFEST")); err != nil {
		t.Fatal(err)
	}
	a := openTestApp(t, data)
	const says = "MANIFEST file is missing"
	if !logSays(t, a, says) {
		t.Errorf("the log does not say the store started anew")
	}
	found := false
	for _, ev := range a.engine.Activity(20) {
		found = found || strings.Contains(ev.Text, says) && strings.Contains(ev.Text, "new baseline")
	}
	if !found {
		t.Errorf("the activity does not say the store started anew: %+v", a.engine.Activity(20))
	}
}
