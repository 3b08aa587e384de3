package read

import (
	"net/url"
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

// SiteOf returns the registrable part of a host ("funda.nl" for
// www.funda.nl, "zoopla.co.uk" for www.zoopla.co.uk), good enough to tell a
// portal's own links from links to other sites. Portal definitions, and the
// reply recipes in pages, name the sites they serve by it.
func SiteOf(host string) string {
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
// (pararius' 61d026c2, immowelt's 246rt5r), or a code after "ID" with one
// digit at least (otodom's ID2UtbD). "" when there is none. Of two
// tokens as long, the later is the id: a slug ends with its listing's id,
// and a number before it is the poster's phone ("...-lh-0912027870-
// pr15905975"), which two listings of one poster share.
func idToken(seg string) string {
	if caseID(seg) {
		return strings.ToLower(seg) // a base64-style token (mixed-case id rule)
	}
	seg = strings.ToLower(seg)
	if allDigits(strings.TrimSuffix(seg, ".html")) && len(strings.TrimSuffix(seg, ".html")) >= 3 {
		return strings.TrimSuffix(seg, ".html")
	}
	// a compound id of digit groups ("1770-27696-9998.html",
	// "0100-02563-0106-0315"): one listing's, not its first group's
	if c := strings.TrimSuffix(seg, ".html"); strings.Count(c, "-") >= 2 && allDigits(strings.ReplaceAll(c, "-", "")) && len(c) >= 10 {
		return c
	}
	if c, ok := pairID(seg); ok {
		return c
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
		// an id written after "ID" ("...-ID2UtbD.html", olx's "IDi6Fcf"):
		// a short code whose one digit is enough
		idCode := strings.HasPrefix(tok, "id") && len(tok) >= 6 && len(tok) <= 16 && digits >= 1
		ok := (letters == 0 && digits >= 5) || (letters > 0 && len(tok) >= 6 && len(tok) <= 40 && digits >= 2) || idCode ||
			hashID(tok, digits)
		if ok && len(tok) >= len(best) {
			best = tok
		}
	}
	return best
}

// hashID reports a listing id written as a long hexadecimal hash (SHA-1
// and longer: Yahoo! Fudosan's /rent/detail/<44 hex>/), past the 40
// characters a slug's run-together token is allowed.
func hashID(tok string, digits int) bool {
	if len(tok) <= 40 || len(tok) > 64 || digits < 8 {
		return false
	}
	for _, r := range tok {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return false
		}
	}
	return true
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
	// query holds the id-like query values by parameter when the path has
	// no id (object.php?id=4711, index.php?page=detail&oid=58&Itemid=12):
	// shapeKeys picks which parameter is the listing's.
	query map[string]string
	path  string // the URL's site and path, to compare query ids within one script
	// end is site|page extension when the id is the path's last segment
	// after a section, "" otherwise: shapeKeys joins such links of one
	// section at two depths (the depth rule)
	end string
}

func shapeOf(u *url.URL) urlShape {
	segs := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
	// the token with the most digits is the id: a slug's zip code
	// ("...-seattle-wa-98101/48812345_zpid/") is shorter than the listing id
	idPos, id := -1, ""
	for i, s := range segs {
		if t := idToken(s); t != "" && (digitCount(t) > digitCount(id) || idPos < 0 || caseID(s)) {
			idPos, id = i, t
		}
		if idPos == i && caseID(s) {
			break // a whole segment's mixed-case token is the id, not a slug's price before it
		}
	}
	var query map[string]string
	if idPos < 0 && u.RawQuery != "" {
		query = queryIDs(u.Query())
		if k := pickQueryID(query, nil); k != "" {
			idPos, id = 100, query[k]
			segs = append(segs, "?")
		}
	}
	first := ""
	if len(segs) > 0 && idPos != 0 {
		first = strings.ToLower(segs[0])
	}
	base := SiteOf(u.Host) + "|" + strconv.Itoa(len(segs)) + "|" + strconv.Itoa(idPos)
	if idPos >= 0 && idPos < len(segs) {
		// a page ("HZ2311.html") and a folder ("c1811064/") are two kinds
		// of link even at one depth: a listing and its building's page
		base += pageExt(segs[idPos])
	}
	end := ""
	if idPos >= 2 && idPos == len(segs)-1 && query == nil {
		end = SiteOf(u.Host) + "|" + pageExt(segs[idPos])
	}
	return urlShape{key: base + "|" + first, base: base, first: first, id: id, hasID: idPos >= 0,
		query: query, path: SiteOf(u.Host) + u.Path, end: end}
}

// pageExt is a path segment's file extension when it names a page
// (".html", ".php"), lowercase; "" otherwise.
func pageExt(seg string) string {
	i := strings.LastIndexByte(seg, '.')
	if i < 0 {
		return ""
	}
	switch e := strings.ToLower(seg[i:]); e {
	case ".html", ".htm", ".php", ".asp", ".aspx", ".jsp", ".shtml":
		return e
	}
	return ""
}

// queryIDs returns the query values that can be a listing id: an id token
// (see idToken), or any number in a parameter named like an id ("id",
// "oid", "PropertyID", "adv"), since small sites count from 1.
func queryIDs(q url.Values) map[string]string {
	var out map[string]string
	for k, vs := range q {
		if len(vs) == 0 {
			continue
		}
		t := idToken(vs[0])
		if t == "" && idParam(k) && allDigits(vs[0]) && len(vs[0]) <= 12 {
			t = vs[0]
		}
		if t != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[k] = t
		}
	}
	return out
}

// idParam reports a query parameter named like an id.
func idParam(k string) bool {
	k = strings.ToLower(k)
	switch k {
	case "adv", "obj", "objekt", "object", "expose", "listing", "property", "ad":
		return true
	}
	return strings.HasSuffix(k, "id") || strings.HasPrefix(k, "id")
}

// pickQueryID picks the listing's parameter among the id-like ones: the
// one whose values vary most across the page's links to the same script
// (varies, when known), else one named like an id, else the one with the
// most digits; the first by name on ties.
func pickQueryID(query map[string]string, varies map[string]int) string {
	best, bestScore := "", -1
	for k, v := range query {
		score := varies[k]*1000 + digitCount(v)
		if idParam(k) {
			score += 100
		}
		if score > bestScore || (score == bestScore && k < best) {
			best, bestScore = k, score
		}
	}
	return best
}

// shapeKeys sets each link's shape key. A first path segment shared by
// several URLs is a section (/for-sale/ vs /find-agents/) and stays in the
// key; one used by a single URL is that listing's own slug and is dropped.
func shapeKeys(shapes []*urlShape, urls []string) {
	pickQueryIDs(shapes)
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
	joinDepths(shapes)
}

// pickQueryIDs chooses, for the links to one script with several id-like
// parameters, the parameter whose values differ most between them: the
// listing id changes from card to card, a menu id (Itemid=12) or a search
// token (slink=9f4k2x) does not.
func pickQueryIDs(shapes []*urlShape) {
	values := map[string]map[string]map[string]bool{} // path -> param -> values
	for _, s := range shapes {
		if len(s.query) < 2 {
			continue
		}
		byParam := values[s.path]
		if byParam == nil {
			byParam = map[string]map[string]bool{}
			values[s.path] = byParam
		}
		for k, v := range s.query {
			if byParam[k] == nil {
				byParam[k] = map[string]bool{}
			}
			byParam[k][v] = true
		}
	}
	for _, s := range shapes {
		if len(s.query) < 2 {
			continue
		}
		varies := map[string]int{}
		for k, vs := range values[s.path] {
			varies[k] = len(vs)
		}
		s.id = s.query[pickQueryID(s.query, varies)]
	}
}
