// Package words holds the words a user reads: what people call a site,
// what a wall means, how long a wait is, when something happened, how many
// of a thing there are, and page text made safe for one line. The tray,
// the window, the engine's notices, the email, the pushes and the commands
// all say these things with these functions, so they say them alike. Every
// function is pure: the clock and the time zone are arguments.
package words

import (
	"fmt"
	"strings"
	"time"
	"unicode"

	"rentwatch/blocks"
)

// wallText is what one kind of wall is called, in each place it is said.
type wallText struct {
	state string // after the site's name: "is asking us to slow down"
	short string // a search's state: "slowing down"
	name  string // a name for it: "slow down"
	after string // after "after": "a request to slow down"
	did   string // what the site did, after its name: "asked us to slow down"
}

// walls is every wall kind in words; otherWall is a kind not listed.
var (
	walls = map[blocks.Kind]wallText{
		blocks.Challenge: {state: "wants a human check", short: "behind a check", name: "human check",
			after: "a check it did not let us through", did: "put up a human check"},
		blocks.RateLimited: {state: "is asking us to slow down", short: "slowing down", name: "slow down",
			after: "a request to slow down", did: "asked us to slow down"},
		blocks.Denied: {state: "refused us", short: "refused", name: "refused", after: "a refusal", did: "refused us"},
		// A search held while its site does not load is waiting, not
		// failing itself: its short state says so.
		blocks.Error: {state: "is not loading", short: "waiting", name: "not loading", after: "pages that did not load",
			did: "did not load"},
	}
	otherWall = wallText{state: "is making us wait", short: "waiting", after: "pages that did not load", did: "refused us"}
)

func wall(k blocks.Kind) wallText {
	if w, ok := walls[k]; ok {
		return w
	}
	w := otherWall
	w.name = string(k)
	return w
}

// Wall says what a site's wall means, after the site's name: "Funda" +
// " " + Wall(blocks.Challenge) is "Funda wants a human check".
func Wall(k blocks.Kind) string { return wall(k).state }

// WallShort is a search's state behind a wall, in two words: "behind a
// check", "slowing down", "refused", "waiting".
func WallShort(k blocks.Kind) string { return wall(k).short }

// WallName names a wall: "human check", "slow down", "refused", "not
// loading"; a kind it does not know by its own name.
func WallName(k blocks.Kind) string { return wall(k).name }

// WallAfter names a wall after "after": "waiting until 14:20, after a
// request to slow down".
func WallAfter(k blocks.Kind) string { return wall(k).after }

// Walled says what site did, with who put the wall up in brackets when
// vendor is known: "Funda put up a human check (cloudflare) that did not
// clear by itself", "Pararius asked us to slow down", "the site did not
// load". A load that failed names no vendor.
func Walled(site, vendor string, k blocks.Kind) string {
	by := ""
	if vendor != "" && k != blocks.Error {
		by = " (" + vendor + ")"
	}
	if k == blocks.Challenge {
		return site + " " + wall(k).did + by + " that did not clear by itself"
	}
	return site + " " + wall(k).did + by
}

// Countdown says how long a wait still lasts: "45 s", "4 min 02 s",
// "1 h 05 min". It rounds up, so a countdown never shows 0 while there is
// still a wait; none left is "a moment". The window's page counts down
// live in the same words (fmtWait in window.js).
func Countdown(d time.Duration) string {
	secs := int64((d + time.Second - 1) / time.Second)
	switch {
	case secs <= 0:
		return "a moment"
	case secs < 60:
		return fmt.Sprintf("%d s", secs)
	case secs < 3600:
		return fmt.Sprintf("%d min %02d s", secs/60, secs%60)
	}
	return fmt.Sprintf("%d h %02d min", secs/3600, secs/60%60)
}

// Duration says how long something took, as briefly as it stays true:
// "under a second", "25 s", "2 min 05 s", "12 min", "1 h", "1 h 20 min"
// (seconds only under ten minutes, nothing that is zero).
func Duration(d time.Duration) string {
	d = d.Round(time.Second)
	h, m, s := int(d/time.Hour), int(d/time.Minute)%60, int(d/time.Second)%60
	switch {
	case d < time.Second:
		return "under a second"
	case d < time.Minute:
		return fmt.Sprintf("%d s", s)
	case d < 10*time.Minute && s != 0:
		return fmt.Sprintf("%d min %02d s", m, s)
	case d < time.Hour:
		return fmt.Sprintf("%d min", m)
	case m == 0:
		return fmt.Sprintf("%d h", h)
	}
	return fmt.Sprintf("%d h %02d min", h, m)
}

// Ago says how long ago something was, coarse enough to stay true for a
// while: "just now", "30 s ago", "4 min ago", "3 h ago", "2 days ago".
func Ago(d time.Duration) string {
	switch {
	case d < 5*time.Second:
		return "just now"
	case d < time.Minute:
		return fmt.Sprintf("%d s ago", int(d/time.Second))
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h ago", int(d/time.Hour))
	}
	return fmt.Sprintf("%d days ago", int(d/(24*time.Hour)))
}

// Clock says when t is, on a 24-hour clock in loc, as briefly as it stays
// clear at now: "14:02" today, "yesterday 23:10", "tomorrow 07:00",
// "Mon 3 Mar 14:02" this year, "2 Jan 2024 15:04" before; "never" for the
// zero time. A nil loc is UTC.
func Clock(t, now time.Time, loc *time.Location) string {
	if t.IsZero() {
		return "never"
	}
	if loc == nil {
		loc = time.UTC
	}
	t, now = t.In(loc), now.In(loc)
	switch {
	case sameDay(t, now):
		return t.Format("15:04")
	case sameDay(t, now.AddDate(0, 0, -1)):
		return "yesterday " + t.Format("15:04")
	case sameDay(t, now.AddDate(0, 0, 1)):
		return "tomorrow " + t.Format("15:04")
	case t.Year() == now.Year():
		return t.Format("Mon 2 Jan 15:04")
	}
	return t.Format("2 Jan 2006 15:04")
}

func sameDay(a, b time.Time) bool {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	return ay == by && am == bm && ad == bd
}

// Plural is "1 listing" or "3 listings".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Clean makes text from a page or a setting safe for one line: control
// characters (CR, LF, tabs, ...) and spaces of every kind separate words
// by one space, bidirectional controls (which could turn the text around
// it, "‮gpj.exe") go, and no space is left at either end.
func Clean(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Bidi_Control, r):
			continue
		case unicode.IsControl(r) || unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Clip cuts s to n runes, the last one an ellipsis when anything was cut.
// It cuts between words, never inside one (unless a single word fills
// more than half the room): "expected a t…" reads as another word, and the
// point of a line comes first, so what goes is the detail at its end.
func Clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	if n <= 1 {
		return "…"
	}
	keep := r[:n-1]
	if !unicode.IsSpace(r[n-1]) {
		for i := len(keep) - 1; i >= (n-1)/2; i-- {
			if unicode.IsSpace(keep[i]) {
				keep = keep[:i]
				break
			}
		}
	}
	return strings.TrimRightFunc(string(keep), func(c rune) bool { return unicode.IsSpace(c) || c == ',' || c == ':' || c == ';' }) + "…"
}

// LoginNotFrom says what to do when From was left blank and the login it
// then defaults to is no email address ("watcher" at a company server):
// the user never typed a From, so the words name the field to fill in,
// not an error in a field they never saw.
func LoginNotFrom(login string) string {
	return fmt.Sprintf("your login %q is not an email address, so fill in From with the address the email should come from", Clean(login))
}

// Paused says how long everything is paused: "Paused until 14:00",
// "Paused until tomorrow 07:00", or "Paused until you resume" for a zero
// until. It leads whatever else is said about the watcher: while paused,
// nothing is checked and nothing is alerted, whatever else is wrong.
func Paused(until, now time.Time, loc *time.Location) string {
	if until.IsZero() {
		return "Paused until you resume"
	}
	return "Paused until " + Clock(until, now, loc)
}

// CheckByHand is what the window of a check by hand says first, in a tab
// of its own beside the site's: its title, and what to do, step by step,
// for the site named site ("Funda").
func CheckByHand(site string) (title string, steps []string) {
	return "rentwatch: pass the check, then close this window", []string{
		"Pass " + site + "'s check in the next tab, then close this window; rentwatch goes on by itself.",
		"While this window is open, " + site + " is not watched; your other sites are.",
		"rentwatch keeps what passing the check gives the browser (its cookies), so " + site + " lets it in again.",
	}
}

// NoPopUps is said once, in the log and the activity, when the computer
// shows no desktop pop-ups (a server, no notification service): there is
// no pop-up channel, and alerts go by email and phone only.
const NoPopUps = "This computer shows no desktop pop-ups, so rentwatch alerts you by email and on your phone only: set them up in Settings if you have not."
