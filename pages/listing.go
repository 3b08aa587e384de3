package pages

// Listing is one rental listing as read off a search page. ID is stable
// from load to load: the portal's own id where it has one, else the
// canonical absolute URL (no fragment, no tracking parameters).
type Listing struct {
	ID    string `json:"id"`
	URL   string `json:"url"` // absolute
	Title string `json:"title"`
	Price string `json:"price"`
	Place string `json:"place,omitempty"`
	Image string `json:"image,omitempty"`
}

// Reading is what the readers found on one page.
type Reading struct {
	Site     string    // the portal definition used ("funda.nl"), or "generic"
	Listings []Listing // in page order, de-duplicated by ID
	// Expected is true when a portal definition matched the page's host and
	// says its search pages carry listings: zero listings then means a soft
	// block or a changed layout, not "nothing new".
	Expected bool
}

// Read finds the listings on a search page. pageURL resolves relative links
// and picks the portal definition; html is the page as loaded.
//
// PLACEHOLDER: replaced by the readers work of issue 3.
func Read(pageURL string, html []byte) Reading {
	return Reading{Site: "generic"}
}
