package engine

import (
	"fmt"
	"slices"
	"time"

	"rentwatch/blocks"
	"rentwatch/listing"
	"rentwatch/words"
)

// DelaysKept is how many of a search's latest times to alert it keeps;
// its typical delay is their median.
const DelaysKept = 20

// deliveryFailed notes in the activity that a channel's send failed;
// deliver.go calls it with the failure.
func (e *Engine) deliveryFailed(channel string, err error) {
	e.note(EventFailure, "", "", fmt.Sprintf("sending by %s failed: %v; the listings are kept and sent on a later try", channel, err))
}

// alerted records, for each alert the user was just told of, how long
// after the listing's first sighting that was: the number the product
// exists to keep small; and notes the alerts in the activity. deliver calls
// it once per delivered batch.
func (e *Engine) alerted(alerts []listing.Alert, at time.Time) {
	var order []string
	bySearch := map[string][]listing.Alert{}
	for _, a := range alerts {
		if _, ok := bySearch[a.SearchURL]; !ok {
			order = append(order, a.SearchURL)
		}
		bySearch[a.SearchURL] = append(bySearch[a.SearchURL], a)
	}
	for _, url := range order {
		list := bySearch[url]
		text := words.Plural(len(list), "new listing", "new listings") + " alerted: " + list[0].Title
		if len(list) > 1 {
			text += fmt.Sprintf(" and %d more", len(list)-1)
		}
		e.note(EventAlert, list[0].SearchName, blocks.HostKey(url), text)
	}
	for _, a := range alerts {
		s := e.st.searches[a.SearchURL]
		if s == nil || a.FoundAt.IsZero() {
			continue
		}
		s.delays = append(s.delays, max(at.Sub(a.FoundAt), 0))
		if n := len(s.delays); n > DelaysKept {
			s.delays = slices.Delete(s.delays, 0, n-DelaysKept)
		}
	}
}

// TypicalDelay is the median of delays (the lower of the two in the
// middle, as seen.Store.TypicalDelay has it, so the window, the tray and
// `searches list` say the same); 0 for none.
func TypicalDelay(delays []time.Duration) time.Duration {
	if len(delays) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(delays))
	return s[(len(s)-1)/2]
}

// loadDelays reads every search's latest times to alert from the store,
// so the typical delay outlives a restart.
func (e *Engine) loadDelays() {
	for url, s := range e.st.searches {
		d, err := e.d.Store.Delays(url)
		if e.diskFull(err) {
			e.st.disk.unread = true // read when there is room (disk.go)
			return
		}
		if err != nil {
			e.d.Log.Warn("read the times to alert", "search", s.name, "err", err)
			continue
		}
		s.delays = d[max(len(d)-DelaysKept, 0):]
	}
}
