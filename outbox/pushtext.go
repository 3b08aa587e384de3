package outbox

import (
	"cmp"
	"fmt"
	"html"
	"strings"
	"time"

	"github.com/nicholas-fedor/shoutrrr/pkg/types"

	"rentwatch/listing"
	"rentwatch/words"
)

// maxPushText caps a push's text: ntfy turns a longer message into an
// attachment and Telegram refuses one past 4,096 characters.
const maxPushText = 3500

// pushMessage is the text and the per-message settings of a push: one
// message for the whole batch, its title the subject, a click that opens
// the first listing and its photo attached, where the service has those.
// Settings a service does not take are dropped by the caller; ntfy's are
// all set every time, because ntfy keeps a setting from one message to the
// next.
func pushMessage(scheme string, m Message, now time.Time) (string, types.Params) {
	title := messageSubject(m)
	open, image := firstLinks(m)
	params := types.Params{types.TitleKey: title}
	switch scheme {
	case "ntfy":
		params["click"], params["attach"] = open, image
		params["tags"], params["priority"] = "house", "high"
		if len(m.Alerts) == 0 {
			params["tags"] = "warning"
		}
	case "telegram":
		params[types.TitleKey] = "" // the title is the first line of the HTML
		params["parsemode"], params["preview"] = "HTML", "yes"
		return telegramText(title, image, m, now), params
	case "generic":
		params["url"], params["image"] = open, image
		params["listings"] = fmt.Sprint(len(m.Alerts))
	}
	return words.Clip(plainText(m, now), maxPushText), params
}

// firstLinks is what a click opens (the first listing, else the first
// notice's page) and the first listing's photo, each only where the rule
// of its search's page allows it (listing.Shown).
func firstLinks(m Message) (open, image string) {
	for _, a := range m.Alerts {
		a = listing.Shown(a)
		if open == "" {
			open = webLink(a.URL)
		}
		if image == "" {
			image = webLink(a.Image)
		}
	}
	for _, n := range m.Notices {
		if open == "" {
			open = webLink(cmp.Or(n.CheckPage, n.Open.URL))
		}
	}
	return open, image
}

// plainText is the push's body: notices first, then each search's
// listings with what the reader found, then reminders (Notice.Reminder).
func plainText(m Message, now time.Time) string {
	var b strings.Builder
	lead, after := m.inOrder()
	notices := func(ns []Notice) {
		for _, n := range noticeLines(ns) {
			fmt.Fprintf(&b, "⚠ %s\n%s\n", n.Title, n.Body)
			if n.Link != "" {
				b.WriteString(n.Link + "\n")
			}
			b.WriteString("\n")
		}
	}
	notices(lead)
	for _, g := range groupBySearch(m.Alerts, now) {
		fmt.Fprintf(&b, "%s: %d new\n", g.Name, g.New)
		for _, l := range g.Listings {
			b.WriteString("\n" + l.Title + "\n")
			if d := details(l); d != "" {
				b.WriteString(d + "\n")
			}
			if l.Link != "" {
				b.WriteString(l.Link + "\n")
			}
			if s := seenOn(l); s != "" {
				b.WriteString(s + "\n")
			}
		}
		if g.More > 0 {
			b.WriteString("\n" + moreWords(g.More, webLink(m.listings)) + "\n")
		}
		b.WriteString("\n")
	}
	notices(after)
	return strings.TrimSpace(b.String())
}

// details is "€ 950 · 18 m² · 1 room · Amsterdam", the empty parts left out.
func details(l listingLine) string {
	var parts []string
	for _, p := range []string{l.Price, l.Size, l.Rooms, l.Place} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " · ")
}

// seenOn is "on Kamernet, first seen 14:02".
func seenOn(l listingLine) string {
	var parts []string
	if l.Portal != "" {
		parts = append(parts, "on "+l.Portal)
	}
	if l.Found != "" {
		parts = append(parts, "first seen "+l.Found)
	}
	return strings.Join(parts, ", ")
}

// telegramText is the push as Telegram HTML. The photo comes as the link
// preview of an invisible link to it at the very start (Telegram previews
// the first link), so no photo is fetched or uploaded by us.
func telegramText(title, image string, m Message, now time.Time) string {
	var b strings.Builder
	if image != "" {
		fmt.Fprintf(&b, "<a href=\"%s\">\u200b</a>", html.EscapeString(image))
	}
	fmt.Fprintf(&b, "<b>%s</b>\n\n", html.EscapeString(title))
	body := html.EscapeString(words.Clip(plainText(m, now), maxPushText))
	b.WriteString(body)
	return b.String()
}
