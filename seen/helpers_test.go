package seen

import (
	"fmt"
	"testing"
	"time"

	"rentwatch/listing"
)

// t0 is an arbitrary fixed "now" for tests; policy never reads the clock.
var t0 = time.Date(2026, 11, 30, 14, 2, 0, 0, time.UTC)

const day = 24 * time.Hour

// openDisk opens a real Badger store in a fresh temp dir, closed at cleanup.
func openDisk(t *testing.T) (*Store, string) {
	t.Helper()
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("open %s: %v", dir, err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dir
}

// reopen closes s and opens the same directory again.
func reopen(t *testing.T, s *Store, dir string) *Store {
	t.Helper()
	if err := s.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}
	s2, err := Open(dir)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	t.Cleanup(func() { s2.Close() })
	return s2
}

func snap(search string, at time.Time, ids ...string) Snapshot {
	l := make(map[string]time.Time, len(ids))
	for _, id := range ids {
		l[id] = at
	}
	return Snapshot{Search: search, Listings: l, CheckedAt: at}
}

func alert(id, search string, at time.Time) listing.Alert {
	return listing.Alert{Listing: listing.Listing{ID: id, URL: "https://example.test/" + id, Title: "Room " + id,
		Price: "€ 900", Place: "Amsterdam"}, SearchURL: search, SearchName: "name of " + search, FoundAt: at}
}

// bigSnapshots is the largest load we promise: searches x perSearch
// listings with realistic ids (canonical listing URLs, ~60 bytes).
func bigSnapshots(searches, perSearch int, at time.Time) []Snapshot {
	out := make([]Snapshot, searches)
	for s := range out {
		search := fmt.Sprintf("https://www.funda.nl/zoeken/huur?selected_area=%%5B%%22amsterdam-%02d%%22%%5D", s)
		l := make(map[string]time.Time, perSearch)
		for i := 0; i < perSearch; i++ {
			l[fmt.Sprintf("https://www.funda.nl/detail/huur/amsterdam/appartement-%02d%06d/", s, i)] = at
		}
		out[s] = Snapshot{Search: search, Listings: l, CheckedAt: at}
	}
	return out
}

func idsOf(snaps []Snapshot) []string {
	var ids []string
	for _, s := range snaps {
		for id := range s.Listings {
			ids = append(ids, id)
		}
	}
	return ids
}
