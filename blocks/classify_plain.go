package blocks

import (
	"net/http"
	"strings"
	"unicode"
)

// plainWall recognises wall pages no vendor signs: a web server's own 429
// or 403 page, and a captcha widget standing alone on a verification page.
// The page must be smaller than a vendor's wall page, since all there is to
// go on is its title or heading, or a widget that small listing pages
// carry too (a rental page with twelve listings and a captcha on its
// reply form is wall-shaped, but has far more text and links than this).
func (w *wallView) plainWall() (Verdict, bool) {
	if !w.plainShaped() {
		return Verdict{}, false
	}
	vendor := vendorFromHeaders(w.header)
	names := w.pageNames()
	if t := w.bareName(); t != "" {
		names = append(names, t)
	}
	for _, t := range names {
		if rest := afterInterjection(t); rest != "" {
			names = append(names, rest)
		}
		if head := beforeSiteName(t); head != "" {
			names = append(names, head)
		}
	}
	for _, t := range names {
		// A server's error page has nothing to fill in; a page titled
		// "Access denied" with a password field is the site asking us to
		// log in.
		if w.passwords > 0 {
			break
		}
		switch {
		case isStatusLine(t, "429", rateLimitPhrases...), w.codePage() && (codeLine(t, "429") || opensWithLimit(t)):
			return Verdict{Kind: RateLimited, Vendor: vendor, Reason: `"` + t + `" page`}, true
		case w.status >= 500:
			// A refusal's words under a server error's status (Akamai's
			// edge when the origin is down) are server trouble.
		case isStatusLine(t, "403", deniedPhrases...), w.codePage() && codeLine(t, "403"):
			return Verdict{Kind: Denied, Vendor: vendor, Reason: `"` + t + `" page`}, true
		case w.fields() == 0 && isBlockedNotice(t):
			return Verdict{Kind: Denied, Vendor: vendor, Reason: `blocked notice "` + t + `"`}, true
		}
	}
	if v, ok := w.refusalWithCheck(vendor); ok {
		return v, true
	}
	widget, wv := w.captchaWidget()
	if widget == "" {
		if v, ok := w.captchaField(vendor); ok {
			return v, true
		}
		if v, ok := w.pictureCaptcha(vendor); ok {
			return v, true
		}
		if v, ok := w.unusualTraffic(vendor); ok {
			return v, true
		}
		if v, ok := w.rateLimitNotice(vendor); ok {
			return v, true
		}
		if v, ok := w.blockedSentence(vendor); ok {
			return v, true
		}
		if v, ok := w.refusalOpening(vendor); ok {
			return v, true
		}
		if v, ok := w.waitReload(vendor); ok {
			return v, true
		}
		if v, ok := w.scriptCheck(vendor); ok {
			return v, true
		}
		if v, ok := w.readerCheck(vendor); ok {
			return v, true
		}
		return w.cookieGate(vendor)
	}
	// A wall is a dead end that asks for nothing but its check: a form
	// with fields, or the site's menus around the widget, make it the
	// site's own page (a login, a feedback form, a saved search). The
	// widget's own token input (mCaptcha's) is part of the check.
	if w.fields() > w.captchaFields || w.links > loneWidgetMaxLinks || !(w.asksForHuman() || w.namesCaptcha()) {
		return Verdict{}, false
	}
	if vendor == "" {
		vendor = wv
	}
	reason := widget + " alone on a verification page"
	if w.status == http.StatusTooManyRequests {
		// Google's "unusual traffic" page: the captcha only lets a person
		// skip a wait the status already asked for.
		return Verdict{Kind: RateLimited, Vendor: vendor, Reason: reason + " with HTTP 429"}, true
	}
	return Verdict{Kind: Challenge, Vendor: vendor, Reason: reason}, true
}

// brandedGate recognises a verification page the site dressed in its own
// menus and footer, too big to be wall-shaped: the title or a heading asks
// whether you are human ("Robot or human?", "Ich bin kein Roboter") and
// the page holds a captcha. Its header may carry one search box; a form a
// person fills in has more.
func (w *wallView) brandedGate() (Verdict, bool) {
	asked := ""
	for _, t := range w.titles() {
		if asksInTitle(t) {
			asked = t
			break
		}
	}
	// An article about captchas may ask the same in its title; it says
	// far more than a gate and its menus do.
	if asked == "" || w.textLen >= brandedMaxText {
		return Verdict{}, false
	}
	if w.attrIs("id", "px-captcha") {
		return Verdict{Kind: Denied, Vendor: "perimeterx", Reason: `#px-captcha under "` + asked + `"`}, true
	}
	widget, vendor := w.captchaWidget()
	// One text input may be the header's search box; a textarea is a
	// comment or contact form, never part of a gate. On a small page an
	// input is counted against it unless it is plainly a search box (a
	// login's email field with a captcha under "Verify you are human").
	if widget == "" || w.textareas > 0 || w.inputs > 1 || (w.inputs == 1 && w.searchInputs == 0 && w.wallShaped()) {
		return Verdict{}, false
	}
	if hv := vendorFromHeaders(w.header); hv != "" {
		vendor = hv
	}
	reason := widget + ` under "` + asked + `"`
	if w.status == http.StatusTooManyRequests {
		return Verdict{Kind: RateLimited, Vendor: vendor, Reason: reason + " with HTTP 429"}, true
	}
	return Verdict{Kind: Challenge, Vendor: vendor, Reason: reason}, true
}

// brandedMaxText bounds the visible text of a dressed-up gate: the site's
// menus and footer around a few sentences.
const brandedMaxText = 3 * wallMaxText

// askingPhrases are what a title or heading says when it asks, beyond
// naming a robot or a human (robotWords).
var askingPhrases = []string{"verify you are human", "verify you're human", "are you human",
	"human verification", "not a robot", "confirm you're human", "confirm you are human",
	"robot or human", "human or robot", "robot check"}

// asksInTitle is true when a title or heading asks whether you are human.
// It is stricter than asksForHuman: "captcha" or "security check" in a
// title may name a product or an article, and a robot named in a headline
// ("Robots won't fix the rent crisis", "un derecho humano") asks nothing.
// A robot word counts only in a question or denied ("kein Roboter").
func asksInTitle(t string) bool {
	if t == "" {
		return false
	}
	for _, p := range askingPhrases {
		if strings.Contains(t, p) {
			return true
		}
	}
	question := strings.ContainsAny(t, "?？")
	for _, r := range robotWords {
		if r != "bot" && r != "human" && r != "mens" && hasWord(t, r) && (question || deniesBeing(t, r)) {
			return true
		}
	}
	return false
}

// negations are the words that say "not" before a robot word, in the
// languages of robotWords ("kein Roboter", "geen robot", "pas un robot",
// "no soy un robot", "nie jestem robotem", "не робот").
var negations = map[string]bool{"not": true, "no": true, "kein": true, "keine": true, "geen": true,
	"pas": true, "non": true, "não": true, "nao": true, "nie": true, "ne": true, "nejsem": true, "не": true}

// deniesBeing is true when a negation stands within the two words before
// word in t, or word is denied the Japanese or Chinese way (ロボットでは
// ありません, 不是机器人).
func deniesBeing(t, word string) bool {
	if strings.Contains(t, word+"では") || strings.Contains(t, word+"じゃ") || strings.Contains(t, "不是"+word) {
		return true
	}
	words := strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	for i, f := range words {
		if f != word {
			continue
		}
		for j := max(0, i-3); j < i; j++ {
			if negations[words[j]] {
				return true
			}
		}
	}
	return false
}

// scriptCheck recognises a JavaScript check of no known vendor (StormWall,
// a host's own, a new one): a page with nothing to read or fill in whose
// title or heading says it is checking you, and a script to do it.
func (w *wallView) scriptCheck(vendor string) (Verdict, bool) {
	if w.scripts == 0 || w.fields() > 0 {
		return Verdict{}, false
	}
	for _, t := range w.titles() {
		for _, p := range checkingPhrases {
			// The page saying it, not a help page asking about it ("Why
			// do I see 'Checking your browser'?").
			if strings.HasPrefix(t, p) && !strings.ContainsAny(t, "?？") {
				return Verdict{Kind: Challenge, Vendor: vendor, Reason: `script check "` + t + `"`}, true
			}
		}
	}
	// Some say it in the first sentence of their text instead, under the
	// site's name or in a smaller heading (BunkerWeb's "Please wait while
	// we check if you are a Human", Cloudflare's wording copied by clones).
	for _, p := range checkingPhrases {
		if w.saysEarly(p) {
			return Verdict{Kind: Challenge, Vendor: vendor, Reason: `script check "` + p + `"`}, true
		}
	}
	if p := w.connectionCheck(); p != "" {
		return Verdict{Kind: Challenge, Vendor: vendor, Reason: `connection check "` + p + `"`}, true
	}
	return Verdict{}, false
}

// readerCheck recognises a check page as a reader or a saved copy keeps
// it, its scripts dropped (Cloudflare's 2025 page as a crawler's Markdown
// or a browser's accessibility snapshot has it: "Performing security
// verification" over "...while the website verifies you are not a bot"):
// a short page with nothing to fill in whose title or a heading says it
// is checking, and whose text says it tells bots from people. A help page
// about the check asks about it, quotes it in a code block (no heading),
// or says far more.
func (w *wallView) readerCheck(vendor string) (Verdict, bool) {
	if w.scripts > 0 || w.fields() > 0 || w.textLen >= sayMaxText {
		return Verdict{}, false
	}
	for _, t := range w.titles() {
		for _, p := range checkingPhrases {
			if strings.HasPrefix(t, p) && !strings.ContainsAny(t, "?？") && w.asksForHuman() {
				return Verdict{Kind: Challenge, Vendor: vendor, Reason: `check page without its script "` + t + `"`}, true
			}
		}
	}
	return Verdict{}, false
}

// checkingPhrases are what a page running a bot check says it is doing.
// "Just a moment" or "Please wait" alone are not among them: an app's
// loading screen says those too.
//
// The self-hosted proof-of-work gates small sites put in front of
// themselves (Anubis, go-away, Cerberus and their forks) say they are
// making sure, or checking, that you are not a bot.
var checkingPhrases = append([]string{"checking your browser", "verifying you are human",
	"verifying your browser", "checking if the site connection is secure",
	"please wait while your request is being verified",
	"checking you are not a bot", "checking that you are not a bot", "making sure you're not a bot",
	"making sure you are not a bot", "verifying you are not a bot", "checking you're not a bot",
	"check if you are a human", "check if you are human", "checking if you are human",
	"checking if you are a human", "человек ли вы", "performing security verification",
	// Cloudflare's "Verifying you are human" in the portals' languages,
	// which clones copy without Cloudflare's markers.
	"ob sie ein mensch sind", "que vous êtes un humain", "dat u een mens bent",
	"que usted es un ser humano", "di essere un essere umano", "czy jesteś człowiekiem"}, checkingWords...)

// rateLimitPhrases and deniedPhrases are the reason phrases of a server's
// own error page, in English and the languages of the portals we watch.
var (
	rateLimitPhrases = append([]string{"rate limit exceeded", "rate limited"}, tooManyRequests...)
	deniedPhrases    = append([]string{"forbidden", "access denied", "access forbidden", "zugriff verweigert",
		"toegang geweigerd", "accès refusé", "acceso denegado", "accesso negato", "odmowa dostępu",
		"dostęp zabroniony", "přístup odepřen", "přístup zakázán", "åtkomst nekad", "доступ запрещён",
		"доступ запрещен"}, accessDenied...)
)

// isStatusLine is true when t (lowercased, as the scan keeps it) is no
// more than a status line: one of the
// phrases, optionally with a status code, "error", "http" and punctuation
// around it ("429", "Error 429 - Too Many Requests", "503 Too many
// requests": a Varnish limiter's 503 says what it is in its phrase). A
// longer title that merely contains the phrase (a question about it) is
// not; a bare number counts only when it is code.
func isStatusLine(t, code string, phrases ...string) bool {
	if textWidth(t) > 48 {
		return false
	}
	words := statusLineWords(t)
	kept := make([]string, 0, len(words))
	for _, f := range words {
		if !isStatusCode(f) {
			kept = append(kept, f)
		}
	}
	rest := strings.Join(kept, " ")
	if rest == "" {
		return len(words) == 1 && words[0] == code
	}
	for _, p := range phrases {
		if rest == p {
			return true
		}
	}
	return false
}

// codeLine is true when t (a title or first heading) opens with code and
// says at most a few words more, in whatever language ("429 요청 한도
// 초과", "Error 403 Απαγορευμένο"): a server's error page names itself by
// its code first, and a page about the code asks or says more. Only for
// the codes that are walls, so a phrase list need not know the language.
func codeLine(t, code string) bool {
	if !strings.Contains(t, code) || textWidth(t) > 48 || strings.ContainsAny(t, "?？؟") {
		return false
	}
	words := statusLineWords(t)
	return len(words) > 1 && len(words) <= 6 && words[0] == code
}

// statusLineWords are the words of a status line without its noise: the
// punctuation, "http", and the word "error" in any language ("Error 429",
// "Fehler 429", "خطای 429", "Virhe 429", "エラー 429"), which a server's
// error page puts before its code as often as "error" itself.
func statusLineWords(t string) []string {
	words := strings.Fields(statusLineNoise.Replace(t))
	kept := words[:0]
	for _, f := range words {
		if !errorWords[f] {
			kept = append(kept, f)
		}
	}
	return kept
}

// codePage is true for a page small enough to be named by its code
// alone: a line or two under the code and a link home at most. A short
// page about a house at "429 Park Avenue" says more.
func (w *wallView) codePage() bool {
	return w.textLen < waitMaxText && w.links <= 2
}

var statusLineNoise = strings.NewReplacer("http", " ", "error", " ", ":", " ", "-", " ",
	"|", " ", ".", " ", "!", " ", "(", " ", ")", " ")

// isStatusCode is true for a three-digit 4xx or 5xx code.
func isStatusCode(f string) bool {
	return len(f) == 3 && (f[0] == '4' || f[0] == '5') && '0' <= f[1] && f[1] <= '9' && '0' <= f[2] && f[2] <= '9'
}

// captchaWidget names the captcha widget on the page, if any, and the
// vendor that makes it. Each is known by the class its embed code asks
// for or the host its script comes from, both part of the vendor's API.
func (w *wallView) captchaWidget() (widget, vendor string) {
	switch {
	case w.attr("class", "cf-turnstile"), w.attr("src", "challenges.cloudflare.com/turnstile"):
		return "Turnstile widget", "cloudflare"
	case w.attr("class", "h-captcha"), w.attr("src", "hcaptcha.com"):
		return "hCaptcha widget", ""
	case w.attr("class", "g-recaptcha"), w.attrAny("src", isRecaptchaWidgetSrc):
		return "reCAPTCHA widget", ""
	case w.attr("src", "geetest.com"), strings.Contains(w.script, "initgeetest"):
		return "GeeTest widget", ""
	case w.attr("class", "frc-captcha"), w.attr("src", "friendlycaptcha"):
		return "Friendly Captcha widget", ""
	case w.attr("src", "arkoselabs.com"), w.attr("src", "funcaptcha.com"):
		return "Arkose captcha", ""
	case w.attr("src", "smartcaptcha.yandexcloud.net"), w.attr("class", "smart-captcha"):
		return "Yandex SmartCaptcha widget", ""
	case w.attr("src", "captcha.qcloud.com"), w.attr("src", "captcha.qq.com"), w.attr("src", "tcaptcha.js"):
		// Tencent's captcha (TCaptcha.js), on Chinese sites' checks.
		return "Tencent captcha", ""
	case w.attrIs("id", "mcaptcha__widget-container"), w.attr("src", "mcaptcha"):
		// The self-hosted proof-of-work captcha (BunkerWeb offers it as
		// its antibot page); its glue script fills a token input.
		return "mCaptcha widget", ""
	case w.attr("src", "altcha"), w.attr("src", "@cap.js/widget"), w.attr("src", "prosopo.io"),
		w.attr("src", "privatecaptcha.com"):
		// The proof-of-work and privacy captchas of 2023-26 (ALTCHA,
		// Cap, Procaptcha, Private Captcha), loaded by their script.
		return "proof-of-work captcha widget", ""
	case w.attr("src", "dun.163.com"), w.attr("src", "cstaticdun.126.net"):
		// NetEase's Yidun captcha, on Chinese sites' checks.
		return "NetEase Yidun captcha", ""
	}
	return "", ""
}

// isRecaptchaWidgetSrc is true for a reCAPTCHA script or frame that shows
// a widget. The score-only v3 and Enterprise script (api.js?render=<site
// key>) shows nothing: sites load it on every page, so it is no check.
func isRecaptchaWidgetSrc(src string) bool {
	if !strings.Contains(src, "google.com/recaptcha") && !strings.Contains(src, "recaptcha.net") {
		return false
	}
	_, render, ok := strings.Cut(src, "render=")
	return !ok || strings.HasPrefix(render, "explicit") || strings.HasPrefix(render, "onload")
}

// humanCheckPhrases are what a verification page says in its title or
// heading.
var humanCheckPhrases = []string{
	"verify you are human", "verify you're human", "verify that you are human",
	"are you a robot", "are you human", "not a robot", "security check",
	"just a moment", "checking your browser", "human verification",
	"bot check", "one more step", "attention required", "please verify",
	"captcha", "verification required", "checking if the site connection is secure",
	// Chinese and Korean sites title their checks "security
	// verification" or "automatic-input prevention".
	"安全验证", "人机验证", "滑块验证", "安全驗證", "자동입력 방지", "보안 문자",
}

// robotWords are "robot" and "human" in the languages of the portals we
// watch; on a page whose only control is a captcha, any of them in the
// text is the page asking which one you are ("dass du kein Roboter bist",
// "geen robot", "pas un robot", "ロボットではありません"). Matched as words.
var robotWords = []string{"robot", "robots", "roboter", "robô", "robota", "robotem",
	"human", "humain", "humano", "umano", "mensch", "mens", "bot",
	"ロボット", "机器人", "робот", "로봇", "người máy", "ρομπότ", "หุ่นยนต์", "روبوت", "רובוט",
	"robotti", "रोबोट", "রোবট", "ربات", "manusia", "इंसान", "মানুষ", "انسان", "людина", "ihminen", "humà"}

// asksForHuman is true when a title or heading names a human check, a
// robot word is in the text, or the page says, early, that it saw
// automated or unusual traffic from us (Google's Chinese sorry page, which
// names no robot: "...存在异常流量。此网页用于确认这些请求是由您而不是自动
// 程序发出的"; Yandex's "запросы ... похожи на автоматические").
func (w *wallView) asksForHuman() bool {
	for _, t := range w.titles() {
		for _, p := range humanCheckPhrases {
			if strings.Contains(t, p) {
				return true
			}
		}
	}
	for _, text := range []string{w.title, w.text, w.hidden} {
		for _, r := range robotWords {
			if hasWord(text, r) {
				return true
			}
		}
	}
	return w.saysAutomated()
}

// captchaWords are "captcha" as pages write it: most languages borrow the
// Latin word (Thai, Arabic, Vietnamese pages write "CAPTCHA"); some spell
// it in their own letters.
var captchaWords = []string{"captcha", "капча", "капчу", "капчи", "캡차", "캡챠", "验证码", "驗證碼", "キャプチャ"}

// namesCaptcha is true when the visible text names the captcha the page
// shows ("Vui lòng hoàn thành CAPTCHA bên dưới", "complete the CAPTCHA
// supplied below"): on a dead end whose only control is the widget, that
// is the page asking for the check, in any language, without naming a
// robot.
func (w *wallView) namesCaptcha() bool {
	for _, c := range captchaWords {
		if hasWord(w.text, c) {
			return true
		}
	}
	return false
}

// hasWord is true when word occurs in s not inside a longer Latin word.
// Scripts without spaces (Japanese, Chinese) match anywhere.
func hasWord(s, word string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], word)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(word)
		if word[0] >= 0x80 || (!isLetterAt(s, start-1) && !isLetterAt(s, end)) {
			return true
		}
		i = end
	}
}

// isLetterAt is true when s[i] is an ASCII letter or part of a non-ASCII
// character (an accented letter of the same word).
func isLetterAt(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return 'a' <= c && c <= 'z' || c >= 0x80
}
