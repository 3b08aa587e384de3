// Package listing holds a rental listing and the alert about it: one type
// each, from the page that showed the listing to the message that told the
// user, so a field added here reaches every package that carries listings;
// and the one rule for the addresses a listing may send the user to
// (Links, Shown), which the readers and every channel share. It imports
// nothing of rentwatch's own.
package listing

import "time"

// Listing is one rental listing as read off a search page. ID is stable
// from load to load: the portal's own id where it has one, else the
// canonical absolute URL (no fragment, no tracking parameters).
//
// Price, Size and Title are as the page shows them ("€ 1.200 - € 1.500",
// "650 sq ft"); PriceValue, SizeM2 and Rooms are numbers for filters,
// zero when the page does not show them (a field is never guessed).
//
// Its JSON is the listing object of `rentwatch inspect --json` and
// `rentwatch check --json`, and part of every alert the store keeps.
type Listing struct {
	ID    string `json:"id"`
	URL   string `json:"url"` // absolute
	Title string `json:"title"`
	Price string `json:"price"`
	// PriceValue is the price as a number, the lower bound of a range.
	PriceValue float64 `json:"price_value,omitempty"`
	Size       string  `json:"size,omitempty"`
	SizeM2     float64 `json:"size_m2,omitempty"` // Size in square metres
	Rooms      float64 `json:"rooms,omitempty"`   // 2.5 where a page counts half rooms
	Place      string  `json:"place,omitempty"`
	// Image is the absolute URL of the card's photo (lazy-loading
	// attributes first, never a placeholder data: URI). It is linked,
	// never fetched by rentwatch.
	Image string `json:"image,omitempty"`
}

// Alert is a listing one search found, with what the user is told beside
// it: which search found it, on which portal, and when it was first seen.
// It is what the store queues for every delivery channel, what the
// channels send and what the Listings page shows.
type Alert struct {
	Listing
	// SearchURL is the search's key: its URL.
	SearchURL  string `json:"search"`
	SearchName string `json:"search_name"`
	// Portal is the site the listing is on: the portal definition that
	// read the page ("funda.nl"), else the search page's host. The words
	// package names it for the user ("Funda").
	Portal  string    `json:"portal,omitempty"`
	FoundAt time.Time `json:"found_at"` // the first sighting
}
