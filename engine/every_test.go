package engine

import (
	"fmt"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/seen"
)

func TestCheckedEvery(t *testing.T) {
	at := func(secs ...int) []time.Time {
		var out []time.Time
		for _, s := range secs {
			out = append(out, time.Unix(int64(s), 0))
		}
		return out
	}
	for _, c := range []struct {
		checks []time.Time
		want   time.Duration
	}{
		{nil, 0},
		{at(10), 0},
		{at(10, 40), 30 * time.Second},
		{at(0, 30, 61, 90, 300), 30 * time.Second}, // one long wait does not move the median
		{at(0, 14, 66, 158, 210), 52 * time.Second},
	} {
		if got := CheckedEvery(c.checks); got != c.want {
			t.Errorf("%v: %v, want %v", c.checks, got, c.want)
		}
	}
}

// Thirteen searches on one site are each checked far less often than the
// interval: the site is asked one page at a time, a gap apart, and a round
// of checks waits for its last page, so a search on another site waits
// too. A search alone is checked about every interval. The snapshot says
// how often.
func TestTheSnapshotSaysHowOftenASearchIsChecked(t *testing.T) {
	var thirteen []string
	for i := range 13 {
		thirteen = append(thirteen, fmt.Sprintf("https://kamernet.nl/huren/kamers-%d", i))
	}
	for _, c := range []struct {
		name     string
		urls     []string
		min, max time.Duration
	}{
		{"one search", []string{"https://www.funda.nl/zoeken/huur"}, 30 * time.Second, 45 * time.Second},
		{"thirteen on one site and one elsewhere", append(thirteen, "https://www.funda.nl/zoeken/huur"), 13 * 2 * time.Second, time.Hour},
	} {
		synctest.Test(t, func(t *testing.T) {
			store, err := seen.OpenInMemory()
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			r := newRig(store, newPortal(), searches(c.urls...), 43)
			stop := running(t, r.e)
			time.Sleep(15 * time.Minute)
			snap := r.e.Snapshot()
			stop()
			for _, s := range snap.Searches {
				if s.Every < c.min || s.Every > c.max {
					t.Errorf("%s: %s checked every %v, want %v to %v", c.name, s.URL, s.Every, c.min, c.max)
				}
			}
		})
	}
}
