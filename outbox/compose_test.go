package outbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"rentwatch/listing"
)

func TestSubject(t *testing.T) {
	a := func(search string) listing.Alert {
		return listing.Alert{Listing: listing.Listing{Title: "x"}, SearchName: search}
	}
	tests := []struct {
		name  string
		batch []listing.Alert
		want  string
	}{
		{"one listing", []listing.Alert{a("Kamernet Amsterdam West")}, "1 new listing: Kamernet Amsterdam West"},
		{"three, one search", []listing.Alert{a("Kamernet Amsterdam West"), a("Kamernet Amsterdam West"), a("Kamernet Amsterdam West")}, "3 new listings: Kamernet Amsterdam West"},
		{"five on two searches", []listing.Alert{a("A"), a("B"), a("A"), a("B"), a("B")}, "5 new listings on 2 searches"},
		{"name with a line break", []listing.Alert{a("Funda\r\nBcc: x@y")}, "1 new listing: Funda Bcc: x@y"},
		{"no name", []listing.Alert{a("  ")}, "1 new listing: (unnamed search)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Subject(tt.batch); got != tt.want {
				t.Errorf("Subject = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestOneLine(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want string
	}{
		{"plain", 10, "plain"},
		{"  a\r\n\tb  ", 10, "a b"},
		{"a\u2028b\u0000c\u0085d", 10, "a b c d"},
		{"Zimmer – 650 €", 100, "Zimmer – 650 €"},
		{"abcdef", 3, "abc…"},
		{"", 3, ""},
	}
	for _, tt := range tests {
		if got := oneLine(tt.in, tt.max); got != tt.want {
			t.Errorf("oneLine(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
	}
}

func TestWebLink(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://kamernet.nl/huren/k9", "https://kamernet.nl/huren/k9"},
		{"http://example.test/a?b=c", "http://example.test/a?b=c"},
		{"javascript:alert(1)", ""},
		{"JavaScript:alert(1)", ""},
		{"data:text/html,<script>", ""},
		{"/relative/path", ""},
		{"https://x.test/\"><script>", ""},
		{"ftp://x.test/", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := webLink(tt.in); got != tt.want {
			t.Errorf("webLink(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestComposeHeaders: the message is well-formed without any server.
func TestComposeHeaders(t *testing.T) {
	now := time.Date(2026, 3, 4, 14, 2, 0, 0, time.UTC)
	msg, err := compose(Message{Alerts: hostileBatch(now)}, envelope{From: "me@mail.example", To: []string{"a@x.test", "b@x.test"}}, now, "")
	if err != nil {
		t.Fatal(err)
	}
	header, _, _ := bytes.Cut(msg, []byte("\r\n\r\n"))
	for _, want := range []string{
		"Date: Wed, 04 Mar 2026 14:02:00 +0000",
		"Subject: 3 new listings on 2 searches",
		"@mail.example>",
		"To: <a@x.test>, <b@x.test>",
		"Content-Type: multipart/alternative",
		"Auto-Submitted: auto-generated",
	} {
		if !bytes.Contains(header, []byte(want)) {
			t.Errorf("header lacks %q:\n%s", want, header)
		}
	}
	for _, line := range bytes.Split(header, []byte("\r\n")) {
		if bytes.HasPrefix(bytes.ToLower(line), []byte("bcc:")) {
			t.Errorf("injected header line %q", line)
		}
	}
	parts := mimeParts(t, msg)
	if !strings.Contains(parts["text/plain"], "first seen 14:02") {
		t.Errorf("text part lacks the time found:\n%s", parts["text/plain"])
	}
}

func TestPickMechanism(t *testing.T) {
	tests := []struct {
		configured string
		token      bool
		offered    []string
		want       string
		wantErr    string
	}{
		{"", false, []string{"LOGIN", "PLAIN"}, "PLAIN", ""},
		{"", false, []string{"LOGIN", "CRAM-MD5"}, "LOGIN", ""},
		{"", true, []string{"PLAIN", "XOAUTH2"}, "XOAUTH2", ""},
		{"", true, []string{"XOAUTH2", "OAUTHBEARER"}, "OAUTHBEARER", ""},
		{"login", false, []string{"PLAIN", "LOGIN"}, "LOGIN", ""},
		{"login", false, []string{"PLAIN"}, "", "does not offer LOGIN"},
		{"cram-md5", false, []string{"CRAM-MD5"}, "", `auth "CRAM-MD5"`},
		{"", false, nil, "", "offers no login mechanism we can use (it offers: none)"},
		{"", true, []string{"PLAIN"}, "", "offers no login mechanism"},
	}
	for _, tt := range tests {
		got, err := pickMechanism(tt.configured, tt.token, tt.offered)
		if got != tt.want || (tt.wantErr == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("pickMechanism(%q, %v, %v) = %q, %v; want %q, %q", tt.configured, tt.token, tt.offered, got, err, tt.want, tt.wantErr)
		}
	}
}

// TestClassify covers failures no loopback server can produce here, such
// as a name that does not resolve (the tests never ask a real resolver).
func TestClassify(t *testing.T) {
	tests := []struct {
		name      string
		stage     string
		err       error
		permanent bool
		says      string
	}{
		{"name not found", StageDial, &net.OpError{Op: "dial", Err: &net.DNSError{Name: "smtp.x", Err: "no such host", IsNotFound: true}}, true, "the name smtp.x did not resolve"},
		{"resolver down", StageDial, &net.DNSError{Name: "smtp.x", Err: "server misbehaving", IsTemporary: true}, false, "could not look up the name smtp.x"},
		{"refused", StageDial, &net.OpError{Op: "dial", Err: syscall.ECONNREFUSED}, false, "connection refused"},
		{"reset", StageMail, fmt.Errorf("read: %w", syscall.ECONNRESET), false, "dropped the connection at MAIL FROM"},
		{"554 at MAIL", StageMail, &smtp.SMTPError{Code: 553, Message: "sender\r\nrejected"}, true, "the sender address was refused (553 sender rejected)"},
		{"421 mid-session", StageMail, &smtp.SMTPError{Code: 421, EnhancedCode: smtp.EnhancedCode{4, 4, 2}, Message: "bye"}, false, "(421 4.4.2 bye)"},
		{"timeout", StageRcpt, &net.OpError{Op: "read", Err: timeoutErr{}}, false, "timed out waiting for the server at RCPT TO"},
		{"cancelled elsewhere", StageData, context.Canceled, false, "email failed at DATA"},
		{"already classified", StageData, &DeliveryError{Permanent: true, Stage: StageAuth, msg: "kept"}, true, "kept"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := classify(tt.stage, "smtp.x:587", tt.err)
			if d.Permanent != tt.permanent || !strings.Contains(d.Error(), tt.says) {
				t.Errorf("classify = %v (permanent %v), want %q (permanent %v)", d, d.Permanent, tt.says, tt.permanent)
			}
			if !errors.Is(d, tt.err) && d.Err != nil {
				t.Errorf("%v does not wrap %v", d, tt.err)
			}
		})
	}
}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

// TestCheckSettings: unusable settings are refused before any connection,
// naming the field.
func TestCheckSettings(t *testing.T) {
	good := EmailSettings{To: "a@x.test", Host: "smtp.x.test", Security: "starttls", Username: "me@x.test"}
	tests := []struct {
		name     string
		edit     func(*EmailSettings)
		wantPort int
		wantErr  string
	}{
		{"starttls default port", func(*EmailSettings) {}, 587, ""},
		{"tls default port", func(s *EmailSettings) { s.Security = "tls" }, 465, ""},
		{"no security", func(s *EmailSettings) { s.Security = "" }, 0, "security"},
		{"no host", func(s *EmailSettings) { s.Host = " " }, 0, "no SMTP host"},
		{"bad port", func(s *EmailSettings) { s.Port = 70000 }, 0, "port 70000"},
		{"no sender", func(s *EmailSettings) { s.Username = "" }, 0, "no sender"},
		// From left blank is the login; a login that is no address says
		// which field to fill, not that "from" (never typed) is wrong.
		{"from blank, a login that is no address", func(s *EmailSettings) { s.Username = "watcher" }, 0,
			`your login "watcher" is not an email address, so fill in From with the address the email should come from`},
		{"bad recipient", func(s *EmailSettings) { s.To = "not an address" }, 0, "to \"not an address\""},
		{"no recipient", func(s *EmailSettings) { s.To = " , " }, 0, "no recipient"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := good
			tt.edit(&s)
			c, err := check(s)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || c.Port != tt.wantPort || c.Timeout != DefaultTimeout || c.env.From != "me@x.test" {
				t.Errorf("check = %+v, %v", c, err)
			}
		})
	}
}

// The email and the push say which portal a listing is on, in
// the words every other place uses: its portal when the alert names one
// (the link may go through another host), else the link's host.
func TestMessagesNameThePortal(t *testing.T) {
	now := time.Date(2026, 3, 4, 14, 2, 0, 0, time.UTC)
	tests := []struct {
		name, portal, link, want string
	}{
		{"the portal named", "wg-gesucht.de", "https://click.partner.example/r?to=8812301", "on WG-Gesucht, first seen 13:50"},
		{"a host as the portal", "www.rightmove.co.uk", "https://www.rightmove.co.uk/properties/1", "on Rightmove, first seen 13:50"},
		{"an alert queued before alerts named their portal", "", "https://www.wg-gesucht.de/1.html", "on WG-Gesucht, first seen 13:50"},
		{"the generic reader", "generic", "https://kamernet.nl/huren/kamer-1", "on Kamernet, first seen 13:50"},
		{"nothing known", "", "", "first seen 13:50"},
	}
	for _, tt := range tests {
		m := Message{Alerts: []listing.Alert{{Listing: listing.Listing{ID: "1", Title: "Room", URL: tt.link}, SearchName: "Berlin",
			Portal: tt.portal, FoundAt: now.Add(-12 * time.Minute)}}}
		msg, err := compose(m, envelope{From: "me@mail.example", To: []string{"a@x.test"}}, now, "")
		if err != nil {
			t.Fatal(err)
		}
		parts := mimeParts(t, msg)
		for where, text := range map[string]string{"email text": parts["text/plain"], "email HTML": parts["text/html"],
			"push": plainText(m, now)} {
			if !strings.Contains(text, tt.want) {
				t.Errorf("%s: the %s does not say %q:\n%s", tt.name, where, tt.want, text)
			}
		}
	}
}
