package tray

import (
	"strings"
	"testing"
	"time"

	"rentwatch/engine"
	"rentwatch/words"
)

// Alerts that are not going out are said on the status line, point first,
// with the whole story in its tooltip and a word in the icon's tooltip.
func TestDeliveryTroubleWords(t *testing.T) {
	since := t0.Add(-7 * time.Minute) // 13:55 in Amsterdam
	refused := engine.Delivery{Refused: true, Email: true, Since: since,
		Reason: "the password was refused (535 5.7.8 Authentication credentials invalid)"}
	failing := engine.Delivery{Failing: true, Email: true, Since: since,
		Reason: "nothing answers at smtp.example.com:587 (connection refused)"}
	popups := engine.Delivery{Failing: true, Since: since, Reason: "desktop notification: no notification server"}
	ntfyRefused := engine.Delivery{Refused: true, Since: since, Kind: "ntfy", Channel: "ntfy (ntfy.example.org/…ts1)", Status: 401,
		Reason: "ntfy (ntfy.example.org/…ts1): the server refused the credentials in the URL (401 Unauthorized): check the push URL"}
	telegramRefused := engine.Delivery{Refused: true, Since: since, Kind: "telegram", Channel: "Telegram", Status: 401,
		Reason: "Telegram: the server refused the credentials in the URL (401 Unauthorized): check the push URL"}
	hookGone := engine.Delivery{Refused: true, Since: since, Kind: "generic", Channel: "Webhook (hooks.example.org)", Status: 404,
		Reason: "Webhook (hooks.example.org): the server does not know this address (404 Not Found): check the topic or webhook in the push URL"}
	badURL := engine.Delivery{Refused: true, Since: since, Kind: "gotify", Channel: "Gotify (gotify.example.org)",
		Reason: "Gotify (gotify.example.org): the gotify URL's settings are not right: no token"}
	ntfyFailing := engine.Delivery{Failing: true, Since: since, Kind: "ntfy", Channel: "ntfy (ntfy.example.org/…ts2)", Status: 503,
		Reason: "ntfy (ntfy.example.org/…ts2): the server had trouble (503 Service Unavailable)"}
	desktopFailing := engine.Delivery{Failing: true, Since: since, Kind: "desktop", Channel: "desktop pop-ups",
		Reason: "desktop pop-ups: the desktop did not take the pop-up (no notification server)"}
	tests := []struct {
		name                string
		d                   engine.Delivery
		status              string
		detail, tip         []string // substrings of the status line's tooltip and of the icon's tooltip
		settingsProblemWins bool
		fragment            string // the section of Settings a click on the status line opens
	}{
		{"a refusal puts the point first, whole", refused, "Email stopped: the password was refused",
			[]string{"535 5.7.8 Authentication credentials invalid", "until they change", "listings are kept"},
			[]string{"email stopped: the password was refused"}, false, "email-h"},
		{"a lasting temporary failure says since when and that listings are kept", failing,
			"Email not going out since 13:55 — listings kept, retrying",
			[]string{"since 13:55", "nothing answers at smtp.example.com:587 (connection refused)", "kept and retried"},
			[]string{"email failing since 13:55"}, false, "email-h"},
		{"pop-ups failing without email", popups, "Alerts not showing since 13:55 — listings kept, retrying",
			[]string{"no notification server", "kept and retried"}, []string{"alerts failing since 13:55"}, false, "channels-h"},
		{"a push server's refusal names the channel, of two on one server", ntfyRefused,
			"ntfy (ntfy.example.org/…ts1) stopped: the server said 401",
			[]string{"Check the ntfy address", "refused the credentials in the URL (401 Unauthorized)", "by ntfy (ntfy.example.org/…ts1)",
				"listings are kept", "other channels still get every alert"},
			[]string{"ntfy (ntfy.example.org/…ts1) stopped: check the ntfy address"}, false, "channels-h"},
		{"Telegram's refusal", telegramRefused, "Telegram stopped: the server said 401",
			[]string{"Check the Telegram bot token and chat", "the server said 401", "by Telegram until they change"},
			[]string{"Telegram stopped: check the Telegram bot token and chat"}, false, "channels-h"},
		{"a webhook that is not there", hookGone, "Webhook (hooks.example.org) stopped: the server said 404",
			[]string{"does not know this address (404 Not Found)"}, []string{"check the webhook address"}, false, "channels-h"},
		{"a push URL that cannot be read, with no server's word", badURL,
			"Gotify (gotify.example.org) stopped — click to see why",
			[]string{"the gotify URL's settings are not right: no token"}, []string{"check the Gotify address and app token"}, false, "channels-h"},
		{"a push server failing for a while, the other ntfy on that server told apart", ntfyFailing,
			"ntfy (ntfy.example.org/…ts2) not reached since 13:55",
			[]string{"ntfy (ntfy.example.org/…ts2) not reached since 13:55", "the server had trouble (503 Service Unavailable)", "kept and retried",
				"other channels still get every alert"}, []string{"ntfy (ntfy.example.org/…ts2) failing since 13:55"}, false, "channels-h"},
		{"pop-ups failing", desktopFailing, "Pop-ups not showing since 13:55 — listings kept, retrying",
			[]string{"the desktop did not take the pop-up"}, []string{"pop-ups failing since 13:55"}, false, "channels-h"},
		{"a settings file problem still comes first", failing, "Settings file: line 4: interval must be at least 10s",
			[]string{"line 4"}, []string{"Settings file: line 4"}, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := allGood()
			s.Overall, s.Delivery = engine.NeedsYou, tt.d
			if tt.settingsProblemWins {
				s.Problem = "Settings file: line 4: interval must be at least 10s"
			}
			st, _ := line(Menu(s, t0), "status")
			if st.Title != tt.status {
				t.Errorf("status line %q, want %q", st.Title, tt.status)
			}
			// Trouble is one click from its fix: the line is not greyed,
			// and opens the settings where it is fixed.
			if st.Disabled || st.Page != "/settings" || st.Fragment != tt.fragment {
				t.Errorf("status line disabled=%v, opens %q#%q; want /settings#%s", st.Disabled, st.Page, st.Fragment, tt.fragment)
			}
			if strings.HasSuffix(st.Title, "…") {
				t.Errorf("status line cut: %q", st.Title)
			}
			for _, w := range tt.detail {
				if !strings.Contains(st.Tooltip, w) {
					t.Errorf("status tooltip %q lacks %q", st.Tooltip, w)
				}
			}
			tip := Tooltip(s, t0)
			for _, w := range tt.tip {
				if !strings.Contains(tip, w) {
					t.Errorf("icon tooltip %q lacks %q", tip, w)
				}
			}
			if Icon(s) != "attention" {
				t.Errorf("icon %q, want attention", Icon(s))
			}
		})
	}
	// Nothing to report: the status line says all is well.
	if st, _ := line(Menu(allGood(), t0), "status"); strings.Contains(st.Title, "mail") {
		t.Errorf("all good says %q", st.Title)
	}
}

// clip shortens at a word boundary, keeping the point at the front.
func TestClipCutsBetweenWords(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"short enough", 20, "short enough"},
		{"config.toml:76: not valid TOML: expected a table", 40, "config.toml:76: not valid TOML…"},
		{"config.toml:76: not valid TOML: expected a table", 42, "config.toml:76: not valid TOML: expected…"},
		{"Check your email settings: the password was refused", 30, "Check your email settings…"},
		{"one two three", 8, "one two…"},
		{"one two three", 9, "one two…"},
		{"Supercalifragilisticexpialidocious", 10, "Supercali…"}, // one word longer than the room
		{"", 5, ""},
	}
	for _, tt := range tests {
		if got := words.Clip(tt.in, tt.n); got != tt.want {
			t.Errorf("words.Clip(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
		if got := words.Clip(tt.in, tt.n); len([]rune(got)) > tt.n {
			t.Errorf("words.Clip(%q, %d) = %q is longer than %d", tt.in, tt.n, got, tt.n)
		}
	}
}
