package blocks

import (
	"net/http"
	"strings"
)

// Walls of a self-hosted firewall and of the big Chinese platforms, each
// known by a marker only its wall pages carry.

// cidram: the PHP firewall small sites run signs every page it serves
// with a ScriptIdent element in its footer ("CIDRAM v3.5.1"), whatever
// language the page speaks. Its block page states the refusal in a
// #denied element (a 403 by default, a 429 when it rate limits); its
// CAPTCHA page, and a block page that offers one, hold the widget.
func cidram(w *wallView) (Verdict, bool) {
	if !w.attrIs("id", "scriptident") || !w.inText("cidram") {
		return Verdict{}, false
	}
	widget, _ := w.captchaWidget()
	switch {
	case widget != "":
		return wall(Challenge, "CIDRAM "+widget)
	case !w.attrIs("id", "denied"):
		return Verdict{}, false
	case w.status == http.StatusTooManyRequests:
		return wall(RateLimited, "CIDRAM rate limit (#denied with HTTP 429)")
	case w.inTextAny(cidramRateLimited):
		// A saved page has no status: its "why blocked" line says it.
		return wall(RateLimited, "CIDRAM rate limit (its reason line)")
	}
	return wall(Denied, "CIDRAM block page (#denied)")
}

// cidramRateLimited is CIDRAM's "why blocked" reason for its rate limit
// ("Rate limited"), lowercased, in the languages it ships.
var cidramRateLimited = []string{"rate limited", "tarief beperk", "معدل محدود", "ограничена скорост", "হার সীমিত",
	"stopa ograničena", "tarifa limitada", "sazba omezená", "rate begrenzt", "نرخ محدود", "débit limité",
	"દર મર્યાદિત", "שיעור מוגבל", "सीमित दर", "laju terbatas", "velocità limitato", "レート制限は達しました",
	"제한 속도", "likme ierobežota", "നിരക്ക് പരിമിതം", "दर मर्यादित", "kadar terhad", "hastighetsbegrenset",
	"stawka ograniczona", "taxa limitada", "tarif limitat", "скорость ограничена", "стопа ограничена",
	"hastighetsbegränsad", "வீத வரம்பு", "อัตรา จำกัด", "oran sınırlıdır", "тариф обмежений", "ریٹ محدود",
	"giới hạn tốc độ", "速率限制"}

// inTextAny is true when the visible text contains any of subs.
func (w *wallView) inTextAny(subs []string) bool {
	for _, s := range subs {
		if strings.Contains(w.text, s) {
			return true
		}
	}
	return false
}

// alibaba: Alibaba's anti-bot (Taobao, Tmall, AliExpress, 1688, Lazada)
// answers a suspect request with a page, or a script in place of the
// answer, that sends the browser to its slider captcha under the reserved
// path /_____tmd_____/punish (with x5secdata). Only that page goes there.
func alibaba(w *wallView) (Verdict, bool) {
	if strings.Contains(w.url, "/_____tmd_____/punish") ||
		(w.links == 0 && (strings.Contains(w.script, "_____tmd_____/punish") || w.attr("src", "_____tmd_____/punish") ||
			strings.Contains(w.refresh, "_____tmd_____/punish"))) {
		return wall(Challenge, "Alibaba punish captcha (/_____tmd_____/punish)")
	}
	return Verdict{}, false
}

// baidu: Baidu's security verification ("百度安全验证": a rotating or
// sliding picture) loads its captcha from wappass.baidu.com/static/captcha
// under that title; Baidu's other pages load neither.
func baidu(w *wallView) (Verdict, bool) {
	if w.attr("src", "wappass.baidu.com/static/captcha") || strings.HasPrefix(w.title, "百度安全验证") {
		return wall(Challenge, `Baidu security verification ("百度安全验证")`)
	}
	return Verdict{}, false
}
