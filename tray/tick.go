package tray

import (
	"fmt"
	"strings"
	"time"

	"rentwatch/engine"
	"rentwatch/words"
)

// Icon is the name of the tray icon for s: one of the assets states
// ("ok", "checking", "waiting", "attention", "error", "paused").
func Icon(s engine.Snapshot) string {
	switch s.Overall {
	case engine.AllGood, engine.BusyChecking, engine.OnHold, engine.NeedsYou, engine.Broken, engine.AllPaused:
		return string(s.Overall)
	case "":
		return "ok"
	}
	// An Overall this package does not know yet: say something is off
	// rather than show "all good".
	return "attention"
}

// Tooltip is the hover text of the icon: "3 searches · last check 14:02 ·
// 2 new today". It holds no countdown, so it does not change every second.
func Tooltip(s engine.Snapshot, now time.Time) string {
	if len(s.Searches) == 0 {
		return "rentwatch — no searches yet"
	}
	parts := []string{words.Plural(len(s.Searches), "search", "searches")}
	if s.Paused || s.Overall == engine.AllPaused {
		parts = append(parts, "paused")
	}
	if s.LastCycle.IsZero() {
		parts = append(parts, "not checked yet")
	} else {
		parts = append(parts, "last check "+words.Clock(s.LastCycle, now, now.Location()))
	}
	if s.NewToday > 0 {
		parts = append(parts, fmt.Sprintf("%d new today", s.NewToday))
	}
	if s.Problem != "" {
		parts = append(parts, clean(s.Problem, maxTitle))
	} else if d := deliveryShort(s.Delivery, now); d != "" {
		parts = append(parts, d)
	}
	// Windows keeps 127 characters of a notification-area tooltip.
	return words.Clip(strings.Join(parts, " · "), 127)
}

// NextTick says whether any label of Menu(s, now) counts down, and how long
// until the first such label changes (at most a second). With nothing
// counting down it returns false, so no redraw timer needs to run: every
// SetTitle makes the host re-read the whole menu.
func NextTick(s engine.Snapshot, now time.Time) (time.Duration, bool) {
	next, ok := time.Duration(0), false
	for _, v := range s.Searches {
		if !showsWait(v, now) {
			continue
		}
		d := v.Until.Sub(now) % time.Second
		if d == 0 {
			d = time.Second
		}
		if !ok || d < next {
			next, ok = d, true
		}
	}
	return next, ok
}
