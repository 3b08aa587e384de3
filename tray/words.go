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

// headline is the menu's first line: the one thing the user should know
// right now, the most urgent first and a pause before everything; Detail
// is the whole story, for its tooltip; Path and Fragment are the window's
// page that says the rest, which a click on the line opens ("" for a line
// with nothing to open). Title always fits the menu whole: the detail is
// what makes way, never the point.
type headline struct {
	Title, Detail  string
	Path, Fragment string
}

// The window's pages and the sections a headline opens.
const (
	pageSearches = "/"
	pageListings = "/listings"
	pageSettings = "/settings"
)

// statusOf is the headline for s at now.
func statusOf(s engine.Snapshot, now time.Time) headline {
	trouble := troubleOf(s, now)
	if s.Paused {
		// Paused comes first: nothing else happens until it ends, and a
		// problem with delivery waits for the next alert anyway.
		h := headline{Title: pausedLine(s, now), Path: pageSettings, Fragment: "pause-h",
			Detail: words.Paused(s.PausedUntil, now, now.Location()) + ": no site is checked and nothing is alerted."}
		if trouble.Detail != "" {
			h.Detail += " " + trouble.Detail
		}
		return h
	}
	if trouble.Title != "" {
		return trouble
	}
	switch {
	case len(s.Searches) == 0:
		return headline{Title: "No searches yet — add one to start watching"}
	case s.Manual != "":
		return headline{Title: "Checking by hand — close the window when you are done"}
	}
	switch s.Overall {
	case engine.AllPaused:
		return headline{Title: "Every search is off — turn one on to watch", Path: pageSearches}
	case engine.NeedsYou:
		return headline{Title: needsYouLine(s.Searches), Path: pageSearches,
			Detail: "Click to open rentwatch: the search that needs you says what to do."}
	case engine.Broken:
		why := firstError(s.Searches)
		return headline{Title: fit("Nothing is loading: "+why, "Nothing is loading — click to see why"),
			Detail: "Nothing is loading: " + why, Path: pageSearches}
	}
	if bs := backNow(s, now); len(bs) > 0 {
		// Before "checking…" and a countdown elsewhere: the user was told
		// the site needed them, and this is the news that it worked.
		return headline{Title: backLine(bs), Detail: backDetail(bs, now), Path: pageListings}
	}
	switch s.Overall {
	case engine.BusyChecking:
		return headline{Title: "Checking " + words.Plural(active(s.Searches), "search", "searches") + "…"}
	case engine.OnHold:
		return headline{Title: onHoldLine(s.Searches, now)}
	}
	if s.LastCycle.IsZero() {
		return headline{Title: "Starting — first check under way"}
	}
	return headline{Title: "All quiet — checked " + words.Ago(now.Sub(s.LastCycle))}
}

// statusLine is the headline's words.
func statusLine(s engine.Snapshot, now time.Time) string { return statusOf(s, now).Title }

// pausedLine says the pause and how to end it.
func pausedLine(s engine.Snapshot, now time.Time) string {
	if s.PausedUntil.IsZero() {
		return "Paused — choose Resume to watch again"
	}
	p := words.Paused(s.PausedUntil, now, now.Location())
	return fit(p+" — choose Resume to watch again sooner", p+" — choose Resume to watch sooner", p)
}

// troubleOf is the headline of a problem with the settings or with
// getting alerts out; the zero headline when there is none.
func troubleOf(s engine.Snapshot, now time.Time) headline {
	if s.Problem != "" {
		return headline{Title: fit(clean(s.Problem, 200), "The settings file has a problem — click to read it"),
			Detail: s.Problem, Path: pageSettings}
	}
	d := s.Delivery
	if !d.Refused && !d.Failing {
		return headline{}
	}
	h := headline{Title: deliveryLine(d, now), Detail: deliveryDetail(d, now), Path: pageSettings, Fragment: "channels-h"}
	if deliveryKind(d) == outbox.KindEmail {
		h.Fragment = "email-h"
	}
	return h
}

// fit is the first of lines that fits the menu whole, else the last cut
// to fit.
func fit(lines ...string) string {
	for _, l := range lines {
		if utf8.RuneCountInString(l) <= maxTitle {
			return l
		}
	}
	return words.Clip(lines[len(lines)-1], maxTitle)
}

// deliveryLine says that alerts are not going out, the point first, in a
// line that fits the menu: which channel, and that it stopped or since
// when it fails (the tooltip and the window have the rest).
func deliveryLine(d engine.Delivery, now time.Time) string {
	kind, name := deliveryKind(d), channelName(d)
	since := words.Clock(d.Since, now, now.Location())
	switch {
	case d.Refused && kind == outbox.KindEmail:
		return fit("Email stopped: "+brief(d.Reason), "Email stopped — click to see why")
	case d.Refused:
		return fit(name+" stopped: "+refusal(d), name+" stopped — check "+kind.Settings(), name+" stopped — click to see why")
	case kind == outbox.KindEmail:
		return "Email not going out since " + since + " — listings kept, retrying"
	case kind == outbox.KindDesktop, kind == "":
		return kind.Name() + " not showing since " + since + " — listings kept, retrying"
	}
	return fit(name+" not reached since "+since+" — listings kept, retrying", name+" not reached since "+since+", retrying",
		name+" not reached since "+since)
}

// deliveryDetail is the whole story behind deliveryLine, for its
// tooltip: what fails, since when, and what happens to the listings.
func deliveryDetail(d engine.Delivery, now time.Time) string {
	kind := deliveryKind(d)
	since := words.Clock(d.Since, now, now.Location())
	switch {
	case d.Refused && kind == outbox.KindEmail:
		return "Check your email settings: " + d.Reason + ". No email goes out until they change; the listings are kept for it."
	case d.Refused:
		return fmt.Sprintf("Check %s in the settings: %s (%s). Nothing goes out by %s until they change; its listings are kept for it, "+
			"and the other channels still get every alert.", kind.Settings(), refusal(d), withoutName(d), channelName(d))
	case kind == outbox.KindEmail:
		return "Email not going out since " + since + ": " + d.Reason + ". The listings are kept and retried at every check."
	case kind == outbox.KindDesktop || kind == "":
		return kind.Name() + " not showing since " + since + ": " + d.Reason + ". The listings are kept and retried at every check."
	}
	return fmt.Sprintf("%s not reached since %s: %s. Its listings are kept and retried; the other channels still get every alert.",
		channelName(d), since, withoutName(d))
}

// brief is a reason without what it says in brackets: "the password was
// refused (535 5.7.8 ...)" is "the password was refused".
func brief(reason string) string {
	if i := strings.Index(reason, " ("); i > 0 {
		return reason[:i]
	}
	return reason
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

// problemDetail is the whole story behind the status line, for its
// tooltip; "" when the line says it all.
func problemDetail(s engine.Snapshot, now time.Time) string { return statusOf(s, now).Detail }

// channelName is the failing channel as the user reads it: its own name
// when it has one ("ntfy (ntfy.sh/ro…)": two channels of one service read
// apart), else its kind's.
func channelName(d engine.Delivery) string {
	if d.Channel != "" {
		return d.Channel
	}
	return deliveryKind(d).Name()
}

// trouble is the icon tooltip's word on what is wrong, "" for nothing:
// short, lower case, the point first.
func trouble(s engine.Snapshot, now time.Time) string {
	d := s.Delivery
	kind := deliveryKind(d)
	switch {
	case s.Problem != "":
		return clean(s.Problem, 100)
	case d.Refused && kind == outbox.KindEmail:
		return "email stopped: " + brief(d.Reason)
	case d.Refused:
		return channelName(d) + " stopped: check " + kind.Settings()
	case d.Failing && kind == outbox.KindEmail:
		return "email failing since " + words.Clock(d.Since, now, now.Location())
	case d.Failing && kind == "":
		return "alerts failing since " + words.Clock(d.Since, now, now.Location())
	case d.Failing && kind == outbox.KindDesktop:
		return "pop-ups failing since " + words.Clock(d.Since, now, now.Location())
	case d.Failing:
		return channelName(d) + " failing since " + words.Clock(d.Since, now, now.Location())
	}
	return ""
}

// watching is the icon tooltip's word on the searches when they need
// more than a count: "Funda needs you", "nothing is loading"; "" when all
// is well.
func watching(s engine.Snapshot, now time.Time) string {
	switch s.Overall {
	case engine.NeedsYou:
		for _, v := range s.Searches {
			if !v.Paused && (v.NeedsUser || v.Status == engine.SoftBlock) {
				return words.Site(v.Host) + " needs you"
			}
		}
	case engine.Broken:
		return "nothing is loading"
	case engine.OnHold:
		for _, v := range s.Searches {
			if showsWait(v, now) {
				return words.Site(v.Host) + " makes us wait"
			}
		}
	}
	return ""
}

// backNow is the sites back from needing the user less than
// engine.BackShown before now, the latest first.
func backNow(s engine.Snapshot, now time.Time) []engine.SiteBack {
	var out []engine.SiteBack
	for _, b := range s.Back {
		if now.Sub(b.At) < engine.BackShown {
			out = append(out, b)
		}
	}
	return out
}

// backLine says that the sites which needed the user serve us again,
// every one of them (two checked by hand one after the other are both
// news: the line named the latest alone, and the user took the other for
// still blocked), with what their first clean checks found. With nothing
// found it still says they are back: the user was told they needed them,
// and the icon going quietly back to normal does not say their fix
// worked.
func backLine(bs []engine.SiteBack) string {
	names := make([]string, len(bs))
	found := 0
	for i, b := range bs {
		names[i], found = words.Site(b.Host), found+b.Found
	}
	who, are, it := names[0], "is", "it was"
	if len(bs) > 1 {
		who, are, it = joinNames(names), "are", "they were"
	}
	full := fmt.Sprintf("%s %s back: %s appeared while %s blocked", who, are, words.Plural(found, "listing", "listings"), it)
	if found == 0 {
		full = who + " " + are + " back and watched again"
	}
	return fit(full, fmt.Sprintf("%s %s back: %s", who, are, words.Plural(found, "new listing", "new listings")),
		fmt.Sprintf("%s and %d more are back", names[0], len(names)-1))
}

// joinNames is "A and B", "A, B and C".
func joinNames(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// backDetail is the status line's tooltip for the sites that are back.
func backDetail(bs []engine.SiteBack, now time.Time) string {
	lines := make([]string, len(bs))
	for i, b := range bs {
		line := fmt.Sprintf("%s needed you from %s to %s; its searches are watched again", words.Site(b.Host),
			words.Clock(b.Since, now, now.Location()), words.Clock(b.At, now, now.Location()))
		if b.Found > 0 {
			line += ", and the listings that appeared while it was blocked were alerted"
		}
		lines[i] = line + "."
	}
	return strings.Join(lines, " ")
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
