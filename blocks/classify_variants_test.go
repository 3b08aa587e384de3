package blocks

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// rewrite is a change a real copy of a page may come with that says
// nothing about whether it is a wall.
type rewrite struct {
	name string
	fn   func([]byte) []byte
}

var rewrites = []rewrite{
	{"saved with BOM and comment", func(b []byte) []byte {
		return append([]byte("\ufeff<!-- saved from url=(0040)https://www.example.com/ -->\n"), b...)
	}},
	{"minified onto one line", func(b []byte) []byte {
		return bytes.Join(bytes.Fields(b), []byte(" "))
	}},
	{"ASCII upper case (old-style markup)", func(b []byte) []byte {
		out := bytes.Clone(b)
		for i, c := range out {
			if 'a' <= c && c <= 'z' {
				out[i] = c - 'a' + 'A'
			}
		}
		return out
	}},
	{"200 KB analytics script at the end", func(b []byte) []byte {
		tail := "<script>window.__ANALYTICS_QUEUE__=[" + strings.Repeat(`{"e":"pv","t":1717493564},`, 8000) + "0];</script>"
		return append(bytes.Clone(b), tail...)
	}},
}

// TestClassifyStableUnderRewrites: every fixture keeps its class when
// saved differently, minified, upper-cased or given a trailing script.
// The class must come from what the page is, not from how it is spelled.
func TestClassifyStableUnderRewrites(t *testing.T) {
	type named struct {
		name string
		html []byte
		want Kind
	}
	var pages []named
	for _, dir := range []string{"../testdata/real", "../testdata/walls"} {
		for _, fx := range readManifest(t, dir) {
			b, err := os.ReadFile(fx.path)
			if err != nil {
				t.Fatal(err)
			}
			pages = append(pages, named{filepath.Base(dir) + "/" + fx.file, b, fx.want})
		}
	}
	for _, dir := range []string{unseenDir, ordinaryDir} {
		for _, sp := range loadServed(t, dir) {
			want := sp.htmlOnly
			if k, ok := ordinaryKnownMisses[sp.file]; ok && dir == ordinaryDir {
				want = k
			}
			pages = append(pages, named{filepath.Base(dir) + "/" + sp.file, sp.page.HTML, want})
		}
	}
	for _, p := range pages {
		for _, rw := range rewrites {
			t.Run(p.name+"/"+rw.name, func(t *testing.T) {
				v := Classify(Page{URL: "https://example.com/", HTML: rw.fn(p.html)}, time.Time{})
				if v.Kind != p.want {
					t.Fatalf("kind = %s (%s: %s), want %s", v.Kind, v.Vendor, v.Reason, p.want)
				}
			})
		}
	}
}

// shopMenus is a site's header: sixty links and a search box, more than
// any wall page of a vendor carries.
var shopMenus = `<header><nav>` + strings.Repeat(`<a href="/c/x">Department with a long name</a>`, 60) +
	`<form action="/search"><input type="search" name="q"></form></nav></header>`

// classifyVariants are shapes of wall pages the fixtures do not show,
// each decided by one rule, and the ordinary pages next to each rule.
var classifyVariants = []struct {
	name   string
	status int
	url    string
	body   string
	kind   Kind
	vendor string
}{
	{"cloudflare challenge known only by its orchestrate script", 0, "",
		`<html lang="es"><head><title>Un momento…</title><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8a"></script></head>` +
			`<body><div class="main-content"><h1>pisos.example.es</h1><p id="Xq1">Verifica que eres un ser humano.</p></div></body></html>`,
		Challenge, "cloudflare"},
	{"ordinary small page with Cloudflare's jsd script", 0, "",
		`<html><head><title>Contact</title><script src="/cdn-cgi/challenge-platform/h/b/scripts/jsd/1a2b/main.js"></script></head><body><h1>Contact us</h1><p>Call 020 123 4567.</p></body></html>`,
		OK, ""},
	{"2019 title Please Wait... | Cloudflare", 0, "",
		`<html><head><title>Please Wait... | Cloudflare</title><link rel="stylesheet" href="/cdn-cgi/styles/cf.errors.css"></head><body><h1>Please turn JavaScript on and reload the page.</h1></body></html>`,
		Challenge, "cloudflare"},
	{"title that only starts like a Cloudflare one", 0, "",
		`<html><head><title>Just a moment... what that Cloudflare page means</title><script src="/cdn-cgi/scripts/email-decode.min.js"></script></head><body><p>Short note.</p></body></html>`,
		OK, ""},
	{"1xxx error known by its title and a localized heading", 0, "",
		`<html><head><title>Access denied | wohnung.example.de used Cloudflare to restrict access</title></head><body><h1>Fehler 1020</h1><h2>Zugriff verweigert</h2></body></html>`,
		Denied, "cloudflare"},
	{"1015 known by its title alone", 0, "",
		`<html><head><title>Access denied | kamers.example used Cloudflare to restrict access</title></head><body><h1>Error 1015</h1><h2>You are being rate limited</h2></body></html>`,
		RateLimited, "cloudflare"},
	{"Cloudflare 5xx error page is no wall", 0, "",
		`<html><head><title>example.com | 522: Connection timed out</title></head><body><div id="cf-wrapper"><div id="cf-error-details"><h1>Connection timed out <span>Error code 522</span></h1></div></div></body></html>`,
		OK, ""},
	{"German status line", 0, "",
		`<html><head><title>Zu viele Anfragen</title></head><body><h1>429 - Zu viele Anfragen</h1></body></html>`,
		RateLimited, ""},
	{"bare 404 title is no wall", 0, "",
		`<html><head><title>404</title></head><body><h1>404</h1></body></html>`,
		OK, ""},
	{"hCaptcha gate in Portuguese", 0, "",
		`<html><head><title>Verificação</title><script src="https://js.hcaptcha.com/1/api.js"></script></head><body><h1>Só um instante</h1><p>Confirme que você não é um robô.</p><form method="post"><div class="h-captcha" data-sitekey="x"></div></form></body></html>`,
		Challenge, ""},
	{"captcha gate served with 429 is a rate limit", 429, "",
		`<html><head><title>Slow down</title></head><body><p>Please confirm you are human.</p><div class="g-recaptcha" data-sitekey="x"></div></body></html>`,
		RateLimited, ""},
	{"captcha beside 'mensen' and 'bottom' is no question", 0, "",
		`<html><head><title>Nieuwsbrief</title></head><body><p>Duizenden mensen lezen mee. Scroll to the bottom.</p><div class="g-recaptcha" data-sitekey="x"></div></body></html>`,
		OK, ""},
	{"Radware captcha known by the host it was redirected to", 200, "https://validate.perfdrive.com/?ssa=1&ssc=x",
		`<html><head><title>Captcha</title></head><body><h1>We apologize for the inconvenience...</h1><div class="g-recaptcha" data-sitekey="x"></div></body></html>`,
		Challenge, "radware"},
	{"restyled F5 page keeps its support ID", 200, "",
		`<html><head><title>Request Rejected</title></head><body><h1>Sorry!</h1><p>Please contact our help desk and quote support ID 1234567890.</p></body></html>`,
		Denied, "f5"},
	{"Imperva interstitial wrapper (SWUDNSAI) served with 200", 200, "",
		`<html style="height:100%"><head><META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW"><script src="/Ifainstrike-the-Whoe-of-Mone-Say" async></script></head>` +
			`<body style="margin:0px;height:100%"><iframe id="main-iframe" src="/_Incapsula_Resource?SWUDNSAI=31&xinfo=5-1&incident_id=1012-9397&edet=12&mth=GET" frameborder=0 width="100%" height="100%">` +
			`Request unsuccessful. Incapsula incident ID: 1012000081726242174-939714985887793716</iframe></body></html>`,
		Challenge, "imperva"},
	{"HUMAN block dressed in a shop's own header and title", 0, "",
		`<html lang="en"><head><title>Let us know you're not a robot - Example Store</title></head><body><header><nav><a href="/">Example Store</a></nav></header>` +
			`<div class="human-challenge"><p>Let us know you're human (no robots allowed)</p><div id="px-captcha"></div></div>` +
			`<footer><a href="/help">Help</a> <a href="/terms">Terms</a></footer></body></html>`,
		Denied, "perimeterx"},
	{"Fastly client challenge", 200, "",
		`<!DOCTYPE html><html lang="en"><head><link href="/_fs-ch-7Kq2Lm9/assets/styles.css" rel="stylesheet"><title>Client Challenge</title></head><body>` +
			`<noscript><p>JavaScript is disabled in your browser. Please enable JavaScript to proceed.</p></noscript>` +
			`<div id="loading-error" role="alert">A required part of this site couldn't load.</div><script>loadScript('/_fs-ch-7Kq2Lm9/script.js')</script></body></html>`,
		Challenge, "fastly"},
	{"article naming Fastly's path in its text", 0, "",
		`<html><head><title>How bot checks work</title></head><body><p>Fastly's challenge loads assets from /_fs-ch-TOKEN/ and Anubis uses anubis_challenge.</p></body></html>`,
		OK, ""},
	{"Anubis proof of work", 200, "",
		`<!doctype html><html lang="en"><head><title>Making sure you&#39;re not a bot!</title><script id="anubis_challenge" type="application/json">{"rules":{"difficulty":4}}</script></head>` +
			`<body><main><h1 id="title">Making sure you&#39;re not a bot!</h1><p>Calculating...</p></main></body></html>`,
		Challenge, "anubis"},
	{"SiteGround sgcaptcha refresh", 202, "",
		`<html><head><meta http-equiv="refresh" content="0;/.well-known/sgcaptcha/?r=%2Fhuur%2F&y=ipr:203.0.113.9:1717493564.123"></meta></head></html>`,
		Challenge, "siteground"},
	{"Wordfence rate limit", 503, "",
		`<html><head><title>Your access to this site has been limited by the site owner</title></head><body><h1>Your access to this site has been limited by the site owner</h1>` +
			`<p>Your access to this service has been limited. (HTTP response code 503)</p><h2>Block Technical Data</h2><table><tr><th>Block Reason:</th><td>Exceeded the maximum global requests per minute for crawlers or humans.</td></tr></table>` +
			`<p class="generated"><em>Generated by Wordfence at Tue, 4 Jun 2024 9:12:44 GMT.</em></p></body></html>`,
		RateLimited, "wordfence"},
	{"Wordfence block", 403, "",
		`<html><head><title>Your access to this site has been limited by the site owner</title></head><body><h1>Your access to this site has been limited by the site owner</h1>` +
			`<table><tr><th>Block Reason:</th><td>Access from your area has been temporarily limited for security reasons.</td></tr></table><p><em>Generated by Wordfence at Tue, 4 Jun 2024.</em></p></body></html>`,
		Denied, "wordfence"},
	{"Reblaze check", 200, "",
		`<html><head><meta charset="utf-8"></head><body><script>window.rbzns={bereshit:"1",seed:"x9",storage:"3"};winsocks(true);</script></body></html>`,
		Challenge, "reblaze"},
	{"ShieldSquare captcha title", 200, "",
		`<html><head><title>ShieldSquare Captcha</title></head><body><h1>We apologize for the inconvenience...</h1><div class="g-recaptcha" data-sitekey="x"></div></body></html>`,
		Challenge, "radware"},
	{"Akamai deny page naming edgesuite only in an image", 0, "",
		`<html><head><title>Access Denied</title></head><body><h1>Access Denied</h1><p>You don't have permission to access this page.</p>` +
			`<img src="https://errors.edgesuite.net/images/generic.gif" alt=""></body></html>`,
		Denied, "akamai"},
	{"HUMAN block inside a shop's full menus", 0, "",
		`<html><head><title>Robot or human?</title></head><body>` + shopMenus +
			`<main><h1>Activate and hold the button to confirm that you're human. Thank You!</h1><div id="px-captcha"></div></main></body></html>`,
		Denied, "perimeterx"},
	{"captcha gate inside a portal's full menus", 0, "",
		`<html><head><title>Ich bin kein Roboter - Wohnportal</title><script src="https://static.geetest.com/v4/gt4.js"></script></head><body>` + shopMenus +
			`<main><h1>Ich bin kein Roboter</h1><div id="captcha-box"></div></main></body></html>`,
		Challenge, ""},
	{"big page with a robot in its title and a captcha on its form", 0, "",
		`<html><head><title>Robot vacuum included: 2-room flat, Utrecht</title></head><body>` + shopMenus +
			`<main><h1>2-room flat with robot vacuum</h1><form><input type="email" name="e"><input type="text" name="n"><div class="g-recaptcha" data-sitekey="x"></div></form></main></body></html>`,
		OK, ""},
	{"long article asking in its title, with a demo captcha", 0, "",
		`<html><head><title>Are you human? A short history of the CAPTCHA</title></head><body><h1>Are you human?</h1>` +
			strings.Repeat(`<p>In 2003 researchers proposed tests that people pass and programs fail, and the web adopted them quickly.</p>`, 150) +
			`<div class="g-recaptcha" data-sitekey="x"></div></body></html>`,
		OK, ""},
	{"script check of no known vendor", 0, "",
		`<html><head><title>Checking your browser...</title><script src="/__sw_check/challenge.js"></script></head>` +
			`<body><div class="box"><h1>Checking your browser before accessing kamers.example</h1><p>This takes up to 5 seconds.</p></div></body></html>`,
		Challenge, ""},
	{"loading screen that says just a moment", 0, "",
		`<html><head><title>Just a moment...</title><script src="/app.js"></script></head><body><div id="root"><p>Loading your results</p></div></body></html>`,
		OK, ""},
	{"browser support page with a form", 0, "",
		`<html><head><title>Checking your browser version</title><script src="/detect.js"></script></head><body><h1>Is your browser supported?</h1>` +
			`<form><input type="email" name="e" placeholder="Mail me the result"></form></body></html>`,
		OK, ""},
	{"Cloudflare 2024 page with random ids and the jsd script", 403, "",
		`<html><head><title>Just a moment...</title><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></head><body><div class="main-wrapper"><div class="main-content">` +
			`<h1 class="zone-name-title h1">www.kamers.example</h1><p id="aXk3">Verifying you are human. This may take a few seconds.</p>` +
			`<p id="bQ9z">www.kamers.example needs to review the security of your connection before proceeding.</p></div></div></body></html>`,
		Challenge, "cloudflare"},
	{"app shell titled Please wait through Cloudflare runs its own bundle", 200, "",
		`<html><head><title>Please wait...</title><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script><script src="/static/js/main.1a.js"></script></head><body><div id="root"></div></body></html>`,
		OK, ""},
	{"DDoS-Guard check known by its leading sentence", 0, "",
		`<html><head><title>Проверка браузера</title><script src="/js/check.js"></script></head><body><div><p>Checking your browser before accessing kvartira.example.</p>` +
			`<p>This process is automatic. DDoS protection by DDoS-Guard</p></div></body></html>`,
		Challenge, "ddos-guard"},
	{"Distil/Imperva Pardon Our Interruption block", 0, "",
		`<html><head><title>Pardon Our Interruption</title></head><body><h1>Pardon Our Interruption...</h1><p>As you were browsing, something about your browser made us think you were a bot.</p>` +
			`<div class="g-recaptcha" data-sitekey="x"></div></body></html>`,
		Denied, "imperva"},
	{"lone captcha gate with a privacy and a terms link", 0, "",
		`<html><head><title>Beveiligingscontrole</title><script src="https://www.google.com/recaptcha/api.js?hl=nl"></script></head><body><h1>Even controleren</h1>` +
			`<p>Bevestig dat je geen robot bent.</p><form method="post" action="/verify"><div class="g-recaptcha" data-sitekey="x"></div></form>` +
			`<a href="/privacy">Privacy</a> <a href="/voorwaarden">Voorwaarden</a></body></html>`,
		Challenge, ""},
	{"score-only reCAPTCHA v3 under a robot sentence is no widget", 0, "",
		`<html><head><title>Bericht verstuurd</title><script src="https://www.google.com/recaptcha/api.js?render=6Lc"></script></head><body><h1>Bedankt</h1><p>Geen robot, maar een mens leest je bericht.</p></body></html>`,
		OK, ""},
	{"Vercel checkpoint HTML alone", 0, "",
		`<html><head><title>Vercel Security Checkpoint</title></head><body><h1>We're verifying your browser</h1></body></html>`,
		Challenge, "vercel"},
}

// TestClassifyVariants runs classifyVariants as saved or served pages.
func TestClassifyVariants(t *testing.T) {
	for _, tt := range classifyVariants {
		t.Run(tt.name, func(t *testing.T) {
			v := Classify(Page{Status: tt.status, URL: tt.url, HTML: []byte(tt.body)}, time.Time{})
			if v.Kind != tt.kind || v.Vendor != tt.vendor {
				t.Fatalf("got %s/%q (%s), want %s/%q", v.Kind, v.Vendor, v.Reason, tt.kind, tt.vendor)
			}
		})
	}
}

func TestHasWord(t *testing.T) {
	tests := []struct {
		s, word string
		want    bool
	}{
		{"dass du kein roboter bist", "roboter", true},
		{"geen robot bent.", "robot", true},
		{"duizenden mensen", "mens", false},
		{"scroll to the bottom", "bot", false},
		{"je bent een mens", "mens", true},
		{"confirme que você não é um robô.", "robô", true},
		{"robôs", "robô", false},
		{"私はロボットではありません", "ロボット", true},
		{"", "robot", false},
	}
	for _, tt := range tests {
		if got := hasWord(tt.s, tt.word); got != tt.want {
			t.Errorf("hasWord(%q, %q) = %v, want %v", tt.s, tt.word, got, tt.want)
		}
	}
}

func TestHostOf(t *testing.T) {
	tests := map[string]string{
		"https://validate.perfdrive.com/?ssa=1": "validate.perfdrive.com",
		"https://user@www.example.com:8443/x":   "www.example.com:8443",
		"https://example.com":                   "example.com",
		"not a url":                             "",
		"":                                      "",
	}
	for in, want := range tests {
		if got := hostOf(in); got != want {
			t.Errorf("hostOf(%q) = %q, want %q", in, got, want)
		}
	}
}
