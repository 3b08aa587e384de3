package tray

import (
	"fmt"
	"testing"
	"time"

	"rentwatch/engine"
	"rentwatch/listing"
)

// BenchmarkMenuFifteenSearches is the cost of one countdown tick's Menu
// with the most searches the settings allow and a full recent list.
func BenchmarkMenuFifteenSearches(b *testing.B) {
	s := hostWaiting()
	for i := len(s.Searches); i < 15; i++ {
		s.Searches = append(s.Searches, view(fmt.Sprintf("Search %d", i), fmt.Sprintf("https://example.nl/s/%d", i), "example.nl", engine.Idle))
	}
	for i := range engine.RecentMax {
		s.Recent = append(s.Recent, engine.Told{Alert: listing.Alert{Listing: listing.Listing{Price: "€ 750", Title: "Room in De Pijp", URL: fmt.Sprintf("https://kamernet.nl/kamer/%d", i)},
			SearchName: "Kamernet West"}})
	}
	b.ReportAllocs()
	now := t0
	for b.Loop() {
		now = now.Add(time.Second)
		Menu(s, now)
		NextTick(s, now)
	}
}
