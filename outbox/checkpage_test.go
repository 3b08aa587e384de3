package outbox

import (
	"strings"
	"testing"
	"time"
)

// A notice that asks for a check by hand links, in the email and the push,
// to the window's check page when it has one (the check can be passed
// there from any browser), else to the site.
func TestNoticeLinksToTheCheckPage(t *testing.T) {
	now := time.Date(2026, 12, 4, 14, 2, 0, 0, time.UTC)
	site, page := "https://kamernet.nl/huren/kamers-amsterdam", "http://127.0.0.1:17345/check/0a1b2c3d4e5f"
	for _, c := range []struct {
		name, checkPage, want string
	}{
		{"with a check page", page, page},
		{"without", "", site},
	} {
		m := Message{Notices: []Notice{{Key: "k", Title: "Kamernet needs you", Body: "Pass its check.",
			Open: Action{Kind: OpenManual, URL: site}, CheckPage: c.checkPage}}}
		msg, err := compose(m, envelope{From: "me@mail.example", To: []string{"a@x.test"}}, now, "")
		if err != nil {
			t.Fatal(err)
		}
		parts := mimeParts(t, msg)
		for where, text := range map[string]string{"email text": parts["text/plain"], "email HTML": parts["text/html"],
			"push": plainText(m, now)} {
			if !strings.Contains(text, c.want) {
				t.Errorf("%s: the %s does not link to %s:\n%s", c.name, where, c.want, text)
			}
		}
		if open, _ := firstLinks(m); open != c.want {
			t.Errorf("%s: the push's click opens %q, want %q", c.name, open, c.want)
		}
	}
}
