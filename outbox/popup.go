package outbox

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/gen2brain/beeep"

	"rentwatch/assets"
	"rentwatch/words"
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

// popUp is one pop-up's text, ready for a Notifier, and what a click
// on it opens.
type popUp struct {
	Title, Body string
	Open        Action
}

// popUpsFor is the pop-ups for a message: one per notice, then one per
// search with news, or one summary when more than maxPopUpSearches
// searches have news. Titles are plain text; bodies are escaped, because
// notification servers read the body as markup and beeep sends it as it
// is. A search's pop-up opens its listing (the first, when it names
// several); the summary opens the first search's page.
func popUpsFor(m Message, now time.Time) []popUp {
	var out []popUp
	for _, n := range m.Notices {
		out = append(out, popUp{Title: oneLine(n.Title, maxTitle), Body: popUpBody([]string{oneLine(n.Body, maxPopUpBody)}), Open: n.Open})
	}
	if len(m.Alerts) == 0 {
		return out
	}
	groups := groupBySearch(m.Alerts, now)
	if len(groups) > maxPopUpSearches {
		lines := make([]string, len(groups))
		for i, g := range groups {
			lines[i] = fmt.Sprintf("%s: %d new", g.Name, g.New)
		}
		return append(out, popUp{Title: Subject(m.Alerts), Body: popUpBody(lines), Open: webAction(groups[0].URL)})
	}
	for _, g := range groups {
		var lines []string
		for i, l := range g.Listings {
			if i == maxPopUpListings {
				break
			}
			lines = append(lines, listingSummary(l))
		}
		if more := g.New - len(lines); more > 0 {
			lines = append(lines, fmt.Sprintf("and %d more", more))
		}
		title := fmt.Sprintf("%d new listings: %s", g.New, g.Name)
		open := webAction(g.URL)
		if g.New == 1 {
			title = "New listing: " + g.Name
		}
		if l := g.Listings[0].Link; l != "" {
			open = webAction(l)
		}
		out = append(out, popUp{Title: title, Body: popUpBody(lines), Open: open})
	}
	return out
}

// webAction opens u in the browser; nothing when u is not an http(s) link.
func webAction(u string) Action {
	if webLink(u) == "" {
		return Action{}
	}
	return Action{Kind: OpenWeb, URL: webLink(u)}
}

// listingSummary is "Title · Price · Size · Rooms · Place" with the empty
// parts left out.
func listingSummary(l listingLine) string {
	parts := []string{l.Title}
	for _, p := range []string{l.Price, l.Size, l.Rooms, l.Place} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " · ")
}

// popUpBody joins lines (each already one line), caps the length and
// escapes the markup characters.
func popUpBody(lines []string) string {
	return escapeMarkup(words.Clip(strings.Join(lines, "\n"), maxPopUpBody))
}

var markupEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

func escapeMarkup(s string) string { return markupEscaper.Replace(s) }
