package blocks

import "strings"

// The walls of self-hosted gates and of sites' own firewalls that say
// what they are in a sentence, a refusal's title with its reason, or a
// reload, rather than in a status line or a vendor's marker. plainWall
// asks these only of a page smaller than a vendor's wall page, with
// nothing else to fill in; blockedHeadline, of a wall-shaped one.

// afterInterjection returns what a title or heading says after an opening
// interjection of a few words ("Oh no! Forbidden", "Whoa there! Too many
// requests"), or "": go-away's deny page names itself that way.
func afterInterjection(t string) string {
	i := strings.IndexByte(t, '!')
	if i < 0 || len(strings.Fields(t[:i])) > 3 {
		return ""
	}
	return strings.TrimSpace(t[i+1:])
}

// beforeSiteName returns a title's part before the site's name appended
// after a separator ("429 Too Many Requests | Example Homes", "Access
// Denied - Example"), or "": a few words after it, no question.
func beforeSiteName(t string) string {
	for _, sep := range []string{" | ", " - ", " — ", " · ", " :: "} {
		head, site, ok := strings.Cut(t, sep)
		if ok && head != "" && len(strings.Fields(site)) <= 4 && !strings.ContainsAny(site, "?？") {
			return strings.TrimSpace(head)
		}
	}
	return ""
}

// refusalOpenings are how a bare refusal opens when it is all there is:
// go-away's plain-text block ("access blocked: blocked by administrative
// rule ...") and deny, a gateway's one-line body.
var refusalOpenings = []string{"access denied:", "access blocked:", "access denied by", "access blocked by",
	"request blocked:", "request denied:"}

// refusalOpening recognises a short page whose text opens with a refusal
// and its reason, not quoted and not asked about: denied. Under a server
// error's status the words are server trouble.
func (w *wallView) refusalOpening(vendor string) (Verdict, bool) {
	if w.fields() > 0 || w.status >= 500 {
		return Verdict{}, false
	}
	for _, p := range refusalOpenings {
		if w.saysEarly(p) {
			return Verdict{Kind: Denied, Vendor: vendor, Reason: `refusal "` + p + `..."`}, true
		}
	}
	return Verdict{}, false
}

// refusalTitles are the start of a title or heading that refuses and
// gives its reason after a colon ("Доступ ограничен: проблема с IP",
// "Access denied: IP problem"), in the languages of the portals we watch.
var refusalTitles = append([]string{"access denied", "access restricted", "access blocked",
	"доступ ограничен", "доступ запрещен", "доступ запрещён", "zugriff verweigert", "zugriff gesperrt",
	"dostęp zablokowany", "dostęp ograniczony", "accès refusé", "acceso denegado", "toegang geweigerd"}, accessDenied...)

// isRefusalTitle is true when t (lowercased) opens with a refusal and
// then ends or gives its reason after a colon.
func isRefusalTitle(t string) bool {
	for _, p := range refusalTitles {
		if rest, ok := strings.CutPrefix(t, p); ok && (rest == "" || rest[0] == ':') {
			return true
		}
	}
	return false
}

// refusalWithCheck recognises a page whose title or heading refuses the
// visitor with a reason, as a portal's firewall does. When it offers a
// way through (a captcha, or a form that asks whether you are a robot)
// it is a challenge; without one, a flat refusal. A page with a field to
// fill in is the site asking us to log in.
func (w *wallView) refusalWithCheck(vendor string) (Verdict, bool) {
	if w.fields() > 0 || w.status >= 500 {
		return Verdict{}, false
	}
	name := ""
	for _, t := range w.pageNames() {
		if isRefusalTitle(t) {
			name = t
			break
		}
	}
	if name == "" {
		return Verdict{}, false
	}
	widget, wv := w.captchaWidget()
	if widget != "" || strings.Contains(w.attrs, "\naction=") && w.asksForHuman() {
		if vendor == "" {
			vendor = wv
		}
		return Verdict{Kind: Challenge, Vendor: vendor, Reason: `refusal "` + name + `" offering a check`}, true
	}
	return Verdict{Kind: Denied, Vendor: vendor, Reason: `refusal "` + name + `"`}, true
}

// waitMaxText bounds the text of a delay gate: a line asking to wait.
const waitMaxText = 300

// waitReload recognises a delay gate (ngx_waf's under-attack mode, the old
// five-second shields): a page with nothing to read, follow or fill in
// that asks, in its title or heading, to wait some seconds and reloads
// itself from an inline script once it has set its cookie. A page that
// sends the browser elsewhere after a wait (a signed-out page) has a link
// or goes elsewhere; a maintenance page does not ask to wait.
//
// A flood blocker (a CMS's own, NukeViet's: "Access denied. Please wait
// 10 seconds...") has the same shape but opens its text with a refusal:
// we asked too often and must wait it out, a rate limit.
func (w *wallView) waitReload(vendor string) (Verdict, bool) {
	if w.links > 0 || w.fields() > 0 || w.textLen > waitMaxText || !strings.Contains(w.script, "location.reload") {
		return Verdict{}, false
	}
	for _, t := range w.pageNames() {
		if strings.HasPrefix(t, "please wait") && (strings.Contains(t, "second") || strings.Contains(w.text, "second")) {
			if w.opensWithRefusal() {
				return Verdict{Kind: RateLimited, Vendor: vendor, Reason: `flood block "` + t + `" reloading itself`}, true
			}
			return Verdict{Kind: Challenge, Vendor: vendor, Reason: `delay gate "` + t + `" reloading itself`}, true
		}
	}
	return Verdict{}, false
}

// opensWithRefusal is true when the page's text starts with a refusal
// ("access denied", "доступ запрещен", ...).
func (w *wallView) opensWithRefusal() bool {
	for _, p := range refusalTitles {
		if strings.HasPrefix(w.text, p) {
			return true
		}
	}
	return false
}

// blockedHeadline recognises a block page whose title or first heading
// says the visitor was blocked, with a paragraph or two on why under it:
// too much text for plainWall in a language of two-byte letters
// (AntibotWAF's Russian "Извините, вы были заблокированы."), yet few links
// and nothing to fill in.
func (w *wallView) blockedHeadline() (Verdict, bool) {
	if w.links >= plainMaxLinks || w.fields() > 0 || w.status >= 500 {
		return Verdict{}, false
	}
	for _, t := range w.pageNames() {
		if isBlockedNotice(t) {
			return Verdict{Kind: Denied, Vendor: vendorFromHeaders(w.header), Reason: `blocked notice "` + t + `"`}, true
		}
	}
	return Verdict{}, false
}

// connectionPhrases are what a gate says while it checks the visitor's
// connection: haproxy-protection's "Verifying your connection to <host>"
// and the gates copied from it, a site's own cookie gate ("Verificando sua
// conexão"), in the portals' languages. An app says the same words when
// the network drops ("Checking your connection..." under "You're
// offline"), and a speed test ("Checking your connection speed"), so
// connectionCheck asks where and how the page says them.
var connectionPhrases = []string{"verifying your connection", "checking your connection",
	"verificando sua conexão", "verificando a sua conexão", "a verificar a tua ligação", "a verificar a sua ligação",
	"verificando tu conexión", "verificando su conexión", "vérification de votre connexion",
	"nous vérifions votre connexion", "überprüfung ihrer verbindung", "wir überprüfen ihre verbindung",
	"ihre verbindung wird überprüft", "verifica della connessione", "stiamo verificando la tua connessione",
	"uw verbinding wordt gecontroleerd", "je verbinding wordt gecontroleerd", "we controleren je verbinding",
	"weryfikacja połączenia", "sprawdzanie połączenia", "sprawdzamy twoje połączenie",
	"проверка подключения", "проверяем ваше подключение", "проверка соединения", "проверяем соединение",
	"bağlantınız doğrulanıyor", "bağlantınız kontrol ediliyor",
	"正在验证您的连接", "正在检查您的连接", "接続を確認しています", "接続を検証しています"}

// connectionCheck returns the phrase of a page that says it is checking
// the visitor's connection, or "": the phrase starts its title or first
// heading, or opens its text, and ends there ("Verifying your
// connection…") or names the site it guards ("... to example.org"); or,
// further into a short text, it names the site. A sentence in an app's
// offline notice ends without a site and stands under another heading.
// scriptCheck has made sure the page runs a script and asks for nothing.
func (w *wallView) connectionCheck() string {
	for _, p := range connectionPhrases {
		for _, t := range w.pageNames() {
			if rest, ok := strings.CutPrefix(t, p); ok && endsCheck(rest) {
				return p
			}
		}
		if rest, ok := strings.CutPrefix(w.text, p); ok && endsCheck(rest) {
			return p
		}
		if w.textLen >= sayMaxText {
			continue
		}
		if i := strings.Index(w.text, p); i >= 0 && textWidth(w.text[:i]) < sayWithin && !quoted(w.text[:i]) &&
			namesHost(w.text[i+len(p):]) {
			return p
		}
	}
	return ""
}

// endsCheck is true when what follows a connection phrase ends it (an
// ellipsis, a full stop, nothing) or names the site checked for.
func endsCheck(rest string) bool {
	rest = strings.TrimSpace(rest)
	return rest == "" || strings.HasPrefix(rest, ".") || strings.HasPrefix(rest, "…") ||
		strings.HasPrefix(rest, "!") || namesHost(rest)
}

// namesHost is true when rest opens with a host name, after a preposition
// ("to example.org", "a imoveis.example.com.br", "zu example.de"): a
// dotted name with letters on both sides of its dots.
func namesHost(rest string) bool {
	words := strings.Fields(rest)
	if len(words) > 1 && hostPrepositions[words[0]] {
		words = words[1:]
	}
	return len(words) > 0 && isHostName(strings.TrimRight(words[0], ".,;:!…"))
}

// hostPrepositions are the words between a connection phrase and the site
// it names, in the languages of connectionPhrases.
var hostPrepositions = map[string]bool{"to": true, "for": true, "with": true, "a": true, "à": true, "com": true,
	"para": true, "con": true, "avec": true, "zu": true, "mit": true, "met": true, "naar": true, "z": true,
	"do": true, "с": true, "к": true, "al": true, "alla": true}

// isHostName is true for a dotted name of letters, digits and hyphens
// whose last label has letters: "example.org", not "1.5" or "...".
func isHostName(s string) bool {
	labels := strings.Split(s, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || strings.Trim(l, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			return false
		}
	}
	return strings.Trim(labels[len(labels)-1], "0123456789-") != ""
}

// cookieGate recognises a check page waiting to run its script, saved or
// kept without it: a page of a few words, with nothing to fill in, no
// code of the site's own or from another host (an app's bundle on a
// CDN) and a link or two at most, whose words ask for
// JavaScript and cookies ("Enable JavaScript and cookies to continue",
// "Включите JavaScript и файлы cookie"). Both words are borrowed in most
// languages, so the rule needs no phrase list. An app's shell asks for
// JavaScript too, but runs its own bundle; a page about cookies says more.
func (w *wallView) cookieGate(vendor string) (Verdict, bool) {
	if w.fields() > 0 || w.siteScripts > 0 || w.otherScripts > 0 || w.links > 2 || w.textLen >= waitMaxText {
		return Verdict{}, false
	}
	for _, text := range []string{w.text, w.hidden} {
		if strings.Contains(text, "javascript") && strings.Contains(text, "cookie") {
			return Verdict{Kind: Challenge, Vendor: vendor, Reason: "a gate's few words asking for JavaScript and cookies"}, true
		}
	}
	return Verdict{}, false
}
