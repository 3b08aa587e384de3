package config

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
)

// The file is parsed into a generic map first and turned into Settings here,
// rather than decoded straight into the struct: toml.Decode stops at the
// first wrong type, and the user should see every problem at once. The map
// is also what migrations rewrite, and a missing "enabled" is told apart
// from "enabled = false" by simply looking.

// known lists the keys each table may hold; anything else is reported.
var known = map[string][]string{
	"":        {"version", "interval", "keep_awake", "email", "push", "browser", "reply", "window", "search"},
	"push":    {"urls"},
	"email":   {"to", "from", "host", "port", "security", "username", "ca_file"},
	"browser": {"path"},
	"reply":   {"name", "email", "phone", "message", "consent"},
	"window":  {"listen", "password_hash"},
	"search":  {"name", "url", "enabled", "reply", "reply_message", "max_price", "min_size", "require", "exclude", "pick"},
}

// decodeMap turns a parsed (and migrated) file into Settings with defaults
// filled, recording every wrong type and unknown key in ps.
func decodeMap(m map[string]any, ps *problems) Settings {
	s := Settings{Version: CurrentVersion}
	unknownKeys(m, "", known[""], ps)
	if v, ok := m["interval"]; ok {
		s.Interval = durationValue("interval", v, ps)
		if s.Interval == 0 && !ps.has("interval") {
			// "0s" written down is no interval, not the default one
			// (fillDefaults would take 0 for a file that says nothing).
			ps.add("interval", "%s", intervalProblem(0))
		}
	}
	if v, ok := m["keep_awake"]; ok {
		b, isBool := v.(bool)
		if !isBool {
			ps.add("keep_awake", "%s is not true or false (write it without quotes)", show(v))
		}
		s.KeepAwake = b
	}
	if v, ok := m["email"]; ok {
		if t, ok := v.(map[string]any); ok {
			s.Email = decodeEmail(t, ps)
		} else {
			ps.add("email", "must be a table: write it as [email] with its keys below")
		}
	}
	if v, ok := m["push"]; ok {
		s.Push = decodePush(v, ps)
	}
	if v, ok := m["browser"]; ok {
		if t, ok := v.(map[string]any); ok {
			unknownKeys(t, "browser", known["browser"], ps)
			s.Browser.Path = stringValue("browser.path", t["path"], ps)
		} else {
			ps.add("browser", "must be a table: write it as [browser] with path = \"...\" below")
		}
	}
	if v, ok := m["reply"]; ok {
		if t, ok := v.(map[string]any); ok {
			unknownKeys(t, "reply", known["reply"], ps)
			s.Reply = &Reply{
				Name:    stringValue("reply.name", t["name"], ps),
				Email:   stringValue("reply.email", t["email"], ps),
				Phone:   stringValue("reply.phone", t["phone"], ps),
				Message: stringValue("reply.message", t["message"], ps),
			}
			if v, ok := t["consent"]; ok {
				b, isBool := v.(bool)
				if !isBool {
					ps.add("reply.consent", "%s is not true or false (write it without quotes)", show(v))
				}
				s.Reply.Consent = b
			}
		} else {
			ps.add("reply", "must be a table: write it as [reply] with its keys below")
		}
	}
	if v, ok := m["window"]; ok {
		s.Window = decodeWindow(v, ps)
	}
	if v, ok := m["search"]; ok {
		s.Searches = decodeSearches(v, ps)
	}
	s.fillDefaults()
	return s
}

func decodeEmail(t map[string]any, ps *problems) *Email {
	unknownKeys(t, "email", known["email"], ps)
	e := &Email{
		To:       stringValue("email.to", t["to"], ps),
		From:     stringValue("email.from", t["from"], ps),
		Host:     stringValue("email.host", t["host"], ps),
		Security: stringValue("email.security", t["security"], ps),
		Username: stringValue("email.username", t["username"], ps),
		CAFile:   stringValue("email.ca_file", t["ca_file"], ps),
	}
	if v, ok := t["port"]; ok {
		n, isInt := v.(int64)
		switch {
		case !isInt:
			ps.add("email.port", "%s is not a number; write it without quotes, like 587", show(v))
		case n < 1 || n > 65535:
			ps.add("email.port", "%d is not a port", n)
		default:
			e.Port = int(n)
		}
	}
	return e
}

func decodeSearches(v any, ps *problems) []Search {
	var tables []map[string]any
	switch v := v.(type) {
	case []map[string]any:
		tables = v
	case []any: // "search = []", or an array of inline tables
		for _, el := range v {
			t, ok := el.(map[string]any)
			if !ok {
				ps.add("search", "write each search as a [[search]] block, with double brackets")
				return nil
			}
			tables = append(tables, t)
		}
	default:
		ps.add("search", "write [[search]] with double brackets: each search is its own [[search]] block")
		return nil
	}
	out := make([]Search, 0, len(tables))
	for i, t := range tables {
		at := fmt.Sprintf("search[%d]", i+1)
		unknownKeys(t, at, known["search"], ps)
		sr := Search{
			Name:    stringValue(at+".name", t["name"], ps),
			URL:     stringValue(at+".url", t["url"], ps),
			Enabled: true, // a search the user wrote down is meant to be watched
		}
		if v, ok := t["enabled"]; ok {
			b, isBool := v.(bool)
			if !isBool {
				ps.add(at+".enabled", "%s is not true or false (write it without quotes)", show(v))
			}
			sr.Enabled = b || !isBool
		}
		if v, ok := t["reply"]; ok {
			b, isBool := v.(bool)
			if !isBool {
				ps.add(at+".reply", "%s is not true or false (write it without quotes)", show(v))
			}
			sr.Reply = b
		}
		sr.ReplyMessage = stringValue(at+".reply_message", t["reply_message"], ps)
		sr.Pick = stringValue(at+".pick", t["pick"], ps)
		sr.Filter = decodeFilter(at, t, ps)
		out = append(out, sr)
	}
	return out
}

// durationValue reads "30s", "2m", "1m30s".
func durationValue(field string, v any, ps *problems) time.Duration {
	s, ok := v.(string)
	if !ok {
		ps.add(field, "%s is not a duration; write it in quotes with a unit, like \"30s\" or \"2m\"", show(v))
		return 0
	}
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		ps.add(field, "%q is not a duration like \"30s\" or \"2m\"", s)
		return 0
	}
	return d
}

// stringValue reads an optional string; absent (nil) is "".
func stringValue(field string, v any, ps *problems) string {
	if v == nil {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		ps.add(field, "%s is not text; put it in quotes", show(v))
	}
	return s
}

// unknownKeys reports every key of t not in allowed, naming its full path.
// An unknown table is reported by its leaf keys ("emial.to"), since those
// are the lines the user will look at.
func unknownKeys(t map[string]any, at string, allowed []string, ps *problems) {
	keys := make([]string, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if slices.Contains(allowed, k) {
			continue
		}
		for _, leaf := range leaves(t[k], join(at, k)) {
			msg := fmt.Sprintf("unknown key %q", leaf)
			if ps.full() {
				msg = "" // counted only: no need to look for its likely spelling
			} else if guess := closest(k, allowed); guess != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", strings.Replace(leaf, join(at, k), join(at, guess), 1))
			}
			ps.addAt(leaf, "", "%s", msg)
		}
	}
}

// leaves lists the key paths under v: v's own path when it is a value.
func leaves(v any, at string) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			out = append(out, leaves(v[k], at+"."+k)...)
		}
	case []map[string]any:
		for i, el := range v {
			out = append(out, leaves(el, fmt.Sprintf("%s[%d]", at, i+1))...)
		}
	}
	if len(out) == 0 {
		out = []string{at}
	}
	return out
}

// closest suggests the allowed key within two edits of k, if any.
func closest(k string, allowed []string) string {
	best, bestD := "", 3
	for _, a := range allowed {
		if d := editDistance(strings.ToLower(k), a); d < bestD {
			best, bestD = a, d
		}
	}
	return best
}

// editDistance is the Damerau (optimal string alignment) distance, so a
// swapped pair ("emial") counts as one edit.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

func join(at, k string) string {
	if at == "" {
		return k
	}
	return at + "." + k
}

// show renders a TOML value for a message: text quoted, numbers as is.
func show(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%v", v)
}
