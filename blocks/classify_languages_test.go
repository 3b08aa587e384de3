package blocks

import (
	"fmt"
	"testing"
	"time"
)

// languagePage is one wall (or ordinary page) of a class in one of the
// languages round 6w found least covered: Indonesian, Malay, Hindi,
// Bengali, Persian, Ukrainian, Romanian, Hungarian, Finnish, Danish,
// Norwegian and Catalan. Each is the class's page with the language's own
// words, so a rule that knows the class must know them.
type languagePage struct {
	lang, class string
	html        string
	want        Kind
}

// blockedTitles are "you have been blocked" as a short page's title.
var blockedTitles = map[string]string{
	"id": "Anda telah diblokir", "ms": "Akses anda telah disekat", "ro": "Ați fost blocat",
	"hu": "A hozzáférése letiltva", "fi": "Pääsysi on estetty", "da": "Du er blevet blokeret",
	"no": "Du er blokkert", "ca": "Has estat bloquejat", "uk": "Вас заблоковано",
	"hi": "आपको ब्लॉक कर दिया गया है", "bn": "আপনাকে ব্লক করা হয়েছে", "fa": "دسترسی شما مسدود شده است",
}

// forbiddenTitles are a 403 page's status line in the language.
var forbiddenTitles = map[string]string{
	"id": "403 Terlarang", "ms": "403 Dilarang", "ro": "403 Interzis", "hu": "403 Tiltott",
	"fi": "403 Kielletty", "da": "403 Forbudt", "no": "403 Forbudt", "ca": "403 Prohibit",
	"uk": "403 Заборонено", "hi": "403 निषिद्ध", "bn": "403 নিষিদ্ধ", "fa": "403 ممنوع",
}

// deniedTitles are "access denied" as a refusal's title.
var deniedTitles = map[string]string{
	"id": "Akses ditolak", "ms": "Akses dinafikan", "ro": "Acces refuzat", "hu": "Hozzáférés megtagadva",
	"fi": "Pääsy estetty", "da": "Adgang nægtet", "no": "Tilgang nektet", "ca": "Accés denegat",
	"uk": "Доступ заборонено", "hi": "पहुंच अस्वीकृत", "bn": "অ্যাক্সেস অস্বীকৃত", "fa": "دسترسی ممنوع",
}

// unusualTrafficSentences open Google's unusual-traffic notice.
var unusualTrafficSentences = map[string]string{
	"id": "Sistem kami mendeteksi lalu lintas tidak biasa dari jaringan komputer Anda.",
	"ms": "Sistem kami telah mengesan trafik luar biasa daripada rangkaian komputer anda.",
	"ro": "Sistemele noastre au detectat trafic neobișnuit de la rețeaua dvs. de calculatoare.",
	"hu": "Rendszereink szokatlan forgalmat észleltek az Ön számítógépes hálózatából.",
	"fi": "Järjestelmämme on havainnut epätavallista liikennettä tietokoneverkostasi.",
	"da": "Vores systemer har registreret usædvanlig trafik fra dit computernetværk.",
	"no": "Systemene våre har oppdaget uvanlig trafikk fra datanettverket ditt.",
	"ca": "Els nostres sistemes han detectat trànsit inusual a la teva xarxa d'ordinadors.",
	"uk": "Наші системи виявили незвичайний трафік із вашої комп'ютерної мережі.",
	"hi": "हमारे सिस्टम ने आपके कंप्यूटर नेटवर्क से असामान्य ट्रैफ़िक का पता लगाया है।",
	"bn": "আমাদের সিস্টেম আপনার কম্পিউটার নেটওয়ার্ক থেকে অস্বাভাবিক ট্র্যাফিক শনাক্ত করেছে।",
	"fa": "سیستم\u200cهای ما ترافیک غیرعادی از شبکه رایانه شما شناسایی کرده\u200cاند.",
}

// notRobotSentences ask, beside a lone captcha, that you show you are no
// robot.
var notRobotSentences = map[string]string{
	"id": "Pastikan Anda manusia, bukan program otomatis.", "ms": "Sahkan bahawa anda manusia.",
	"ro": "Confirmați că nu sunteți un robot.", "hu": "Igazolja, hogy nem robot.",
	"fi": "Vahvista, ettet ole robotti.", "da": "Bekræft at du ikke er en robot.",
	"no": "Bekreft at du ikke er en robot.", "ca": "Confirmeu que sou humà.",
	"uk": "Підтвердіть, що ви людина.", "hi": "पुष्टि करें कि आप रोबोट नहीं हैं।",
	"bn": "নিশ্চিত করুন যে আপনি রোবট নন।", "fa": "تأیید کنید که ربات نیستید.",
}

func languagePages() []languagePage {
	var out []languagePage
	for lang, t := range blockedTitles {
		out = append(out, languagePage{lang, "blocked title", fmt.Sprintf(
			"<html><head><title>%s</title></head><body><h1>%s</h1><p>ID: 8f3a2c</p></body></html>", t, t), Denied})
	}
	for lang, t := range forbiddenTitles {
		out = append(out, languagePage{lang, "403 status line", fmt.Sprintf(
			"<html><head><title>%s</title></head><body><h1>%s</h1><hr><address>nginx</address></body></html>", t, t), Denied})
	}
	for lang, t := range deniedTitles {
		out = append(out, languagePage{lang, "access denied title", fmt.Sprintf(
			"<html><head><title>%s</title></head><body><h1>%s</h1><p>Ref: 18.2f1c3b17.1733308811</p></body></html>", t, t), Denied})
	}
	for lang, s := range unusualTrafficSentences {
		out = append(out, languagePage{lang, "unusual traffic", fmt.Sprintf(
			"<html><body><div>%s</div><div>IP: 203.0.113.42</div></body></html>", s), RateLimited})
	}
	for lang, s := range notRobotSentences {
		out = append(out, languagePage{lang, "lone captcha", fmt.Sprintf(
			`<html><body><form method="post"><p>%s</p><div class="g-recaptcha" data-sitekey="k"></div><button>OK</button></form></body></html>`, s), Challenge})
	}
	return out
}

// TestClassifyLanguagesOfRound6 holds each class of wall in each of the
// twelve languages.
func TestClassifyLanguagesOfRound6(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	for _, p := range languagePages() {
		t.Run(p.class+"/"+p.lang, func(t *testing.T) {
			if v := Classify(Page{URL: "https://example.com/", HTML: []byte(p.html)}, now); v.Kind != p.want {
				t.Errorf("kind = %s (%s), want %s", v.Kind, v.Reason, p.want)
			}
		})
	}
}

// TestClassifyLanguagesOfRound6Ordinary holds short ordinary pages in the
// same languages that use the same words: a how-to asking about a block,
// a road "blocked" in a headline, a form asking for a human check beside
// its fields, a 404.
func TestClassifyLanguagesOfRound6Ordinary(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	pages := map[string]string{
		"da how-to question": "<html><head><title>Er din konto blokeret? Sådan får du adgang igen</title></head><body><h1>Er din konto blokeret?</h1><p>Følg trinene herunder for at låse kontoen op.</p></body></html>",
		"fi road headline":   "<html><head><title>Tie estetty Helsingissä – liikenne ohjataan kiertotielle</title></head><body><h1>Tie estetty Helsingissä</h1><p>Poliisi ohjaa liikenteen kiertotielle iltaan asti.</p></body></html>",
		"id contact form":    `<html><body><form method="post"><p>Pastikan Anda manusia.</p><input name="nama"><textarea name="pesan"></textarea><div class="g-recaptcha" data-sitekey="k"></div><button>Kirim</button></form></body></html>`,
		"hu 404":             "<html><head><title>404 Az oldal nem található</title></head><body><h1>Az oldal nem található</h1><p>A keresett oldal nem létezik.</p></body></html>",
		"uk news traffic":    "<html><head><title>Київ: незвичайний трафік на дорогах через ремонт мосту</title></head><body><h1>Незвичайний трафік на дорогах</h1><p>Через ремонт мосту водіям радять обирати інші маршрути протягом тижня.</p></body></html>",
		"ro listing":         "<html><head><title>Apartament 2 camere, 403 €/lună</title></head><body><h1>Apartament 2 camere</h1><p>Chirie 403 € pe lună, zona Titan, liber imediat.</p></body></html>",
	}
	for name, html := range pages {
		if v := Classify(Page{URL: "https://example.com/", HTML: []byte(html)}, now); v.Kind != OK {
			t.Errorf("%s: kind = %s (%s), want ok", name, v.Kind, v.Reason)
		}
	}
}

// limiterAnswers are an app's limiter answering in languages no capture
// has shown yet: the phrase, then a request to wait, as the limiters of
// the captures do in theirs.
var limiterAnswers = map[string]string{
	"sk": "Príliš veľa požiadaviek. Skúste to znova neskôr.", "hr": "Previše zahtjeva. Pokušajte ponovno kasnije.",
	"sr": "Превише захтева. Покушајте поново касније.", "sl": "Preveč zahtev. Poskusite znova pozneje.",
	"lt": "Per daug užklausų. Bandykite vėliau.", "lv": "Pārāk daudz pieprasījumu. Lūdzu, mēģiniet vēlāk.",
	"et": "Liiga palju päringuid. Proovige hiljem uuesti.", "tl": "Masyadong maraming kahilingan. Subukan muli mamaya.",
	"ur": "بہت زیادہ درخواستیں۔ براہ کرم بعد میں دوبارہ کوشش کریں۔", "mr": "खूप विनंत्या. कृपया नंतर पुन्हा प्रयत्न करा.",
	"az": "Çox sayda sorğu. Bir az sonra yenidən cəhd edin.", "kk": "Тым көп сұраныс. Кейінірек қайталап көріңіз.",
	"sq": "Shumë kërkesa. Ju lutemi provoni më vonë.", "mk": "Премногу барања. Обидете се повторно подоцна.",
	"is": "Of margar beiðnir. Reyndu aftur síðar.", "eu": "Eskaera gehiegi. Saiatu berriro geroago.",
	"af": "Te veel versoeke. Probeer asseblief later weer.", "ka": "ძალიან ბევრი მოთხოვნა. სცადეთ მოგვიანებით.",
	"ta": "அதிகமான கோரிக்கைகள். சிறிது நேரம் கழித்து மீண்டும் முயற்சிக்கவும்.", "gu": "ઘણી બધી વિનંતીઓ. કૃપા કરીને પછી ફરી પ્રયાસ કરો.",
	"ne": "धेरै अनुरोधहरू। कृपया पछि फेरि प्रयास गर्नुहोस्।", "mn": "Хэт олон хүсэлт. Дараа дахин оролдоно уу.",
}

// TestClassifyLimiterInMoreLanguages holds a limiter's text answer in
// each of those languages as rate_limited.
func TestClassifyLimiterInMoreLanguages(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	for lang, body := range limiterAnswers {
		if v := Classify(Page{URL: "https://example.com/", HTML: []byte(body)}, now); v.Kind != RateLimited {
			t.Errorf("%s: kind = %s (%s), want rate_limited", lang, v.Kind, v.Reason)
		}
	}
}
