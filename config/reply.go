package config

import (
	"errors"
	"fmt"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"rentwatch/reply/recipe"
)

// Reply is the [reply] table: who the user is, for the optional auto-reply
// to new listings, and the message used by searches that have none of their
// own. Auto-reply itself is turned on per search (Search.Reply).
type Reply struct {
	Name    string `toml:"name"`    // the user's name, for {name} and the form's name field
	Email   string `toml:"email"`   // for forms that ask; optional
	Phone   string `toml:"phone"`   // for forms that ask; optional
	Message string `toml:"message"` // the default message; placeholders as in Placeholders
	// Consent lets an auto-reply tick a form's required boxes (the
	// portal's terms, its privacy notice) for the user; off, a form with
	// one is reported as not sent. An optional box is never ticked.
	Consent bool `toml:"consent"`
}

// Placeholders are the words a reply message may hold in braces: {title},
// {price}, {place} and {url} of the listing, and {name}, the user's name.
var Placeholders = []string{"title", "price", "place", "url", "name"}

// MaxMessage is the longest reply message sent, in characters: portals cap
// their forms (a few thousand characters at most), and a landlord reads the
// first lines only.
const MaxMessage = 2000

// maxValue caps one listing value put into a message: a title is a line,
// not an essay a hostile listing could stuff the message with.
const maxValue = 200

// placeholderRe finds {word} in a message; braces around anything else are
// left alone as text.
var placeholderRe = regexp.MustCompile(`\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// MessageFor returns the message template for a search: its own
// reply_message, else the [reply] default, else "".
func (s Settings) MessageFor(sr Search) string {
	if strings.TrimSpace(sr.ReplyMessage) != "" {
		return sr.ReplyMessage
	}
	if s.Reply != nil {
		return s.Reply.Message
	}
	return ""
}

// SearchByURL finds a search by its URL (the key alerts carry).
func (s Settings) SearchByURL(u string) (Search, bool) {
	for _, sr := range s.Searches {
		if sr.URL == u {
			return sr, true
		}
	}
	return Search{}, false
}

// MessageValues are what fills a message's placeholders.
type MessageValues struct {
	Title, Price, Place, URL string // the listing's, as read from the portal
	Name                     string // the user's
}

// RenderMessage fills tmpl's placeholders. Values come from a portal's page,
// so they are made safe first: each is put on one line (no CR, LF or other
// control characters, which could break a form or forge lines) and capped
// at 200 characters. The template's own line breaks are kept as "\n" (a
// message is a textarea); its other control characters go. The result is
// capped at MaxMessage characters. Unknown placeholders are left as written
// (Validate reports them before this ever runs).
func RenderMessage(tmpl string, v MessageValues) string {
	vals := map[string]string{
		"title": SingleLine(v.Title, maxValue), "price": SingleLine(v.Price, maxValue),
		"place": SingleLine(v.Place, maxValue), "url": SingleLine(v.URL, maxValue*5),
		"name": SingleLine(v.Name, maxValue),
	}
	tmpl = strings.ReplaceAll(strings.ReplaceAll(tmpl, "\r\n", "\n"), "\r", "\n")
	out := placeholderRe.ReplaceAllStringFunc(tmpl, func(m string) string {
		if val, ok := vals[m[1:len(m)-1]]; ok {
			return val
		}
		return m
	})
	out = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || !unicode.IsControl(r) && r != utf8.RuneError {
			return r
		}
		return -1
	}, out)
	return truncate(strings.TrimSpace(out), MaxMessage)
}

// SingleLine makes s fit a one-line form field: control characters
// (CR, LF, tabs, NUL, ...) become spaces, runs of spaces one, and the result
// is trimmed and capped at max characters (max <= 0: no cap).
func SingleLine(s string, max int) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if max > 0 {
		s = truncate(s, max)
	}
	return s
}

// truncate cuts s to at most n characters, never inside a character.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n]))
}

// unknownPlaceholders lists the {words} in msg that are not Placeholders.
func unknownPlaceholders(msg string) []string {
	var out []string
	for _, m := range placeholderRe.FindAllStringSubmatch(msg, -1) {
		if !slices.Contains(Placeholders, m[1]) && !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// usesName reports whether msg asks for the user's name.
func usesName(msg string) bool {
	for _, m := range placeholderRe.FindAllStringSubmatch(msg, -1) {
		if m[1] == "name" {
			return true
		}
	}
	return false
}

// validateReply checks the [reply] table and each search's reply keys.
func validateReply(s Settings, ps *problems) {
	if s.Reply != nil {
		validateReplyTable(*s.Reply, ps)
	}
	validateSearchReplies(s, ps)
}

// validateReplyTable checks the [reply] table: its message, and the
// details that fill a form.
func validateReplyTable(r Reply, ps *problems) {
	checkMessage("reply.message", r.Message, ps)
	if r.Email != "" && !ps.has("reply.email") {
		if _, err := mail.ParseAddress(r.Email); err != nil || strings.ContainsAny(r.Email, "<>") {
			ps.add("reply.email", "%q is not an email address", r.Email)
		}
	}
	if r.Phone != "" && !ps.has("reply.phone") && !phoneRe.MatchString(r.Phone) {
		ps.add("reply.phone", "%q is not a phone number (digits, spaces, + - ( ) only)", r.Phone)
	}
	if !ps.has("reply.name") && SingleLine(r.Name, 0) != strings.TrimSpace(r.Name) {
		ps.add("reply.name", "must be one line, without tabs or line breaks")
	}
}

// validateSearchReplies checks each search's reply keys: its own message,
// and that one switched on has a message to send with what it needs.
func validateSearchReplies(s Settings, ps *problems) {
	for i, sr := range s.Searches {
		at := fmt.Sprintf("search[%d]", i+1)
		checkMessage(at+".reply_message", sr.ReplyMessage, ps)
		if !sr.Reply || ps.has(at+".reply") {
			continue
		}
		msg := s.MessageFor(sr)
		_, rerr := recipe.For(sr.URL)
		switch {
		case errors.Is(rerr, recipe.ErrUnsupported):
			ps.add(at+".reply", "auto-reply works on %s only, and this search is on %s: turn reply off here",
				recipe.Portals(), recipe.SiteOf(sr.URL))
		case strings.TrimSpace(msg) == "":
			ps.add(at+".reply", "on, but there is no message to send: set reply_message here, or message in [reply]")
		case usesName(msg) && (s.Reply == nil || strings.TrimSpace(s.Reply.Name) == ""):
			ps.add(at+".reply", "its message uses {name}, but [reply] has no name")
		}
	}
}

var phoneRe = regexp.MustCompile(`^\+?[0-9 ()./-]{6,24}$`)

// checkMessage reports unknown placeholders and an over-long message.
func checkMessage(field, msg string, ps *problems) {
	if ps.has(field) {
		return
	}
	if bad := unknownPlaceholders(msg); len(bad) > 0 {
		words := make([]string, len(bad))
		for i, b := range bad {
			words[i] = "{" + b + "}"
			if g := closest(b, Placeholders); g != "" {
				words[i] += fmt.Sprintf(" (did you mean {%s}?)", g)
			}
		}
		ps.add(field, "unknown placeholder %s; use {title}, {price}, {place}, {url} or {name}", strings.Join(words, ", "))
		return
	}
	if n := utf8.RuneCountInString(msg); n > MaxMessage {
		ps.add(field, "%d characters; a reply is at most %d", n, MaxMessage)
	}
}

// MessageProblem says in words what is wrong with a reply message: an
// unknown placeholder (with the one likely meant), or too long; "" for
// nothing. The window says it under the message as it is typed.
func MessageProblem(msg string) string {
	var ps problems
	checkMessage("message", msg, &ps)
	if len(ps.list) == 0 {
		return ""
	}
	return ps.list[0].Message
}
