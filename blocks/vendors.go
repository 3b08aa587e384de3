package blocks

import (
	"net/http"
	"strconv"
	"strings"
)

// A detector recognises one vendor's wall pages. It runs only on a
// wall-shaped page (see wallView.wallShaped) and returns the verdict
// without the vendor, which the table fills in.
type detector struct {
	vendor string
	detect func(w *wallView) (Verdict, bool)
}

// detectors in the order they are tried. Cloudflare goes first because
// sites behind other walls are often also served through Cloudflare's CDN,
// while its own markers are never on another vendor's page.
var detectors = []detector{
	{"cloudflare", cloudflare},
	{"datadome", dataDome},
	{"perimeterx", perimeterX},
	{"imperva", imperva},
	{"akamai", akamai},
	{"sucuri", sucuri},
	{"aws-waf", awsWAF},
	{"cloudfront", cloudFront},
	{"kasada", kasada},
	{"ddos-guard", ddosGuard},
	{"vercel", vercel},
	{"radware", radware},
	{"f5", f5},
	{"fastly", fastly},
	{"anubis", anubis},
	{"siteground", siteGround},
	{"wordfence", wordfence},
	{"reblaze", reblaze},
}

// Vendors lists the wall vendors Classify can name, in the spelling it
// uses in Verdict.Vendor.
func Vendors() []string {
	names := make([]string, 0, len(detectors))
	for _, d := range detectors {
		names = append(names, d.vendor)
	}
	return names
}

func wall(kind Kind, reason string) (Verdict, bool) {
	return Verdict{Kind: kind, Reason: reason}, true
}

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
	case strings.HasPrefix(w.title, "attention required!") && strings.Contains(w.title, "cloudflare"):
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
	case isCloudflareWaitTitle(w.title):
		return wall(Challenge, `title "`+w.title+`" with Cloudflare markup`)
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

// assigns is true when script sets or reads a property of name
// ("window._cf_chl_opt={", "_cf_chl_opt.cOgUHash"), not merely quotes it
// as data the way a page's JSON about an article would.
func assigns(script, name string) bool {
	for rest := script; ; {
		i := strings.Index(rest, name)
		if i < 0 {
			return false
		}
		rest = strings.TrimLeft(rest[i+len(name):], " \t\n\r")
		if strings.HasPrefix(rest, ".") || (strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==")) {
			return true
		}
	}
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
	} else if strings.HasPrefix(w.text, "error code: ") && w.textBytes < 40 {
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

// suspectsBot is true when the page says it took the visitor for a bot or
// holds a captcha.
func (w *wallView) suspectsBot() bool {
	widget, _ := w.captchaWidget()
	return widget != "" || w.asksForHuman()
}

// cloudflareSign is true when some part of the page is Cloudflare's own
// (its /cdn-cgi/ paths, its cf- element ids, its name in the text or the
// Server header). Alone it means only "served through Cloudflare".
func (w *wallView) cloudflareSign() bool {
	return strings.Contains(w.attrs, "/cdn-cgi/") || strings.Contains(w.script, "/cdn-cgi/") ||
		strings.Contains(w.attrs, "\nid=cf-") || w.inText("cloudflare") ||
		vendorFromHeaders(w.header) == "cloudflare"
}

func dataDome(w *wallView) (Verdict, bool) {
	config := strings.Contains(w.script, "var dd={") || strings.Contains(w.script, "dd={'rt'") ||
		strings.Contains(w.script, `dd={"rt"`)
	delivery := w.attr("src", "captcha-delivery.com") || strings.Contains(w.script, "captcha-delivery.com")
	if !(config && delivery) && !w.attr("src", "captcha-delivery.com/captcha") &&
		!w.attr("src", "captcha-delivery.com/interstitial") {
		return Verdict{}, false
	}
	// 't':'bv' is DataDome's "blocked visitor": no captcha is offered.
	if strings.Contains(w.script, "'t':'bv'") || strings.Contains(w.script, `"t":"bv"`) {
		return wall(Denied, "DataDome block (dd t:bv)")
	}
	return wall(Challenge, "DataDome captcha-delivery.com")
}

// perimeterX: the HUMAN block page is "Access to this page has been
// denied" with a press-and-hold captcha. The _pxAppId sensor alone is on
// every page of a protected site, so it only counts beside the block page.
func perimeterX(w *wallView) (Verdict, bool) {
	sensor := strings.Contains(w.script, "_pxappid") || strings.Contains(w.script, "_pxuuid") ||
		strings.Contains(w.attrs, "px-cdn.net") || strings.Contains(w.script, "px-cdn.net") ||
		strings.Contains(w.attrs, "px-cloud.net") || w.inText("perimeterx")
	switch {
	case w.attrIs("id", "px-captcha") && (sensor || w.asksForHuman()):
		// A shop may dress the block in its own header and title ("Let us
		// know you're not a robot"); the captcha element stays.
		return wall(Denied, "PerimeterX #px-captcha block")
	case strings.HasPrefix(w.title, "access to this page has been denied") && sensor:
		return wall(Denied, `title "Access to this page has been denied"`)
	}
	return Verdict{}, false
}

// imperva: the Incapsula block page is an iframe of
// /_Incapsula_Resource?CWUDNSAI=... whose fallback text names the incident.
// The same resource path with SWJIYLWA is a script on every page of a
// protected site, so only the iframe form counts.
func imperva(w *wallView) (Verdict, bool) {
	switch {
	case w.attr("src", "_incapsula_resource?swudnsai"):
		// The security interstitial (edet=12: hCaptcha, JS check), often
		// served with a 200; the block is CWUDNSAI. Both iframes carry
		// the same "Request unsuccessful" fallback text.
		return wall(Challenge, "Incapsula interstitial iframe (_Incapsula_Resource?SWUDNSAI)")
	case w.attr("src", "_incapsula_resource?cwudnsai"), w.attr("src", "_incapsula_resource?") && w.attr("src", "incident_id="):
		return wall(Denied, "Incapsula block iframe (_Incapsula_Resource?CWUDNSAI)")
	case w.inText("incapsula incident id"):
		return wall(Denied, `"Incapsula incident ID"`)
	case w.inText("incident id") && w.inText("imperva") &&
		(w.heading("access denied") || w.inText("blocked by our security service") || w.inText("request unsuccessful")):
		return wall(Denied, "Imperva block page with incident ID")
	case w.attr("action", "_incapsula_resource"):
		// The captcha form (hCaptcha or reCAPTCHA) posts back to the
		// resource path (?SWCGHOEL=v2); no ordinary form does.
		return wall(Challenge, "Imperva captcha form posting to _Incapsula_Resource")
	case (w.title == "pardon our interruption" || w.heading("pardon our interruption")) && w.suspectsBot():
		// Sites title their maintenance pages the same; the block page
		// says it took you for a bot and offers a captcha.
		return wall(Denied, `"Pardon Our Interruption" (Imperva bot protection)`)
	}
	return Verdict{}, false
}

func akamai(w *wallView) (Verdict, bool) {
	switch {
	case w.attr("src", "/_sec/cp_challenge/"), w.attr("id", "sec-if-cpt-container"),
		strings.Contains(w.script, "sec-cp-challenge"):
		return wall(Challenge, "Akamai sec-cpt challenge")
	case !(w.title == "access denied" || w.heading("access denied")):
		return Verdict{}, false
	case w.inText("errors.edgesuite.net"), strings.Contains(w.attrs, "errors.edgesuite.net"):
		return wall(Denied, `"Access Denied" with errors.edgesuite.net reference`)
	case w.inText("have permission to access") && w.inText("reference #"):
		return wall(Denied, `"Access Denied ... Reference #"`)
	case w.inText("have permission to access") && vendorFromHeaders(w.header) == "akamai":
		return wall(Denied, `"Access Denied" from AkamaiGHost`)
	}
	return Verdict{}, false
}

// sucuri: the firewall's pages are titled "Sucuri WebSite Firewall -
// Access Denied" or "- CAPTCHA"; an article about the firewall names it
// later in its title.
func sucuri(w *wallView) (Verdict, bool) {
	switch {
	case strings.Contains(w.script, "sucuri_cloudproxy_js"):
		return wall(Challenge, "sucuri_cloudproxy_js cookie challenge")
	case strings.HasPrefix(w.title, "sucuri website firewall") && strings.Contains(w.title, "captcha"):
		return wall(Challenge, `title "Sucuri WebSite Firewall - CAPTCHA"`)
	case strings.HasPrefix(w.title, "sucuri website firewall"):
		return wall(Denied, `title "Sucuri WebSite Firewall - Access Denied"`)
	case w.inText("sucuri website firewall") && (w.heading("access denied") || w.inText("block id")):
		return wall(Denied, "Sucuri WebSite Firewall block page")
	}
	return Verdict{}, false
}

// awsWAF: the challenge and captcha interstitials configure
// window.gokuProps and load challenge.js or captcha.js from *.awswaf.com.
// Sites using the JavaScript SDK load the same challenge.js on every page,
// so without gokuProps it counts only on a page with no links and none of
// the site's own scripts.
func awsWAF(w *wallView) (Verdict, bool) {
	switch {
	case strings.Contains(w.script, "gokuprops"):
		return wall(Challenge, "AWS WAF gokuProps in script")
	case w.links > 0 || w.siteScripts > 0:
		return Verdict{}, false
	case w.attr("src", "awswaf.com") && (w.attr("src", "/challenge.js") || w.attr("src", "/captcha.js")):
		return wall(Challenge, "AWS WAF challenge.js")
	}
	return Verdict{}, false
}

// cloudFront: "ERROR: The request could not be satisfied". Only its 403
// (blocked, often by AWS WAF) and 429 are walls; its 502/503/504 are the
// site's trouble.
func cloudFront(w *wallView) (Verdict, bool) {
	if w.title != "error: the request could not be satisfied" && !w.inText("generated by cloudfront") {
		return Verdict{}, false
	}
	switch {
	case w.heading("403 error"):
		return wall(Denied, "CloudFront 403 ERROR")
	case w.heading("429 error"):
		return wall(RateLimited, "CloudFront 429 ERROR")
	}
	return Verdict{}, false
}

// kasada: the block is an empty page whose scripts set window.KPSDK and
// load ips.js (served with status 429). KPSDK, and on some sites ips.js,
// are on ordinary pages too, which have something to read.
func kasada(w *wallView) (Verdict, bool) {
	if !strings.Contains(w.script, "kpsdk") || w.textBytes > 0 || w.links > 0 {
		return Verdict{}, false
	}
	if w.attr("src", "/ips.js") || (w.status == http.StatusTooManyRequests && w.textBytes == 0) {
		return wall(Challenge, "Kasada KPSDK with ips.js")
	}
	return Verdict{}, false
}

func ddosGuard(w *wallView) (Verdict, bool) {
	switch {
	case w.title == "ddos-guard":
		return wall(Challenge, `title "DDoS-Guard"`)
	case w.attr("src", "/.well-known/ddos-guard/"):
		return wall(Challenge, "DDoS-Guard /.well-known/ddos-guard/ check")
	case w.inText("ddos-guard") && w.says("checking your browser"):
		return wall(Challenge, `DDoS-Guard "Checking your browser"`)
	}
	return Verdict{}, false
}
