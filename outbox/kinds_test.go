package outbox

import "testing"

// Every service a push URL can name has its own words for what to check,
// and a URL's kind is its scheme, read or not.
func TestKindWords(t *testing.T) {
	for _, svc := range Services() {
		if _, ok := kinds[Kind(svc)]; !ok {
			t.Errorf("service %q has no words: add it to kinds", svc)
		}
	}
	tests := []struct {
		raw            string
		kind           Kind
		name, settings string
	}{
		{"ntfy://ntfy.sh/rooms-7f3kq9x2", "ntfy", "ntfy", "the ntfy address"},
		{"telegram://123:secret@telegram?chats=42", "telegram", "Telegram", "the Telegram bot token and chat"},
		{"pushover://shoutrrr:tok@user/", "pushover", "Pushover", "the Pushover token and user key"},
		{"gotify://gotify.example.org/Atoken", "gotify", "Gotify", "the Gotify address and app token"},
		{"discord+https://discord.com/api/webhooks/1/x", "discord", "Discord", "the Discord webhook"},
		{"Matrix://user:pw@matrix.example.org", "matrix", "Matrix", "the Matrix address and login"},
		{"slack://xoxb:tok@C001", "slack", "Slack", "the Slack token or webhook"},
		{"generic://hooks.example.org/in?template=json", "generic", "Webhook", "the webhook address"},
		{"nosuch://x/secret", "nosuch", "nosuch", "the nosuch push URL"},
		{"not a url", "push", "Push", "the push URL"},
	}
	for _, tt := range tests {
		c := newPushChannel(tt.raw)
		if c.Kind() != tt.kind || c.Kind().Name() != tt.name || c.Kind().Settings() != tt.settings {
			t.Errorf("%s: kind %q (%q, %q), want %q (%q, %q)", Redact(tt.raw), c.Kind(), c.Kind().Name(),
				c.Kind().Settings(), tt.kind, tt.name, tt.settings)
		}
	}
	if KindEmail.Name() != "Email" || KindEmail.Settings() != "your email settings" || Kind("").Name() != "Alerts" {
		t.Errorf("email %q %q, none %q", KindEmail.Name(), KindEmail.Settings(), Kind("").Name())
	}
}
