package listing

import (
	"net"
	"net/netip"
	"net/url"
	"strings"
)

// The one rule for the addresses a listing may send the user to: its link
// (opened by a click in the window, an email, a push or a pop-up) and its
// photo (loaded by the window's page, the mail client, the push app). Both
// come from a portal's page, and a page must not make the user's own
// browser ask something on the user's own machine or network: a card
// with <img src="http://127.0.0.1:PORT/..."> made the browser that opened
// the window's Listings ask another local port, with the cookies the
// browser keeps for 127.0.0.1 (cookies go to every port of a host).
//
// The readers apply it as they read a page; every channel applies it again
// where it shows an alert (Shown), because alerts stored before the rule,
// or read by an older rentwatch, reach the channels from the store.

// Links says which addresses a listing read off one search page may show.
// Make it with LinksOn; the zero Links is the rule for an unknown page:
// public addresses only. Safe for concurrent use.
type Links struct {
	// origin is the page's own origin ("http://192.168.1.5:80") when the
	// page itself is on a local host; "" for a public page.
	origin string
}

// LinksOn is the rule for the listings of the search page at page.
//
// Any page may show an absolute http or https address on a host name or a
// public IP address. A page that is itself on a local host (a portal on
// the user's NAS at 192.168.1.5, a mirror on loopback) may also show
// addresses on its own origin: the same scheme, host and port. Not another
// local host, and not another port of its own host: on a local host the
// port is the program (the NAS's admin page on :5000, rentwatch's own
// window on 127.0.0.1), and the browser hands every port of a host the
// cookies it keeps for that host. A portal's own listings and photos are
// on its own origin; what a local page has elsewhere on the network is
// not a listing.
func LinksOn(page string) Links {
	u, err := url.Parse(strings.TrimSpace(page))
	if err != nil || !webScheme(u) || u.Host == "" || publicHost(u.Hostname()) {
		return Links{}
	}
	return Links{origin: originOf(u)}
}

// Allow reports whether raw may be shown as a listing's link or photo
// under the rule of ls (see LinksOn). It is false for any scheme but http
// and https (javascript:, data:, file:), for a relative address, for one
// with a user name or password in it, and for localhost and its
// subdomains, loopback (127.0.0.0/8, ::1), private (RFC 1918, fc00::/7),
// link-local (169.254.0.0/16, fe80::/10), unspecified, multicast and
// IPv4-mapped forms of those, or an IPv4 address written as one number or
// in hex, unless it is on a local page's own origin. It resolves no name:
// a public name that points inward is the network's business, not the
// page's.
func (ls Links) Allow(raw string) bool {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || !webScheme(u) || u.Host == "" || u.User != nil {
		return false
	}
	if publicHost(u.Hostname()) {
		return true
	}
	return ls.origin != "" && originOf(u) == ls.origin
}

// Shown is a as any channel may show it: its link and its photo are ""
// unless the rule of its search's page allows them (LinksOn(a.SearchURL);
// an alert with no search has the zero rule). Everything else is as it
// was; the text is cleaned where it is shown, by the words of each channel.
func Shown(a Alert) Alert {
	links := LinksOn(a.SearchURL)
	if a.URL != "" && !links.Allow(a.URL) {
		a.URL = ""
	}
	if a.Image != "" && !links.Allow(a.Image) {
		a.Image = ""
	}
	return a
}

func webScheme(u *url.URL) bool { return u.Scheme == "http" || u.Scheme == "https" }

// originOf is u's scheme, host (lower case, without a trailing dot) and
// port, the default port written out.
func originOf(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return u.Scheme + "://" + net.JoinHostPort(strings.ToLower(strings.TrimSuffix(u.Hostname(), ".")), port)
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
