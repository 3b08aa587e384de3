package blocks

import (
	"net/http"
	"regexp"
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
	{"dosarrest", dosArrest},
	{"vercel", vercel},
	{"radware", radware},
	{"f5", f5},
	{"fastly", fastly},
	{"anubis", anubis},
	{"siteground", siteGround},
	{"wordfence", wordfence},
	{"reblaze", reblaze},
	{"qrator", qrator},
	{"modsecurity", modSecurity},
	{"cidram", cidram},
	{"alibaba", alibaba},
	{"baidu", baidu},
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

// suspectsBot is true when the page says it took the visitor for a bot or
// holds a captcha.
func (w *wallView) suspectsBot() bool {
	widget, _ := w.captchaWidget()
	return widget != "" || w.asksForHuman()
}

func dataDome(w *wallView) (Verdict, bool) {
	if hardBlock(w.script) && strings.Contains(w.script, "datadome") {
		// the block page starts DataDome's own tag, told it is a hard block
		return wall(Denied, `DataDome block (responsePage "hard-block")`)
	}
	config := strings.Contains(w.script, "var dd={") || strings.Contains(w.script, "var dd = {") ||
		strings.Contains(w.script, "dd={'rt'") || strings.Contains(w.script, `dd={"rt"`)
	delivery := w.attr("src", "captcha-delivery.com") || strings.Contains(w.script, "captcha-delivery.com")
	if !(config && delivery) && !w.attr("src", "captcha-delivery.com/captcha") &&
		!w.attr("src", "captcha-delivery.com/interstitial") {
		if w.textLen < 80 && w.links == 0 && w.fields() == 0 && w.scripts == 0 &&
			w.says("please enable js and disable any ad blocker") {
			// Its page as a client without a browser gets it, or a copy
			// without its scripts keeps it: nothing but the sentence it
			// shows while its script loads.
			return wall(Challenge, `DataDome "Please enable JS and disable any ad blocker"`)
		}
		return Verdict{}, false
	}
	// 't':'bv' is DataDome's "blocked visitor": no captcha is offered.
	if strings.Contains(w.script, "'t':'bv'") || strings.Contains(w.script, `"t":"bv"`) {
		return wall(Denied, "DataDome block (dd t:bv)")
	}
	return wall(Challenge, "DataDome captcha-delivery.com")
}

// hardBlock reports DataDome's tag started on its block page
// (ddoptions responsePage "hard-block"): the visitor was refused, no
// captcha is offered.
func hardBlock(script string) bool {
	i := strings.Index(script, "responsepage")
	if i < 0 {
		i = strings.Index(script, "responsePage")
	}
	return i >= 0 && strings.Contains(script[i:min(len(script), i+40)], "hard-block")
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
	case strings.HasPrefix(w.name(), "access to this page has been denied") && (sensor || w.inText("press & hold to confirm")):
		// Its sentence is HUMAN's own, where a copy of the page lost
		// the sensor scripts.
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
	case w.blank() && (w.attr("src", "_incapsula_resource") || strings.Contains(w.script, "_incapsula_resource") ||
		w.attr("src", "content.incapsula.com")):
		// The JavaScript check: a blank page whose only content is the
		// script (or the older inline one and its content.incapsula.com
		// frame) that sets the cookie and reloads. Ordinary pages carry
		// the same script beside their content.
		return wall(Challenge, "Incapsula JavaScript check (a blank page of its _Incapsula_Resource script)")
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
	case w.akamaiInterstitial():
		return wall(Challenge, "Akamai bm-verify interstitial (/_sec/verify)")
	case w.name() == "challenge validation" && (strings.Contains(w.attrs, "\nid=sec-") ||
		strings.Contains(w.script, "sec-if-container") || strings.Contains(w.attrs, "/_sec/")):
		// The 2024+ sec-cpt page draws its frames from a script at an
		// obfuscated path; its title and sec- element ids stay.
		return wall(Challenge, `Akamai "Challenge Validation" page`)
	case w.status >= 500 || w.inText("an error occurred while processing your request"):
		// The edge's page for an origin that failed carries the same
		// reference (and at times the "Access Denied" title): server
		// trouble for the caller to retry, no refusal.
		return Verdict{}, false
	case w.akamaiReference():
		return wall(Denied, "Akamai reference number (Reference #18....) on a short error page")
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

// akamaiInterstitial is Bot Manager's proof-of-work page (Amazon, Zara
// and real-estate sites since 2023): an inline script posts a
// {"bm-verify": token, "pow": n} answer to /_sec/verify?provider=
// interstitial and reloads, and a meta refresh carries the same token.
// Only that page names the verify path or the token.
func (w *wallView) akamaiInterstitial() bool {
	return strings.Contains(w.script, "/_sec/verify?provider=interstitial") ||
		strings.Contains(w.script, `"bm-verify"`) || strings.Contains(w.refresh, "bm-verify=")
}

// akamaiRef is the reference number Akamai's edge puts on the pages it
// refuses ("Reference #18.3c2a1302.1712412734.5d1b2e9f": a server id, a
// hex client address, a Unix time, a hex request id). Sites that brand
// their own error page keep it, in their own words ("Referenznummer",
// "Référence"), since their support asks for it.
//
// The client address is written without leading zeros, so it has seven
// hex digits when its first byte is below 16 (cdn.redhat.com, 2021:
// "Reference #18.e834768.1638849804.2c1382d").
var akamaiRef = regexp.MustCompile(`(?:#|:|ref[a-zé]*)\s*#?\s*\d{1,3}\.[0-9a-f]{7,8}\.\d{10}\.[0-9a-f]{6,8}\b`)

// akamaiReference is true for a short page with nothing to fill in that
// states an Akamai reference number, not in quotation marks (a help page
// quoting one to explain it).
func (w *wallView) akamaiReference() bool {
	if w.textLen >= plainMaxText || w.fields() > 0 {
		return false
	}
	loc := akamaiRef.FindStringIndex(w.text)
	return loc != nil && !quoted(w.text[:loc[0]])
}

// sucuri: the firewall's pages are titled "Sucuri WebSite Firewall -
// Access Denied" or "- CAPTCHA"; an article about the firewall names it
// later in its title.
func sucuri(w *wallView) (Verdict, bool) {
	switch {
	case strings.Contains(w.script, "sucuri_cloudproxy_js"):
		return wall(Challenge, "sucuri_cloudproxy_js cookie challenge")
	case strings.HasPrefix(w.name(), "sucuri website firewall") && strings.Contains(w.name(), "captcha"):
		return wall(Challenge, `title "Sucuri WebSite Firewall - CAPTCHA"`)
	case strings.HasPrefix(w.name(), "sucuri website firewall"):
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
	if w.name() != "error: the request could not be satisfied" && !w.inText("generated by cloudfront") {
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
	if !strings.Contains(w.script, "kpsdk") || w.textLen > 0 || w.links > 0 {
		return Verdict{}, false
	}
	if w.attr("src", "/ips.js") || (w.status == http.StatusTooManyRequests && w.textLen == 0) {
		return wall(Challenge, "Kasada KPSDK with ips.js")
	}
	return Verdict{}, false
}

func ddosGuard(w *wallView) (Verdict, bool) {
	switch {
	case w.name() == "ddos-guard":
		return wall(Challenge, `title "DDoS-Guard"`)
	case w.attr("src", "/.well-known/ddos-guard/"):
		return wall(Challenge, "DDoS-Guard /.well-known/ddos-guard/ check")
	case w.inText("ddos-guard") && w.says("checking your browser"):
		return wall(Challenge, `DDoS-Guard "Checking your browser"`)
	}
	return Verdict{}, false
}

// dosArrest: DOSarrest serves its own error pages, with their assets
// under /DOAError/ on the site and its name in the title ("463 Restricted
// Client - DOSarrest Internet Security"). The code in the title says which:
// a 4xx is a refusal (429 a rate limit), a 5xx is the site's trouble.
func dosArrest(w *wallView) (Verdict, bool) {
	if !strings.Contains(w.title, "dosarrest") && !strings.Contains(w.attrs, "/doaerror/") {
		return Verdict{}, false
	}
	code := ""
	if f := strings.Fields(w.title); len(f) > 0 && isStatusCode(f[0]) {
		code = f[0]
	}
	switch {
	case code == "429":
		return wall(RateLimited, `DOSarrest "`+w.title+`"`)
	case strings.HasPrefix(code, "4"), code == "" && w.status/100 == 4:
		return wall(Denied, `DOSarrest "`+w.title+`"`)
	}
	return Verdict{}, false
}

// vercel: Attack Challenge Mode and the firewall's challenge action serve
// "Vercel Security Checkpoint", which loads its script from the reserved
// /.well-known/vercel/security/ path (with a 429 and x-vercel-mitigated,
// which fromHeaders reads first when there are headers).
func vercel(w *wallView) (Verdict, bool) {
	switch {
	case w.attr("src", "/.well-known/vercel/security/"):
		return wall(Challenge, "Vercel security checkpoint script")
	case w.name() == "vercel security checkpoint":
		return wall(Challenge, `title "Vercel Security Checkpoint"`)
	}
	return Verdict{}, false
}

// radware: Radware Bot Manager (formerly ShieldSquare) redirects a
// suspected bot to its captcha on validate.perfdrive.com, whose form posts
// back there.
func radware(w *wallView) (Verdict, bool) {
	// The captcha lives on validate.perfdrive.com; cdn.perfdrive.com
	// serves the connector script every protected page loads.
	onPerfdrive := strings.Contains(hostOf(w.url), "validate.perfdrive.com") ||
		w.attr("action", "validate.perfdrive.com") || w.attr("src", "validate.perfdrive.com") ||
		w.attr("action", "perfdrive.com/captcha") || w.attr("src", "perfdrive.com/captcha")
	switch {
	case onPerfdrive:
		return wall(Challenge, "Radware Bot Manager captcha (validate.perfdrive.com)")
	case (strings.Contains(w.name(), "radware") || strings.Contains(w.name(), "shieldsquare")) &&
		strings.Contains(w.name(), "captcha"):
		return wall(Challenge, `title "Radware/ShieldSquare ... Captcha"`)
	}
	return Verdict{}, false
}

// f5: BIG-IP ASM / Advanced WAF's blocking page, unchanged for a decade
// and served with a 200 by default, so its text is all there is: "The
// requested URL was rejected ... Your support ID is ...". Sites that
// restyle it keep the support ID, which their help desk asks for.
func f5(w *wallView) (Verdict, bool) {
	switch {
	case w.says("the requested url was rejected"):
		return wall(Denied, `F5 "The requested URL was rejected"`)
	case w.name() == "request rejected" && w.inText("support id"):
		return wall(Denied, `F5 "Request Rejected" with a support ID`)
	}
	return Verdict{}, false
}

// fastly: Fastly's bot management "Client Challenge" (PyPI's, among
// others) loads everything from a /_fs-ch-<token>/ path.
func fastly(w *wallView) (Verdict, bool) {
	if w.attr("src", "/_fs-ch-") || w.attr("href", "/_fs-ch-") || strings.Contains(w.script, "/_fs-ch-") {
		return wall(Challenge, "Fastly client challenge (/_fs-ch-)")
	}
	return Verdict{}, false
}

// anubis: the open-source proof-of-work gate many small sites put up
// against scrapers since 2025; its challenge is a JSON script element with
// the id anubis_challenge.
func anubis(w *wallView) (Verdict, bool) {
	switch {
	case w.attrIs("id", "anubis_challenge") && (w.says("access denied") || w.attr("src", "/static/img/reject")):
		// Its error page keeps the element (set to null), says why
		// ("Oh noes! Access Denied: error code ...", in the visitor's
		// language) and shows the mascot's reject image: a refusal.
		return wall(Denied, `Anubis "Access Denied"`)
	case w.attrIs("id", "anubis_challenge"):
		return wall(Challenge, "Anubis proof-of-work challenge")
	case strings.HasPrefix(w.name(), "making sure you're not a bot") && strings.Contains(w.attrs, "anubis"):
		return wall(Challenge, `Anubis "Making sure you're not a bot!"`)
	}
	return Verdict{}, false
}

// siteGround: SiteGround's bot protection sends a visitor through
// /.well-known/sgcaptcha/ (a refresh or a redirect) before the page.
func siteGround(w *wallView) (Verdict, bool) {
	if strings.Contains(w.attrs, "/.well-known/sgcaptcha") || strings.Contains(w.script, "/.well-known/sgcaptcha") ||
		strings.Contains(w.refresh, "/.well-known/sgcaptcha") {
		return wall(Challenge, "SiteGround sgcaptcha")
	}
	return Verdict{}, false
}

// wordfence: the WordPress firewall's block page, "Your access to this
// site has been limited by the site owner", served with a 503 (or 403);
// its Block Reason says when the limit was on request rate.
func wordfence(w *wallView) (Verdict, bool) {
	if !w.inText("generated by wordfence") && !strings.Contains(w.name(), "your access to this site has been limited") {
		return Verdict{}, false
	}
	if w.inText("exceeded the maximum") {
		return wall(RateLimited, "Wordfence rate limit (exceeded the maximum requests)")
	}
	return wall(Denied, `Wordfence "Your access to this site has been limited"`)
}

// reblaze: Reblaze's JavaScript check sets window.rbzns before it runs
// and reloads with the rbzid cookie.
func reblaze(w *wallView) (Verdict, bool) {
	if assigns(w.script, "rbzns") {
		return wall(Challenge, "Reblaze rbzns check")
	}
	return Verdict{}, false
}

// qrator: Qrator's JavaScript check (Russian sites: retailers, banks,
// portals) is a page of next to nothing, served with a 401, whose script
// comes from the site's /__qrator/ path and solves a proof of work
// (qauth.js, qauth_utm_v2.js, ...); its captcha variant adds an image and
// the field for its characters. Ordinary pages of those sites have their
// content and links.
func qrator(w *wallView) (Verdict, bool) {
	if !w.attr("src", "/__qrator/qauth") || w.links > 0 || w.textLen >= plainMaxText || w.fields() > w.captchaFields {
		return Verdict{}, false
	}
	return wall(Challenge, "Qrator qauth check (/__qrator/qauth)")
}

// modSecurity: the Apache module's refusal, "Not Acceptable!" (a 406,
// or a 403), says in its text who refused.
func modSecurity(w *wallView) (Verdict, bool) {
	if w.inText("generated by mod_security") || w.inText("generated by modsecurity") {
		return wall(Denied, `ModSecurity "This error was generated by Mod_Security"`)
	}
	return Verdict{}, false
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

// hostOf returns the host of a lowercased absolute URL, or "".
func hostOf(url string) string {
	_, rest, ok := strings.Cut(url, "://")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	return rest
}
