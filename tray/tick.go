package tray

import (
	"fmt"
	"strings"
	"time"
	"unicode"

	"rentwatch/assets"

	"rentwatch/engine"
	"rentwatch/words"
)

// Icon is the name of the tray icon for s: one of the assets states
// ("ok", "checking", "waiting", "attention", "error", "paused", "setup").
// With no search yet it is "setup", never "ok": nothing is watched, and a
// green check would say all is well.
func Icon(s engine.Snapshot) string {
	if len(s.Searches) == 0 && s.Overall != engine.NeedsYou && s.Overall != engine.Broken {
		return assets.Setup
	}
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

// Tooltip is the hover text of the icon. What is wrong comes first, in a
// few words ("Funda needs you", "email stopped: the password was
// refused", "paused until 15:02"), then the searches: "3 searches · last
// check 14:02 · 2 new today". It holds no countdown, so it does not
// change every second.
func Tooltip(s engine.Snapshot, now time.Time) string {
	if len(s.Searches) == 0 {
		if t := trouble(s, now); t != "" {
			return words.Clip("rentwatch — no searches yet · "+t, 127)
		}
		return "rentwatch — no searches yet"
	}
	var parts []string
	if s.Paused {
		parts = append(parts, lowerFirst(words.Paused(s.PausedUntil, now, now.Location())))
	} else if s.Overall == engine.AllPaused {
		parts = append(parts, "every search is off")
	}
	if w := watching(s, now); w != "" && !s.Paused {
		parts = append(parts, w)
	}
	if t := trouble(s, now); t != "" {
		parts = append(parts, t)
	}
	parts = append(parts, words.Plural(len(s.Searches), "search", "searches"))
	if s.LastCycle.IsZero() {
		parts = append(parts, "not checked yet")
	} else {
		parts = append(parts, "last check "+words.Clock(s.LastCycle, now, now.Location()))
	}
	if s.NewToday > 0 {
		parts = append(parts, fmt.Sprintf("%d new today", s.NewToday))
	}
	// Windows keeps 127 characters of a notification-area tooltip; what
	// is wrong comes first, so what is cut is the counts.
	return words.Clip(strings.Join(parts, " · "), 127)
}

// lowerFirst is s with its first letter in lower case, for words that
// go after others.
func lowerFirst(s string) string {
	r := []rune(s)
	if len(r) > 0 {
		r[0] = unicode.ToLower(r[0])
	}
	return string(r)
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
