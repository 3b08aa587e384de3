package read

import (
	"math"

	"rentwatch/listing"
)

func readingSaysUnread(r Reading) bool { return r.Unread != "" && len(r.Listings) == 0 }

// scoreFields counts the new fields: right out of all the truth's
// listings that record them (a listing not found has them wrong), and
// given on a found listing whose truth records none (guessed).
func scoreFields(tf truthFile, got []listing.Listing, ss *setScore) {
	byURL := map[string]listing.Listing{}
	for _, l := range got {
		byURL[canonicalURL(nil, l.URL)] = l
	}
	for _, w := range tf.Listings {
		l, found := byURL[canonicalURL(nil, w.URL)]
		check := func(i int, has, gave, right bool) {
			switch {
			case has:
				ss.fieldWant[i]++
				if found && right {
					ss.fieldOK[i]++
				}
			case found && gave:
				ss.guess[i]++
			}
		}
		check(0, w.PriceValue != nil, l.PriceValue != 0, w.PriceValue != nil && near(l.PriceValue, *w.PriceValue))
		check(1, w.Size != "", l.Size != "", w.SizeM2 != nil && near(l.SizeM2, *w.SizeM2) && samePrice(l.Size, w.Size))
		check(2, w.Rooms != nil, l.Rooms != 0, w.Rooms != nil && near(l.Rooms, *w.Rooms))
		check(3, w.Image != "", l.Image != "", l.Image == w.Image)
	}
}

// near is equality within 1% (a size converted from square feet).
func near(a, b float64) bool { return math.Abs(a-b) <= 0.01*math.Abs(b)+1e-9 }
