package outbox

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
	"github.com/zalando/go-keyring"

	"rentwatch/internal/testkit"
	"rentwatch/listing"
)

// hostileTitle is page text that tries header injection and script
// injection, with non-ASCII a real German listing would carry.
const hostileTitle = "Zimmer in Niederschöneweide – 650 €\r\nBcc: evil@attacker.test\r\n\r\n<script>alert(1)</script><img src=x onerror=alert(2)>"

func hostileBatch(now time.Time) []listing.Alert {
	return []listing.Alert{
		{Listing: listing.Listing{ID: "1", URL: "https://www.wg-gesucht.de/1.html", Title: hostileTitle, Price: "650 €",
			Place: "Niederschöneweide"}, SearchName: "WG-Gesucht Berlin Köpenick",
			SearchURL: "https://www.wg-gesucht.de/wg-zimmer-in-Berlin.8.0.1.0.html", FoundAt: now},
		{Listing: listing.Listing{ID: "2", URL: "javascript:alert(3)", Title: "Sneaky link", Price: "500 €"},
			SearchName: "WG-Gesucht Berlin Köpenick",
			SearchURL:  "https://www.wg-gesucht.de/wg-zimmer-in-Berlin.8.0.1.0.html", FoundAt: now},
		{Listing: listing.Listing{ID: "k9", URL: "https://kamernet.nl/huren/kamer-amsterdam/k9", Title: "Room <b>West</b> & more",
			Price: "€ 850", Place: "Amsterdam"}, SearchName: "Kamernet Amsterdam West",
			SearchURL: "https://kamernet.nl/huren/kamers-amsterdam", FoundAt: now},
	}
}

// recordingPop is a Notifier that records pop-ups and can be made to fail.
type recordingPop struct {
	mu   sync.Mutex // guards got
	got  []popUp
	fail error
}

func (r *recordingPop) Notify(title, body string) error {
	return r.NotifyClick(title, body, Action{})
}

func (r *recordingPop) NotifyClick(title, body string, open Action) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.got = append(r.got, popUp{title, body, open})
	return r.fail
}

// mailTo sends batch on o's email channel.
func mailTo(ctx context.Context, o *Outbox, batch []listing.Alert) error {
	return emailChannel{o}.Send(ctx, Message{Alerts: batch})
}

func TestDeliverToMailpit(t *testing.T) {
	for _, security := range []string{"starttls", "tls"} {
		t.Run(security, func(t *testing.T) {
			m := startMailpit(t, security)
			for _, auth := range []string{"", "plain", "login"} {
				t.Run("auth="+auth, func(t *testing.T) {
					m.DeleteAll(t)
					s := mailpitSettings(m)
					s.Auth = auth
					pop := &recordingPop{fail: errors.New("no desktop here")}
					o := New(&s, pop)
					sent := time.Now()
					if err := mailTo(context.Background(), o, hostileBatch(sent)); err != nil {
						t.Fatalf("Deliver: %v", err)
					}
					done := time.Now()
					if len(pop.got) != 0 {
						t.Errorf("the email channel showed %d pop-ups: the desktop is its own channel", len(pop.got))
					}
					if n := len(m.Messages(t)); n != 1 {
						t.Fatalf("mailpit holds %d messages, want 1", n)
					}
					msg, raw := lastMessage(t, m)
					checkArrived(t, msg, raw, sent, done)
				})
			}
			t.Run("one listing, non-ASCII search name", func(t *testing.T) {
				m.DeleteAll(t)
				s := mailpitSettings(m)
				batch := hostileBatch(time.Now())[:1]
				if err := mailTo(context.Background(), New(&s, &recordingPop{}), batch); err != nil {
					t.Fatalf("Deliver: %v", err)
				}
				msg, raw := lastMessage(t, m)
				if want := "1 new listing: WG-Gesucht Berlin Köpenick"; msg.Subject != want {
					t.Errorf("Subject %q, want %q", msg.Subject, want)
				}
				if !bytes.Contains(raw, []byte("Subject: =?utf-8?")) {
					t.Errorf("Subject not RFC 2047-encoded:\n%s", raw)
				}
			})
			t.Run("SendTest", func(t *testing.T) {
				m.DeleteAll(t)
				if err := SendTest(context.Background(), mailpitSettings(m)); err != nil {
					t.Fatalf("SendTest: %v", err)
				}
				msg, _ := lastMessage(t, m)
				if msg.Subject != "rentwatch test message" || !strings.Contains(msg.Text, "email alerts work") {
					t.Errorf("test message: %q\n%s", msg.Subject, msg.Text)
				}
			})
			t.Run("SendTestStored", func(t *testing.T) {
				// The password the app uses: the keychain's, not the caller's.
				t.Setenv(PasswordEnv, "")
				keyring.MockInit()
				s := mailpitSettings(m)
				s.Password = "not-the-stored-one"
				err := SendTestStored(context.Background(), s)
				if !IsPermanent(err) || !strings.Contains(err.Error(), "no password is stored for "+s.Username+" yet") {
					t.Errorf("with no stored password: %v, want a permanent error saying so", err)
				}
				if err := StorePassword(s.Username, testkit.MailpitPassword); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { _ = StorePassword(s.Username, "") })
				m.DeleteAll(t)
				if err := SendTestStored(context.Background(), s); err != nil {
					t.Fatalf("with the password stored: %v", err)
				}
				if msg, _ := lastMessage(t, m); msg.Subject != "rentwatch test message" {
					t.Errorf("test message: %q", msg.Subject)
				}
			})
		})
	}
}

// checkArrived checks one delivered hostile batch (Deliver called at sent,
// returned at done): headers, MIME tree, and that the page text arrived
// intact but harmless.
func checkArrived(t *testing.T, msg testkit.Message, raw []byte, sent, done time.Time) {
	t.Helper()
	if msg.Subject != "3 new listings on 2 searches" {
		t.Errorf("Subject %q", msg.Subject)
	}
	// The Date header counts whole seconds: it lies within the delivery.
	if msg.Date.Before(sent.Truncate(time.Second)) || msg.Date.After(done) {
		t.Errorf("Date %v, not within the delivery (%v to %v)", msg.Date, sent, done)
	}
	if !strings.HasSuffix(msg.MessageID, "@example.test") {
		t.Errorf("Message-ID %q not at the sender's domain", msg.MessageID)
	}
	if len(msg.To) != 1 || msg.To[0].Address != "bob@example.test" || msg.From.Address != testkit.MailpitUser {
		t.Errorf("From %v To %v", msg.From, msg.To)
	}
	header, _, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
	if bytes.Contains(bytes.ToLower(header), []byte("\nbcc:")) {
		t.Errorf("page text injected a header:\n%s", header)
	}
	parts := mimeParts(t, raw)
	if len(parts) != 2 || parts["text/plain"] == "" || parts["text/html"] == "" {
		t.Fatalf("parts %v, want text/plain and text/html", keys(parts))
	}
	for _, body := range []string{msg.Text, parts["text/plain"], msg.HTML, parts["text/html"]} {
		if !strings.Contains(body, "Zimmer in Niederschöneweide – 650 €") {
			t.Errorf("the title did not arrive intact in:\n%s", body)
		}
	}
	html := parts["text/html"]
	for _, bad := range []string{"<script", "<img", `href="javascript`, "<b>West"} {
		if strings.Contains(html, bad) {
			t.Errorf("HTML part holds %q:\n%s", bad, html)
		}
	}
	for _, good := range []string{"&lt;script&gt;", `<a href="https://www.wg-gesucht.de/1.html">`, "Sneaky link", "Kamernet Amsterdam West"} {
		if !strings.Contains(html, good) {
			t.Errorf("HTML part lacks %q:\n%s", good, html)
		}
	}
	if strings.Contains(parts["text/plain"], "javascript:") {
		t.Errorf("text part shows a javascript: URL:\n%s", parts["text/plain"])
	}
}

// mimeParts checks the message is one multipart/alternative and returns
// its parts' bodies by content type.
func mimeParts(t *testing.T, raw []byte) map[string]string {
	t.Helper()
	r, err := mail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if ct, _, _ := r.Header.ContentType(); ct != "multipart/alternative" {
		t.Fatalf("top-level Content-Type %q, want multipart/alternative", ct)
	}
	parts := map[string]string{}
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			return parts
		}
		if err != nil {
			t.Fatalf("next part: %v", err)
		}
		h, ok := p.Header.(*mail.InlineHeader)
		if !ok {
			t.Fatalf("part is not inline: %T", p.Header)
		}
		ct, params, _ := h.ContentType()
		if params["charset"] != "utf-8" {
			t.Errorf("%s charset %q", ct, params["charset"])
		}
		body, _ := io.ReadAll(p.Body)
		parts[ct] = string(body)
	}
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestDeliverToMailpitRefused: each way a real server or a wrong setting
// turns a message away is reported with the right stage and permanence,
// and nothing arrives.
func TestDeliverToMailpitRefused(t *testing.T) {
	m := startMailpit(t, "starttls", "--smtp-allowed-recipients", `@example\.test$`)
	tests := []struct {
		name      string
		edit      func(*EmailSettings)
		stage     string
		permanent bool
		says      string
	}{
		{"wrong password", func(s *EmailSettings) { s.Password = "wrong" }, StageAuth, true, "the password was refused (535"},
		{"untrusted certificate", func(s *EmailSettings) { s.CAFile = "" }, StageTLS, true, "the server's certificate is not trusted"},
		{"recipient refused", func(s *EmailSettings) { s.To = "eve@elsewhere.test" }, StageRcpt, true, "the recipient was refused (5"},
		{"implicit TLS on a STARTTLS port", func(s *EmailSettings) { s.Security = "tls" }, StageTLS, true, "did not answer in TLS"},
		{"nothing listening", func(s *EmailSettings) { s.Port = testkit.FreePort(t) }, StageDial, false, "connection refused"},
		{"no such mechanism", func(s *EmailSettings) { s.Auth = "xoauth2" }, StageAuth, true, "does not offer XOAUTH2"},
		{"bad security", func(s *EmailSettings) { s.Security = "ssl" }, StageSettings, true, `security "ssl"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m.DeleteAll(t)
			s := mailpitSettings(m)
			tt.edit(&s)
			err := mailTo(context.Background(), New(&s, &recordingPop{}), hostileBatch(time.Now()))
			checkDeliveryError(t, err, tt.stage, tt.permanent, tt.says)
			if n := len(m.Messages(t)); n != 0 {
				t.Errorf("%d messages arrived", n)
			}
		})
	}
}

func checkDeliveryError(t *testing.T, err error, stage string, permanent bool, says string) {
	t.Helper()
	de, ok := errors.AsType[*DeliveryError](err)
	if !ok {
		t.Fatalf("error %v (%T), want a *DeliveryError", err, err)
	}
	if de.Stage != stage || de.Permanent != permanent {
		t.Errorf("stage %q permanent %v, want %q %v (%v)", de.Stage, de.Permanent, stage, permanent, err)
	}
	if !strings.Contains(err.Error(), says) {
		t.Errorf("error %q does not say %q", err, says)
	}
	if strings.Contains(err.Error(), testkit.MailpitPassword) {
		t.Errorf("error shows the password: %q", err)
	}
}
