package blocks

import (
	"net/http"
	"strings"
	"unicode"
)

// The site's own walls, no vendor's: a notice that the visitor has been
// blocked, and a captcha the site draws itself (an image and a field to
// type its characters into). plainWall asks these only of a page smaller
// than a vendor's wall page, with nothing else to fill in.

// captchaField recognises a site's own image captcha standing alone: the
// only field on the page is its answer field (an input named or id'd
// "captcha", as Google's sorry page and Amazon's robot check have), the
// page is a dead end and it says why it asks ("not a robot"). A login or
// a contact form with a captcha field has other fields beside it.
func (w *wallView) captchaField(vendor string) (Verdict, bool) {
	if w.captchaFields == 0 || w.fields() != w.captchaFields || w.passwords > 0 ||
		w.links > loneWidgetMaxLinks || !w.asksForHuman() {
		return Verdict{}, false
	}
	reason := "captcha field alone on a verification page"
	if w.status == http.StatusTooManyRequests {
		return Verdict{Kind: RateLimited, Vendor: vendor, Reason: reason + " with HTTP 429"}, true
	}
	return Verdict{Kind: Challenge, Vendor: vendor, Reason: reason}, true
}

// blockedWords say "blocked" in the languages of the portals we watch, or
// "banned".
var blockedWords = []string{"blocked", "geblokkeerd", "blockiert", "gesperrt", "bloqué", "bloquée",
	"bloqueado", "bloqueada", "bloccato", "bloccata", "banned", "blacklisted", "заблокирован", "заблокировали",
	"zablokowany", "zablokowana", "zablokowano", "zablokowane",
	// Indonesian, Malay, Romanian, Hungarian, Finnish, Danish, Norwegian,
	// Catalan, Ukrainian.
	"diblokir", "disekat", "blocat", "blocată", "blocați", "letiltva", "letiltottuk", "blokkolva", "estetty",
	"blokattu", "blokeret", "blokkert", "bloquejat", "bloquejada", "заблоковано", "заблокований", "заблокували"}

// blockedSubjects are who or what a blocked notice says was blocked: the
// visitor, their address, their access or request ("You have been
// blocked", "IP address 64.236.1.2 is blocked", "Zugriff gesperrt", "Je
// bent geblokkeerd", "Vous avez été bloqué", "Acceso bloqueado").
var blockedSubjects = map[string]bool{
	"you": true, "your": true, "you've": true, "ip": true, "access": true, "request": true,
	"page": true, "webpage": true, "website": true, "site": true,
	"sie": true, "ihre": true, "ihr": true, "zugriff": true, "anfrage": true,
	"je": true, "u": true, "uw": true, "jouw": true, "toegang": true, "verzoek": true,
	"vous": true, "votre": true, "accès": true, "requête": true,
	"has": true, "ha": true, "su": true, "tu": true, "acceso": true, "solicitud": true,
	"sei": true, "tuo": true, "accesso": true, "richiesta": true,
	"вы": true, "вас": true, "ваш": true, "ваши": true, "доступ": true, "запрос": true,
	"twój": true, "twoje": true, "dostęp": true, "zostałeś": true, "zostałaś": true,
	"anda": true, "akses": true, "permintaan": true, "permohonan": true,
	"ați": true, "accesul": true, "cererea": true, "dvs": true,
	"hozzáférés": true, "hozzáférése": true, "kérés": true, "kérése": true, "ön": true, "önt": true,
	"pääsy": true, "pääsysi": true, "pyyntö": true, "pyyntösi": true, "sinut": true,
	"du": true, "din": true, "adgang": true, "adgangen": true, "anmodning": true, "tilgang": true,
	"tilgangen": true, "forespørsel": true, "forespørgsel": true,
	"accés": true, "sol·licitud": true, "vas": true, "запит": true,
}

// blockedNoticeMax bounds a blocked notice, in letters: a title or
// heading, not a sentence in an article.
const blockedNoticeMax = 80

// isBlockedNotice is true when a title or heading t says the visitor (or
// their address, access or request) was blocked. A question ("Why was I
// blocked?") is a help page asking about one.
func isBlockedNotice(t string) bool {
	if textWidth(t) > blockedNoticeMax || strings.ContainsAny(t, "?？") {
		return false
	}
	if cjkBlocked(t) {
		return true
	}
	blocked := false
	for _, b := range blockedWords {
		blocked = blocked || hasWord(t, b)
	}
	if !blocked {
		return false
	}
	for _, f := range strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		if blockedSubjects[f] {
			return true
		}
	}
	return false
}

// cjkBlocked is true for a Chinese notice that the visitor's request or
// access was intercepted, refused or cut off ("您的请求已被拦截", "访问被拒绝",
// Alibaba Cloud WAF's "您的访问被阻断"), as the Chinese firewalls (SafeLine,
// the nginx Lua WAFs, the cloud WAFs) say it.
// Without spaces there are no words to match, so a subject (request,
// access) and a refusal must both be there: customs "intercepting" goods
// in a headline names neither.
func cjkBlocked(t string) bool {
	subject := strings.Contains(t, "请求") || strings.Contains(t, "访问")
	refused := strings.Contains(t, "被拦截") || strings.Contains(t, "被拒绝") || strings.Contains(t, "被封禁") ||
		strings.Contains(t, "被阻止") || strings.Contains(t, "被阻断") || strings.Contains(t, "已被") && strings.Contains(t, "拦截")
	return subject && refused
}

// cjkOpeningMax is how much of a short page's text a Chinese block notice
// opens within: the firewall's name, then the sentence ("网站防火墙 您的
// 请求带有不合法参数，已被网站管理员设置拦截！", the nginx Lua WAFs' page).
const cjkOpeningMax = 300

// unusualTrafficPhrases are how a site says it saw too much from us
// ("Our systems have detected unusual traffic from your computer network",
// Google's "your computer or network may be sending automated queries"),
// in the portals' languages.
var unusualTrafficPhrases = append([]string{"unusual traffic from your", "sending automated queries",
	"ungewöhnlichen datenverkehr", "ongebruikelijk verkeer", "trafic inhabituel", "trafic exceptionnel",
	"tráfico inusual", "traffico insolito", "tráfego incomum", "tráfego anormal", "nietypowy ruch",
	"neobvyklý provoz", "ağınızdan olağan dışı trafik", "ağınızdan gelen olağan dışı trafik",
	"трафик, исходящий из вашей сети", "необычный трафик", "ネットワークから通常と異なるトラフィック",
	"您的计算机网络中存在异常流量", "您的网络中存在异常流量", "您的電腦網路中存在異常流量"}, unusualTrafficWords...)

// automatedPhrases are how a captcha page says why it asks: the requests
// from us look automated (Yandex's "запросы, поступившие с вашего
// IP-адреса, похожи на автоматические" and its English "Please confirm
// that you and not a robot are sending requests"), in the portals'
// languages. Said on a page with a check to pass, they make it one.
var automatedPhrases = []string{"похожи на автоматические", "not a robot are sending requests",
	"requests look automated", "requests from your ip look automated", "requests from your network look automated",
	"automatisierte anfragen", "automatische anfragen", "requêtes automatisées", "solicitudes automatizadas",
	"consultas automatizadas", "richieste automatizzate", "geautomatiseerde verzoeken", "zautomatyzowane zapytania",
	"otomatik sorgu", "而不是自动程序发出的", "自動送信された"}

// saysAutomated is true when the page says early in a short text that it
// saw unusual or automated traffic from us.
func (w *wallView) saysAutomated() bool {
	for _, list := range [][]string{unusualTrafficPhrases, automatedPhrases} {
		for _, p := range list {
			if w.saysEarly(p) {
				return true
			}
		}
	}
	return false
}

// pictureCaptcha recognises a site's own captcha whose answer field is not
// named captcha (Yandex's "rep"): the page's one field stands beside a
// picture to copy, or in a form sent to a captcha check, on a dead end
// that asks whether you are human or says our requests look automated.
// A form with more fields (a subscription's email) is the site's own.
func (w *wallView) pictureCaptcha(vendor string) (Verdict, bool) {
	if w.inputs != 1 || w.fields() != 1 || w.passwords > 0 || w.searchInputs > 0 ||
		w.links > loneWidgetMaxLinks || !w.captchaPicture() || !w.asksForHuman() {
		return Verdict{}, false
	}
	reason := "answer field beside a captcha picture"
	if w.status == http.StatusTooManyRequests {
		return Verdict{Kind: RateLimited, Vendor: vendor, Reason: reason + " with HTTP 429"}, true
	}
	return Verdict{Kind: Challenge, Vendor: vendor, Reason: reason}, true
}

// captchaPicture is true when an image, or the form, says captcha in its
// source, class or target ("captchaimg", "form__captcha", "/checkcaptcha").
func (w *wallView) captchaPicture() bool {
	return w.attr("src", "captcha") || w.attr("class", "captcha") || w.attr("action", "captcha")
}

// unusualTraffic recognises a notice that the site saw unusual traffic
// from us, with no captcha to pass and nothing to fill in: the site asks
// us to wait, as a rate limit does. The page must say it, at the start of
// its title or heading or of its short text, not quote or ask about it.
func (w *wallView) unusualTraffic(vendor string) (Verdict, bool) {
	if w.fields() > 0 {
		return Verdict{}, false
	}
	for _, p := range unusualTrafficPhrases {
		if (w.says(p) || w.saysAfterApology(p)) && w.fromYourNetwork(p) {
			return Verdict{Kind: RateLimited, Vendor: vendor, Reason: `unusual traffic notice "` + p + `"`}, true
		}
	}
	return Verdict{}, false
}

// fromYourNetwork is true when the sentence that says phrase says the
// traffic came from the visitor's network or address, as every unusual-
// traffic notice does ("...from your computer network", "...aus Ihrem
// Computernetzwerk", "...із вашої комп'ютерної мережі"): a headline about
// unusual traffic on the roads names no network.
func (w *wallView) fromYourNetwork(phrase string) bool {
	i := strings.Index(w.text, phrase)
	if i < 0 {
		return false
	}
	start := strings.LastIndexAny(w.text[:i], ".!?。！？") + 1
	sentence := w.text[start:]
	if end := strings.IndexAny(sentence[i-start+len(phrase):], ".!?。！？"); end >= 0 {
		sentence = sentence[:i-start+len(phrase)+end]
	}
	for _, n := range networkWords {
		// Short words whole ("ip", "red", "ağ"); longer ones as stems,
		// which the languages inflect ("rețeaua", "hálózatából",
		// "tietokoneverkostasi").
		if len(n) <= 4 && hasWord(sentence, n) || len(n) > 4 && strings.Contains(sentence, n) {
			return true
		}
	}
	return false
}

// networkWords are "network" (and "IP", "computer") in the languages of
// unusualTrafficPhrases; some phrases hold theirs ("ağınızdan", "вашей
// сети", "ネットワーク").
var networkWords = []string{"network", "ip", "computer", "netzwerk", "computernetzwerk", "netwerk", "réseau",
	"red", "rete", "rede", "sieci", "sítě", "síti", "ağ", "ağınız", "сети", "сеть", "мережі", "мережа", "ネットワーク",
	"网络", "網路", "네트워크", "mạng", "컴퓨터", "شبكة", "רשת", "δίκτυο", "เครือข่าย", "jaringan", "rangkaian", "rețea",
	"retea", "hálózat", "verko", "netværk", "computernetværk", "nettverk", "datanettverket", "xarxa", "नेटवर्क",
	"নেটওয়ার্ক", "شبکه", "ağınızdan"}

// saysAfterApology is says for a sentence that follows an apology
// ("We're sorry... but your computer or network may be sending automated
// queries"): the phrase within the first sentences of a short text.
func (w *wallView) saysAfterApology(phrase string) bool {
	if w.textLen >= sayMaxText || !strings.HasPrefix(w.text, "we're sorry") && !strings.HasPrefix(w.text, "sorry") {
		return false
	}
	i := strings.Index(w.text, phrase)
	return i >= 0 && textWidth(w.text[:i]) < 2*sayWithin && !quoted(w.text[:i])
}

// rateLimitPhrases are how a site without a 429 says we asked too often:
// GitHub's "Whoa there! You have exceeded a secondary rate limit" and its
// older "You have triggered an abuse detection mechanism", served with 200
// or 403 and no vendor's marker; a forum's "you are being rate limited";
// a self-hosted app's "There were too many requests from your network"
// (Nextcloud's, under a heading that is only the app's name).
var rateLimitNotices = []string{"you have exceeded a secondary rate limit", "you have exceeded a rate limit",
	"there were too many requests from your", "too many requests from your", "too many requests from this ip",
	"rate limit exceeded", "rate limit reached", "you have been rate limited", "you've been rate limited",
	"you're being rate limited",
	"you have exceeded the rate limit", "you have triggered an abuse detection mechanism",
	"you are being rate limited", "we've seen too many requests from you", "we have seen too many requests from you"}

// rateLimitNotice recognises a short page that says, at the start of its
// title, heading or text, that we asked too often. An API's documentation
// that quotes the message is long, or quotes it, or asks about it.
func (w *wallView) rateLimitNotice(vendor string) (Verdict, bool) {
	if w.fields() > 0 {
		return Verdict{}, false
	}
	for _, p := range rateLimitNotices {
		if w.saysEarly(p) {
			return Verdict{Kind: RateLimited, Vendor: vendor, Reason: `rate limit notice "` + p + `"`}, true
		}
	}
	if p := w.limiterMessage(); p != "" {
		return Verdict{Kind: RateLimited, Vendor: vendor, Reason: `limiter message "` + p + `"`}, true
	}
	return Verdict{}, false
}

// blockedSentences are the first sentence of a notice that the visitor's
// request or address was blocked, where the title alone says too little
// ("Blocked", "whoa there, pardner!").
var blockedSentences = append([]string{"your request has been blocked", "this ip has been automatically blocked",
	"your ip has been blocked", "your ip address has been blocked", "your access has been blocked",
	"access to this site has been blocked", "you have been blocked",
	// A ban (fail2ban behind a site's own page, a forum's IP ban) is a
	// block that says so in other words.
	"your ip has been banned", "your ip address has been banned", "you have been banned",
	"your ip is banned", "your ip address is banned", "your ip has been blacklisted",
	"your ip address has been blacklisted", "your ip address is blacklisted",
	// The nginx Lua WAFs' English page: "Your request has illegal
	// parameters and has been blocked by the webmaster."
	"has been blocked by the webmaster", "has been blocked by the administrator",
	"has been blocked by the site administrator"},
	// The same notice in the languages of classify_words.go.
	blockedPhrases...)

// blockedSentence recognises a short page whose text opens by saying our
// request or address was blocked: denied, whoever sent it.
func (w *wallView) blockedSentence(vendor string) (Verdict, bool) {
	if w.fields() > 0 {
		return Verdict{}, false
	}
	for _, p := range blockedSentences {
		if w.saysEarly(p) {
			return Verdict{Kind: Denied, Vendor: vendor, Reason: `blocked notice "` + p + `"`}, true
		}
	}
	if w.textLen < plainMaxText && cjkOpensBlocked(w.text[:min(len(w.text), cjkOpeningMax)]) {
		return Verdict{Kind: Denied, Vendor: vendor, Reason: "blocked notice (Chinese) opening the text"}, true
	}
	return Verdict{}, false
}

// cjkOpensBlocked is true when one of the first two sentences of opening
// says the request or access was refused: a news item naming a request
// in one sentence and a refusal in another is no notice.
func cjkOpensBlocked(opening string) bool {
	sentences := strings.FieldsFunc(opening, func(r rune) bool { return strings.ContainsRune("。！？!?；;", r) })
	for i, s := range sentences {
		if i == 2 {
			break
		}
		if cjkBlocked(s) {
			return true
		}
	}
	return false
}

// saysEarly is says, also after a short greeting the page opens with
// ("Whoa there!", "whoa there, pardner!"): the phrase within the first
// sentences of a plain-shaped page's text (a notice with a paragraph of
// advice under it), not quoted and not asked about.
func (w *wallView) saysEarly(phrase string) bool {
	if w.says(phrase) {
		return true
	}
	if w.textLen >= plainMaxText {
		return false
	}
	i := strings.Index(w.text, phrase)
	return i >= 0 && textWidth(w.text[:i]) < 2*sayWithin && !quoted(w.text[:i]) && !question(w.text[i+len(phrase):])
}
