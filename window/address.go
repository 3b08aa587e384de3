package window

import (
	"regexp"
	"strings"
)

// searchAddress is a search page's address as the user typed or pasted it,
// made whole: an address without its scheme ("www.pararius.nl/huren",
// as many copy it, or as a browser's address bar shows it) gets https://.
// An address with another scheme ("javascript:...", "file:/...", a scheme
// and no //) is left as it is, for config.CheckSearchURL to refuse in
// words; a host and port ("localhost:8080/x") is no scheme. The page's
// script adds https:// by the same rule as the user types (window.js,
// withScheme), so the field shows what is loaded.
func searchAddress(typed string) string {
	s := strings.TrimSpace(typed)
	if s == "" || strings.Contains(s, "://") || otherScheme.MatchString(s) {
		return s
	}
	return "https://" + strings.TrimLeft(s, "/")
}

// otherScheme is a scheme and its colon at the start, not followed by a
// port's digit.
var otherScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:([^0-9]|$)`)
