package engine

import (
	"context"
	"fmt"
	"slices"
	"time"

	"rentwatch/blocks"
	"rentwatch/seen"
)

// DelaysKept is how many of a search's latest times to alert it keeps;
// its typical delay is their median.
const DelaysKept = 20

// sendAlerts delivers what is pending (deliver) and notes a delivery that
// failed in the activity.
func (e *Engine) sendAlerts(ctx context.Context) {
	tries := e.st.mail.attempts
	e.deliver(ctx)
	if m := e.st.mail; m.attempts > tries {
		e.note(EventFailure, "", "", "alerts could not be sent: "+m.reason+"; the listings are kept and sent on the next try")
	}
}

// alerted records, for each alert the user was just told of, how long
// after the listing's first sighting that was: the number the product
// exists to keep small; and notes the alerts in the activity. deliver calls
// it once per delivered batch.
func (e *Engine) alerted(alerts []seen.Alert, at time.Time) {
	var order []string
	bySearch := map[string][]seen.Alert{}
	for _, a := range alerts {
		if _, ok := bySearch[a.Search]; !ok {
			order = append(order, a.Search)
		}
		bySearch[a.Search] = append(bySearch[a.Search], a)
	}
	for _, url := range order {
		list := bySearch[url]
		text := fmt.Sprintf("%d new listing(s) alerted: %s", len(list), list[0].Title)
		if len(list) > 1 {
			text += fmt.Sprintf(" and %d more", len(list)-1)
		}
		e.note(EventAlert, list[0].SearchName, blocks.HostKey(url), text)
	}
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
