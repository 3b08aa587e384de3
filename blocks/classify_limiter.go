package blocks

import "strings"

// limiterMessage returns the "too many requests" phrase of a short page
// whose text is an app's own limiter speaking, or "": a phrase of
// tooManyRequests (in any language) opens a sentence near the start of
// the text, and either ends its clause there ("요청이 너무 많습니다.",
// "Quá nhiều yêu cầu.", "יותר מדי בקשות —") or the page asks to wait or
// try again ("Çok fazla istek gönderildi, lütfen daha sonra tekrar
// deneyin."). That is the whole of such an answer, served as text or as a
// JSON message in place of the page.
//
// A page that uses the words for something else goes on about it ("Too
// many requests were made to this listing today, so it is popular."); a
// page about HTTP names the status ("429 Too Many Requests", a term in
// docs or a feed), asks about it, quotes it, or says it deep in a longer
// text.
func (w *wallView) limiterMessage() string {
	if w.textLen >= plainMaxText || w.fields() > 0 {
		return ""
	}
	for _, p := range limiterPhrases {
		i := strings.Index(w.text, p)
		if i < 0 || textWidth(w.text[:i]) >= 2*sayWithin {
			continue
		}
		before, after := w.afterFirstHeading(w.text[:i]), w.text[i+len(p):]
		if !opensSentence(before) || quoted(before) || question(after) {
			continue
		}
		if endsClause(after) || w.asksToWait() {
			return p
		}
	}
	return ""
}

// opensSentence is true when the text before a phrase starts its
// sentence: nothing, the end of a sentence, or up to three short words of
// subject ("상태 변경 요청이 너무 많습니다": "status-change requests are
// too many"; "कम समय में बहुत सारे अनुरोध": "in a short time, many
// requests"), but not a status code, which makes the phrase a term ("429 Too
// Many Requests").
func opensSentence(before string) bool {
	before = strings.TrimSpace(before)
	if before == "" || strings.ContainsAny(before[len(before)-1:], ".!:") || strings.HasSuffix(before, "。") {
		return true
	}
	words := strings.Fields(before)
	if len(words) > 3 || textWidth(before) > 20 {
		return false
	}
	for _, f := range words {
		if isStatusCode(strings.Trim(f, "()[]-–—:")) {
			return false
		}
	}
	return true
}

// afterFirstHeading is before without the page's first heading, where
// the text opens with it: a heading is a sentence of its own, though the
// text runs on from it without a stop ("थोड़ा रुकिए" — "wait a little" —
// over "कम समय में बहुत सारे अनुरोध हो गए।", "خطای 429" over its
// sentence).
func (w *wallView) afterFirstHeading(before string) string {
	if len(w.headings) == 0 || w.headings[0] == "" {
		return before
	}
	if rest, ok := strings.CutPrefix(strings.TrimLeft(before, " "), w.headings[0]); ok {
		return rest
	}
	return before
}

// endsClause is true when the phrase ends its clause: the text ends, or a
// stop, comma or dash follows (an Arabic "جداً" finishes its last word
// first).
func endsClause(after string) bool {
	after = strings.TrimLeft(after, "ًاٌٍ")
	after = strings.TrimSpace(after)
	return after == "" || strings.ContainsAny(after[:1], ".,!;:-") || strings.HasPrefix(after, "—") ||
		strings.HasPrefix(after, "–") || strings.HasPrefix(after, "،") || strings.HasPrefix(after, "。") ||
		strings.HasPrefix(after, "，") || strings.HasPrefix(after, "…") || strings.HasPrefix(after, "۔") ||
		strings.HasPrefix(after, "।")
}

// waitWords are how a limiter asks to wait or try again, in the languages
// of tooManyRequests.
var waitWords = []string{"try again", "retry", "wait", "later", "come back",
	"später", "warte", "réessayez", "plus tard", "patientez", "más tarde", "inténtalo", "espere", "espera un",
	"riprova", "più tardi", "tente novamente", "mais tarde", "aguarde", "probeer het", "wacht", "spróbuj", "później",
	"poczekaj", "zkuste", "později", "försök igen", "senare", "vänta", "prøv igen", "prøv igjen", "vent",
	"yritä uudelleen", "próbáld", "később", "încercați", "mai târziu", "попробуйте", "подождите", "позже",
	"спробуйте", "зачекайте", "пізніше", "опитайте", "изчакайте", "δοκιμάστε", "περιμένετε", "σε λίγο",
	"tekrar deneyin", "bekleyin", "daha sonra", "coba lagi", "tunggu", "thử lại", "chờ", "다시 시도", "잠시 후",
	"기다려", "しばらく", "後で", "再度", "稍后", "再试", "稍後", "กรุณารอ", "ลองใหม่", "รอสักครู่", "נסו שוב",
	"נסה שוב", "המתן", "בעוד", "حاول", "لاحق", "انتظر", "بعد قليل", "دوباره", "صبر کنید", "बाद में", "प्रतीक्षा",
	"منتظر", "صبر کن", "रुक", "दोबारा", "पुनः प्रयास", "আবার চেষ্টা", "পরে চেষ্টা", "অপেক্ষা", "torna-ho a provar",
	"torneu-ho a provar", "espera", "espereu", "més tard",
	"skúste", "neskôr", "pokušajte", "kasnije", "покушајте", "касније", "poskusite", "pozneje", "bandykite", "vėliau",
	"mēģiniet", "vēlāk", "proovige", "hiljem", "subukan", "بعد میں", "دوبارہ کوشش", "नंतर", "पुन्हा", "yenidən",
	"кейінірек", "provoni", "më vonë", "обидете", "подоцна", "reyndu", "síðar", "saiatu", "geroago",
	"probeer", "სცადეთ", "მოგვიანებით", "மீண்டும்", "முயற்சிக்க", "ફરી", "પછી", "पछि", "फेरि", "дахин", "дараа"}

// asksToWait is true when the page asks, anywhere in its short text, to
// wait or try again.
func (w *wallView) asksToWait() bool {
	for _, p := range waitWords {
		if strings.Contains(w.text, p) {
			return true
		}
	}
	return false
}

// opensWithLimit is true when t (a title, first heading or bare text)
// opens with "too many requests" in any language and says it, not asks
// it: a limiter that answers with one heading ("<h1>Prea multe cereri
// intr-un interval scurt...</h1>") names itself by the phrase though more
// words follow. Only on a code page: a page that merely opens with the
// words says much more under them.
func opensWithLimit(t string) bool {
	if strings.ContainsAny(t, "?？؟") && !strings.Contains(t, "?!") {
		return false
	}
	for _, p := range tooManyRequests {
		if strings.HasPrefix(t, p) && (p[0] >= 0x80 || !isLetterAt(t, len(p))) {
			return true
		}
	}
	return false
}
