package read

import (
	"net/url"
	"strings"

	"rentwatch/listing"
)

// keepPublic drops the listings whose link the rule of the page's links
// refuses (listing.LinksOn: a public page may send the user to public
// addresses only, a page on a local host also to its own origin; http and
// https only), and such photos. The rule is decided once per origin: a
// page's links share a few.
func keepPublic(page *url.URL, in []listing.Listing) []listing.Listing {
	pageURL := ""
	if page != nil {
		pageURL = page.String()
	}
	rule := listing.LinksOn(pageURL)
	byOrigin := map[string]bool{}
	allowed := func(raw string) bool {
		origin, ok := quickOrigin(raw)
		if !ok {
			return rule.Allow(raw)
		}
		v, seen := byOrigin[origin]
		if !seen {
			v = rule.Allow(origin + "/")
			byOrigin[origin] = v
		}
		return v
	}
	out := in[:0]
	for _, l := range in {
		if !allowed(l.URL) {
			continue
		}
		if l.Image != "" && !allowed(l.Image) {
			l.Image = ""
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// quickOrigin is the scheme and host (with its port) of an absolute http
// or https URL written plainly (no user info, no IPv6 brackets, no escapes),
// without parsing the rest; ok is false for any other URL, which the rule
// then parses whole.
func quickOrigin(raw string) (string, bool) {
	scheme := "https://"
	rest, ok := strings.CutPrefix(raw, scheme)
	if !ok {
		scheme = "http://"
		if rest, ok = strings.CutPrefix(raw, scheme); !ok {
			return "", false
		}
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	host := rest[:end]
	if host == "" || strings.ContainsAny(host, "@[]%\\ \t\r\n") {
		return "", false
	}
	return scheme + host, true
}
