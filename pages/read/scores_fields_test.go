package read

func readingSaysUnread(r Reading) bool { return false }

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
		check(3, w.Image != "", l.Image != "", l.Image == w.Image)
		check(0, w.PriceValue != nil, false, false)
		check(1, w.Size != "", false, false)
		check(2, w.Rooms != nil, false, false)
	}
}
