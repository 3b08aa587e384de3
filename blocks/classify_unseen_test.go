package blocks

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// unseenDir holds pages written after the rules, to measure how the
// classifier does on walls and ordinary pages it was not tuned on. Each
// page has a sidecar FILE.headers with the status line and headers it is
// served with.
const unseenDir = "../testdata/unseen_walls"

// servedPage is a fixture as a live load sees it: HTML plus the status and
// headers from its .headers sidecar (Status 0 and no headers without one).
type servedPage struct {
	fixture
	htmlOnly Kind // what the HTML alone should give (manifest column 8)
	page     Page
}

// loadServed reads the manifest of dir and every page in it with its
// sidecar headers.
func loadServed(t testing.TB, dir string) []servedPage {
	t.Helper()
	only := readColumn(t, dir, 7)
	var out []servedPage
	for _, fx := range readManifest(t, dir) {
		html, err := os.ReadFile(fx.path)
		if err != nil {
			t.Fatal(err)
		}
		status, header, err := readHeaders(fx.path + ".headers")
		if err != nil {
			t.Fatal(err)
		}
		sp := servedPage{fixture: fx, htmlOnly: fx.want, page: Page{
			Status: status, Header: header, URL: "https://example.com/", HTML: html,
		}}
		if k := only[fx.file]; k != "" {
			sp.htmlOnly = Kind(k)
		}
		out = append(out, sp)
	}
	return out
}

// readColumn maps each manifest row's file to its column col, if present.
func readColumn(t testing.TB, dir string, col int) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for i, line := range strings.Split(string(b), "\n") {
		cols := strings.Split(line, "\t")
		if i > 0 && len(cols) > col {
			out[cols[0]] = cols[col]
		}
	}
	return out
}

// readHeaders parses a sidecar: "HTTP/1.1 403 Forbidden" (or "HTTP/2 403")
// then "Name: value" lines. A missing file means a saved page: status 0,
// no headers.
func readHeaders(path string) (int, http.Header, error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return 0, nil, nil
	}
	if err != nil {
		return 0, nil, err
	}
	r := bufio.NewReader(bytes.NewReader(b))
	line, err := r.ReadString('\n')
	if err != nil {
		return 0, nil, fmt.Errorf("%s: no status line: %w", path, err)
	}
	f := strings.Fields(line)
	if len(f) < 2 || !strings.HasPrefix(f[0], "HTTP/") {
		return 0, nil, fmt.Errorf("%s: bad status line %q", path, strings.TrimSpace(line))
	}
	status, err := strconv.Atoi(f[1])
	if err != nil || status < 100 || status > 999 {
		return 0, nil, fmt.Errorf("%s: bad status %q", path, f[1])
	}
	mh, err := textproto.NewReader(r).ReadMIMEHeader()
	if err != nil && err != io.EOF {
		return 0, nil, fmt.Errorf("%s: headers: %w", path, err)
	}
	return status, http.Header(mh), nil
}

// unseenVendor is the vendor each unseen fixture's name promises, where
// its page names one.
var unseenVendor = map[string]string{
	"akamai_": "akamai", "aws_waf_": "aws-waf", "cf_": "cloudflare", "cloudfront_": "cloudfront",
	"datadome_": "datadome", "ddos_guard_": "ddos-guard", "f5_": "f5", "idealista_": "datadome",
	"imperva_": "imperva", "incapsula_": "imperva", "kasada_": "kasada", "perimeterx_": "perimeterx",
	"radware_": "radware", "sucuri_": "sucuri", "turnstile_": "cloudflare", "vercel_": "vercel",
}

// TestClassifyUnseen classifies each unseen page twice: as served (status
// and headers from its sidecar) and as a saved file (HTML alone).
func TestClassifyUnseen(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, sp := range loadServed(t, unseenDir) {
		t.Run(sp.file+"/served", func(t *testing.T) {
			v := Classify(sp.page, now)
			checkVerdict(t, sp.file, v, sp.want, unseenVendor)
		})
		t.Run(sp.file+"/html_only", func(t *testing.T) {
			v := Classify(Page{URL: sp.page.URL, HTML: sp.page.HTML}, now)
			checkVerdict(t, sp.file, v, sp.htmlOnly, unseenVendor)
		})
	}
}

// TestReadHeaders: the sidecar parser takes both HTTP/1.1 and HTTP/2
// status lines and names the problem in a broken one.
func TestReadHeaders(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, body string
		status     int
		header     string // "Name=value" of one header to check
		wantErr    string
	}{
		{"http2", "HTTP/2 403\ncf-mitigated: challenge\nserver: cloudflare\n", 403, "Cf-Mitigated=challenge", ""},
		{"http1 with reason", "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 120\r\n", 429, "Retry-After=120", ""},
		{"no headers", "HTTP/1.1 200 OK\n", 200, "", ""},
		{"not a status line", "Server: nginx\n", 0, "", "bad status line"},
		{"status not a number", "HTTP/2 abc\n", 0, "", "bad status"},
		{"empty", "", 0, "", "no status line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".headers")
			if err := os.WriteFile(p, []byte(tt.body), 0o644); err != nil {
				t.Fatal(err)
			}
			status, h, err := readHeaders(p)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || status != tt.status {
				t.Fatalf("got %d, %v; want %d", status, err, tt.status)
			}
			if k, v, ok := strings.Cut(tt.header, "="); ok && h.Get(k) != v {
				t.Errorf("%s = %q, want %q", k, h.Get(k), v)
			}
		})
	}
	if s, h, err := readHeaders(filepath.Join(dir, "missing.headers")); s != 0 || h != nil || err != nil {
		t.Errorf("missing sidecar: %d %v %v, want a saved page", s, h, err)
	}
}
