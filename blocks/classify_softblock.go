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

// blockedWords say "blocked" in the languages of the portals we watch.
var blockedWords = []string{"blocked", "geblokkeerd", "blockiert", "gesperrt", "bloqué", "bloquée",
	"bloqueado", "bloqueada", "bloccato", "bloccata"}

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
}

// blockedNoticeMax bounds a blocked notice: a title or heading, not a
// sentence in an article.
const blockedNoticeMax = 80

// isBlockedNotice is true when a title or heading t says the visitor (or
// their address, access or request) was blocked. A question ("Why was I
// blocked?") is a help page asking about one.
func isBlockedNotice(t string) bool {
	if len(t) > blockedNoticeMax || strings.ContainsAny(t, "?？") {
		return false
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

// unusualTrafficPhrases are how a site says it saw too much from us
// ("Our systems have detected unusual traffic from your computer network",
// Google's "your computer or network may be sending automated queries"),
// in the portals' languages.
var unusualTrafficPhrases = []string{"unusual traffic from your", "sending automated queries",
	"ungewöhnlichen datenverkehr", "ongebruikelijk verkeer", "trafic inhabituel",
	"tráfico inusual", "traffico insolito"}

// unusualTraffic recognises a notice that the site saw unusual traffic
// from us, with no captcha to pass and nothing to fill in: the site asks
// us to wait, as a rate limit does. The page must say it, at the start of
// its title or heading or of its short text, not quote or ask about it.
func (w *wallView) unusualTraffic(vendor string) (Verdict, bool) {
	if w.fields() > 0 {
		return Verdict{}, false
	}
	for _, p := range unusualTrafficPhrases {
		if w.says(p) || w.saysAfterApology(p) {
			return Verdict{Kind: RateLimited, Vendor: vendor, Reason: `unusual traffic notice "` + p + `"`}, true
		}
	}
	return Verdict{}, false
}

// saysAfterApology is says for a sentence that follows an apology
// ("We're sorry... but your computer or network may be sending automated
// queries"): the phrase within the first sentences of a short text.
func (w *wallView) saysAfterApology(phrase string) bool {
	if w.textBytes >= sayMaxText || !strings.HasPrefix(w.text, "we're sorry") && !strings.HasPrefix(w.text, "sorry") {
		return false
	}
	i := strings.Index(w.text, phrase)
	return i >= 0 && i < 2*sayWithin && !quoted(w.text[:i])
}
