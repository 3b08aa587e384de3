package blocks

import "strings"

// plainWall recognises wall pages no vendor signs: a web server's own 429
// or 403 page, and a captcha widget standing alone on a verification page.
// The page must be smaller than a vendor's wall page, since all there is to
// go on is its title or heading.
func (w *wallView) plainWall() (Verdict, bool) {
	if !w.plainShaped() {
		return Verdict{}, false
	}
	vendor := vendorFromHeaders(w.header)
	for _, t := range w.titles() {
		switch {
		case isStatusLine(t, "429", "too many requests", "rate limit exceeded", "rate limited"):
			return Verdict{Kind: RateLimited, Vendor: vendor, Reason: `"` + t + `" page`}, true
		case isStatusLine(t, "403", "forbidden", "access denied", "access forbidden"):
			return Verdict{Kind: Denied, Vendor: vendor, Reason: `"` + t + `" page`}, true
		}
	}
	if widget, wv := w.captchaWidget(); widget != "" && w.inputs == 0 && w.asksForHuman() {
		if vendor == "" {
			vendor = wv
		}
		return Verdict{Kind: Challenge, Vendor: vendor, Reason: widget + " alone on a verification page"}, true
	}
	return Verdict{}, false
}

// titles are the page's title and headings, the places a wall names itself.
func (w *wallView) titles() []string {
	out := make([]string, 0, 1+len(w.headings))
	if w.title != "" {
		out = append(out, w.title)
	}
	return append(out, w.headings...)
}

// isStatusLine is true when t is no more than a status line: one of the
// phrases, optionally with the status code, "error", "http" and
// punctuation around it ("429", "Error 429 - Too Many Requests"). A longer
// title that merely contains the phrase (a question about it) is not.
func isStatusLine(t, code string, phrases ...string) bool {
	if len(t) > 48 {
		return false
	}
	rest := strings.NewReplacer("http", " ", "error", " ", code, " ", ":", " ", "-", " ",
		"|", " ", ".", " ", "!", " ").Replace(t)
	rest = strings.Join(strings.Fields(rest), " ")
	if rest == "" {
		return strings.Contains(t, code)
	}
	for _, p := range phrases {
		if rest == p {
			return true
		}
	}
	return false
}

// captchaWidget names the captcha widget on the page, if any, and the
// vendor that makes it.
func (w *wallView) captchaWidget() (widget, vendor string) {
	switch {
	case w.attr("class", "cf-turnstile"), w.attr("src", "challenges.cloudflare.com/turnstile"):
		return "Turnstile widget", "cloudflare"
	case w.attr("class", "h-captcha"), w.attr("src", "hcaptcha.com"):
		return "hCaptcha widget", ""
	case w.attr("class", "g-recaptcha"), w.attr("src", "google.com/recaptcha"), w.attr("src", "recaptcha.net"):
		return "reCAPTCHA widget", ""
	}
	return "", ""
}

// humanCheckPhrases are what a verification page says in its title or
// heading.
var humanCheckPhrases = []string{
	"verify you are human", "verify you're human", "verify that you are human",
	"are you a robot", "are you human", "not a robot", "security check",
	"just a moment", "checking your browser", "human verification",
	"bot check", "one more step", "attention required", "please verify",
	"captcha", "verification required", "checking if the site connection is secure",
}

func (w *wallView) asksForHuman() bool {
	for _, t := range w.titles() {
		for _, p := range humanCheckPhrases {
			if strings.Contains(t, p) {
				return true
			}
		}
	}
	return false
}

// attr is true when some kept attribute key has a value containing sub.
func (w *wallView) attr(key, sub string) bool {
	rest := w.attrs
	prefix := "\n" + key + "="
	for {
		i := strings.Index(rest, prefix)
		if i < 0 {
			return false
		}
		rest = rest[i+len(prefix):]
		end := strings.IndexByte(rest, '\n') // attrs always ends in '\n'
		if strings.Contains(rest[:end], sub) {
			return true
		}
		rest = rest[end:]
	}
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
