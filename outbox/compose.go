package outbox

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"strings"
	"text/template"
	"time"
	"unicode"

	"github.com/emersion/go-message/mail"
)

// maxTitle caps how much of a page's text goes into one line of a message
// or pop-up: titles come from the page and a broken page can send pages.
const maxTitle = 300

// searchGroup is one search's share of a batch, in the order the searches
// first appear in it.
type searchGroup struct {
	Name     string
	URL      string // "" when not http/https
	Listings []listingLine
}

// listingLine is one listing as shown: every field cleaned of control
// characters and capped; Link is "" unless it is an http or https URL.
type listingLine struct {
	Title, Price, Place, Link, Found string
}

// groupBySearch groups a batch by search (see groupAlerts) and cleans
// every field that came from a page or from the settings.
func groupBySearch(batch []Alert) []searchGroup {
	alerts := groupAlerts(batch)
	groups := make([]searchGroup, 0, len(alerts))
	for _, as := range alerts {
		name := oneLine(as[0].SearchName, maxTitle)
		if name == "" {
			name = "(unnamed search)"
		}
		g := searchGroup{Name: name, URL: webLink(as[0].SearchURL)}
		for _, a := range as {
			g.Listings = append(g.Listings, listingOf(a))
		}
		groups = append(groups, g)
	}
	return groups
}

// listingOf is one alert's listing as shown.
func listingOf(a Alert) listingLine {
	line := listingLine{
		Title: oneLine(a.Title, maxTitle),
		Price: oneLine(a.Price, 60),
		Place: oneLine(a.Place, 120),
		Link:  webLink(a.URL),
	}
	if line.Title == "" {
		line.Title = "(no title)"
	}
	if !a.FoundAt.IsZero() {
		line.Found = a.FoundAt.Format("15:04")
	}
	return line
}

// groupAlerts splits a batch by search name as shown (cleaned and capped),
// in the order the searches first appear in it. Pop-ups and the email
// group by this one function, so popUps can tell which alerts each pop-up
// covered.
func groupAlerts(batch []Alert) [][]Alert {
	var out [][]Alert
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
func Subject(batch []Alert) string {
	groups := groupBySearch(batch)
	noun := "listings"
	if len(batch) == 1 {
		noun = "listing"
	}
	if len(groups) == 1 {
		return fmt.Sprintf("%d new %s: %s", len(batch), noun, groups[0].Name)
	}
	return fmt.Sprintf("%d new %s on %d searches", len(batch), noun, len(groups))
}

// oneLine flattens s to one line of printable text at most max runes long
// (and an ellipsis, cut between words): CR, LF, tabs and other control
// characters become single spaces, so page text can never start a new
// header or a new line of its own.
func oneLine(s string, max int) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		if unicode.IsControl(r) || unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return cutAtWord(b.String(), max+1)
}

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

var textBody = template.Must(template.New("text").Parse(
	`{{.Subject}}
{{range .Groups}}
== {{.Name}} ({{len .Listings}} new) ==
{{if .URL}}{{.URL}}
{{end}}{{range .Listings}}
* {{.Title}}{{if .Price}} - {{.Price}}{{end}}{{if .Place}} - {{.Place}}{{end}}{{if .Found}} (found {{.Found}}){{end}}
{{if .Link}}  {{.Link}}
{{end}}{{end}}{{end}}{{if .Notes}}
Also:
{{range .Notes}}* {{.}}
{{end}}{{end}}
-- 
Sent by rentwatch.
`))

var htmlBody = htmltemplate.Must(htmltemplate.New("html").Parse(
	`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="font-family:sans-serif">
<h2>{{.Subject}}</h2>
{{range .Groups}}<h3>{{if .URL}}<a href="{{.URL}}">{{.Name}}</a>{{else}}{{.Name}}{{end}} ({{len .Listings}} new)</h3>
<ul>
{{range .Listings}}<li>{{if .Link}}<a href="{{.Link}}">{{.Title}}</a>{{else}}{{.Title}}{{end}}{{if .Price}} &middot; <b>{{.Price}}</b>{{end}}{{if .Place}} &middot; {{.Place}}{{end}}{{if .Found}} <small>(found {{.Found}})</small>{{end}}</li>
{{end}}</ul>
{{end}}{{if .Notes}}<h3>Also</h3>
<ul>
{{range .Notes}}<li>{{.}}</li>
{{end}}</ul>
{{end}}<p style="color:#888">Sent by rentwatch.</p>
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
// like titles.
func compose(batch []Alert, env envelope, now time.Time, subject string, notes ...string) ([]byte, error) {
	if subject == "" {
		subject = Subject(batch)
	}
	flat := make([]string, len(notes))
	for i, n := range notes {
		flat[i] = oneLine(n, 500)
	}
	data := struct {
		Subject string
		Groups  []searchGroup
		Notes   []string
	}{subject, groupBySearch(batch), flat}

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
