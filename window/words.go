package window

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/outbox"
	"rentwatch/words"
)

// The window's words: what a state, a wall or a time means, for a room
// hunter, not a programmer. Pure functions of their arguments (the clock
// and the time zone are arguments), table-tested.

// Tones of a state, for its colour on the page; the words say it too.
const (
	toneOK    = "ok"
	toneBusy  = "busy"
	toneWait  = "wait"
	toneAlert = "alert"
	toneOff   = "off"
)

// searchWords is one search's state in a sentence, and its tone. A wait's
// countdown is not in the words: the page shows it beside them, live.
func searchWords(v engine.SearchView) (string, string) {
	site := words.Site(v.Host)
	switch {
	case v.Paused || v.Status == engine.Paused:
		return "Off: not checked until you turn it on", toneOff
	case v.NeedsUser:
		return site + " " + words.Wall(v.Wall) + ". Open the site, pass its check, then close the window: rentwatch tries again at once.", toneAlert
	}
	switch v.Status {
	case engine.Checking:
		return "Checking now…", toneBusy
	case engine.Replying:
		return "Replying to a new listing…", toneBusy
	case engine.NewListings:
		return fmt.Sprintf("New listings found (%d today)", v.NewToday), toneOK
	case engine.Waiting:
		return site + " " + words.Wall(v.Wall) + ": rentwatch waits as asked and tries again by itself", toneWait
	case engine.Failing:
		msg := "The page is not loading"
		if v.LastError != "" {
			msg += ": " + v.LastError
		}
		return msg, toneWait
	case engine.SoftBlock:
		if v.PickLost {
			return "The list picked for this search is not on the page any more: " + site + " has a new layout. Pick its list again.", toneAlert
		}
		return "The page loads but shows no listings: " + site + " may be hiding them from us, or has a new layout. Open it to look.", toneAlert
	case engine.Pending:
		return "Not checked yet", toneBusy
	}
	if v.NewToday > 0 {
		return fmt.Sprintf("Watching: nothing new since the last check (%d today)", v.NewToday), toneOK
	}
	return "Watching: nothing new", toneOK
}

// statusLine is the page's one-line summary of the whole watcher, which
// has searches saved searches.
func statusLine(s engine.Snapshot, searches int, now time.Time, loc *time.Location) (string, string) {
	// A pause leads whatever else is wrong: while paused nothing is
	// checked or alerted, and that is what the user must know first.
	switch {
	case s.Paused:
		return words.Paused(s.PausedUntil, now, loc), toneOff
	case s.Problem != "":
		return s.Problem, toneAlert
	case s.Delivery.Refused || s.Delivery.Failing:
		return deliveryWords(s.Delivery, now, loc), toneAlert
	case searches == 0:
		return "No searches yet: paste a search page's address below to start", toneOff
	case s.Manual != "":
		return "Checking by hand: close that browser window when you are done", toneBusy
	}
	switch s.Overall {
	case engine.NeedsYou:
		return "A search needs you: see below", toneAlert
	case engine.Broken:
		return "Nothing is loading: see below", toneAlert
	case engine.BusyChecking:
		return "Checking…", toneBusy
	case engine.OnHold:
		return "A site is making us wait; rentwatch retries by itself", toneWait
	case engine.AllPaused:
		return "Every search is off", toneOff
	}
	if s.LastCycle.IsZero() {
		return "Starting: the first check is under way", toneBusy
	}
	return "All quiet: checked " + words.Ago(now.Sub(s.LastCycle)), toneOK
}

// deliveryWords says that alerts are not going out on a channel, the
// point first: what to check for a refusal, since when for a failure that
// lasts, and that the listings are kept.
func deliveryWords(d engine.Delivery, now time.Time, loc *time.Location) string {
	kind := d.Kind
	if kind == "" && d.Email {
		kind = outbox.KindEmail
	}
	name := d.Channel
	if name == "" {
		name = kind.Name()
	}
	why := withoutName(d.Reason, d.Channel)
	switch {
	case d.Refused && kind == outbox.KindEmail:
		return "Check your email settings: " + why + ". No email goes out until they change; the listings are kept for it."
	case d.Refused:
		return fmt.Sprintf("Check %s in the settings: %s. Nothing goes out by %s until then; its listings are kept for it, "+
			"and the other channels still get every alert.", kind.Settings(), refusalWords(d.Status, why), name)
	case kind == outbox.KindEmail:
		return "Email has not gone out since " + words.Clock(d.Since, now, loc) + ": " + why + ". The listings are kept and retried."
	case kind == outbox.KindDesktop || kind == "":
		return kind.Name() + " have not shown since " + words.Clock(d.Since, now, loc) + ": " + why + ". The listings are kept and retried."
	}
	return fmt.Sprintf("%s has not been reached since %s: %s. Its listings are kept and retried; the other channels still get every alert.",
		name, words.Clock(d.Since, now, loc), why)
}

// channelWords is one delivery channel's state in a sentence, and its tone.
func channelWords(v engine.ChannelView, now time.Time, loc *time.Location) (string, string) {
	why := withoutName(v.Reason, v.Name)
	switch v.State {
	case "sending":
		return "Sending…", toneBusy
	case "retrying":
		said := "Not reached since " + words.Clock(v.Since, now, loc) + ": " + why + ". " + keptWords(v.Queued) + " and retried"
		if v.RetryAt.After(now) {
			said += ", next at " + words.Clock(v.RetryAt, now, loc)
		}
		return said + ".", toneWait
	case "stopped":
		return fmt.Sprintf("Stopped: check %s in the settings (%s). %s for it.", v.Kind.Settings(),
			refusalWords(v.Status, why), keptWords(v.Queued)), toneAlert
	}
	if v.Queued > 0 {
		return "Working: " + words.Plural(v.Queued, "listing", "listings") + " on the way", toneBusy
	}
	return "Working", toneOK
}

// refusalWords is why a channel was refused, briefly: the server's status
// when one answered, else why in words.
func refusalWords(status int, why string) string {
	if status > 0 {
		return fmt.Sprintf("the server said %d", status)
	}
	return why
}

func keptWords(queued int) string {
	switch queued {
	case 0:
		return "New listings are kept"
	case 1:
		return "Its 1 listing is kept"
	}
	return fmt.Sprintf("Its %d listings are kept", queued)
}

// withoutName is a channel's failure without the "name: " the outbox
// puts in front of it.
func withoutName(reason, name string) string {
	if r, ok := strings.CutPrefix(reason, name+": "); ok && name != "" {
		return r
	}
	return reason
}

// verdictWords says what a preview's load showed and what to do about it.
func verdictWords(v blocks.Verdict, host string) (what, todo string) {
	switch v.Kind {
	case blocks.OK:
		return "The page loaded.", ""
	case blocks.Challenge, blocks.RateLimited, blocks.Denied:
	default:
		return "The page did not load.", "Check the address, and that this computer is online."
	}
	what = words.Walled(words.Site(host), v.Vendor, v.Kind)
	if v.Kind == blocks.RateLimited && v.RetryAfter > 0 {
		what += " and to come back in " + words.Countdown(v.RetryAfter)
	}
	return what + ".", wallAdvice[v.Kind]
}

// wallAdvice is what to do about a wall a preview met.
var wallAdvice = map[blocks.Kind]string{
	blocks.Challenge:   "Save the search, then use \"Open the site\" to pass the check by hand; rentwatch keeps the cookies that earns.",
	blocks.RateLimited: "Nothing to do: rentwatch waits as asked and tries again by itself. You can save the search now.",
	blocks.Denied:      "Open the site by hand to see what it says. Some sites refuse whole networks (a VPN, a company network).",
}

func sameDay(a, b time.Time) bool {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	return ay == by && am == bm && ad == bd
}

// dayHeading names the day of an Activity group: "Today", "Yesterday",
// "Monday 3 March".
func dayHeading(t, now time.Time, loc *time.Location) string {
	t, now = t.In(loc), now.In(loc)
	switch {
	case sameDay(t, now):
		return "Today"
	case sameDay(t, now.AddDate(0, 0, -1)):
		return "Yesterday"
	}
	return t.Format("Monday 2 January")
}

// filterWords sums a filter up: "at most 1200 · at least 20 m² · with
// balcony or garden · without students only"; "" for none.
func filterWords(f config.Filter) string {
	var parts []string
	if f.MaxPrice > 0 {
		parts = append(parts, "at most "+amount(f.MaxPrice))
	}
	if f.MinSize > 0 {
		parts = append(parts, "at least "+amount(f.MinSize)+" m²")
	}
	if len(f.Require) > 0 {
		parts = append(parts, "title with "+strings.Join(f.Require, " or "))
	}
	if len(f.Exclude) > 0 {
		parts = append(parts, "title without "+strings.Join(f.Exclude, ", "))
	}
	return strings.Join(parts, " · ")
}

func amount(n float64) string { return strconv.FormatFloat(n, 'f', -1, 64) }
