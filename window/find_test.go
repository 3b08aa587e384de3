package window

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// TestFind: `rentwatch open` trusts window.url only once the rentwatch
// that wrote it answers there, and sends the token nowhere but 127.0.0.1.
func TestFind(t *testing.T) {
	r := startRig(t, withComments)
	ctx := context.Background()
	if got, err := Find(ctx, r.dir); err != nil || got != r.srv.URL() {
		t.Fatalf("Find with the window up: %q, %v; want %q", got, err, r.srv.URL())
	}

	var asked atomic.Int32
	other := func(ip string) string { // another program, on a loopback address
		l, err := net.Listen("tcp", ip+":0")
		if err != nil {
			t.Fatal(err)
		}
		s := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			asked.Add(1)
			http.Error(w, "not here", http.StatusForbidden)
		})}}
		s.Start()
		t.Cleanup(s.Close)
		return s.Listener.Addr().String()
	}
	token := r.srv.apiKey()
	squatter, elsewhere := other("127.0.0.1"), other("127.0.0.2")
	tests := []struct {
		name     string
		file     string // window.url's line; "" for no file
		says     string
		notRun   bool
		askLimit int32 // how many requests the other program may have had by then
	}{
		{"no window.url", "", "has not written", true, 0},
		{"another program on the port", "http://" + squatter + "/?token=" + token, "another program answers", true, 1},
		{"an address that is not 127.0.0.1", "http://" + elsewhere + "/?token=" + token, "does not hold an address rentwatch writes", false, 1},
		{"https", "https://" + squatter + "/?token=" + token, "does not hold an address", false, 1},
		{"no token", "http://" + squatter + "/", "does not hold an address", false, 1},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		if tt.file != "" {
			if err := os.WriteFile(filepath.Join(dir, URLFile), []byte(tt.file+"\n"), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		_, err := Find(ctx, dir)
		if err == nil || !strings.Contains(err.Error(), tt.says) || errors.Is(err, ErrNotRunning) != tt.notRun {
			t.Errorf("%s: %v; want an error saying %q (not running: %v)", tt.name, err, tt.says, tt.notRun)
		}
		if n := asked.Load(); n > tt.askLimit {
			t.Errorf("%s: the other program was asked %d times, want at most %d", tt.name, n, tt.askLimit)
		}
	}

	r.srv.Close()
	if _, err := Find(ctx, r.dir); !errors.Is(err, ErrNotRunning) || !strings.Contains(err.Error(), "nothing answers") {
		t.Errorf("Find after the window closed: %v, want not running", err)
	}
}
