package outbox

import (
	"bytes"
	"cmp"
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"strconv"
	"strings"
	"text/template"
	"time"
	"unicode"

	"github.com/emersion/go-message/mail"

	"rentwatch/listing"
	"rentwatch/words"
)

// maxTitle caps how much of a page's text goes into one line of a message
// or pop-up: titles come from the page and a broken page can send pages.
const maxTitle = 300

// maxShown is how many listings one message names in full, shared among
// its searches; the others are counted ("and 80 more from this search")
// and are in the window's Listings. A page of 100,000 listings once made
// one 45 MB email. A counted listing is delivered with the message that
// counts it: the user was told it is there, and where to see it.
const maxShown = 20

// searchGroup is one search's share of a batch, in the order the searches
// first appear in it.
type searchGroup struct {
	Name     string
	URL      string        // "" when not http/https
	New      int           // the search's listings in the batch
	Listings []listingLine // the first of them, named in full (maxShown)
	More     int           // the rest, counted: New - len(Listings)
}

// listingLine is one listing as shown: every field cleaned of control
// characters and capped; Link and Image are "" unless they are http or
// https URLs. Found is when the listing was first seen, on the clock.
type listingLine struct {
	Title, Price, Size, Rooms, Place, Link, Image, Portal, Found string
	Seen                                                         string // "on Kamernet, first seen 14:02"
}

// groupBySearch groups a batch by search (see groupAlerts), names the
// first listings of each in full (shares) and cleans every field that came
// from a page or from the settings; times are said as at now, in now's
// time zone.
func groupBySearch(batch []listing.Alert, now time.Time) []searchGroup {
	alerts := groupAlerts(batch)
	sizes := make([]int, len(alerts))
	for i, as := range alerts {
		sizes[i] = len(as)
	}
	named := shares(sizes, maxShown)
	groups := make([]searchGroup, 0, len(alerts))
	for i, as := range alerts {
		g := searchGroup{Name: groupName(as[0]), URL: webLink(as[0].SearchURL), New: len(as), More: len(as) - named[i]}
		for _, a := range as[:named[i]] {
			g.Listings = append(g.Listings, listingOf(a, now))
		}
		groups = append(groups, g)
	}
	return groups
}

// shares splits room for budget listings among groups of the sizes given:
// one each first (every search with news is named), then one at a time to
// each group that has more, in turn, until the room is used.
func shares(sizes []int, budget int) []int {
	out := make([]int, len(sizes))
	left := budget
	for i, n := range sizes {
		if n > 0 {
			out[i], left = 1, left-1
		}
	}
	for more := true; left > 0 && more; {
		more = false
		for i, n := range sizes {
			if left > 0 && out[i] < n {
				out[i]++
				left--
				more = true
			}
		}
	}
	return out
}

// moreWords is the line under a search's listings that the message only
// counts: where to see them.
func moreWords(more int, listings string) string {
	where := "every new listing is in rentwatch's window, under Listings"
	if listings != "" {
		where += ": " + listings
	}
	return fmt.Sprintf("and %d more from this search: %s", more, where)
}

// groupName is the name of the search of a's group, as shown.
func groupName(a listing.Alert) string {
	if name := oneLine(a.SearchName, maxTitle); name != "" {
		return name
	}
	return "(unnamed search)"
}

// listingOf is one alert's listing as shown at now: its link and photo
// only where the rule of its search's page allows them (listing.Shown).
func listingOf(a listing.Alert, now time.Time) listingLine {
	a = listing.Shown(a)
	line := listingLine{
		Title:  oneLine(a.Title, maxTitle),
		Price:  keepAmountTogether(oneLine(a.Price, 60)),
		Size:   sizeText(a),
		Rooms:  roomsText(a.Rooms),
		Place:  oneLine(a.Place, 120),
		Link:   webLink(a.URL),
		Image:  webLink(a.Image),
		Portal: portalName(a),
	}
	if line.Title == "" {
		line.Title = "(no title)"
	}
	if !a.FoundAt.IsZero() {
		line.Found = words.Clock(a.FoundAt, now, now.Location())
	}
	line.Seen = seenOn(line)
	return line
}

// sizeText is the size as the page shows it, else the square metres read.
func sizeText(a listing.Alert) string {
	if s := oneLine(a.Size, 40); s != "" {
		return keepAmountTogether(s)
	}
	if a.SizeM2 > 0 {
		return strconv.FormatFloat(a.SizeM2, 'f', -1, 64) + "\u00a0m²"
	}
	return ""
}

// roomsText is "1 room", "2.5 rooms", or "" when not read.
func roomsText(n float64) string {
	switch {
	case n <= 0:
		return ""
	case n == 1:
		return "1\u00a0room"
	}
	return strconv.FormatFloat(n, 'f', -1, 64) + "\u00a0rooms"
}

// portalName is what people call the site the listing is on: its portal
// ("kamernet.nl" is "Kamernet"), else the listing's host; "" when neither
// is known.
func portalName(a listing.Alert) string {
	host := a.Portal
	if host == "" || host == "generic" { // alerts queued before every alert named its portal
		if u, err := url.Parse(a.URL); err == nil {
			host = u.Hostname()
		}
	}
	if host == "" {
		return ""
	}
	return oneLine(words.Site(host), 60)
}

// keepAmountTogether glues a currency sign or code to its number with a
// no-break space ("€ 950" -> "€\u00a0950", "950 EUR" -> "950\u00a0EUR"), so a
// line never breaks inside a price; likewise a number and its unit.
func keepAmountTogether(s string) string {
	r := []rune(s)
	for i := 1; i < len(r)-1; i++ {
		if r[i] != ' ' {
			continue
		}
		before, after := r[i-1], r[i+1]
		switch {
		case isCurrency(before) && unicode.IsDigit(after),
			unicode.IsDigit(before) && (isCurrency(after) || unicode.IsLetter(after) && unitFollows(r[i+1:])):
			r[i] = '\u00a0'
		}
	}
	return string(r)
}

func isCurrency(r rune) bool { return unicode.Is(unicode.Sc, r) }

// unitFollows says whether the word at the start of r is a price's or a
// size's unit: a currency code or m², sq ft, ...
func unitFollows(r []rune) bool {
	end := 0
	for end < len(r) && !unicode.IsSpace(r[end]) && r[end] != ',' && r[end] != '/' {
		end++
	}
	w := strings.ToLower(string(r[:end]))
	switch w {
	case "eur", "euro", "gbp", "chf", "usd", "m²", "m2", "sq", "sqft", "ft²", "qm", "kr", "zł", "pln", "sek", "nok", "dkk":
		return true
	}
	return false
}

// groupAlerts splits a batch by search name as shown (cleaned and capped),
// in the order the searches first appear in it. Pop-ups and the email
// group by this one function, so popUps can tell which alerts each pop-up
// covered.
func groupAlerts(batch []listing.Alert) [][]listing.Alert {
	var out [][]listing.Alert
	index := map[string]int{}
	for _, a := range batch {
		name := oneLine(a.SearchName, maxTitle)
		i, ok := index[name]
		if !ok {
			i = len(out)
			index[name] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], a)
	}
	return out
}

// Subject is the subject line for a batch: "3 new listings: Kamernet
// Amsterdam West" when one search has news, "5 new listings on 2 searches"
// otherwise.
func Subject(batch []listing.Alert) string {
	groups := groupAlerts(batch)
	news := words.Plural(len(batch), "new listing", "new listings")
	if len(groups) == 1 {
		return news + ": " + groupName(groups[0][0])
	}
	return fmt.Sprintf("%s on %d searches", news, len(groups))
}

// messageSubject is Subject of the alerts, led by the first leading
// notice's title (a reminder never leads: Notice.Reminder), or that title
// alone when there are no alerts (with "and N more" for more notices).
func messageSubject(m Message) string {
	lead, _ := m.inOrder()
	switch {
	case len(m.Alerts) > 0 && len(lead) > 0:
		return oneLine(lead[0].Title, 120) + " · " + Subject(m.Alerts)
	case len(m.Alerts) > 0:
		return Subject(m.Alerts)
	case len(lead) == 1:
		return oneLine(lead[0].Title, 200)
	case len(lead) > 1:
		return fmt.Sprintf("%s (and %d more)", oneLine(lead[0].Title, 200), len(lead)-1)
	}
	return "rentwatch"
}

// noticeLine is one notice as shown: cleaned, and its link an http(s) URL
// or "".
type noticeLine struct{ Title, Body, Link string }

func noticeLines(ns []Notice) []noticeLine {
	out := make([]noticeLine, len(ns))
	for i, n := range ns {
		out[i] = noticeLine{Title: oneLine(n.Title, maxTitle), Body: oneLine(n.Body, 1000), Link: webLink(cmp.Or(n.CheckPage, n.Open.URL))}
	}
	return out
}

// oneLine flattens s to one line of printable text at most max runes long
// (and an ellipsis, cut between words): CR, LF, tabs and other control
// characters become single spaces, so page text can never start a new
// header or a new line of its own (words.Clean, words.Clip).
func oneLine(s string, max int) string { return words.Clip(words.Clean(s), max+1) }

// webLink returns u when it is an absolute http or https URL, else "":
// a javascript: or data: URL from a page must never become a link.
func webLink(u string) string {
	u = strings.TrimSpace(u)
	p, err := url.Parse(u)
	if err != nil || p.Host == "" || (p.Scheme != "http" && p.Scheme != "https") {
		return ""
	}
	if strings.ContainsAny(u, "\r\n\t <>\"") {
		return ""
	}
	return p.String()
}

var textBody = template.Must(template.New("text").Funcs(template.FuncMap{"more": moreWords}).Parse(
	`{{define "notice"}}
!! {{.Title}}
{{.Body}}
{{if .Link}}{{.Link}}
{{end}}{{end}}{{.Subject}}
{{range .Notices}}{{template "notice" .}}{{end}}{{range .Groups}}
== {{.Name}} ({{.New}} new) ==
{{if .URL}}{{.URL}}
{{end}}{{range .Listings}}
* {{.Title}}{{if .Price}} - {{.Price}}{{end}}{{if .Size}} - {{.Size}}{{end}}{{if .Rooms}} - {{.Rooms}}{{end}}{{if .Place}} - {{.Place}}{{end}}
{{if .Seen}}  {{.Seen}}
{{end}}{{if .Link}}  {{.Link}}
{{end}}{{if .Image}}  photo: {{.Image}}
{{end}}{{end}}{{if .More}}
{{more .More $.Listings}}
{{end}}{{end}}{{range .After}}{{template "notice" .}}{{end}}{{if .Notes}}
Also:
{{range .Notes}}* {{.}}
{{end}}{{end}}
-- 
Sent by rentwatch.
`))

// htmlBody is one card per listing, styled inline (mail programs drop
// style sheets): the photo only when the listing has one, then its title,
// price, size and rooms, and an Open button. No heading repeats the
// subject: the mail program shows it above.
var htmlBody = htmltemplate.Must(htmltemplate.New("html").Parse(
	`<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{.Subject}}</title></head>
<body style="margin:0;padding:16px;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto">
{{range .Notices}}<div style="background:#fff7ed;border-left:4px solid #c2410c;border-radius:6px;padding:10px 14px;margin:0 0 12px"><b>{{.Title}}</b><br>{{.Body}}{{if .Link}}<br><a href="{{.Link}}">{{.Link}}</a>{{end}}</div>
{{end}}{{range .Groups}}<h3 style="font-size:16px;margin:16px 0 8px">{{if .URL}}<a href="{{.URL}}" style="color:#1f2937">{{.Name}}</a>{{else}}{{.Name}}{{end}} &middot; {{.New}} new</h3>
{{range .Listings}}<div class="card" style="background:#fff;border:1px solid #e5e7eb;border-radius:8px;margin:0 0 12px;overflow:hidden">
{{if .Image}}{{if .Link}}<a href="{{.Link}}">{{end}}<img src="{{.Image}}" alt="" width="560" style="display:block;width:100%;max-width:560px;height:auto">{{if .Link}}</a>{{end}}
{{end}}<div style="padding:12px 14px">
<div style="font-size:16px;font-weight:600">{{if .Link}}<a href="{{.Link}}">{{.Title}}</a>{{else}}{{.Title}}{{end}}</div>
<div style="margin:4px 0">{{if .Price}}<b style="white-space:nowrap">{{.Price}}</b>{{end}}{{if .Size}} &middot; <span style="white-space:nowrap">{{.Size}}</span>{{end}}{{if .Rooms}} &middot; {{.Rooms}}{{end}}{{if .Place}} &middot; {{.Place}}{{end}}</div>
{{if .Seen}}<div style="color:#6b7280;font-size:13px">{{.Seen}}</div>
{{end}}{{if .Link}}<a href="{{.Link}}" class="button" style="display:inline-block;margin-top:10px;padding:8px 18px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none;font-weight:600">Open</a>
{{end}}</div></div>
{{end}}{{if .More}}<p>and {{.More}} more from this search: every new listing is in rentwatch's window, under {{if $.Listings}}<a href="{{$.Listings}}">Listings</a>{{else}}Listings{{end}}.</p>
{{end}}{{end}}{{range .After}}<div style="background:#f9fafb;border-left:4px solid #9ca3af;border-radius:6px;padding:10px 14px;margin:12px 0"><b>{{.Title}}</b><br>{{.Body}}{{if .Link}}<br><a href="{{.Link}}">{{.Link}}</a>{{end}}</div>
{{end}}{{if .Notes}}<h3 style="font-size:16px;margin:16px 0 8px">Also</h3>
<ul>
{{range .Notes}}<li>{{.}}</li>
{{end}}</ul>
{{end}}<p style="color:#6b7280;font-size:12px">Sent by rentwatch.</p>
</div>
</body></html>
`))

// envelope is who a message is from and to.
type envelope struct {
	From string   // a bare address
	To   []string // bare addresses
}

// compose builds the whole message for a batch: a multipart/alternative
// with a text/plain and an HTML part, Date set to now and a Message-ID at
// the sender's domain. Header values are RFC 2047-encoded by go-message.
// An empty subject means Subject(batch).
//
// notes are lines the user should also read, such as an auto-reply that
// failed; they are page text at heart, so they are flattened and escaped
// like titles. The message's notices come first, they need the user;
// reminders follow the listings (Notice.Reminder).
func compose(m Message, env envelope, now time.Time, subject string, notes ...string) ([]byte, error) {
	if subject == "" {
		subject = messageSubject(m)
	}
	lead, after := m.inOrder()
	flat := make([]string, len(notes))
	for i, n := range notes {
		flat[i] = oneLine(n, 500)
	}
	data := struct {
		Subject  string
		Notices  []noticeLine // before the listings
		After    []noticeLine // after them (reminders)
		Groups   []searchGroup
		Notes    []string
		Listings string // the window's Listings, for the listings only counted
	}{subject, noticeLines(lead), noticeLines(after), groupBySearch(m.Alerts, now), flat, webLink(m.listings)}

	var h mail.Header
	h.SetDate(now)
	h.SetSubject(data.Subject)
	h.SetAddressList("From", []*mail.Address{{Name: "rentwatch", Address: env.From}})
	to := make([]*mail.Address, len(env.To))
	for i, a := range env.To {
		to[i] = &mail.Address{Address: a}
	}
	h.SetAddressList("To", to)
	if err := h.GenerateMessageIDWithHostname(domainOf(env.From)); err != nil {
		return nil, fmt.Errorf("make a message id: %w", err)
	}
	h.Set("Auto-Submitted", "auto-generated") // RFC 3834: no auto-replies to alerts

	var buf bytes.Buffer
	w, err := mail.CreateInlineWriter(&buf, h)
	if err != nil {
		return nil, fmt.Errorf("start the message: %w", err)
	}
	if err := writePart(w, "text/plain", func(b *bytes.Buffer) error { return textBody.Execute(b, data) }); err != nil {
		return nil, err
	}
	if err := writePart(w, "text/html", func(b *bytes.Buffer) error { return htmlBody.Execute(b, data) }); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("finish the message: %w", err)
	}
	return buf.Bytes(), nil
}

// writePart renders one alternative and writes it as a UTF-8 part.
func writePart(w *mail.InlineWriter, contentType string, render func(*bytes.Buffer) error) error {
	var body bytes.Buffer
	if err := render(&body); err != nil {
		return fmt.Errorf("render the %s part: %w", contentType, err)
	}
	var h mail.InlineHeader
	h.SetContentType(contentType, map[string]string{"charset": "utf-8"})
	pw, err := w.CreatePart(h)
	if err != nil {
		return fmt.Errorf("start the %s part: %w", contentType, err)
	}
	if _, err := pw.Write(body.Bytes()); err != nil {
		return fmt.Errorf("write the %s part: %w", contentType, err)
	}
	return pw.Close()
}

// domainOf is the part after the last @, or "localhost" for an address
// without one: Message-IDs are made at the sender's domain.
func domainOf(addr string) string {
	if i := strings.LastIndexByte(addr, '@'); i >= 0 && i < len(addr)-1 {
		return addr[i+1:]
	}
	return "localhost"
}
