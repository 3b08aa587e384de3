package tray

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"rentwatch/blocks"
	"rentwatch/engine"
	"rentwatch/outbox"
	"rentwatch/words"
)

// statusLine is the first, disabled line of the menu: the one thing the user
// should know right now, the most urgent first.
func statusLine(s engine.Snapshot, now time.Time) string {
	switch {
	case s.Problem != "":
		return s.Problem
	case s.Delivery.Refused || s.Delivery.Failing:
		return deliveryLine(s.Delivery, now)
	case len(s.Searches) == 0:
		return "No searches yet — add one to start watching"
	case s.Manual != "":
		return "Checking by hand — close the window when you are done"
	}
	switch s.Overall {
	case engine.AllPaused:
		if !s.PausedUntil.IsZero() {
			return "Paused until " + words.Clock(s.PausedUntil, now, now.Location()) + " — choose Resume to watch again sooner"
		}
		return "Paused — choose Resume to watch again"
	case engine.NeedsYou:
		return needsYouLine(s.Searches)
	case engine.Broken:
		return "Nothing is loading: " + firstError(s.Searches)
	}
	if b, ok := backNow(s, now); ok {
		// Before "checking…" and a countdown elsewhere: the user was told
		// the site needed them, and this is the news that it worked.
		return backLine(b)
	}
	switch s.Overall {
	case engine.BusyChecking:
		return "Checking " + words.Plural(active(s.Searches), "search", "searches") + "…"
	case engine.OnHold:
		return onHoldLine(s.Searches, now)
	}
	if s.LastCycle.IsZero() {
		return "Starting — first check under way"
	}
	return "All quiet — checked " + words.Ago(now.Sub(s.LastCycle))
}

// deliveryLine says that alerts are not going out, the point first: the
// menu has room for one short line (problemDetail has the rest). A refusal
// says what to check, in the words of the channel that was refused.
func deliveryLine(d engine.Delivery, now time.Time) string {
	switch {
	case d.Refused && deliveryKind(d) == outbox.KindEmail:
		return "Check your email settings: " + d.Reason
	case d.Refused:
		what := deliveryKind(d).Settings()
		if line := "Check " + what + " in the settings: " + refusal(d); utf8.RuneCountInString(line) <= maxTitle {
			return line
		}
		return "Check " + what + ": " + refusal(d) // the point before "in the settings"
	case deliveryKind(d) == outbox.KindEmail:
		return "Email not going out since " + words.Clock(d.Since, now, now.Location()) + " — listings kept, retrying"
	case deliveryKind(d) == outbox.KindDesktop, deliveryKind(d) == "":
		return deliveryKind(d).Name() + " not showing since " + words.Clock(d.Since, now, now.Location()) + " — listings kept, retrying"
	}
	return deliveryKind(d).Name() + " not reached since " + words.Clock(d.Since, now, now.Location()) + " — listings kept, retrying"
}

// deliveryKind is the failing channel's kind; email when the engine says
// so without one.
func deliveryKind(d engine.Delivery) outbox.Kind {
	if d.Kind == "" && d.Email {
		return outbox.KindEmail
	}
	return d.Kind
}

// refusal is why a channel was refused, briefly: the server's status when
// one answered ("the server said 401"), else the reason without the
// channel's name in front (an email refusal is already a sentence).
func refusal(d engine.Delivery) string {
	if d.Status > 0 && deliveryKind(d) != outbox.KindEmail {
		return fmt.Sprintf("the server said %d", d.Status)
	}
	return withoutName(d)
}

// withoutName is d.Reason without the "name: " the outbox puts in front.
func withoutName(d engine.Delivery) string {
	if d.Channel != "" {
		if r, ok := strings.CutPrefix(d.Reason, d.Channel+": "); ok {
			return r
		}
	}
	return d.Reason
}

// problemDetail is the whole story behind the status line's problem, for
// its tooltip: what fails, since when, and what happens to the listings.
func problemDetail(s engine.Snapshot, now time.Time) string {
	d := s.Delivery
	kind := deliveryKind(d)
	switch {
	case s.Problem != "":
		return s.Problem
	case d.Refused && kind == outbox.KindEmail:
		return "Check your email settings: " + d.Reason + ". No email goes out until they change; the listings are kept for it."
	case d.Refused:
		return fmt.Sprintf("Check %s in the settings: %s (%s). Nothing goes out by %s until they change; its listings are kept for it, "+
			"and the other channels still get every alert.", kind.Settings(), refusal(d), withoutName(d), channelName(d))
	case d.Failing && kind == outbox.KindEmail:
		return "Email not going out since " + words.Clock(d.Since, now, now.Location()) + ": " + d.Reason + ". The listings are kept and retried at every check."
	case d.Failing && (kind == outbox.KindDesktop || kind == ""):
		return kind.Name() + " not showing since " + words.Clock(d.Since, now, now.Location()) + ": " + d.Reason + ". The listings are kept and retried at every check."
	case d.Failing:
		return fmt.Sprintf("%s not reached since %s: %s. Its listings are kept and retried; the other channels still get every alert.",
			channelName(d), words.Clock(d.Since, now, now.Location()), withoutName(d))
	}
	if b, ok := backNow(s, now); ok && statusLine(s, now) == backLine(b) {
		return backDetail(b, now)
	}
	return ""
}

// channelName is the failing channel as the user reads it.
func channelName(d engine.Delivery) string {
	if d.Channel != "" {
		return d.Channel
	}
	return deliveryKind(d).Name()
}

// deliveryShort is the tooltip's word on delivery trouble, "" for none.
func deliveryShort(d engine.Delivery, now time.Time) string {
	kind := deliveryKind(d)
	switch {
	case d.Refused:
		return "check " + kind.Settings()
	case d.Failing && kind == outbox.KindEmail:
		return "email failing since " + words.Clock(d.Since, now, now.Location())
	case d.Failing && kind == "":
		return "alerts failing since " + words.Clock(d.Since, now, now.Location())
	case d.Failing:
		name := kind.Name()
		if kind == outbox.KindDesktop || kind == outbox.KindWebhook || kind == outbox.KindPush { // words, not names
			name = strings.ToLower(name)
		}
		return name + " failing since " + words.Clock(d.Since, now, now.Location())
	}
	return ""
}

// backNow is the latest site back from needing the user less than
// engine.BackShown before now.
func backNow(s engine.Snapshot, now time.Time) (engine.SiteBack, bool) {
	for _, b := range s.Back {
		if now.Sub(b.At) < engine.BackShown {
			return b, true
		}
	}
	return engine.SiteBack{}, false
}

// backLine says that a site which needed the user serves us again, with
// what its first clean checks found. With nothing found it still says the
// site is back: the user was told it needed them, and the icon going
// quietly back to normal does not say their fix worked.
func backLine(b engine.SiteBack) string {
	site := words.Site(b.Host)
	switch b.Found {
	case 0:
		return site + " is back and watched again"
	case 1:
		return site + " is back: 1 listing appeared while it was blocked"
	}
	return fmt.Sprintf("%s is back: %d listings appeared while it was blocked", site, b.Found)
}

// backDetail is the status line's tooltip for a site that is back.
func backDetail(b engine.SiteBack, now time.Time) string {
	line := fmt.Sprintf("%s needed you from %s to %s; its searches are watched again", words.Site(b.Host), words.Clock(b.Since, now, now.Location()), words.Clock(b.At, now, now.Location()))
	if b.Found > 0 {
		return line + ", and the listings that appeared while it was blocked were alerted."
	}
	return line + "."
}

func needsYouLine(views []engine.SearchView) string {
	for _, v := range views {
		if v.Paused {
			continue
		}
		site := words.Site(v.Host)
		switch {
		case v.Status == engine.SoftBlock:
			return "Needs you: " + site + " shows no listings"
		case v.NeedsUser:
			return "Needs you: " + site + " " + words.Wall(v.Wall)
		}
	}
	return "Needs you — see below"
}

// onHoldLine names the host whose wait ends first: that is the next thing
// that will happen.
func onHoldLine(views []engine.SearchView, now time.Time) string {
	var first *engine.SearchView
	hosts := map[string]bool{}
	for i, v := range views {
		if !showsWait(v, now) {
			continue
		}
		hosts[v.Host] = true
		if first == nil || v.Until.Before(first.Until) {
			first = &views[i]
		}
	}
	if first == nil {
		return "Some searches are not loading — see below"
	}
	wall := words.Wall(first.Wall)
	if first.Status == engine.Failing {
		wall = words.Wall(blocks.Error)
	}
	line := words.Site(first.Host) + " " + wall + " — retrying in " + words.Countdown(first.Until.Sub(now))
	if len(hosts) > 1 {
		line += fmt.Sprintf(" (+%d more)", len(hosts)-1)
	}
	return line
}

// showsWait reports whether v's host is making it wait and its line (or
// the status line) shows the countdown to v.Until. Menu and NextTick both
// use it, so a label never counts down without a redraw timer.
func showsWait(v engine.SearchView, now time.Time) bool {
	switch {
	case v.Paused, v.NeedsUser, !v.Until.After(now):
		return false
	}
	switch v.Status {
	case engine.Paused, engine.Checking, engine.Replying, engine.SoftBlock:
		return false
	}
	return true
}

// searchWords is what one search is doing, after its name.
func searchWords(v engine.SearchView, now time.Time) string {
	if v.NeedsUser && v.Status != engine.Paused && !v.Paused {
		return "needs you: click to open"
	}
	wait := ""
	if showsWait(v, now) {
		wait = " — next try in " + words.Countdown(v.Until.Sub(now))
	}
	switch v.Status {
	case engine.Checking:
		return "checking…"
	case engine.NewListings:
		if v.NewToday > 0 {
			return fmt.Sprintf("%d new today", v.NewToday) + wait
		}
		return "new listings" + wait
	case engine.Waiting:
		return words.WallShort(v.Wall) + strings.Replace(wait, "next try", "retrying", 1)
	case engine.Failing:
		return "not loading" + strings.Replace(wait, "next try", "retrying", 1)
	case engine.SoftBlock:
		return "shows no listings: click to look"
	case engine.Paused:
		return "paused"
	case engine.Replying:
		return "replying…"
	case engine.Pending:
		return "not checked yet" + wait
	}
	if v.NewToday > 0 {
		return fmt.Sprintf("nothing new · %d today", v.NewToday) + wait
	}
	return "nothing new" + wait
}

// delayWords says how quickly the search's alerts go out, the number the
// app exists to keep small; "" before its first alert.
func delayWords(v engine.SearchView) string {
	n := len(v.Delays)
	if n == 0 {
		return ""
	}
	what := "the last " + words.Plural(n, "alert", "alerts")
	if n == 1 {
		what = "one alert so far"
	}
	return "Alerted " + words.Duration(v.Delay) + " after a listing is first seen (typical of " + what + ")"
}

func firstError(views []engine.SearchView) string {
	for _, v := range views {
		if v.LastError != "" {
			return v.LastError
		}
	}
	return "every check failed"
}

func active(views []engine.SearchView) int {
	n := 0
	for _, v := range views {
		if !v.Paused && v.Status != engine.Paused {
			n++
		}
	}
	return n
}
