package blocks

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Classify says whether page is an ordinary page or a wall, and which.
// now resolves a Retry-After given as an HTTP-date.
//
// It decides in this order, first answer wins:
//
//  1. Headers a wall vendor sets only on its walls (cf-mitigated,
//     x-amzn-waf-action, x-vercel-mitigated, x-datadome or Kasada's
//     x-kpsdk-* with the wall's status). These hold whatever the body says.
//  2. A short JSON body served in place of the page by a gateway or a CDN
//     ({"message":"Too Many Requests"}, Cloudflare's JSON 1015): its
//     message fields read with step 4's wording rules.
//  3. A vendor's wall page, recognised by its stable markers where they sit
//     (a script's config object, an element id, the title), but only on a
//     wall-shaped page: little visible text and few links. A big page full
//     of real content that merely mentions a marker is never a wall.
//  4. A plain wall page of no known vendor: a short page whose title or
//     first heading (or, with neither, its whole few-word text) is "429
//     Too Many Requests" or "403 Forbidden" (in any status code and a few
//     languages) or says the visitor was blocked ("You have been blocked",
//     "Zugriff gesperrt"), and that has no password field; a captcha
//     widget, or a site's own captcha answer field, standing alone on a
//     dead end (no other field to fill in, at most a few links) that asks,
//     in any of several languages, whether you are a human or a robot; a
//     notice of unusual traffic with nothing to pass (rate_limited); or a
//     page whose title or heading, or the first sentence of its text,
//     says it is checking your browser or whether you are human and runs
//     a script to do it; a refusal and its reason in the title ("Access
//     denied: IP problem": a challenge when it offers a captcha, else
//     denied) or opening the text ("access blocked: blocked by
//     administrative rule"); a ban said in words; a delay gate asking to
//     wait some seconds that reloads itself. Served with a 429, such a
//     captcha page is rate_limited: the site said why it wants the check.
//     Under a 5xx status a refusal's words are server trouble. A block
//     notice heading a page with a paragraph or two on why counts at the
//     size of a vendor's wall page.
//  5. A verification page dressed in the site's own menus, too big for
//     step 4: its title or a heading asks whether you are human (a robot
//     word counts in a question or denied: "Robot or human?", "kein
//     Roboter") and it holds a captcha (or HUMAN's #px-captcha), with at
//     most a search box beside it.
//  6. The status code alone: 429 is rate_limited, 403 is denied (the server
//     refused us, whatever the body looks like; treating it as ok would
//     keep polling a host that said no), and 503 with a Retry-After is
//     rate_limited. A 503 without one, or any other error status, is no
//     wall: that is server trouble, for the caller to count as an error.
//
// Without a status (a saved page) only steps 2 to 5 apply. Sizes count
// letters of any alphabet, not bytes (textLength). Retry-After is
// read from the headers for any wall verdict. Classify never panics, reads
// at most the first MiB of the HTML, and is safe for concurrent use.
func Classify(page Page, now time.Time) Verdict {
	v := classify(page)
	if v.Kind == OK {
		return Verdict{Kind: OK}
	}
	if ra := page.Header.Get("Retry-After"); ra != "" {
		if d, ok := ParseRetryAfter(ra, now); ok {
			v.RetryAfter = d
		}
	}
	return v
}

func classify(page Page) Verdict {
	w := wallView{scan: scanPage(page), status: page.Status, header: page.Header, url: strings.ToLower(page.URL)}
	if v, ok := w.fromHeaders(); ok {
		return v
	}
	if v, ok := w.jsonWall(); ok {
		return v
	}
	if w.wallShaped() {
		for _, d := range detectors {
			if v, ok := d.detect(&w); ok {
				v.Vendor = d.vendor
				return v
			}
		}
		if v, ok := w.plainWall(); ok {
			return v
		}
		if v, ok := w.blockedHeadline(); ok {
			return v
		}
	}
	if v, ok := w.brandedGate(); ok {
		return v
	}
	return w.fromStatus()
}

// wallView is a scanned page with its status and headers.
type wallView struct {
	scan
	status int
	header http.Header
	url    string // final URL, lowercased
}

// Size limits of a wall page, in letters (textLength). The largest real
// wall pages we know (the old Cloudflare captcha page with its "why do I
// have to complete a CAPTCHA" text, the PerimeterX block page) show under
// 1,500 letters of text and a handful of links; ordinary listing pages
// show tens of thousands.
const (
	wallMaxText  = 4000
	wallMaxLinks = 40
	// A plain page of no known vendor must be smaller still: that is all
	// that separates the nginx "429 Too Many Requests" page from a forum
	// question with the same title.
	plainMaxText  = 1200
	plainMaxLinks = 12
	// A captcha standing alone on a page is a wall only on a dead end:
	// the gates we know carry at most three links (privacy, terms, help),
	// while a site's own page with a captcha on it has its menus around.
	loneWidgetMaxLinks = 5
)

func (w *wallView) wallShaped() bool {
	return w.textLen < wallMaxText && w.links < wallMaxLinks
}

func (w *wallView) plainShaped() bool {
	return w.textLen < plainMaxText && w.links < plainMaxLinks
}

// fields counts what a person fills in on the page besides a captcha.
func (w *wallView) fields() int {
	return w.inputs + w.textareas + w.selects
}

// pageNames are the places a server's error page names itself: its title
// and its first heading. Later headings are sections of a page ("429 Too
// Many Requests" under "Errors" in an API reference, a blog post's part).
func (w *wallView) pageNames() []string {
	out := make([]string, 0, 2)
	if w.title != "" {
		out = append(out, w.title)
	}
	if len(w.headings) > 0 {
		out = append(out, w.headings[0])
	}
	return out
}

// name is what the page calls itself: its title, or, on a page without
// one, its first heading. Pages reach us through readers and copies that
// drop the head or turn the title into a heading ("# Vercel Security
// Checkpoint"), so a vendor's wall named by its title is named so too.
func (w *wallView) name() string {
	if w.title == "" && len(w.headings) > 0 {
		return w.headings[0]
	}
	return w.title
}

// bareName is the name of a page with neither title nor heading whose
// whole text is a few words ("Too Many Requests", "Forbidden"): the bare
// body an API gateway or a limiter sends. "" for any other page. (Kept
// out of pageNames, which must stay small enough to inline: its slice
// then stays off the heap.)
func (w *wallView) bareName() string {
	if w.title != "" || len(w.headings) > 0 || w.textLen > bareTextMax || w.hidden != "" {
		return ""
	}
	return strings.TrimSpace(w.text)
}

// bareTextMax is the most visible text a page without title or heading
// may have to be named by it: a status line, not a sentence.
const bareTextMax = 40

// titles are the page's title and headings, the places a wall names itself.
func (w *wallView) titles() []string {
	out := make([]string, 0, 1+len(w.headings))
	if w.title != "" {
		out = append(out, w.title)
	}
	return append(out, w.headings...)
}

// attr is true when some kept value of key contains sub.
func (w *wallView) attr(key, sub string) bool {
	prefix := "\n" + key + "="
	for v, rest, ok := nextAttr(w.attrs, prefix); ok; v, rest, ok = nextAttr(rest, prefix) {
		if strings.Contains(v, sub) {
			return true
		}
	}
	return false
}

// attrAll is true when one kept value of key contains every one of subs.
func (w *wallView) attrAll(key string, subs ...string) bool {
	prefix := "\n" + key + "="
	for v, rest, ok := nextAttr(w.attrs, prefix); ok; v, rest, ok = nextAttr(rest, prefix) {
		all := true
		for _, sub := range subs {
			all = all && strings.Contains(v, sub)
		}
		if all {
			return true
		}
	}
	return false
}

// attrAny is true when some kept value of key satisfies ok.
func (w *wallView) attrAny(key string, ok func(string) bool) bool {
	prefix := "\n" + key + "="
	for v, rest, found := nextAttr(w.attrs, prefix); found; v, rest, found = nextAttr(rest, prefix) {
		if ok(v) {
			return true
		}
	}
	return false
}

// nextAttr finds the next line of scan.attrs that starts with prefix
// ("\nkey=") and returns its value and the text after it. The lookups
// above loop over it rather than share one walker taking a callback: the
// indirect call cost the classifier over a tenth of its time on a wall
// page (BenchmarkClassifyWall).
func nextAttr(attrs, prefix string) (value, rest string, ok bool) {
	i := strings.Index(attrs, prefix)
	if i < 0 {
		return "", "", false
	}
	attrs = attrs[i+len(prefix):]
	end := strings.IndexByte(attrs, '\n') // attrs always ends in '\n'
	return attrs[:end], attrs[end:], true
}

// attrIs is true when some kept attribute key has exactly value.
func (w *wallView) attrIs(key, value string) bool {
	return strings.Contains(w.attrs, "\n"+key+"="+value+"\n")
}

// heading is true when some h1 or h2 contains sub.
func (w *wallView) heading(sub string) bool {
	for _, h := range w.headings {
		if strings.Contains(h, sub) {
			return true
		}
	}
	return false
}

// inText is true when the visible text, or the noscript and iframe
// fallback text, contains sub.
func (w *wallView) inText(sub string) bool {
	return strings.Contains(w.text, sub) || strings.Contains(w.hidden, sub)
}

// says is true when the page itself says phrase, as a wall does: at the
// start of its title or a heading, or near the start of a short text, and
// neither inside quotation marks nor in a question, which is a page
// quoting a wall or asking about it (a help article, a README, a FAQ).
func (w *wallView) says(phrase string) bool {
	for _, t := range w.titles() {
		if strings.HasPrefix(t, phrase) {
			return true
		}
	}
	if w.textLen >= sayMaxText {
		return false
	}
	i := strings.Index(w.text, phrase)
	return i >= 0 && textWidth(w.text[:i]) < sayWithin && !quoted(w.text[:i]) && !question(w.text[i+len(phrase):])
}

// question is true when the sentence that after continues ends in a
// question mark: a FAQ asking why a page says the phrase. Chinese and
// Japanese sentences end in "。" or "！" too; Arabic and Persian ask with
// "؟".
func question(after string) bool {
	end := strings.IndexAny(after, ".!?？。！؟")
	return end >= 0 && (after[end] == '?' || strings.HasPrefix(after[end:], "？") || strings.HasPrefix(after[end:], "؟"))
}

// A wall's sentence comes first on a page of little else: Cloudflare's
// "example.com Checking if the site connection is secure" leads its text
// after the site's name. Both count letters (textLength).
const (
	sayMaxText = 600
	sayWithin  = 100
)

// quoted is true when before, the text up to a phrase, ends in an opening
// quotation mark.
func quoted(before string) bool {
	before = strings.TrimRight(before, " ")
	for _, q := range []string{`"`, "'", "“", "‘", "«", "„", "「", "‹"} {
		if strings.HasSuffix(before, q) {
			return true
		}
	}
	return false
}

// fromHeaders answers from headers that vendors send only with a wall.
func (w *wallView) fromHeaders() (Verdict, bool) {
	h := w.header
	if h == nil {
		return Verdict{}, false
	}
	if strings.EqualFold(strings.TrimSpace(h.Get("Cf-Mitigated")), "challenge") {
		return Verdict{Kind: Challenge, Vendor: "cloudflare", Reason: "cf-mitigated: challenge header"}, true
	}
	switch a := strings.ToLower(strings.TrimSpace(h.Get("X-Amzn-Waf-Action"))); a {
	case "challenge", "captcha":
		return Verdict{Kind: Challenge, Vendor: "aws-waf", Reason: "x-amzn-waf-action: " + a + " header"}, true
	}
	// Vercel's firewall names its action on the response; its challenge
	// comes with a 429 that is no rate limit.
	switch a := strings.ToLower(strings.TrimSpace(h.Get("X-Vercel-Mitigated"))); a {
	case "challenge":
		return Verdict{Kind: Challenge, Vendor: "vercel", Reason: "x-vercel-mitigated: challenge header"}, true
	case "deny":
		return Verdict{Kind: Denied, Vendor: "vercel", Reason: "x-vercel-mitigated: deny header"}, true
	}
	if w.status == http.StatusForbidden && (h.Get("X-Datadome") != "" || h.Get("X-Dd-B") != "") {
		if v, ok := dataDome(w); ok {
			v.Vendor = "datadome"
			return v, true
		}
		return Verdict{Kind: Challenge, Vendor: "datadome", Reason: "x-datadome header with HTTP 403"}, true
	}
	if w.status == http.StatusTooManyRequests && hasKasadaHeader(h) {
		return Verdict{Kind: Challenge, Vendor: "kasada", Reason: "x-kpsdk header with HTTP 429"}, true
	}
	return Verdict{}, false
}

func hasKasadaHeader(h http.Header) bool {
	for k := range h {
		if strings.HasPrefix(strings.ToLower(k), "x-kpsdk-") {
			return true
		}
	}
	return false
}

// fromStatus is the last word: the status code with no wall page to go on.
func (w *wallView) fromStatus() Verdict {
	vendor := vendorFromHeaders(w.header)
	reason := "HTTP " + strconv.Itoa(w.status)
	switch {
	case w.status == http.StatusTooManyRequests:
		return Verdict{Kind: RateLimited, Vendor: vendor, Reason: reason}
	case w.status == http.StatusForbidden:
		return Verdict{Kind: Denied, Vendor: vendor, Reason: reason}
	case w.status == http.StatusServiceUnavailable && w.header.Get("Retry-After") != "":
		return Verdict{Kind: RateLimited, Vendor: vendor, Reason: reason + " with Retry-After"}
	}
	return Verdict{Kind: OK}
}

// vendorFromHeaders names the wall vendor that served a response, from the
// headers each one puts on everything it serves; "" when none is known.
func vendorFromHeaders(h http.Header) string {
	if h == nil {
		return ""
	}
	server := strings.ToLower(h.Get("Server"))
	switch {
	case server == "cloudflare" || h.Get("Cf-Ray") != "":
		return "cloudflare"
	case strings.Contains(server, "akamaighost"):
		return "akamai"
	case h.Get("X-Datadome") != "":
		return "datadome"
	case h.Get("X-Sucuri-Id") != "" || strings.Contains(server, "sucuri"):
		return "sucuri"
	case h.Get("X-Iinfo") != "" || strings.Contains(strings.ToLower(h.Get("X-Cdn")), "incapsula"),
		strings.Contains(strings.ToLower(h.Get("X-Cdn")), "imperva"):
		return "imperva"
	case strings.Contains(server, "ddos-guard"):
		return "ddos-guard"
	case strings.Contains(server, "dosarrest"):
		return "dosarrest"
	case hasKasadaHeader(h):
		return "kasada"
	case h.Get("X-Amz-Cf-Id") != "" || server == "cloudfront":
		return "cloudfront"
	case server == "vercel" || h.Get("X-Vercel-Id") != "":
		return "vercel"
	case strings.Contains(server, "bigip") || strings.Contains(server, "big-ip"):
		return "f5"
	}
	return ""
}
