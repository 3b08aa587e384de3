package outbox

import (
	"fmt"
	"strings"
	"sync"
	"unicode"

	"github.com/gen2brain/beeep"

	"rentwatch/assets"
)

// icon is the app icon shown on pop-ups, at a size every notification
// daemon scales well.
var icon = assets.AppIconPNG(64)

// appName is what the desktop shows as the pop-up's sender.
const appName = "rentwatch"

// maxPopUpSearches is how many searches get a pop-up each; with more news
// than that, one summary pop-up replaces them so a burst does not bury the
// screen.
const maxPopUpSearches = 3

// maxPopUpListings is how many listings one search's pop-up names.
const maxPopUpListings = 3

// maxPopUpBody caps a pop-up's text: notification servers truncate or
// refuse long bodies, and a pop-up is read at a glance.
const maxPopUpBody = 400

// Desktop shows pop-ups through the system's notifications (beeep: D-Bus
// on Linux, Notification Center on macOS, toasts on Windows).
type Desktop struct{}

var setAppName sync.Once

// Notify shows one pop-up with the app's name and icon.
func (Desktop) Notify(title, body string) error {
	setAppName.Do(func() { beeep.AppName = appName })
	return beeep.Notify(title, body, icon)
}

// popUp is one pop-up's text, ready for a Notifier.
type popUp struct {
	Title, Body string
}

// popUpsFor is the pop-ups for a batch: one per search with news, or one
// summary when more than maxPopUpSearches searches have news. Titles are
// plain text; bodies are escaped, because notification servers read the
// body as markup and beeep sends it as it is.
func popUpsFor(batch []Alert) []popUp {
	groups := groupBySearch(batch)
	if len(groups) > maxPopUpSearches {
		lines := make([]string, len(groups))
		for i, g := range groups {
			lines[i] = fmt.Sprintf("%s: %d new", g.Name, len(g.Listings))
		}
		return []popUp{{Title: Subject(batch), Body: popUpBody(lines)}}
	}
	out := make([]popUp, 0, len(groups))
	for _, g := range groups {
		var lines []string
		for i, l := range g.Listings {
			if i == maxPopUpListings {
				lines = append(lines, fmt.Sprintf("and %d more", len(g.Listings)-i))
				break
			}
			lines = append(lines, listingSummary(l))
		}
		title := fmt.Sprintf("%d new listings: %s", len(g.Listings), g.Name)
		if len(g.Listings) == 1 {
			title = "New listing: " + g.Name
		}
		out = append(out, popUp{Title: title, Body: popUpBody(lines)})
	}
	return out
}

// listingSummary is "Title · Price · Place" with the empty parts left out.
func listingSummary(l listingLine) string {
	parts := []string{l.Title}
	for _, p := range []string{l.Price, l.Place} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " · ")
}

// popUpBody joins lines (each already one line), caps the length and
// escapes the markup characters.
func popUpBody(lines []string) string {
	return escapeMarkup(cutAtWord(strings.Join(lines, "\n"), maxPopUpBody))
}

// cutAtWord cuts s to n runes, the last an ellipsis, between words when
// one ends in the second half: a word cut in half reads as another word.
func cutAtWord(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	keep := r[:max(n-1, 0)]
	if len(keep) > 0 && !unicode.IsSpace(r[len(keep)]) {
		for i := len(keep) - 1; i >= len(keep)/2; i-- {
			if unicode.IsSpace(keep[i]) {
				keep = keep[:i]
				break
			}
		}
	}
	return strings.TrimRightFunc(string(keep), unicode.IsSpace) + "…"
}

var markupEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

func escapeMarkup(s string) string { return markupEscaper.Replace(s) }

// maxShown is how many listings the Outbox remembers having shown in a
// pop-up; enough for days of alerts, small enough not to matter.
const maxShown = 2000

// shownSet remembers which listings already had a pop-up, so that a batch
// retried after a failed email does not pop up again every poll. Safe for
// concurrent use.
type shownSet struct {
	mu    sync.Mutex // guards keys and order
	keys  map[string]bool
	order []string // oldest first, for eviction
}

// alertKey is the listing: one listing pops up once, whichever search
// found it and whatever that search is called now (a rename is no news).
func alertKey(a Alert) string {
	if a.ListingID != "" {
		return a.ListingID
	}
	return a.SearchURL + "\x00" + a.URL + "\x00" + a.Title
}

// fresh returns the alerts of batch not shown yet.
func (s *shownSet) fresh(batch []Alert) []Alert {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Alert
	for _, a := range batch {
		if !s.keys[alertKey(a)] {
			out = append(out, a)
		}
	}
	return out
}

func (s *shownSet) mark(alerts []Alert) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.keys == nil {
		s.keys = map[string]bool{}
	}
	for _, a := range alerts {
		k := alertKey(a)
		if s.keys[k] {
			continue
		}
		s.keys[k] = true
		s.order = append(s.order, k)
	}
	for len(s.order) > maxShown {
		delete(s.keys, s.order[0])
		s.order = s.order[1:]
	}
}

// popUps shows pop-ups for the listings of batch not shown before and
// returns the first failure; it tries every pop-up even when one fails, and
// only the ones that went out count as shown.
func (o *Outbox) popUps(batch []Alert) error {
	var first error
	fresh := o.shown.fresh(batch)
	if len(fresh) == 0 {
		return nil
	}
	groups := groupAlerts(fresh)
	pops := popUpsFor(fresh)
	for i, p := range pops {
		err := o.pop.Notify(p.Title, p.Body)
		switch {
		case err != nil && first == nil:
			first = err
		case err == nil && len(pops) == 1:
			o.shown.mark(fresh) // one pop-up (or the summary) covers the whole batch
		case err == nil:
			o.shown.mark(groups[i])
		}
	}
	return first
}
