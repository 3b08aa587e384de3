package window

import "strings"

// searchAddress is a search page's address as the user typed or pasted it,
// made whole: an address without its scheme ("www.pararius.nl/huren",
// as many copy it, or as a browser's address bar shows it) gets https://.
// Anything else is left for config.CheckSearchURL to judge. The page's
// script adds https:// by the same rule as the user types (window.js,
// withScheme), so the field shows what is loaded.
func searchAddress(typed string) string {
	s := strings.TrimSpace(typed)
	if s == "" || strings.Contains(s, "://") {
		return s
	}
	return "https://" + strings.TrimLeft(s, "/")
}
