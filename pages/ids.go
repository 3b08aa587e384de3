package pages

import (
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// trackingParams are query parameters that change from load to load or
// from one referrer to the next without changing the listing: dropped so
// the canonical URL (and so the listing id) stays stable.
var trackingParams = map[string]bool{
	"gclid": true, "fbclid": true, "msclkid": true, "dclid": true, "gbraid": true,
	"wbraid": true, "yclid": true, "igshid": true, "mc_cid": true, "mc_eid": true,
	"_ga": true, "_gl": true, "_hsenc": true, "_hsmi": true, "ref": true, "ref_src": true,
	"referrer": true, "source": true, "src": true, "trk": true, "tracking": true,
	"search_identifier": true, "searchid": true, "search_id": true, "sid": true,
	"sessionid": true, "session_id": true, "position": true, "pos": true, "rank": true,
	"ts": true, "timestamp": true, "from": true, "origin": true, "channel": true,
	"play_movie": true, "featured": true, "fromsearch": true, "campaign": true,
}

func isTrackingParam(name string) bool {
	n := strings.ToLower(name)
	return trackingParams[n] || strings.HasPrefix(n, "utm_") || strings.HasPrefix(n, "pk_") ||
		strings.HasPrefix(n, "_ga") || strings.HasPrefix(n, "sc_")
}

// resolveLink resolves href against base and returns the canonical absolute
// URL: http(s) only, lowercase scheme and host, no default port, no
// fragment, no tracking parameters, the rest of the query sorted.
func resolveLink(base *url.URL, href string) (*url.URL, bool) {
	href = strings.TrimSpace(href)
	if href == "" || strings.HasPrefix(href, "#") || len(href) > 4096 {
		return nil, false
	}
	ref, err := url.Parse(href)
	if err != nil {
		return nil, false
	}
	u := ref
	if base != nil {
		u = base.ResolveReference(ref)
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, false
	}
	u.Host = strings.ToLower(u.Host)
	if p := u.Port(); (p == "80" && u.Scheme == "http") || (p == "443" && u.Scheme == "https") {
		u.Host = u.Hostname()
	}
	u.Fragment, u.RawFragment, u.User = "", "", nil
	if u.Path == "" {
		u.Path, u.RawPath = "/", ""
	}
	u.RawQuery = canonicalQuery(u.RawQuery)
	u.ForceQuery = false
	return u, true
}

// canonicalQuery drops tracking parameters and sorts the rest, keeping
// each parameter's values in their order.
func canonicalQuery(raw string) string {
	if raw == "" {
		return ""
	}
	q, err := url.ParseQuery(raw)
	if err != nil {
		return raw
	}
	for k := range q {
		if isTrackingParam(k) {
			delete(q, k)
		}
	}
	return q.Encode() // Encode sorts by key
}

// canonicalURL is resolveLink as a string; "" when href is no web link.
func canonicalURL(base *url.URL, href string) string {
	u, ok := resolveLink(base, href)
	if !ok {
		return ""
	}
	return u.String()
}

// siteOf is the registrable part of a host ("funda.nl" for www.funda.nl,
// "zoopla.co.uk" for www.zoopla.co.uk), good enough to tell a portal's own
// links from links to other sites.
func siteOf(host string) string {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if h, _, ok := strings.Cut(host, ":"); ok && !strings.Contains(host, "]") {
		host = h
	}
	labels := strings.Split(host, ".")
	n := len(labels)
	if n <= 2 {
		return host
	}
	if _, err := strconv.Atoi(labels[n-1]); err == nil {
		return host // an IP address
	}
	keep := 2
	if len(labels[n-1]) == 2 && len(labels[n-2]) <= 3 && n >= 3 {
		keep = 3 // co.uk, com.au, com.br
	}
	return strings.Join(labels[n-keep:], ".")
}

// idToken finds the listing id inside one path segment or query value:
// a run of at least 5 digits (or a whole numeric segment of 3+), or a
// letters-and-digits token of 6+ characters with at least 2 digits
// (pararius' 61d026c2, immowelt's 246rt5r). "" when there is none.
func idToken(seg string) string {
	seg = strings.ToLower(seg)
	if allDigits(strings.TrimSuffix(seg, ".html")) && len(strings.TrimSuffix(seg, ".html")) >= 3 {
		return strings.TrimSuffix(seg, ".html")
	}
	best := ""
	for _, tok := range strings.FieldsFunc(seg, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		digits, letters := 0, 0
		for _, r := range tok {
			if r >= '0' && r <= '9' {
				digits++
			} else {
				letters++
			}
		}
		ok := (letters == 0 && digits >= 5) || (letters > 0 && len(tok) >= 6 && len(tok) <= 40 && digits >= 2)
		if ok && len(tok) > len(best) {
			best = tok
		}
	}
	return best
}

func digitCount(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			n++
		}
	}
	return n
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// urlShape describes a link's URL without its variable parts, so the many
// detail links of one result list share a shape while navigation does not:
// site, path depth, where the id sits, and the first path segment (/expose/,
// /huur/, /for-sale/) unless it is the listing's own slug.
type urlShape struct {
	key   string // set by shapeKeys, which knows the whole page
	base  string // site|depth|id position
	first string // the first path segment, lowercased ("" when it holds the id)
	id    string // the listing id token, "" when the URL has none
	hasID bool
}

func shapeOf(u *url.URL) urlShape {
	segs := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
	// the token with the most digits is the id: a slug's zip code
	// ("...-seattle-wa-98101/48812345_zpid/") is shorter than the listing id
	idPos, id := -1, ""
	for i, s := range segs {
		if t := idToken(s); t != "" && digitCount(t) > digitCount(id) {
			idPos, id = i, t
		}
	}
	if idPos < 0 && u.RawQuery != "" {
		q := u.Query()
		keys := make([]string, 0, 4)
		for k, vs := range q {
			if len(vs) > 0 && idToken(vs[0]) != "" {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		if len(keys) > 0 {
			idPos, id = 100, idToken(q.Get(keys[0]))
			segs = append(segs, "?"+keys[0])
		}
	}
	first := ""
	if len(segs) > 0 && idPos != 0 {
		first = strings.ToLower(segs[0])
	}
	base := siteOf(u.Host) + "|" + strconv.Itoa(len(segs)) + "|" + strconv.Itoa(idPos)
	return urlShape{key: base + "|" + first, base: base, first: first, id: id, hasID: idPos >= 0}
}

// shapeKeys sets each link's shape key. A first path segment shared by
// several URLs is a section (/for-sale/ vs /find-agents/) and stays in the
// key; one used by a single URL is that listing's own slug and is dropped.
func shapeKeys(shapes []*urlShape, urls []string) {
	seen := map[string]string{}
	multi := map[string]bool{}
	for i, s := range shapes {
		k := s.base + "|" + s.first
		if u, ok := seen[k]; ok && u != urls[i] {
			multi[k] = true
		} else if !ok {
			seen[k] = urls[i]
		}
	}
	for _, s := range shapes {
		if k := s.base + "|" + s.first; multi[k] || s.first == "" {
			s.key = k
		} else {
			s.key = s.base + "|*"
		}
	}
}
