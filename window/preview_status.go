package window

import (
	"fmt"
	"net/http"

	"rentwatch/words"
)

// answeredWords says what a page that answered with an error status
// (4xx, 5xx) and no wall means, what to do about it, and the question
// asked before such a search is saved: a 404 has no listings, and saved
// as it is the search would find nothing.
func answeredWords(status int, host string) (what, todo, confirm string) {
	code := fmt.Sprintf("%d %s", status, http.StatusText(status))
	site := words.Site(host)
	confirm = "The page answered " + code + " when rentwatch loaded it. Save this search anyway? Until the page is there, it finds nothing."
	switch {
	case status == http.StatusNotFound || status == http.StatusGone:
		return "The page answered " + code + ": " + site + " has no such page (or not any more), so there are no listings to read.",
			"Check the address: copy it again from the address bar while the site shows your search results.", confirm
	case status >= 500:
		return "The page answered " + code + ": " + site + " has trouble of its own right now, so there are no listings to read.",
			"Load it again in a while. Saved as it is, the search is checked like any other and says so while the site has trouble.", confirm
	}
	return "The page answered " + code + ": " + site + " did not show it, so there are no listings to read.",
		"Check the address, and open the page to see what the site says.", confirm
}
