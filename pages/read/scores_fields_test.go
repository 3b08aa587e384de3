package read

import "math"

func readingSaysUnread(r Reading) bool { return r.Unread != "" && len(r.Listings) == 0 }

// scoreFields counts, over the matched listings, the new fields right
// where the truth records them and given where it does not (guessed).
func scoreFields(tf truthFile, got []Listing, ss *setScore) {
	want := map[string]truthListing{}
	for _, l := range tf.Listings {
		want[canonicalURL(nil, l.URL)] = l
	}
	for _, l := range got {
		w, ok := want[canonicalURL(nil, l.URL)]
		if !ok {
			continue
		}
		check := func(i int, has, gave, right bool) {
			switch {
			case has:
				ss.fieldWant[i]++
				if right {
					ss.fieldOK[i]++
				}
			case gave:
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
