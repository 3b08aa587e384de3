package tray

import (
	"fmt"
	"net"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"rentwatch/blocks"
	"rentwatch/engine"
	"rentwatch/outbox"
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
			return "Paused until " + clock(s.PausedUntil, now) + " — choose Resume to watch again sooner"
		}
		return "Paused — choose Resume to watch again"
	case engine.NeedsYou:
		return needsYouLine(s.Searches)
	case engine.Broken:
		return "Nothing is loading: " + firstError(s.Searches)
	case engine.BusyChecking:
		return "Checking " + plural(active(s.Searches), "search", "searches") + "…"
	case engine.OnHold:
		return onHoldLine(s.Searches, now)
	}
	if s.LastCycle.IsZero() {
		return "Starting — first check under way"
	}
	return "All quiet — checked " + ago(now.Sub(s.LastCycle))
}

// deliveryLine says that alerts are not going out, the point first: the
// menu has room for one short line (problemDetail has the rest). A refusal
// says what to check, in the words of the channel that was refused.
func deliveryLine(d engine.Delivery, now time.Time) string {
	switch {
	case d.Refused && deliveryKind(d) == "email":
		return "Check your email settings: " + d.Reason
	case d.Refused:
		what := outbox.KindSettings(deliveryKind(d))
		if line := "Check " + what + " in the settings: " + refusal(d); utf8.RuneCountInString(line) <= maxTitle {
			return line
		}
		return "Check " + what + ": " + refusal(d) // the point before "in the settings"
	case deliveryKind(d) == "email":
		return "Email not going out since " + clock(d.Since, now) + " — listings kept, retrying"
	case deliveryKind(d) == "desktop", deliveryKind(d) == "":
		return outbox.KindName(deliveryKind(d)) + " not showing since " + clock(d.Since, now) + " — listings kept, retrying"
	}
	return outbox.KindName(deliveryKind(d)) + " not reached since " + clock(d.Since, now) + " — listings kept, retrying"
}

// deliveryKind is the failing channel's kind; email when the engine says
// so without one.
func deliveryKind(d engine.Delivery) string {
	if d.Kind == "" && d.Email {
		return "email"
	}
	return d.Kind
}

// refusal is why a channel was refused, briefly: the server's status when
// one answered ("the server said 401"), else the reason without the
// channel's name in front (an email refusal is already a sentence).
func refusal(d engine.Delivery) string {
	if d.Status > 0 && deliveryKind(d) != "email" {
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
	case d.Refused && kind == "email":
		return "Check your email settings: " + d.Reason + ". No email goes out until they change; the listings are kept for it."
	case d.Refused:
		return fmt.Sprintf("Check %s in the settings: %s (%s). Nothing goes out by %s until they change; its listings are kept for it, "+
			"and the other channels still get every alert.", outbox.KindSettings(kind), refusal(d), withoutName(d), channelName(d))
	case d.Failing && kind == "email":
		return "Email not going out since " + clock(d.Since, now) + ": " + d.Reason + ". The listings are kept and retried at every check."
	case d.Failing && (kind == "desktop" || kind == ""):
		return outbox.KindName(kind) + " not showing since " + clock(d.Since, now) + ": " + d.Reason + ". The listings are kept and retried at every check."
	case d.Failing:
		return fmt.Sprintf("%s not reached since %s: %s. Its listings are kept and retried; the other channels still get every alert.",
			channelName(d), clock(d.Since, now), withoutName(d))
	}
	return ""
}

// channelName is the failing channel as the user reads it.
func channelName(d engine.Delivery) string {
	if d.Channel != "" {
		return d.Channel
	}
	return outbox.KindName(deliveryKind(d))
}

// deliveryShort is the tooltip's word on delivery trouble, "" for none.
func deliveryShort(d engine.Delivery, now time.Time) string {
	kind := deliveryKind(d)
	switch {
	case d.Refused:
		return "check " + outbox.KindSettings(kind)
	case d.Failing && kind == "email":
		return "email failing since " + clock(d.Since, now)
	case d.Failing && kind == "":
		return "alerts failing since " + clock(d.Since, now)
	case d.Failing:
		name := outbox.KindName(kind)
		if kind == "desktop" || kind == "generic" || kind == "push" { // words, not names
			name = strings.ToLower(name)
		}
		return name + " failing since " + clock(d.Since, now)
	}
	return ""
}

func needsYouLine(views []engine.SearchView) string {
	for _, v := range views {
		if v.Paused {
			continue
		}
		site := siteName(v.Host)
		switch {
		case v.Status == engine.SoftBlock:
			return "Needs you: " + site + " shows no listings"
		case v.NeedsUser:
			return "Needs you: " + site + " " + wallWords(v.Wall)
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
	words := wallWords(first.Wall)
	if first.Status == engine.Failing {
		words = wallWords(blocks.Error)
	}
	line := siteName(first.Host) + " " + words + " — retrying in " + countdown(first.Until.Sub(now))
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

// wallWords says what a host's wall means, after the site's name.
func wallWords(k blocks.Kind) string {
	switch k {
	case blocks.RateLimited:
		return "is asking us to slow down"
	case blocks.Challenge:
		return "wants a human check"
	case blocks.Denied:
		return "refused us"
	case blocks.Error:
		return "is not loading"
	}
	return "is making us wait"
}

// searchWords is what one search is doing, after its name.
func searchWords(v engine.SearchView, now time.Time) string {
	if v.NeedsUser && v.Status != engine.Paused && !v.Paused {
		return "needs you: click to open"
	}
	wait := ""
	if showsWait(v, now) {
		wait = " — next try in " + countdown(v.Until.Sub(now))
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
		return wallShort(v.Wall) + strings.Replace(wait, "next try", "retrying", 1)
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
	what := "the last " + plural(n, "alert", "alerts")
	if n == 1 {
		what = "one alert so far"
	}
	return "Alerted " + spell(v.Delay) + " after a listing is first seen (typical of " + what + ")"
}

// spell says a duration the way people do: "under a second", "25 s",
// "2 min 5 s", "1 h 20 min".
func spell(d time.Duration) string {
	d = d.Round(time.Second)
	h, m, s := int(d/time.Hour), int(d/time.Minute)%60, int(d/time.Second)%60
	switch {
	case d < time.Second:
		return "under a second"
	case d < time.Minute:
		return fmt.Sprintf("%d s", s)
	case d < 10*time.Minute && s != 0:
		return fmt.Sprintf("%d min %d s", m, s)
	case d < time.Hour:
		return fmt.Sprintf("%d min", m)
	case m == 0:
		return fmt.Sprintf("%d h", h)
	}
	return fmt.Sprintf("%d h %d min", h, m)
}

func wallShort(k blocks.Kind) string {
	switch k {
	case blocks.RateLimited:
		return "slowing down"
	case blocks.Challenge:
		return "behind a check"
	case blocks.Denied:
		return "refused"
	}
	return "waiting"
}

// countdown formats a wait as m:ss (h:mm:ss from an hour), rounding up so
// the label reaches 0:01 and then the retry, never a 0:00 that sits still.
func countdown(d time.Duration) string {
	secs := int64((d + time.Second - 1) / time.Second)
	if secs <= 0 {
		return "a moment"
	}
	h, m, s := secs/3600, secs/60%60, secs%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%d:%02d", m, s)
}

// ago says how long ago something was, coarse enough to stay true for a
// while: the adapter only redraws it with other changes or when the menu opens.
func ago(d time.Duration) string {
	switch {
	case d < 5*time.Second:
		return "just now"
	case d < time.Minute:
		return fmt.Sprintf("%ds ago", int(d/time.Second))
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h ago", int(d/time.Hour))
	}
	return fmt.Sprintf("%d days ago", int(d/(24*time.Hour)))
}

// siteName is what people call a host: "www.kamernet.nl" -> "Kamernet".
func siteName(host string) string {
	h := strings.ToLower(strings.TrimSpace(host))
	if hp, _, err := net.SplitHostPort(h); err == nil {
		h = hp
	}
	if h == "" {
		return "The site"
	}
	if net.ParseIP(strings.Trim(h, "[]")) != nil {
		return h
	}
	labels := strings.Split(strings.TrimPrefix(h, "www."), ".")
	name := labels[0]
	if n := len(labels); n >= 2 {
		name = labels[n-2]
		if n >= 3 && len(labels[n-1]) == 2 && secondLevel[name] { // funda.co.uk
			name = labels[n-3]
		}
	}
	r, size := utf8.DecodeRuneInString(name)
	return string(unicode.ToUpper(r)) + name[size:]
}

var secondLevel = map[string]bool{"co": true, "com": true, "org": true, "net": true, "ac": true}

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

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
