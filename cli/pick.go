package cli

import (
	"fmt"
	"io"

	"rentwatch/config"
	"rentwatch/listing"
	"rentwatch/pages/read"
)

// The lists on a page, for `check` and `inspect`: a page can hold its
// results beside other lists (similar listings, links to other searches),
// and the readers may take the wrong one. Both commands name every list by
// the key the window's preview uses, so that `--pick KEY` reads the list a
// terminal user chose, as a search saved with `pick = "KEY"` does.

// checkPickFlag says what is wrong with a --pick value, or "".
func checkPickFlag(pick string) string {
	if pick == "" || config.ValidPick(pick) {
		return ""
	}
	return fmt.Sprintf("--pick %q is not the key of a list: a key is %d characters 0-9 and a-f, as `rentwatch check URL` lists them",
		pick, config.PickLength)
}

// printLists writes the page's lists, one a line with its first item, the
// one read marked; nothing for a page with one list or none and no pick.
func printLists(w io.Writer, lists []read.Candidate, readKey, pick string) {
	if len(lists) < 2 && pick == "" {
		return
	}
	fmt.Fprintf(w, "lists:    %d on the page; read another with --pick KEY\n", len(lists))
	for _, l := range lists {
		mark := ""
		if l.Key == readKey {
			mark = "  (read)"
		}
		first := l.Listings[0]
		fmt.Fprintf(w, "  %s  %3d items  first: %s | %s%s\n", l.Key, l.Count, first.Title, first.Price, mark)
	}
}

// listRead is the key of the list whose listings were read: the pick when
// the page holds it, else the list that starts with the first listing.
func listRead(lists []read.Candidate, listings []listing.Listing, pick string, lost bool) string {
	if pick != "" && !lost {
		return pick
	}
	for _, l := range lists {
		if len(listings) > 0 && l.Listings[0].URL == listings[0].URL {
			return l.Key
		}
	}
	return ""
}

// pickLostWords says a pick is not on the page.
func pickLostWords(pick string) string {
	return fmt.Sprintf("the list %s is not on this page (any more): its layout is another; pick one of the lists below", pick)
}
