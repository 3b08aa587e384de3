package engine

import (
	"testing"
	"time"
)

// TestNewTodayEndsAtTheUsersMidnight: "new today" counts the day of the
// user's time zone (Deps.Location), not the machine's. The zone is put 11
// hours east of the machine's, so the user's midnight falls between two
// times that are the same day on the machine, whatever zone it runs in.
func TestNewTodayEndsAtTheUsersMidnight(t *testing.T) {
	noon := time.Date(2026, 1, 10, 12, 0, 0, 0, time.Local) // 23:00 for the user
	_, off := noon.Zone()
	user := time.FixedZone("user", off+11*3600)
	steps := []struct {
		at       time.Time
		found    int // new listings alerted at this step
		want     int // NewToday of the snapshot and of the search
		wantDate string
	}{
		{noon, 2, 2, "2026-01-10"},
		{noon.Add(30 * time.Minute), 1, 3, "2026-01-10"},
		{noon.Add(2 * time.Hour), 0, 0, "2026-01-11"}, // 01:00 for the user: a new day
		{noon.Add(3 * time.Hour), 4, 4, "2026-01-11"},
	}
	west := fiveOnOneHost[0]
	e := New(Deps{Location: user}, Settings{Searches: searches(west)})
	st := &e.st
	for i, step := range steps {
		if step.found > 0 {
			st.countNew(step.at, st.searches[west], step.found)
		}
		s := st.snapshot(step.at)
		if s.NewToday != step.want || s.Searches[0].NewToday != step.want {
			t.Errorf("step %d (%s for the user): NewToday %d, search's %d; want %d",
				i, step.at.In(user).Format("Jan 2 15:04"), s.NewToday, s.Searches[0].NewToday, step.want)
		}
		if got := st.today(step.at); got != step.wantDate {
			t.Errorf("step %d: today %s, want %s", i, got, step.wantDate)
		}
	}
}
