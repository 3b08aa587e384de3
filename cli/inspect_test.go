package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runInspect(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = cmdInspect(globals{}, args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestInspectErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	page := write("page.html", []byte("<html><title>ok</title><body>hi</body></html>"))
	nul := write("nul.html", append([]byte("<html>"), 0, 1, 2))
	png := write("img.png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"))
	gif := write("img.gif", []byte("GIF89a\x10\x01\x10\x01\x80\xff\xff\xff"))
	empty := write("empty.html", nil)
	tests := []struct {
		name string
		args []string
		want string // in the one-line error
	}{
		{"missing file", []string{filepath.Join(dir, "nope.html"), "--url", "https://a.nl/"}, "no such file"},
		{"no FILE at all", []string{"--url", "https://a.nl/"}, "missing FILE"},
		{"two files", []string{page, page, "--url", "https://a.nl/"}, "unexpected argument"},
		{"missing --url", []string{page}, "missing --url"},
		{"ftp url", []string{page, "--url", "ftp://a.nl/x"}, "http or https"},
		{"url without host", []string{page, "--url", "https:///x"}, "http or https"},
		{"relative url", []string{page, "--url", "a.nl/huren"}, "http or https"},
		{"directory", []string{dir, "--url", "https://a.nl/"}, "is a directory"},
		{"NUL bytes", []string{nul, "--url", "https://a.nl/"}, "binary"},
		{"png without NUL in sniffed part", []string{png, "--url", "https://a.nl/"}, "not a saved page"},
		{"gif", []string{gif, "--url", "https://a.nl/"}, "not text"},
		{"empty file", []string{empty, "--url", "https://a.nl/"}, "is empty"},
		{"status not a number", []string{page, "--url", "https://a.nl/", "--status", "abc"}, "bad --status"},
		{"status out of range", []string{page, "--url", "https://a.nl/", "--status", "1000"}, "bad --status"},
		{"header without colon", []string{page, "--url", "https://a.nl/", "--header", "Retry-After 5"}, "Name: value"},
		{"header with empty name", []string{page, "--url", "https://a.nl/", "--header", ": 5"}, "Name: value"},
		{"header name with space", []string{page, "--url", "https://a.nl/", "--header", "Retry After: 5"}, "Name: value"},
		{"unknown flag", []string{page, "--url", "https://a.nl/", "--bogus"}, "not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runInspect(t, tt.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if !strings.HasPrefix(errs, "rentwatch inspect: ") || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tt.want) {
				t.Errorf("stderr %q, want one line 'rentwatch inspect: ...%s...'", errs, tt.want)
			}
		})
	}
}

// inspectFixtures lists dir/MANIFEST.tsv rows: file and expected_class.
func inspectFixtures(t *testing.T, dir string) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) >= 3 && cols[0] != "file" {
			out[filepath.Join(dir, cols[0])] = cols[2]
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: empty manifest", dir)
	}
	return out
}

// TestInspectFixturesJSON: every fixture's expected verdict comes through
// `inspect --json` as exactly one object of the documented shape.
func TestInspectFixturesJSON(t *testing.T) {
	for _, dir := range []string{"../testdata/real", "../testdata/walls"} {
		for path, want := range inspectFixtures(t, dir) {
			t.Run(path, func(t *testing.T) {
				code, out, errs := runInspect(t, path, "--json", "--url", "https://www.example.nl/huren/")
				if code != 0 || errs != "" {
					t.Fatalf("exit %d, stderr %q", code, errs)
				}
				var raw map[string]json.RawMessage
				dec := json.NewDecoder(strings.NewReader(out))
				if err := dec.Decode(&raw); err != nil {
					t.Fatalf("not JSON: %v\n%s", err, out)
				}
				if dec.More() {
					t.Fatal("more than one JSON value")
				}
				for _, k := range []string{"verdict", "vendor", "reason", "retry_after_ms", "site", "listings"} {
					if _, ok := raw[k]; !ok {
						t.Errorf("key %q missing", k)
					}
				}
				var got struct {
					Verdict  string
					Listings []map[string]any
				}
				if err := json.Unmarshal([]byte(out), &got); err != nil {
					t.Fatal(err)
				}
				if got.Verdict != want {
					t.Errorf("verdict %q, want %q", got.Verdict, want)
				}
				if string(raw["listings"]) == "null" {
					t.Error("listings is null, want an array")
				}
				for _, l := range got.Listings {
					u, _ := l["url"].(string)
					if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
						t.Errorf("listing url %q is not absolute", u)
					}
				}
			})
		}
	}
}

func TestInspectStatusHeadersAndHumanForm(t *testing.T) {
	page := filepath.Join("..", "testdata", "real", "ok_other", "ynab_api_docs_rate_limiting.html")
	tests := []struct {
		name string
		args []string
		want string // the output, or its first line
	}{
		{"ordinary page", []string{page, "--url", "https://api.ynab.com/"}, "ok  (generic, 0 listings)"},
		{"flags before FILE", []string{"--url", "https://api.ynab.com/", page}, "ok  (generic, 0 listings)"},
		{"429 with Retry-After", []string{page, "--url", "https://api.ynab.com/", "--status", "429", "--header", "Retry-After: 120"},
			"rate_limited  HTTP 429  retry in 2m0s  (generic, 0 listings)"},
		{"cf-mitigated header", []string{page, "--url", "https://api.ynab.com/", "--status", "403", "--header", "cf-mitigated: challenge", "--header", "Server: cloudflare"},
			"challenge  cloudflare: cf-mitigated: challenge header  (generic, 0 listings)"},
		{"json retry_after_ms", []string{page, "--json", "--url", "https://api.ynab.com/", "--status", "503", "--header", "Retry-After: 30"},
			`{"verdict":"rate_limited","vendor":"","reason":"HTTP 503 with Retry-After","retry_after_ms":30000,"site":"generic","listings":[]}`},
		{"json null retry", []string{page, "--json", "--url", "https://api.ynab.com/"},
			`{"verdict":"ok","vendor":"","reason":"","retry_after_ms":null,"site":"generic","listings":[]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runInspect(t, tt.args...)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			if first, _, _ := strings.Cut(out, "\n"); first != tt.want {
				t.Errorf("got %q, want %q", first, tt.want)
			}
		})
	}
}

// TestInspectUTF16: a page saved as UTF-16 with a byte order mark, little
// or big endian, is a saved page (not "binary"), classified and read.
func TestInspectUTF16(t *testing.T) {
	for _, name := range []string{"saved_utf16le_bom.html", "saved_utf16be_bom.html"} {
		t.Run(name, func(t *testing.T) {
			code, out, errs := runInspect(t, filepath.Join("..", "testdata", "unseen3", name), "--json", "--url", "https://www.zimmer-frei.de/zimmer/nrw")
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			var got inspectJSON
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			if got.Verdict != "ok" || len(got.Listings) != 3 || got.Listings[0].Title != "Zimmer in Köln-Ehrenfeld" {
				t.Errorf("verdict %s, %d listings %+v; want ok and 3, the first 'Zimmer in Köln-Ehrenfeld'", got.Verdict, len(got.Listings), got.Listings)
			}
		})
	}
	// a UTF-16 mark on bytes that do not decode is said so
	dir := t.TempDir()
	p := filepath.Join(dir, "odd.html")
	if err := os.WriteFile(p, []byte{0xFF, 0xFE, '<', 0, 'p', 0, 0x00, 0xD8, '>'}, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runInspect(t, p, "--url", "https://a.nl/")
	if code == 0 && errs == "" {
		// an unpaired surrogate decodes to U+FFFD: a page, however broken
		return
	}
	if !strings.Contains(errs, "UTF-16") {
		t.Errorf("stderr %q, want it to name UTF-16", errs)
	}
}

// TestInspectListingFields: the fields a card shows come out in --json
// (price_value, size, size_m2, rooms, image), and one it does not show is
// absent, not empty or zero.
func TestInspectListingFields(t *testing.T) {
	code, out, errs := runInspect(t, filepath.Join("..", "testdata", "unseen3", "nextjs_next_data_skeleton.html"), "--json",
		"--url", "https://www.wohnraum-finder.de/suche/berlin")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got struct{ Listings []map[string]any }
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got.Listings) == 0 {
		t.Fatalf("%v: %s", err, out)
	}
	first := got.Listings[0]
	for k, want := range map[string]any{"price_value": 690.0, "size": "34.5 m²", "size_m2": 34.5, "rooms": 1.0,
		"image": "https://img.wohnraum-finder.de/pic/81234500/1.jpg"} {
		if first[k] != want {
			t.Errorf("%s = %v, want %v", k, first[k], want)
		}
	}
	code, out, _ = runInspect(t, filepath.Join("..", "testdata", "unseen3", "newbuild_price_ranges.html"), "--json",
		"--url", "https://www.nieuwbouwhuur.nl/projecten/amsterdam")
	got.Listings = nil
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || len(got.Listings) == 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	for _, k := range []string{"size", "size_m2", "rooms", "image"} {
		if v, ok := got.Listings[0][k]; ok {
			t.Errorf("%s = %v on a card that shows none", k, v)
		}
	}
	if got.Listings[0]["price"] != "€ 1.200 - € 1.500 /mnd" || got.Listings[0]["price_value"] != 1200.0 {
		t.Errorf("price %v, price_value %v; want the range as shown and its lower bound", got.Listings[0]["price"], got.Listings[0]["price_value"])
	}
}

// TestInspectSaysUnreadAndDropped: the human form says when a page holds
// listings none could read, and which links were dropped.
func TestInspectSaysUnreadAndDropped(t *testing.T) {
	_, out, _ := runInspect(t, filepath.Join("..", "testdata", "unseen3", "preloaded_state_ids_no_pattern.html"), "--url", "https://www.studentenkamers.be/koten/leuven")
	if !strings.Contains(out, "could not read: the page's data holds 5 listings") {
		t.Errorf("human form %q does not say the page's listings could not be read", out)
	}
	_, out, _ = runInspect(t, filepath.Join("..", "testdata", "unseen3", "javascript_hrefs_old_agency.html"), "--json", "--url", "https://www.makler-altstadt.de/mietangebote.php")
	var got inspectJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Dropped) != 3 || got.Dropped[0].URL != "javascript:zeigeObjekt(3303)" || got.Dropped[0].Why == "" {
		t.Errorf("dropped %+v, want the three javascript: links with a reason", got.Dropped)
	}
}
