package outbox

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"rentwatch/listing"
)

// The email's HTML is one card per listing: its photo only when it has
// one (no blank photo column), and an Open button to the listing; the
// heading does not repeat the subject the mail program already shows.
func TestEmailIsOneCardPerListing(t *testing.T) {
	now := time.Date(2026, 3, 4, 14, 2, 0, 0, time.UTC)
	m := Message{Alerts: []listing.Alert{
		{Listing: listing.Listing{ID: "1", Title: "Sunny room", URL: "https://kamernet.nl/huren/1", Price: "€ 745",
			Image: "https://kamernet.nl/img/1.jpg"}, SearchName: "Amsterdam", FoundAt: now},
		{Listing: listing.Listing{ID: "2", Title: "Studio", URL: "https://kamernet.nl/huren/2", Price: "€ 900"},
			SearchName: "Amsterdam", FoundAt: now},
	}}
	msg, err := compose(m, envelope{From: "me@mail.example", To: []string{"a@x.test"}}, now, "")
	if err != nil {
		t.Fatal(err)
	}
	html := mimeParts(t, msg)["text/html"]
	if n := strings.Count(html, `class="card"`); n != 2 {
		t.Errorf("%d listing cards, want 2:\n%s", n, html)
	}
	if n := strings.Count(html, "<img"); n != 1 {
		t.Errorf("%d photos, want the one listing's that has one:\n%s", n, html)
	}
	if regexp.MustCompile(`<td[^>]*>\s*</td>`).MatchString(html) {
		t.Errorf("an empty cell (a blank photo column):\n%s", html)
	}
	for _, id := range []string{"1", "2"} {
		if !regexp.MustCompile(`<a href="https://kamernet.nl/huren/` + id + `"[^>]*class="button"[^>]*>Open</a>`).MatchString(html) {
			t.Errorf("no Open button to listing %s:\n%s", id, html)
		}
	}
	if subject := Subject(m.Alerts); strings.Contains(html, "<h2>"+subject) || strings.Contains(html, "<h1>"+subject) {
		t.Errorf("the heading repeats the subject %q:\n%s", subject, html)
	}
}
