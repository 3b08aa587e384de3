package blocks

import (
	"strconv"
	"strings"
)

// Cloudflare's detector is the largest of the vendors': its walls changed
// shape over the years (the 2015 "checking your browser" page, the captcha
// page, the managed challenge) and it has its 1xxx error pages besides, so
// it has a file of its own.

// cloudflareErrors maps the 1xxx error pages that are walls to their kind.
// The others (1016 origin DNS error, 1101 worker threw, ...) are the site's
// trouble, not a refusal.
var cloudflareErrors = map[int]Kind{
	1005: Denied, // banned the ASN
	1006: Denied, // banned the IP
	1007: Denied,
	1008: Denied,
	1009: Denied, // banned the country
	1010: Denied, // banned the browser signature
	1011: Denied, // hotlinking denied
	1012: Denied, // access denied
	1015: RateLimited,
	1020: Denied, // a firewall rule
}

func cloudflare(w *wallView) (Verdict, bool) {
	switch {
	case w.attr("class", "cf-captcha-container"), w.attr("id", "cf-captcha-bookmark"),
		strings.Contains(w.script, "cf_captcha_kind"):
		return wall(Challenge, "Cloudflare captcha (cf-captcha-container)")
	case w.heading("sorry, you have been blocked"):
		// The WAF block page, under the same title as the captcha page.
		return wall(Denied, `Cloudflare "Sorry, you have been blocked"`)
	case strings.HasPrefix(w.name(), "attention required!") && strings.Contains(w.name(), "cloudflare"):
		return wall(Challenge, `title "Attention Required! | Cloudflare"`)
	}
	if v, ok := cloudflareError(w); ok {
		return v, ok
	}
	switch {
	case assigns(w.script, "_cf_chl_opt"):
		return wall(Challenge, "_cf_chl_opt in script")
	case w.attr("id", "jschl-answer"), w.attr("name", "jschl_vc"), w.attr("name", "jschl_answer"):
		return wall(Challenge, "jschl-answer form")
	case w.attr("action", "__cf_chl_"), w.attr("action", "/cdn-cgi/l/chk_jschl"):
		return wall(Challenge, "challenge form posting to __cf_chl_")
	case w.attr("id", "cf-browser-verification"), w.attr("class", "cf-browser-verification"):
		return wall(Challenge, "cf-browser-verification")
	case w.blank() && (w.attr("src", "/cdn-cgi/bm/") || strings.Contains(w.script, "__cf$cv$params")):
		// Bot Fight Mode's page is nothing but the bot-management script
		// that every page of the zone carries at its end: no text, no
		// link, none of the site's code (2021 capture: 440 bytes).
		return wall(Challenge, "Cloudflare Bot Fight Mode page (a blank page of its bot script)")
	case w.attrAll("src", "/cdn-cgi/challenge-platform/", "/orchestrate/"):
		// The script that runs a challenge (chl_page, managed, jsch,
		// captcha); ordinary pages load only .../scripts/jsd/.
		return wall(Challenge, "Cloudflare challenge orchestrate script")
	case !w.cloudflareSign():
		return Verdict{}, false
	case w.attrIs("id", "challenge-stage"), w.attrIs("id", "challenge-running"),
		w.attrIs("id", "challenge-body-text"), w.attr("id", "cf-chl-widget-"):
		// The challenge page's own elements, whatever language it speaks
		// ("Even geduld...", "Nur einen Moment...").
		return wall(Challenge, "Cloudflare challenge elements")
	case w.siteScripts > 0 || w.fields() > 0:
		// Words alone, below: but the page runs the site's own code or
		// has a form to fill in (an app shell titled "Please wait...", a
		// login saying "Verify you are human by completing the action
		// below" over its Turnstile), and Cloudflare's page has neither.
		return Verdict{}, false
	case isCloudflareWaitTitle(w.name()):
		return wall(Challenge, `title "`+w.name()+`" with Cloudflare markup`)
	}
	for _, p := range cloudflareCheckPhrases {
		// Said by the page, not quoted by an article or a help page.
		if w.says(p) {
			return wall(Challenge, `"`+p+`" with Cloudflare markup`)
		}
	}
	return Verdict{}, false
}

// cloudflareCheckPhrases are what Cloudflare's interstitials have said
// while checking, from the 2015 IUAM page to the 2023+ managed challenge.
var cloudflareCheckPhrases = []string{
	"checking your browser before accessing",
	"checking if the site connection is secure",
	"needs to review the security of your connection",
	"verify you are human by completing the action below",
	"verifying you are human. this may take a few seconds",
	// The 2013-19 captcha page: its heading and its subheading.
	"one more step", "please complete the security check to access",
	// The 2025 managed challenge: its heading, and its sentence.
	"performing security verification",
	"this website uses a security service to protect against malicious bots",
}

// isCloudflareWaitTitle is true for the titles of Cloudflare's English
// interstitials, as they stand or with "| Cloudflare" after them (2019).
// Pages in other languages are known by their elements instead.
func isCloudflareWaitTitle(t string) bool {
	t = strings.TrimSpace(strings.TrimSuffix(t, "| cloudflare"))
	switch t {
	case "just a moment...", "just a moment…", "please wait...", "please wait…",
		"one moment, please...", "one moment, please…":
		return true
	}
	return false
}

// cloudflareError reads Cloudflare's 1xxx error page: the cf-error-details
// template (2015 to now) or the bare "error code: 1020" text it sends when
// the client does not look like a browser.
func cloudflareError(w *wallView) (Verdict, bool) {
	code := 0
	// The template by its ids, or by the title every version has had:
	// "Access denied | example.com used Cloudflare to restrict access".
	if w.attr("id", "cf-error-details") || w.attr("id", "cf-wrapper") ||
		strings.Contains(w.title, "used cloudflare to restrict access") {
		for _, h := range w.headings {
			if c := codeAfter(h, "error "); c != 0 {
				code = c
				break
			}
			if c := cloudflareCodeIn(h); c != 0 {
				code = c
				break
			}
		}
	} else if strings.HasPrefix(w.text, "error code: ") && w.textLen < 40 {
		code = codeAfter(w.text, "error code: ")
	} else {
		return Verdict{}, false
	}
	if kind, ok := cloudflareErrors[code]; ok {
		return wall(kind, "Cloudflare error "+strconv.Itoa(code))
	}
	switch {
	case w.inText("you are being rate limited"):
		return wall(RateLimited, `Cloudflare error page "You are being rate limited"`)
	case w.heading("access denied") && w.attr("id", "cf-error-details"):
		return wall(Denied, `Cloudflare error page "Access denied"`)
	case strings.Contains(w.title, "used cloudflare to restrict access"):
		return wall(Denied, `title "... used Cloudflare to restrict access"`)
	}
	return Verdict{}, false
}

// cloudflareCodeIn finds a 1xxx error code standing as its own word in a
// heading, whatever word precedes it ("Error 1020", "Fehler 1020").
func cloudflareCodeIn(h string) int {
	for _, f := range strings.Fields(h) {
		if len(f) == 4 && f[0] == '1' {
			if n, err := strconv.Atoi(f); err == nil {
				return n
			}
		}
	}
	return 0
}

// codeAfter returns the four-digit number that follows prefix in s, or 0.
func codeAfter(s, prefix string) int {
	i := strings.Index(s, prefix)
	if i < 0 {
		return 0
	}
	rest := s[i+len(prefix):]
	if len(rest) < 4 {
		return 0
	}
	n, err := strconv.Atoi(rest[:4])
	if err != nil || (len(rest) > 4 && rest[4] >= '0' && rest[4] <= '9') {
		return 0
	}
	return n
}

// cloudflareSign is true when some part of the page is Cloudflare's own
// (its /cdn-cgi/ paths, its cf- element ids, its name in the text or the
// Server header). Alone it means only "served through Cloudflare".
func (w *wallView) cloudflareSign() bool {
	return strings.Contains(w.attrs, "/cdn-cgi/") || strings.Contains(w.script, "/cdn-cgi/") ||
		strings.Contains(w.attrs, "\nid=cf-") || w.inText("cloudflare") ||
		vendorFromHeaders(w.header) == "cloudflare"
}

// blank is true for a page that shows nothing and loads only a wall
// vendor's scripts: no visible text, no link, nothing to fill in, no
// script of the site's own or from another host, and no refresh to send
// the browser on. An app shell loads its bundle; a page with something
// to read has text; a redirect page names where it goes.
func (w *wallView) blank() bool {
	return w.textLen == 0 && w.links == 0 && w.fields() == 0 && w.siteScripts == 0 && w.otherScripts == 0 &&
		w.refresh == ""
}
