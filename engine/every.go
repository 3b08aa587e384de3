package engine

import (
	"slices"
	"time"
)

// ChecksKept is how many of a search's latest checks it remembers, to say
// how often it is really checked (SearchView.Every).
const ChecksKept = 9

// checked remembers a finished check of the search at now.
func (s *searchState) checked(now time.Time) {
	s.checks = append(s.checks, now)
	if len(s.checks) > ChecksKept {
		s.checks = slices.Delete(s.checks, 0, len(s.checks)-ChecksKept)
	}
}

// CheckedEvery is how often checks at these times (oldest first) came: the
// median gap between two in a row; 0 with fewer than two. The interval is
// what the user asked for; with many searches on one site, which is asked
// one page at a time with a gap between two, the real one is longer.
func CheckedEvery(checks []time.Time) time.Duration {
	if len(checks) < 2 {
		return 0
	}
	gaps := make([]time.Duration, 0, len(checks)-1)
	for i := 1; i < len(checks); i++ {
		gaps = append(gaps, checks[i].Sub(checks[i-1]))
	}
	slices.Sort(gaps)
	return gaps[(len(gaps)-1)/2]
}
