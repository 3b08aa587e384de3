package engine

import (
	"slices"
	"time"

	"rentwatch/seen"
)

// DelaysKept is how many of a search's latest times to alert it keeps;
// its typical delay is their median.
const DelaysKept = 20

// alerted records, for each alert the user was just told of, how long
// after the listing's first sighting that was: the number the product
// exists to keep small. deliver calls it once per delivered batch.
func (e *Engine) alerted(alerts []seen.Alert, at time.Time) {
	for _, a := range alerts {
		s := e.st.searches[a.Search]
		if s == nil || a.FoundAt.IsZero() {
			continue
		}
		s.delays = append(s.delays, max(at.Sub(a.FoundAt), 0))
		if n := len(s.delays); n > DelaysKept {
			s.delays = slices.Delete(s.delays, 0, n-DelaysKept)
		}
	}
}

// TypicalDelay is the median of delays (the middle one, or the mean of
// the two in the middle); 0 for none.
func TypicalDelay(delays []time.Duration) time.Duration {
	n := len(delays)
	if n == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(delays))
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
