package window

import (
	"fmt"
	"time"

	"rentwatch/listing"
	"rentwatch/pages"
	"rentwatch/pages/read"
	"rentwatch/words"
)

// The lists a page holds. No reader is right on every portal: a page can
// hold its results beside a strip of similar listings or a long list of
// links to other searches, and the readers may take the wrong one. So the
// preview shows the other lists it found on the page, each with how many
// items it has and its first three, and the user picks the right one with
// one click; the pick is saved with the search (config.Search.Pick) and
// every later check reads that list. The preview's load brought every list
// whole (pages.Ask.Lists), so a pick shows its list without loading the
// page again.

// candidateView is one list on the page, as the preview offers it.
type candidateView struct {
	Key      string        `json:"key"`
	Count    int           `json:"count"`
	Listings []listingView `json:"listings"` // its first three
	// Chosen: the preview's listings are this list's (the pick, or the
	// readers' own choice when there is no pick).
	Chosen bool `json:"chosen"`
}

// shownList is the list a preview shows: the pick's, when the page holds
// it, else the readers' own. lost says the page does not hold the pick.
type shownList struct {
	listings []listing.Listing
	key      string // the list's key; "" when it is no list of the page's (a portal's reader)
	lost     bool
}

// showList picks the list the preview shows on page for pick ("" for the
// readers' choice).
func showList(page pages.Result, pick string) shownList {
	if pick != "" {
		for _, l := range page.Lists {
			if l.Key == pick {
				return shownList{listings: l.Listings, key: l.Key}
			}
		}
	}
	s := shownList{listings: page.Listings, lost: pick != ""}
	for _, l := range page.Lists {
		if len(s.listings) > 0 && len(l.Listings) > 0 && l.Listings[0].URL == s.listings[0].URL {
			s.key = l.Key
			break
		}
	}
	return s
}

// offerLists adds to v the lists the page holds, when there is one to
// offer (a list other than the one shown, or a pick to make again), and
// says whether the list shown looks wrong.
func offerLists(v *previewView, page pages.Result, shown shownList, now time.Time, loc *time.Location) {
	others := 0
	for _, l := range page.Lists {
		if l.Key != shown.key {
			others++
		}
	}
	v.PickLost = shown.lost
	if others == 0 && !shown.lost {
		return
	}
	for _, l := range page.Lists {
		c := candidateView{Key: l.Key, Count: l.Count, Chosen: l.Key == shown.key, Listings: []listingView{}}
		for _, x := range l.Listings[:min(3, len(l.Listings))] {
			c.Listings = append(c.Listings, buildListing(listing.Alert{Listing: x}, "", now, loc))
		}
		v.Candidates = append(v.Candidates, c)
	}
	why := doubtful(shown, page.Lists)
	v.PickAdvised = shown.lost || why != ""
	switch {
	case shown.lost:
		v.Warnings = append(v.Warnings, "The list picked for this search is not on this page any more: the site has a new layout. "+
			"Pick the right list below; until you do, rentwatch cannot tell what is new on this page.")
	case why != "":
		v.Warnings = append(v.Warnings, "This may not be the list to watch: "+why+". "+
			fmt.Sprintf("rentwatch found %s on this page: pick the right one below.", words.Plural(len(page.Lists), "list", "lists")))
	}
}

// doubtful says why the list shown looks like the wrong one, or "": it
// is empty, or tiny (under 3 items), or another list shows rents where it
// shows none, or another list with rents is at least twice as long. A
// list of rooms shows their rents; a list of links to other searches
// does not.
func doubtful(shown shownList, lists []read.Candidate) string {
	n := len(shown.listings)
	switch {
	case n == 0:
		return "rentwatch read no listings here"
	case n < 3:
		return "it holds only " + words.Plural(n, "item", "items")
	}
	for _, l := range lists {
		if l.Key == shown.key || !showsRents(l.Listings) {
			continue
		}
		switch {
		case !showsRents(shown.listings):
			return "its items show no rent, and another list's do"
		case l.Count >= 2*n:
			return fmt.Sprintf("another list, with rents, is much longer (%d items)", l.Count)
		}
	}
	return ""
}

// showsRents says whether most of a list's first three items show a price.
func showsRents(ls []listing.Listing) bool {
	first := ls[:min(3, len(ls))]
	priced := 0
	for _, l := range first {
		if l.Price != "" {
			priced++
		}
	}
	return len(first) > 0 && 2*priced > len(first)
}
