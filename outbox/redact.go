package outbox

import (
	"net"
	"net/url"
	"slices"
	"sort"
	"strings"
)

// hidden stands in for every secret part of a push URL.
const hidden = "***"

// publicHosts are the host words of services whose "host" is a fixed name,
// not a secret or a server: telegram://TOKEN@telegram, join://x:KEY@join.
var publicHosts = []string{"telegram", "join", "hooks", "api", "shoutrrr", "push"}

// publicQueryKeys are query settings that say how to send, never who to:
// their values are kept. Every other value (chats, channels, devices,
// tokens, keys, recipients, ...) is hidden.
var publicQueryKeys = []string{
	"scheme", "disabletls", "disabletlsverification", "tls", "usestarttls", "encryption",
	"priority", "parsemode", "preview", "notification", "template", "method",
	"contenttype", "cache", "firebase", "color", "splitlines", "title", "tags",
}

// Redact is a push URL fit for a log, an error or the window: the scheme,
// the server's name and port (when it is a server's name, not a key) and
// the names of the settings, with every secret hidden: the user name and
// password or token, every path segment (the ntfy topic, the webhook id
// and token, the Gotify token), every query value but the ones that only
// say how to send, and the fragment. A URL that does not parse gives only
// what comes before "://" (or nothing at all).
func Redact(raw string) string {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" {
		scheme, _, found := strings.Cut(raw, "://")
		if !found || !isWord(scheme) {
			return hidden
		}
		return strings.ToLower(scheme) + "://" + hidden
	}
	var b strings.Builder
	b.WriteString(strings.ToLower(u.Scheme) + "://")
	if u.User != nil {
		b.WriteString(hidden + "@")
	}
	b.WriteString(redactHost(u))
	if strings.Trim(u.EscapedPath(), "/") != "" || u.Opaque != "" {
		b.WriteString("/" + hidden)
	}
	if q := redactQuery(u.RawQuery); q != "" {
		b.WriteString("?" + q)
	}
	if u.Fragment != "" || u.RawFragment != "" {
		b.WriteString("#" + hidden)
	}
	return b.String()
}

// redactHost keeps a host that is a server's address (a dotted name, an IP,
// localhost) or a service's fixed word, and hides one that is a key.
func redactHost(u *url.URL) string {
	host, port := u.Hostname(), u.Port()
	if host == "" {
		return ""
	}
	if !publicHost(host) {
		host = hidden
	} else if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port != "" {
		return host + ":" + port
	}
	return host
}

func publicHost(host string) bool {
	if net.ParseIP(host) != nil || strings.EqualFold(host, "localhost") || slices.Contains(publicHosts, strings.ToLower(host)) {
		return true
	}
	// A server's name has a dot and a last label of letters; a key in the
	// host place (discord://TOKEN@ID, pushover's user key, ifttt's key) has
	// no dot.
	i := strings.LastIndexByte(host, '.')
	return i > 0 && i < len(host)-1 && isWord(host[i+1:])
}

func redactQuery(raw string) string {
	q, err := url.ParseQuery(raw)
	if err != nil {
		return hidden
	}
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		name := k
		if !isWord(strings.TrimPrefix(strings.TrimPrefix(k, "@"), "$")) {
			name = hidden // a key that is not a plain word may itself be data
		}
		v := hidden
		if vs := q[k]; name != hidden && slices.Contains(publicQueryKeys, strings.ToLower(k)) && len(vs) > 0 && isWord(vs[0]) {
			v = vs[0]
		}
		parts = append(parts, name+"="+v)
	}
	return strings.Join(parts, "&")
}

func isWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// secretsOf is every part of raw that Redact hides, in the forms it may
// take in another program's message (as written and unescaped), longest
// first, so scrubURL can take them out of text it did not write.
func secretsOf(raw string) []string {
	var out []string
	add := func(s string) {
		for _, v := range []string{s, unescape(s), strings.TrimLeft(unescape(s), "!+@#$")} {
			if len(v) >= 3 && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	add(raw)
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		if _, rest, ok := strings.Cut(raw, "://"); ok {
			add(rest)
		}
		sortLongestFirst(out)
		return out
	}
	if u.User != nil {
		add(u.User.String())
		add(u.User.Username())
		if p, ok := u.User.Password(); ok {
			add(p)
		}
	}
	if !publicHost(u.Hostname()) {
		add(u.Hostname())
	}
	add(strings.Trim(u.EscapedPath(), "/"))
	for _, seg := range strings.Split(u.EscapedPath(), "/") {
		add(seg)
	}
	add(u.Opaque)
	for k, vs := range url.Values(mustQuery(u.RawQuery)) {
		for _, v := range vs {
			if !slices.Contains(publicQueryKeys, strings.ToLower(k)) || !isWord(v) {
				add(v)
				for _, part := range strings.Split(v, ",") {
					add(part)
				}
			}
		}
	}
	add(u.RawQuery)
	add(u.Fragment)
	sortLongestFirst(out)
	return out
}

func mustQuery(raw string) url.Values {
	q, _ := url.ParseQuery(raw)
	return q
}

func unescape(s string) string {
	if v, err := url.PathUnescape(s); err == nil {
		return v
	}
	return s
}

func sortLongestFirst(s []string) {
	sort.SliceStable(s, func(i, j int) bool { return len(s[i]) > len(s[j]) })
}

// scrubURL takes every secret part of raw out of text (another program's
// error message, which may quote the URL or an API address built from its
// token), so the text can go into a log or a message.
func scrubURL(text, raw string) string {
	for _, s := range secretsOf(raw) {
		text = strings.ReplaceAll(text, s, hidden)
	}
	return text
}
