package blocks

import (
	"bufio"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fixture is one row of a testdata MANIFEST.tsv.
type fixture struct {
	path, file string
	want       Kind
}

// readManifest reads dir/MANIFEST.tsv: file, category, expected_class, ...
func readManifest(t testing.TB, dir string) []fixture {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []fixture
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 0; sc.Scan(); line++ {
		cols := strings.Split(sc.Text(), "\t")
		if line == 0 || len(cols) < 3 {
			continue
		}
		out = append(out, fixture{path: filepath.Join(dir, cols[0]), file: cols[0], want: Kind(cols[2])})
	}
	if len(out) == 0 {
		t.Fatalf("%s: no fixtures listed", dir)
	}
	return out
}

// vendorByPrefix is the vendor each wall fixture's file name promises.
var vendorByPrefix = map[string]string{
	"cf_": "cloudflare", "akamai_": "akamai", "incapsula_": "imperva", "imperva_": "imperva",
	"perimeterx_": "perimeterx", "datadome_": "datadome", "sucuri_": "sucuri",
	"aws_waf_": "aws-waf", "cloudfront_": "cloudfront", "kasada_": "kasada",
	"ddos_guard_": "ddos-guard", "turnstile_": "cloudflare", "gitlab_": "", "nginx_": "",
}

// checkVerdict checks v is of the kind want; an OK verdict carries
// nothing else, a wall one a reason and the vendor that vendors (by file
// name prefix) promises for file, if any.
func checkVerdict(t *testing.T, file string, v Verdict, want Kind, vendors map[string]string) {
	t.Helper()
	if v.Kind != want {
		t.Fatalf("kind = %s (%s: %s), want %s", v.Kind, v.Vendor, v.Reason, want)
	}
	if v.Kind == OK {
		if v != (Verdict{Kind: OK}) {
			t.Errorf("ok verdict carries %+v", v)
		}
		return
	}
	if v.Reason == "" {
		t.Error("wall verdict without a reason")
	}
	base := filepath.Base(file)
	for p, vendor := range vendors {
		if strings.HasPrefix(base, p) && v.Vendor != vendor {
			t.Errorf("vendor = %q, want %q (reason %s)", v.Vendor, vendor, v.Reason)
		}
	}
}

// TestClassifyFixtures runs every real capture and every reconstruction as
// a saved page (no status, no headers), the hardest case: HTML alone.
func TestClassifyFixtures(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, dir := range []string{"../testdata/real", "../testdata/walls"} {
		for _, fx := range readManifest(t, dir) {
			t.Run(filepath.Base(dir)+"/"+fx.file, func(t *testing.T) {
				html, err := os.ReadFile(fx.path)
				if err != nil {
					t.Fatal(err)
				}
				v := Classify(Page{URL: "https://example.com/", HTML: html}, now)
				checkVerdict(t, fx.file, v, fx.want, vendorByPrefix)
			})
		}
	}
}

func hdr(kv ...string) http.Header {
	h := http.Header{}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Add(kv[i], kv[i+1])
	}
	return h
}

const (
	ordinaryBody = `<html><head><title>Rooms in Utrecht</title></head><body><h1>12 rooms</h1>` +
		`<p>Sunny room near the Biltstraat, 450 euro a month, available now.</p></body></html>`
	cfChallengeBody = `<html><head><title>Just a moment...</title></head><body>` +
		`<script>window._cf_chl_opt={cvId:'3',cType:'managed'};</script></body></html>`
	cfIUAMBody = `<html><head><title>Just a moment...</title></head><body>` +
		`<div id="cf-content"><h1>Checking your browser before accessing example.com.</h1></div></body></html>`
)

// TestClassifyStatusAndHeaders is what a live load adds to the HTML: the
// status code and response headers.
func TestClassifyStatusAndHeaders(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name       string
		status     int
		header     http.Header
		body       string
		kind       Kind
		vendor     string
		retryAfter time.Duration
	}{
		{"plain 200", 200, hdr("Server", "nginx"), ordinaryBody, OK, "", 0},
		{"429 without Retry-After", 429, nil, ordinaryBody, RateLimited, "", 0},
		{"429 with delta Retry-After", 429, hdr("Retry-After", "120"), ordinaryBody, RateLimited, "", 2 * time.Minute},
		{"429 with date Retry-After", 429, hdr("Retry-After", "Sat, 01 Mar 2025 12:05:00 GMT"), "", RateLimited, "", 5 * time.Minute},
		{"429 with garbage Retry-After", 429, hdr("Retry-After", "soon"), "", RateLimited, "", 0},
		{"429 with absurd Retry-After is capped", 429, hdr("Retry-After", "999999999"), "", RateLimited, "", MaxWait},
		{"429 behind cloudflare names it", 429, hdr("Server", "cloudflare"), "", RateLimited, "cloudflare", 0},
		{"503 server cloudflare challenge markup", 503, hdr("Server", "cloudflare"), cfIUAMBody, Challenge, "cloudflare", 0},
		{"403 server cloudflare managed challenge", 403, hdr("Server", "cloudflare"), cfChallengeBody, Challenge, "cloudflare", 0},
		{"cf-mitigated header wins over any body", 403, hdr("Cf-Mitigated", "challenge", "Server", "cloudflare"), ordinaryBody, Challenge, "cloudflare", 0},
		{"cf-mitigated even on a 200", 200, hdr("cf-mitigated", "challenge"), "", Challenge, "cloudflare", 0},
		{"x-datadome with 403", 403, hdr("X-Datadome", "protected"), "<html><body></body></html>", Challenge, "datadome", 0},
		{"x-datadome with 200 is just a protected site", 200, hdr("X-Datadome", "protected"), ordinaryBody, OK, "", 0},
		{"x-amzn-waf-action challenge", 202, hdr("X-Amzn-Waf-Action", "challenge"), "", Challenge, "aws-waf", 0},
		{"x-amzn-waf-action captcha", 405, hdr("X-Amzn-Waf-Action", "captcha"), "", Challenge, "aws-waf", 0},
		{"kasada header with 429", 429, hdr("X-Kpsdk-Ct", "0a1b2c"), "", Challenge, "kasada", 0},
		// A 403 refuses us whatever the body: polling on as if it were ok
		// would hammer a host that said no.
		{"403 with no markers and an ordinary body", 403, nil, ordinaryBody, Denied, "", 0},
		{"403 from AkamaiGHost", 403, hdr("Server", "AkamaiGHost"), ordinaryBody, Denied, "akamai", 0},
		{"403 with Retry-After keeps it", 403, hdr("Retry-After", "60"), "", Denied, "", time.Minute},
		{"503 with Retry-After is rate_limited", 503, hdr("Retry-After", "30"), ordinaryBody, RateLimited, "", 30 * time.Second},
		// Server trouble, not a wall: the caller counts it as an error.
		{"503 without markers or Retry-After", 503, hdr("Server", "cloudflare"), ordinaryBody, OK, "", 0},
		{"500 is not a wall", 500, nil, ordinaryBody, OK, "", 0},
		{"Retry-After on a clean page is ignored", 200, hdr("Retry-After", "60"), ordinaryBody, OK, "", 0},
		{"x-sucuri-id with 403", 403, hdr("X-Sucuri-Id", "14013"), ordinaryBody, Denied, "sucuri", 0},
		{"saved challenge page, no status", 0, nil, cfChallengeBody, Challenge, "cloudflare", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Classify(Page{Status: tt.status, Header: tt.header, URL: "https://example.com/", HTML: []byte(tt.body)}, now)
			if v.Kind != tt.kind || v.Vendor != tt.vendor || v.RetryAfter != tt.retryAfter {
				t.Fatalf("got %s/%q/%v (%s), want %s/%q/%v", v.Kind, v.Vendor, v.RetryAfter, v.Reason, tt.kind, tt.vendor, tt.retryAfter)
			}
		})
	}
}

// TestClassifyMentionsAreNotWalls: markers where a wall never puts them.
func TestClassifyMentionsAreNotWalls(t *testing.T) {
	long := strings.Repeat("<p>A bright two-room flat near the park, recently renovated, with a balcony. </p>", 80)
	tests := []struct{ name, body string }{
		{"_cf_chl_opt quoted in JSON data", `<html><head><title>Blog</title><script type="application/json">{"body":"the _cf_chl_opt object"}</script></head><body><p>Post</p></body></html>`},
		{"challenge script on a content page", `<html><head><title>Flats</title><script>window._cf_chl_opt={cType:'managed'}</script></head><body>` + long + `</body></html>`},
		{"just a moment title without cloudflare", `<html><head><title>Just a moment...</title></head><body><p>Loading your results</p></body></html>`},
		{"429 in a long title", `<html><head><title>How I fixed 429 Too Many Requests in my crawler, a long story</title></head><body><p>text</p></body></html>`},
		{"access denied heading on a big page", `<html><head><title>Access Denied</title></head><body><h1>Access Denied</h1>` + long + `</body></html>`},
		{"recaptcha on a contact form", `<html><head><title>Contact - are you human? we are</title></head><body><form><input type="email" name="e"><div class="g-recaptcha"></div></form></body></html>`},
		{"incapsula script on a small page", `<html><head><title>Home</title><script src="/_Incapsula_Resource?SWJIYLWA=719d"></script></head><body><p>Welcome</p></body></html>`},
		{"empty page", ``},
		{"not html at all", "\x00\x01\x02\xff\xfe binary"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if v := Classify(Page{HTML: []byte(tt.body)}, time.Time{}); v.Kind != OK {
				t.Fatalf("got %s (%s: %s), want ok", v.Kind, v.Vendor, v.Reason)
			}
		})
	}
}

// TestClassifyReadsOnlyTheStart: a marker past the scanned first MiB is
// not looked for, and a giant page still classifies by its head.
func TestClassifyReadsOnlyTheStart(t *testing.T) {
	filler := strings.Repeat("<div>x</div>", (maxScanBytes/12)+10)
	late := "<html><head><title>Shop</title></head><body>" + filler + cfChallengeBody + "</body></html>"
	if v := Classify(Page{HTML: []byte(late)}, time.Time{}); v.Kind != OK {
		t.Errorf("marker after the first MiB: got %s (%s)", v.Kind, v.Reason)
	}
	early := cfChallengeBody + strings.Repeat("<script>var a=1;</script>", maxScanBytes/24)
	if v := Classify(Page{HTML: []byte(early)}, time.Time{}); v.Kind != Challenge {
		t.Errorf("challenge at the start of a 1+ MiB page: got %s", v.Kind)
	}
}

func TestIsStatusLine(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"429 too many requests", true},
		{"429", true},
		{"error 429 - too many requests", true},
		{"http 429", true},
		{"too many requests", true},
		{"429 too many requests error when scraping", false},
		{"how to avoid http error 429 (too many requests)", false},
		{"42", false},
	}
	for _, tt := range tests {
		if got := isStatusLine(tt.in, "429", "too many requests"); got != tt.want {
			t.Errorf("isStatusLine(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestVendors(t *testing.T) {
	got := strings.Join(Vendors(), ",")
	for _, want := range []string{"cloudflare", "akamai", "imperva", "perimeterx", "datadome", "sucuri", "aws-waf", "cloudfront", "kasada", "ddos-guard",
		"vercel", "radware", "f5", "fastly", "anubis", "siteground", "wordfence", "reblaze"} {
		if !strings.Contains(got, want) {
			t.Errorf("Vendors() = %s, missing %s", got, want)
		}
	}
}

func ExampleClassify() {
	page := Page{
		Status: 429,
		Header: http.Header{"Retry-After": {"120"}},
		URL:    "https://www.funda.nl/huur/amsterdam/",
		HTML:   []byte("<html><head><title>429 Too Many Requests</title></head><body><h1>429 Too Many Requests</h1></body></html>"),
	}
	v := Classify(page, time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
	fmt.Println(v.Kind, v.RetryAfter)
	// Output: rate_limited 2m0s
}
