package blocks

import (
	"testing"
	"time"
)

// ordinaryDir holds ordinary pages written to trip each text and vendor
// rule: captchas on the site's own forms, help pages quoting walls,
// pages of protected sites, maintenance, feeds and empty answers. Two rows
// are decided walls as served (a 403 members page, a 503 maintenance page
// with Retry-After); see its MANIFEST.tsv.
const ordinaryDir = "../testdata/ordinary"

// TestClassifyOrdinary classifies each ordinary page as served (status
// and headers from its sidecar) and as a saved file (HTML alone).
func TestClassifyOrdinary(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	pages := loadServed(t, ordinaryDir)
	if len(pages) < 30 {
		t.Fatalf("%d ordinary pages, want at least 30", len(pages))
	}
	for _, sp := range pages {
		served, htmlOnly := sp.want, sp.htmlOnly
		if k, ok := ordinaryKnownMisses[sp.file]; ok {
			served, htmlOnly = k, k
		}
		t.Run(sp.file+"/served", func(t *testing.T) {
			checkVerdict(t, sp.file, Classify(sp.page, now), served, nil)
		})
		t.Run(sp.file+"/html_only", func(t *testing.T) {
			checkVerdict(t, sp.file, Classify(Page{URL: sp.page.URL, HTML: sp.page.HTML}, now), htmlOnly, nil)
		})
	}
}

// ordinaryKnownMisses are ordinary pages the classifier still calls walls,
// with the verdict it gives, kept so the miss stays counted: when a change
// makes one ok, its test fails and the entry goes.
//
// landing_are_you_a_robot.html asks "Are you a robot?" in its title and h1
// over an hCaptcha in a form with nothing but a button, on a page with one
// link: that is, by structure, exactly a captcha gate. Telling them apart
// takes reading what the sentences mean; losing the real gates (funda's,
// the hCaptcha and Turnstile ones) would cost more than this page.
var ordinaryKnownMisses = map[string]Kind{
	"landing_are_you_a_robot.html": Challenge,
}

func TestAsksInTitle(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"robot or human?", true},
		{"ich bin kein roboter - wohnportal", true},
		{"let us know you're not a robot - example store", true},
		{"nie jestem robotem", true},
		{"私はロボットではありません", true},
		{"подтвердите, что вы не робот", true},
		{"¿eres humano?", true},
		{"robot check", true},
		{"robots won't fix the rent crisis, tenants tell council", false},
		{"la vivienda, un derecho humano", false},
		{"robot vacuum included: 2-room flat, utrecht", false},
		{"mensch und wohnung", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := asksInTitle(tt.in); got != tt.want {
			t.Errorf("asksInTitle(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestSays: a wall's sentence said by the page, not quoted or asked about.
func TestSays(t *testing.T) {
	const p = "checking your browser"
	tests := []struct {
		name, title, heading, text string
		want                       bool
	}{
		{"heading leads with it", "", "checking your browser before accessing example.com.", "", true},
		{"text leads with it", "", "", "example.com checking your browser before accessing example.com. this is automatic.", true},
		{"question heading", "", "why do i see checking your browser?", "", false},
		{"quoted in text", "", "", "help center why do i see “checking your browser before accessing” on your site", false},
		{"asked in text", "", "", "faq why does a page say it is checking your browser? our site sits behind a proxy.", false},
		{"far into the text", "", "", "a long introduction about proxies and caches that goes on for more than one hundred bytes before it says checking your browser", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := wallView{scan: scan{title: tt.title, text: tt.text, textLen: len(tt.text)}}
			if tt.heading != "" {
				w.headings = []string{tt.heading}
			}
			if got := w.says(p); got != tt.want {
				t.Errorf("says = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestIsRecaptchaWidgetSrc(t *testing.T) {
	tests := map[string]bool{
		"https://www.google.com/recaptcha/api.js":                           true,
		"https://www.google.com/recaptcha/api.js?hl=nl":                     true,
		"https://www.google.com/recaptcha/api.js?onload=cb&render=explicit": true,
		"https://www.google.com/recaptcha/api2/anchor?k=6lc":                true,
		"https://www.recaptcha.net/recaptcha/api.js":                        true,
		"https://www.google.com/recaptcha/api.js?render=6lcr8xuqaaaaaj4n":   false,
		"https://www.google.com/recaptcha/enterprise.js?render=6lfz":        false,
		"https://www.gstatic.com/recaptcha/releases/x/recaptcha__en.js":     false,
		"/assets/app.js": false,
	}
	for src, want := range tests {
		if got := isRecaptchaWidgetSrc(src); got != want {
			t.Errorf("isRecaptchaWidgetSrc(%q) = %v, want %v", src, got, want)
		}
	}
}

// TestScanCountsFields: what a person fills in, and the site's own scripts.
func TestScanCountsFields(t *testing.T) {
	html := `<form><input type="tel" name="p"><input type="search" name="q"><input type="hidden" name="h">` +
		`<input type="password" name="pw"><textarea name="msg"></textarea><textarea name="g-recaptcha-response"></textarea>` +
		`<select name="s"></select></form><script src="/static/app.js"></script><script src="/cdn-cgi/scripts/x/email-decode.min.js"></script>` +
		`<script src="https://js.hcaptcha.com/1/api.js"></script><script src="//cdn.example.com/x.js"></script><script>var a</script>`
	s := scanPage(Page{HTML: []byte(html)})
	got := [...]int{s.inputs, s.passwords, s.textareas, s.selects, s.scripts, s.siteScripts}
	want := [...]int{2, 1, 1, 1, 5, 1}
	if got != want {
		t.Errorf("inputs, passwords, textareas, selects, scripts, siteScripts = %v, want %v", got, want)
	}
}
