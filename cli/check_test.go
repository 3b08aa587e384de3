package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/gofrs/flock"

	"rentwatch/pages/chrome"
)

// checkChrome returns the browser for check's tests, skipping (or failing
// on CI) where none is installed.
func checkChrome(t *testing.T) string {
	t.Helper()
	path, err := chrome.Find(os.Getenv("RENTWATCH_CHROME"))
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("chromium is required on CI: %v", err)
		}
		t.Skipf("no Chrome or Chromium here (apt-get install chromium): %v", err)
	}
	return path
}

// checkPortal serves a small result page with five rooms, and a 429.
func checkPortal(t *testing.T) *httptest.Server {
	t.Helper()
	var page strings.Builder
	page.WriteString(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>Rooms in Leiden</title></head><body><ul class="results">`)
	for i := range 5 {
		fmt.Fprintf(&page, `<li class="listing" data-id="%d"><a href="/room/%d"><h2>Sunny room %d near the canal</h2></a>`+
			`<span class="price">€ %d per month</span><span class="place">Leiden Centrum</span></li>`, 700+i, 700+i, i+1, 650+10*i)
	}
	page.WriteString(`</ul></body></html>`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.URL.Path == "/slow-down" {
			w.Header().Set("Retry-After", "120")
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, "<html><head><title>429 Too Many Requests</title></head><body><h1>Too Many Requests</h1></body></html>")
			return
		}
		fmt.Fprint(w, page.String())
	}))
	t.Cleanup(srv.Close)
	return srv
}

func runCheck(t *testing.T, g globals, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = cmdCheck(g, args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestCheckPage(t *testing.T) {
	g := globals{chrome: checkChrome(t), data: t.TempDir()}
	srv := checkPortal(t)
	tests := []struct {
		name string
		args []string
		want []string // lines in the text output
	}{
		{"results", []string{srv.URL + "/rooms"}, []string{"status:   200", "verdict:  ok", "listings: 5",
			"Sunny room 3 near the canal", "load:     ", "phases:   tab "}},
		{"rate limited", []string{srv.URL + "/slow-down"}, []string{"status:   429", "verdict:  rate_limited",
			"retry:    after 2m0s", "listings: 0"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCheck(t, g, tc.args...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

func TestCheckJSON(t *testing.T) {
	g := globals{chrome: checkChrome(t), data: t.TempDir()}
	srv := checkPortal(t)
	code, out, errs := runCheck(t, g, srv.URL+"/rooms", "--json")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Errorf("want one JSON line, got:\n%s", out)
	}
	var got struct {
		URL       string           `json:"url"`
		Status    int              `json:"status"`
		Verdict   string           `json:"verdict"`
		Retry     *int64           `json:"retry_after_ms"`
		SoftBlock *bool            `json:"soft_block"`
		LoadMS    *int64           `json:"load_ms"`
		Phases    map[string]int64 `json:"phases_ms"`
		Listings  []struct {
			Title string `json:"title"`
			URL   string `json:"url"`
		} `json:"listings"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if got.URL != srv.URL+"/rooms" || got.Status != 200 || got.Verdict != "ok" || got.Retry != nil || got.SoftBlock == nil {
		t.Errorf("url/status/verdict/retry/soft_block = %q/%d/%q/%v/%v", got.URL, got.Status, got.Verdict, got.Retry, got.SoftBlock)
	}
	if got.LoadMS == nil || *got.LoadMS <= 0 {
		t.Errorf("load_ms = %v", got.LoadMS)
	}
	for _, k := range []string{"tab", "response", "dom_ready", "settle", "read"} {
		if _, ok := got.Phases[k]; !ok {
			t.Errorf("phases_ms lacks %q: %v", k, got.Phases)
		}
	}
	if len(got.Listings) != 5 || got.Listings[0].Title == "" || !strings.HasPrefix(got.Listings[0].URL, srv.URL+"/room/") {
		t.Errorf("listings = %+v", got.Listings)
	}
}

// check --json and inspect --json print a page's listings as one type: the
// same page, loaded by check and saved for inspect, gives the same listing
// objects, every field the page shows (here the place) in both.
func TestCheckAndInspectShowListingsAlike(t *testing.T) {
	g := globals{chrome: checkChrome(t), data: t.TempDir()}
	page := filepath.Join("..", "testdata", "unseen3", "us_address_facts_link.html")
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(html)
	}))
	t.Cleanup(srv.Close)
	code, out, errs := runCheck(t, g, srv.URL+"/rent", "--json")
	if code != 0 {
		t.Fatalf("check: exit %d, stderr %q", code, errs)
	}
	var checked struct{ Listings []map[string]any }
	if err := json.Unmarshal([]byte(out), &checked); err != nil {
		t.Fatalf("check: not JSON: %v\n%s", err, out)
	}
	code, out, errs = runInspect(t, page, "--json", "--url", srv.URL+"/rent")
	if code != 0 {
		t.Fatalf("inspect: exit %d, stderr %q", code, errs)
	}
	var inspected struct{ Listings []map[string]any }
	if err := json.Unmarshal([]byte(out), &inspected); err != nil {
		t.Fatalf("inspect: not JSON: %v\n%s", err, out)
	}
	if len(checked.Listings) == 0 || !reflect.DeepEqual(checked.Listings, inspected.Listings) {
		t.Errorf("check's listings\n%v\ninspect's\n%v\nwant the same", checked.Listings, inspected.Listings)
	}
	for _, l := range inspected.Listings {
		if l["place"] == nil {
			t.Errorf("inspect's listing %v: the place the page shows is missing", l)
		}
	}
}

func TestCheckErrors(t *testing.T) {
	chrome := checkChrome(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String() + "/rooms"
	l.Close() // nothing listens there now
	tests := []struct {
		name string
		args []string
		code int
		want string // in the one-line error
	}{
		{"file URL", []string{"file:///etc/passwd"}, 2, "not an http or https URL"},
		{"javascript URL", []string{"javascript:alert(1)"}, 2, "not an http or https URL"},
		{"no host", []string{"https:///rooms"}, 2, "not an http or https URL"},
		{"no URL", nil, 2, "usage: rentwatch check URL"},
		{"two URLs", []string{"http://127.0.0.1/a", "http://127.0.0.1/b"}, 2, "usage: rentwatch check URL"},
		{"connection refused", []string{closed}, 1, "network error"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCheck(t, globals{chrome: chrome, data: t.TempDir()}, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.code, errs)
			}
			if out != "" {
				t.Errorf("stdout = %q, want nothing", out)
			}
			if strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.want) {
				t.Errorf("stderr = %q, want one line with %q", errs, tc.want)
			}
		})
	}
}

// While the watcher runs it holds the browser profile; a check then uses a
// fresh one and says so, rather than failing on Chrome's profile lock.
func TestCheckWhileTheWatcherRuns(t *testing.T) {
	g := globals{chrome: checkChrome(t), data: t.TempDir()}
	srv := checkPortal(t)
	watcher := flock.New(filepath.Join(g.data, "rentwatch.lock"))
	if ok, err := watcher.TryLock(); !ok || err != nil {
		t.Fatalf("lock: %v", err)
	}
	defer watcher.Unlock()
	code, out, errs := runCheck(t, g, srv.URL+"/rooms")
	if code != 0 || !strings.Contains(out, "listings: 5") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if !strings.Contains(errs, "rentwatch is running and has the browser profile; using a fresh one") {
		t.Errorf("the user was not told: %q", errs)
	}
	if _, err := os.Stat(filepath.Join(g.data, "chrome-profile")); !os.IsNotExist(err) {
		t.Errorf("the watcher's profile was touched: %v", err)
	}
}
