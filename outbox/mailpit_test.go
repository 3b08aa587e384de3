package outbox

import (
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// startMailpit runs a real mailpit (internal/testkit) with TLS required,
// "starttls" or "tls", and any extra flags.
func startMailpit(t *testing.T, security string, flags ...string) *testkit.Mailpit {
	t.Helper()
	return testkit.StartMailpit(t, testkit.MailpitOptions{ImplicitTLS: security == "tls", Flags: flags})
}

// mailpitSettings are EmailSettings for m, trusting its certificate.
func mailpitSettings(m *testkit.Mailpit) EmailSettings {
	return EmailSettings{
		To: "bob@example.test", From: testkit.MailpitUser,
		Host: m.Host, Port: m.SMTPPort, Security: m.Security,
		Username: testkit.MailpitUser, Password: testkit.MailpitPassword,
		CAFile: m.CAFile, Timeout: time.Minute, // generous: mailpit on a busy machine is slow, never silent
	}
}

// lastMessage reads the newest message m holds, parsed and raw.
func lastMessage(t *testing.T, m *testkit.Mailpit) (testkit.Message, []byte) {
	t.Helper()
	list := m.Messages(t)
	if len(list) == 0 {
		t.Fatal("mailpit holds no message")
	}
	return m.Message(t, list[0].ID), m.Raw(t, list[0].ID)
}
