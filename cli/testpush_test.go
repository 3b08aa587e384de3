package cli

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// test-push says, channel by channel, whether the service took the test
// message; it never prints a URL or its secret.
func TestCmdTestPush(t *testing.T) {
	var mu sync.Mutex // guards got
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.URL.Path+" "+r.Header.Get("Title"))
		mu.Unlock()
		if strings.Contains(r.URL.Path, "denied") {
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, `{"code":40101,"http":401,"error":"unauthorized"}`)
			return
		}
		fmt.Fprint(w, `{"id":"x1","event":"message"}`)
	}))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().(*net.TCPAddr).Port
	l.Close()
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	urls := []string{
		"ntfy://127.0.0.1:" + port + "/good-topic-s3cret?scheme=http",
		"ntfy://127.0.0.1:" + port + "/denied-topic-s3cret?scheme=http",
		fmt.Sprintf("generic://127.0.0.1:%d/hook-s3cret?disabletls=yes", closed),
	}
	three := write("three.toml", fmt.Sprintf("version = 1\n[push]\nurls = [%q, %q, %q]\n", urls[0], urls[1], urls[2]))
	good := write("good.toml", fmt.Sprintf("version = 1\n[push]\nurls = [%q]\n", urls[0]))
	none := write("none.toml", "version = 1\n")
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr string
	}{
		{"three channels: one sent, one refused, one down", []string{"--config", three}, 1, []string{
			// Two topics on one server read apart, with no topic given away.
			"ntfy (127.0.0.1:" + port + "/go…et): sent",
			"ntfy (127.0.0.1:" + port + "/de…et): failed: ntfy (127.0.0.1:" + port + "/de…et): the server refused the credentials",
			"This will keep failing until the URL is fixed",
			"Webhook (127.0.0.1:" + fmt.Sprint(closed) + "): failed", "connection refused", "This may be temporary",
		}, "2 of 3"},
		{"one good channel", []string{"--config", good}, 0, []string{"sent; the service accepted it"}, ""},
		{"no [push]", []string{"--config", none}, 1, nil, "has no push URLs"},
		{"stray argument", []string{"--config", good, "now"}, 2, nil, "takes no arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := cmdTestPush(globals{}, tt.args, &stdout, &stderr)
			if code != tt.code || !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr.String(), tt.code, tt.stderr)
			}
			for _, s := range tt.stdout {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout.String())
				}
			}
			if strings.Contains(stdout.String()+stderr.String(), "s3cret") {
				t.Errorf("the output shows a URL's secret:\n%s%s", stdout.String(), stderr.String())
			}
		})
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) < 2 || !strings.Contains(got[0], "rentwatch test") && !strings.Contains(got[1], "rentwatch test") {
		t.Errorf("the server got %q, want the test messages", got)
	}
}
