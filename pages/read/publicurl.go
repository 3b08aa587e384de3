package read

import (
	"net"
	"net/netip"
	"net/url"
	"strings"

	"rentwatch/listing"
)

// PublicURL reports whether raw is an address a listing may send the
// user's browser, mail client or push app to: an absolute http or https
// URL whose host is a name or a public IP address. It is false for any
// other scheme (javascript:, data:, file:, ftp:), for localhost and its
// subdomains, and for loopback (127.0.0.0/8, ::1), private (RFC 1918,
// fc00::/7), link-local (169.254.0.0/16, fe80::/10), unspecified (0.0.0.0,
// ::) and IPv4-mapped forms of those. A hostile portal page must not make
// an alert open or load something on the user's own machine or network.
// It resolves no name: a public name that points inward is the network's
// business, not the page's. Safe for concurrent use.
func PublicURL(raw string) bool {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return false
	}
	return publicHost(u.Hostname())
}

// publicHost reports a host name, or an IP address outside the loopback,
// private, link-local, unspecified and multicast ranges.
func publicHost(host string) bool {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	if h == "" || h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return false
	}
	addr, err := netip.ParseAddr(strings.Trim(h, "[]"))
	if err != nil {
		// a name, or a numeric form net/netip does not take ("2130706433",
		// "0x7f.1"): browsers read those as IPv4, so they are not public
		if ip := net.ParseIP(h); ip != nil || allDigitsOrHex(h) {
			return false
		}
		return true
	}
	addr = addr.Unmap()
	return !(addr.IsLoopback() || addr.IsPrivate() || addr.IsLinkLocalUnicast() || addr.IsLinkLocalMulticast() ||
		addr.IsUnspecified() || addr.IsMulticast() || addr.IsInterfaceLocalMulticast())
}

// allDigitsOrHex reports a host made only of digits, dots and hex
// prefixes: an IPv4 address written as one number or in hex.
func allDigitsOrHex(h string) bool {
	if h == "" {
		return false
	}
	for _, part := range strings.Split(h, ".") {
		p := strings.TrimPrefix(part, "0x")
		if p == "" {
			return false
		}
		for _, r := range p {
			if !(r >= '0' && r <= '9') && !(part != p && (r >= 'a' && r <= 'f')) {
				return false
			}
		}
	}
	return true
}

// keepPublic drops the listings that would send a user from a public page
// to a host on their own machine or network, and such images. A page
// that is itself on a local host (a portal mirror on the user's network,
// a test server on loopback) may link to local hosts; any page's links
// must still be http or https.
func keepPublic(page *url.URL, in []listing.Listing) []listing.Listing {
	local := page != nil && !publicHost(page.Hostname())
	byHost := map[string]bool{} // a page's links share a few hosts
	allowed := func(raw string) bool {
		host, ok := quickHost(raw)
		if !ok {
			if PublicURL(raw) {
				return true
			}
			u, err := url.Parse(raw)
			return local && err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
		}
		v, seen := byHost[host]
		if !seen {
			v = local || PublicURL("http://"+host+"/")
			byHost[host] = v
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

// quickHost is the host of an absolute http or https URL written plainly
// (no user info, no port), without parsing the rest; ok is false for any
// other URL, which keepPublic then parses whole.
func quickHost(raw string) (string, bool) {
	rest, ok := strings.CutPrefix(raw, "https://")
	if !ok {
		if rest, ok = strings.CutPrefix(raw, "http://"); !ok {
			return "", false
		}
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	host := rest[:end]
	if host == "" || strings.ContainsAny(host, "@:[]%\\ ") {
		return "", false
	}
	return host, true
}
