package window

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

const emptySettings = "version = 1\n"

func TestStartWritesTheAddress(t *testing.T) {
	r := startRig(t, emptySettings)
	path := filepath.Join(r.dir, URLFile)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^http://127\.0\.0\.1:[0-9]+/\?token=[A-Za-z0-9_-]{43}\n$`).Match(b) {
		t.Errorf("window.url = %q, want one line http://127.0.0.1:PORT/?token=T", b)
	}
	if strings.TrimSpace(string(b)) != r.srv.URL() {
		t.Errorf("window.url %q is not the server's address %q", b, r.srv.URL())
	}
	if info, _ := os.Stat(path); runtime.GOOS != "windows" && info.Mode().Perm() != 0o600 {
		t.Errorf("window.url mode %v, want 0600", info.Mode().Perm())
	}
	if got, _ := ReadURL(r.dir); got != r.srv.URL() {
		t.Errorf("ReadURL = %q", got)
	}
	if a := r.srv.ln.Addr().(*net.TCPAddr); !a.IP.Equal(net.IPv4(127, 0, 0, 1)) {
		t.Errorf("listening on %v, want 127.0.0.1 only", a)
	}

	// A restart keeps the token, so an open tab and its cookie stay good.
	r.srv.Close()
	again, err := Start(r.dir, Deps{Watcher: r.watcher, Settings: r.owner, Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if again.apiKey() != r.srv.apiKey() {
		t.Error("a restart made a new key")
	}
}

func TestStartFallsBackToAFreePort(t *testing.T) {
	taken, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	port := taken.Addr().(*net.TCPAddr).Port
	srv, err := Start(t.TempDir(), Deps{Watcher: newFakeWatcher(), Settings: startRig(t, emptySettings).owner, Port: port})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if srv.Port() == port || srv.Port() == 0 {
		t.Errorf("port %d while %d was taken", srv.Port(), port)
	}
	free := taken.Addr().(*net.TCPAddr).Port
	taken.Close()
	srv2, err := Start(t.TempDir(), Deps{Watcher: newFakeWatcher(), Settings: startRig(t, emptySettings).owner, Port: free})
	if err != nil {
		t.Fatal(err)
	}
	defer srv2.Close()
	if srv2.Port() != free {
		t.Errorf("port %d, want the asked port %d when it is free", srv2.Port(), free)
	}
}

// TestNothingListensBeyondLoopback: the listener is bound to 127.0.0.1
// alone, not to a wildcard address: another loopback address (127.0.0.2,
// ::1) on the same port finds nothing. (The machine's other interfaces are
// never dialled from a test; the bound address above says the same.)
func TestNothingListensBeyondLoopback(t *testing.T) {
	r := startRig(t, emptySettings)
	if a := r.srv.ln.Addr().(*net.TCPAddr); !a.IP.Equal(net.IPv4(127, 0, 0, 1)) || a.IP.IsUnspecified() {
		t.Fatalf("bound to %v, want 127.0.0.1", a)
	}
	for _, other := range []string{"127.0.0.2", "::1"} {
		c, err := net.DialTimeout("tcp", net.JoinHostPort(other, fmt.Sprint(r.srv.Port())), 2*time.Second)
		if err == nil {
			c.Close()
			t.Errorf("the window answers on %s", other)
		}
	}
}

// TestGuardsOnTheRealServer runs the guards in their order on the real
// server: the refusals a browser or a script meets.
func TestGuardsOnTheRealServer(t *testing.T) {
	r := startRig(t, emptySettings)
	port := fmt.Sprint(r.srv.Port())
	own := "http://127.0.0.1:" + port
	session, csrf := r.session()
	cookies := "rentwatch-session-" + port + "=" + session
	body := `{"url":"https://kamernet.nl/huren/kamers-amsterdam"}`
	tests := []struct {
		name, method, path string
		header             map[string]string
		want               int
	}{
		{"no token: the page", "GET", "/", nil, 403},
		{"no token: the API", "GET", "/api/state", nil, 403},
		{"no token: a script file", "GET", "/static/window.js", nil, 403},
		{"a wrong token in the address", "GET", "/?token=guess", nil, 403},
		{"the right key in the address", "GET", "/?token=" + r.srv.apiKey(), nil, 403},
		{"the cookie: the page", "GET", "/", map[string]string{"Cookie": cookies}, 200},
		{"the API key: the API", "GET", "/api/state", map[string]string{"X-API-Key": r.srv.apiKey()}, 200},
		{"a foreign Host with the API key", "GET", "/api/state", map[string]string{"X-API-Key": r.srv.apiKey(), "Host": "evil.example:" + port}, 403},
		{"a foreign Host with the cookie", "GET", "/", map[string]string{"Cookie": cookies, "Host": "rebind.example:" + port}, 403},
		{"a cross-origin POST with the cookie", "POST", "/api/searches",
			map[string]string{"Cookie": cookies, "Origin": "https://evil.example", "X-CSRF-Token": csrf, "Content-Type": "text/plain"}, 403},
		{"a same-origin POST without the CSRF header", "POST", "/api/searches", map[string]string{"Cookie": cookies, "Origin": own}, 403},
		{"a same-origin POST with it", "POST", "/api/searches", map[string]string{"Cookie": cookies, "Origin": own, "X-CSRF-Token": csrf}, 201},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, raw := r.do(tt.method, tt.path, body, tt.header)
			if code != tt.want {
				t.Fatalf("%s %s: %d, want %d: %s", tt.method, tt.path, code, tt.want, raw)
			}
		})
	}
	if s := r.settings(); len(s.Searches) != 1 {
		t.Errorf("%d searches saved, want only the one from the allowed POST", len(s.Searches))
	}

	// a CORS preflight from another site gets nothing that allows it
	req, _ := http.NewRequest("OPTIONS", own+"/api/searches", nil)
	req.Header.Set("Origin", "https://evil.example")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Cookie", cookies)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode < 400 || res.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("preflight: %d, Access-Control-Allow-Origin %q", res.StatusCode, res.Header.Get("Access-Control-Allow-Origin"))
	}
}
