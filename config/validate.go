package config

import (
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"rentwatch/words"
)

// Validate checks settings as the watcher will use them (defaults already
// filled) and returns an *Error listing every problem, without line numbers,
// or nil. It does no I/O: whether ca_file or browser.path exist is for the
// code that opens them to report.
func (s Settings) Validate() error {
	var ps problems
	s.validate(&ps)
	return ps.err("", nil)
}

// validate adds problems for fields that do not already have one (a field
// with a wrong type has a zero value here; saying it is also empty would
// only confuse).
func (s Settings) validate(ps *problems) {
	if msg := intervalProblem(s.Interval); msg != "" && !ps.has("interval") {
		ps.add("interval", "%s", msg)
	}
	if s.Email != nil {
		validateEmail(s.Email, ps)
	}
	validatePush(s.Push, ps)
	validateSearches(s.Searches, ps)
	validateFilters(s.Searches, ps)
	validatePicks(s.Searches, ps)
	validateReply(s, ps)
	validateWindow(s.Window, ps)
}

// intervalProblem says why every cannot be the time between cycles, or "".
func intervalProblem(every time.Duration) string {
	if every < MinInterval {
		return fmt.Sprintf("%v is under the %v minimum", every, MinInterval)
	}
	return ""
}

func validateEmail(e *Email, ps *problems) {
	check := func(field string, bad bool, format string, args ...any) {
		if bad && !ps.has(field) {
			ps.add(field, format, args...)
		}
	}
	_, toErr := mail.ParseAddress(e.To)
	check("email.to", e.To == "", "empty; the address alerts go to, like \"me@example.com\"")
	check("email.to", e.To != "" && toErr != nil, "%q is not an email address", e.To)
	_, fromErr := mail.ParseAddress(e.From)
	check("email.from", e.From == "", "empty, and there is no username to default to")
	// From left blank is the login (fillDefaults): a login that is no
	// address is the user's to see as such, not as a bad From.
	check("email.from", e.From != "" && fromErr != nil && e.From == e.Username, "%s", words.LoginNotFrom(e.Username))
	check("email.from", e.From != "" && fromErr != nil, "%q is not an email address", e.From)
	check("email.host", e.Host == "", "empty; the SMTP server's name, like \"smtp.example.com\"")
	check("email.host", strings.ContainsAny(e.Host, ":/ "),
		"%q is not a server name (put the port in email.port, and leave out any smtp://)", e.Host)
	check("email.port", e.Port < 1 || e.Port > 65535, "%d is not a port", e.Port)
	check("email.security", e.Security != SecurityTLS && e.Security != SecurityStartTLS,
		"%q must be %q or %q", e.Security, SecurityTLS, SecurityStartTLS)
}

func validateSearches(list []Search, ps *problems) {
	if len(list) > MaxSearches {
		ps.addAt(fmt.Sprintf("search[%d]", MaxSearches+1), "",
			"more than %d searches (%d)", MaxSearches, len(list))
	}
	byURL := map[string]int{}
	byName := map[string]int{}
	for i, sr := range list {
		at := fmt.Sprintf("search[%d]", i+1)
		if msg := checkName(sr.Name); msg != "" && !ps.has(at+".name") {
			ps.add(at+".name", "%s", msg)
		}
		if msg := checkURL(sr.URL); msg != "" {
			if !ps.has(at + ".url") {
				ps.add(at+".url", "%s", msg)
			}
			continue
		}
		if j, ok := byURL[normalURL(sr.URL)]; ok {
			ps.addAt(at, at, "the same search as search[%d] (%s)", j+1, list[j].URL)
		} else {
			byURL[normalURL(sr.URL)] = i
		}
		if sr.Name == "" {
			continue
		}
		if j, ok := byName[strings.ToLower(sr.Name)]; ok {
			ps.add(at+".name", "%q is already the name of search[%d]; names must differ so a search can be picked by name", sr.Name, j+1)
		} else {
			byName[strings.ToLower(sr.Name)] = i
		}
	}
}

// MaxNameLength is the most characters a search's name may have: the
// name heads the menu, every pop-up and every email subject, where a
// longer one is cut anyway.
const MaxNameLength = 100

// checkName returns why name cannot be a search's name, or "". A name
// too long is not quoted back whole.
func checkName(name string) string {
	if strings.TrimSpace(name) == "" {
		return "empty; give the search a name, like \"Kamernet Amsterdam\""
	}
	if n := utf8.RuneCountInString(name); n > MaxNameLength {
		return fmt.Sprintf("%q… is %d characters long; a name has at most %d (menus and alerts show it): shorten it",
			cutRunes(name, 20), n, MaxNameLength)
	}
	for _, r := range name {
		switch {
		case r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029':
			return fmt.Sprintf("%q has a line break in it; a name is one line of text", name)
		case unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r):
			return fmt.Sprintf("%q has an invisible control character in it (%U); a name is plain text", name, r)
		}
	}
	return ""
}

// checkURL returns why raw cannot be watched, or "".
func checkURL(raw string) string {
	if strings.TrimSpace(raw) == "" {
		return "empty; paste the address of the portal's search results page"
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return fmt.Sprintf("%q is not a URL", raw)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Sprintf("%q is not an http or https URL", raw)
	}
	if u.Hostname() == "" {
		return fmt.Sprintf("%q has no host", raw)
	}
	return ""
}

// normalURL is the form two URLs are compared in to catch the same search
// saved twice: scheme, case of the host, a leading "www.", a default port,
// a trailing slash, the fragment and the order of query parameters do not
// make a different search. http and https count as the same page.
func normalURL(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return raw
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	if p := u.Port(); p != "" && p != "80" && p != "443" {
		host = net.JoinHostPort(host, p)
	}
	q := u.Query()
	for _, vs := range q {
		sort.Strings(vs)
	}
	out := host + strings.TrimRight(u.EscapedPath(), "/")
	if enc := q.Encode(); enc != "" { // Encode sorts by key
		out += "?" + enc
	}
	return out
}

// cutRunes is s cut to at most n characters (runes), whole characters only.
func cutRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
