package window

import (
	"testing"
	"time"

	"rentwatch/listing"
	"rentwatch/seen"
)

// countingStore is the real seen store, counting how often its records
// are read.
type countingStore struct {
	*seen.Store
	reads int
}

func (c *countingStore) Listed() ([]seen.Listed, error) {
	c.reads++
	return c.Store.Listed()
}

// TestSeenListings: the listings page's source over the real store shows
// what the store recorded (alerted and left out, newest first, the
// search's name and URL), and reads the store again only after a change.
func TestSeenListings(t *testing.T) {
	st, err := seen.OpenInMemory()
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	const search = "https://kamernet.test/huren/amsterdam"
	t0 := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	room := func(id string, at time.Time) listing.Alert {
		return listing.Alert{Listing: listing.Listing{ID: id, URL: search + "/" + id, Title: "Room " + id, Price: "€ 700", Place: "West", SizeM2: 14,
			Image: "https://img.test/" + id + ".jpg"}, SearchURL: search, SearchName: "Kamernet Amsterdam",
			FoundAt: at}
	}
	if err := st.SetChannels([]string{"desktop"}); err != nil {
		t.Fatal(err)
	}
	if err := st.Accept([]listing.Alert{room("1", t0)}, nil, t0); err != nil {
		t.Fatal(err)
	}
	c := &countingStore{Store: st}
	l := SeenListings(c)

	steps := []struct {
		name   string
		change func() error
		want   []string // ids, newest first, "!" before a left-out one
		reads  int      // reads of the store so far
	}{
		{"accepted but not delivered yet: not listed", nil, nil, 1},
		{"asked again with no change: not read again", nil, nil, 1},
		{"delivered: listed", func() error { _, err := st.Sent("desktop", []string{"1"}, t0.Add(time.Minute)); return err },
			[]string{"1"}, 2},
		{"left out by a filter: listed as such, newest first", func() error {
			return st.LeftOut([]listing.Alert{room("2", t0.Add(time.Hour))}, []string{"the title has \"students only\""})
		}, []string{"!2", "1"}, 3},
		{"asked again: from the cache", nil, []string{"!2", "1"}, 3},
	}
	for _, s := range steps {
		if s.change != nil {
			if err := s.change(); err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
		}
		got, err := l.Listings()
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		var ids []string
		for _, g := range got {
			id := g.ID
			if g.LeftOut != "" {
				id = "!" + id
			}
			ids = append(ids, id)
		}
		if len(ids) != len(s.want) || (len(ids) > 0 && ids[0] != s.want[0]) || (len(ids) > 1 && ids[1] != s.want[1]) {
			t.Errorf("%s: listed %v, want %v", s.name, ids, s.want)
		}
		if c.reads != s.reads {
			t.Errorf("%s: the store was read %d times, want %d", s.name, c.reads, s.reads)
		}
	}
	got, _ := l.Listings()
	want := seen.Listed{Alert: listing.Alert{Listing: listing.Listing{ID: "1", URL: search + "/1", Title: "Room 1", Price: "€ 700", Place: "West", SizeM2: 14,
		Image: "https://img.test/1.jpg"}, SearchName: "Kamernet Amsterdam", SearchURL: search, FoundAt: t0}}
	if g := got[1]; g.ID != want.ID || g.URL != want.URL || g.Title != want.Title || g.Price != want.Price ||
		g.Place != want.Place || g.SizeM2 != want.SizeM2 || g.Image != want.Image || g.SearchName != want.SearchName ||
		g.SearchURL != want.SearchURL || !g.FoundAt.Equal(want.FoundAt) || g.LeftOut != "" {
		t.Errorf("the delivered listing reads %+v, want %+v", g, want)
	}
}
