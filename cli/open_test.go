package cli

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gofrs/flock"
)

// TestCmdOpen: `rentwatch open` answers from the running app only. While
// rentwatch is not running (its lock is free) it says so in plain words
// and asks nothing of whatever listens at the old address in window.url;
// while it runs, --print prints a one-time address the app made (never
// the key in window.url).
func TestCmdOpen(t *testing.T) {
	const token = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" // 43 characters of base64url, as the window makes
	var asked atomic.Int32
	var link string // the one-time address the app makes
	app := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		switch {
		case r.Header.Get("X-API-Key") != token:
			http.Error(w, "refused", http.StatusForbidden)
		case r.URL.Path == "/api/state":
			w.Write([]byte(`{"max_searches": 15}`))
		case r.Method == "POST" && r.URL.Path == "/api/open-link":
			fmt.Fprintf(w, `{"url": %q}`, link)
		default:
			http.Error(w, "refused", http.StatusForbidden)
		}
	}))
	defer app.Close()
	addr := app.URL + "/?token=" + token
	link = app.URL + "/?code=BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"
	data := t.TempDir()
	if err := os.WriteFile(filepath.Join(data, "window.url"), []byte(addr+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}

	runIn := func(data string, args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := cmdOpen(globals{data: data}, args, &out, &errb)
		return code, out.String(), errb.String()
	}
	run := func(args ...string) (int, string, string) { return runIn(data, args...) }
	if code, out, errb := run("--print"); code != 1 || out != "" || !strings.Contains(errb, "rentwatch is not running") ||
		!strings.Contains(errb, "Start it first") {
		t.Errorf("not running: exit %d, stdout %q, stderr %q", code, out, errb)
	}
	if n := asked.Load(); n != 0 {
		t.Errorf("with rentwatch not running, the old address was asked %d times", n)
	}
	if code, _, errb := runIn(filepath.Join(data, "missing"), "--print"); code != 1 || !strings.Contains(errb, "rentwatch is not running") {
		t.Errorf("no data folder: exit %d, stderr %q", code, errb)
	}

	lock := flock.New(filepath.Join(data, "rentwatch.lock")) // as the running app holds it
	if ok, err := lock.TryLock(); !ok || err != nil {
		t.Fatalf("lock: %v %v", ok, err)
	}
	defer lock.Unlock()
	if code, out, errb := run("--print"); code != 0 || out != link+"\n" || errb != "" {
		t.Errorf("running: exit %d, stdout %q, stderr %q; want a one-time address", code, out, errb)
	}
	// A desktop with nothing set up to open web pages: xdg-open says so
	// with its exit code 3, and so does `rentwatch open`.
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "xdg-open"), []byte("#!/bin/sh\nexit 3\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	if code, out, errb := run(); code != 1 || out != "" ||
		!strings.Contains(errb, "the browser did not open: no program on this computer is set up to open it") {
		t.Errorf("no browser set up: exit %d, stdout %q, stderr %q", code, out, errb)
	}
	app.Close()
	if code, _, errb := run("--print"); code != 1 || !strings.Contains(errb, "nothing answers at") {
		t.Errorf("lock held but nothing answers: exit %d, stderr %q", code, errb)
	}
}
