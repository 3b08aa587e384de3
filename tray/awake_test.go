package tray

import (
	"testing"
	"time"

	"rentwatch/engine"
)

// TestMenuSaysWhileTheComputerIsKeptAwake: the line is there while the
// engine says so, under the status, and gone when it does not.
func TestMenuSaysWhileTheComputerIsKeptAwake(t *testing.T) {
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	s := engine.Snapshot{Searches: []engine.SearchView{{Name: "Kamernet", URL: "https://kamernet.nl/huren", Host: "kamernet.nl"}}}
	for _, tc := range []struct {
		awake string
		want  bool
	}{{"", false}, {"Keeping this computer awake while watching", true}} {
		s.Awake = tc.awake
		menu := Menu(s, now)
		var got *Item
		for i := range menu {
			if menu[i].ID == "awake" {
				got = &menu[i]
			}
		}
		if (got != nil) != tc.want {
			t.Fatalf("awake %q: item there %v, want %v", tc.awake, got != nil, tc.want)
		}
		if got != nil && (got.Title != tc.awake || !got.Disabled || menu[2].ID != "awake") {
			t.Errorf("item %+v at the wrong place or in other words (menu %v)", *got, menu[:3])
		}
	}
}
