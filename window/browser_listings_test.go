package window

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"rentwatch/listing"
	"rentwatch/seen"
	"rentwatch/words"
)

// The Listings page follows the alerts by itself: a listing alerted while
// it is open appears, marked new; listings are shown under their search's
// name as it is now; the times read as everywhere else (a 24-hour clock).
func TestBrowserListingsFollowTheAlerts(t *testing.T) {
	r := startRig(t, withComments) // the search at kamernet is called "Kamernet West" now
	west := "https://kamernet.nl/huren/kamers-amsterdam"
	r.listings.add(seen.Listed{Alert: listing.Alert{Listing: listing.Listing{ID: "1", URL: "https://kamernet.nl/kamer-1", Title: "Room Damrak"},
		SearchName: "Amsterdam (old name)", SearchURL: west, FoundAt: r.now.Add(-2 * time.Hour)}})
	ctx, log := newTab(t, 1280, 900)
	if _, err := chromedp.Call(ctx, emulation.SetTimezoneOverride, emulation.SetTimezoneOverrideParams{TimezoneID: "UTC"}); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/listings", "")), chromedp.WaitVisible(chromedp.CSS("li.listing")))
	shown := text(t, ctx, "#listing-results")
	if !strings.Contains(shown, "Kamernet West") || strings.Contains(shown, "old name") {
		t.Errorf("the listing is not shown under its search's name now: %s", shown)
	}

	// an alert goes out while the page is open
	r.listings.add(seen.Listed{Alert: listing.Alert{Listing: listing.Listing{ID: "2", URL: "https://kamernet.nl/kamer-2", Title: "Room Rozengracht"},
		SearchName: "Kamernet West", SearchURL: west, FoundAt: r.now.Add(20 * time.Second)}})
	waitText(t, ctx, "#listing-results", "Room Rozengracht")
	waitText(t, ctx, "#new-summary", "1 new since you opened this page")
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("li.listing.new .new-badge").length`)); n != 1 {
		t.Errorf("%d listings marked new, want the one alerted while the page was open", n)
	}

	// the last look, in the app's one time format
	looked := r.now.Add(-3*time.Hour - 17*time.Minute)
	do(t, ctx, chromedp.Navigate(r.base()+"/"), chromedp.WaitVisible(chromedp.ID("add-url")), // leaving the page is a look
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem("rentwatch-last-looked", "%d")`, looked.UnixMilli())),
		chromedp.Navigate(r.base()+"/listings"), chromedp.WaitVisible(chromedp.CSS("li.listing")))
	want := "(" + words.Clock(looked, r.now, time.UTC) + ")"
	waitText(t, ctx, "#new-summary", "2 new since you last looked "+want)
	if got := text(t, ctx, "#new-summary"); strings.Contains(got, "AM") || strings.Contains(got, "PM") {
		t.Errorf("a 12-hour clock: %s", got)
	}
	if e := log.get(&log.exceptions); len(e) > 0 {
		t.Errorf("script errors: %v", e)
	}
}
