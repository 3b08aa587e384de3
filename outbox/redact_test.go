package outbox

import (
	"strings"
	"testing"
)

// Every service shoutrrr supports, with a URL in its documented form: what
// Redact shows, and the secrets it must never show (tokens, keys,
// passwords, topics, chat ids, webhook ids).
var redactCases = []struct {
	scheme, raw, want string
	secrets           []string
}{
	{"bark", "bark://:devkey123@api.day.app/", "bark://***@api.day.app", []string{"devkey123"}},
	{"discord", "discord://tok3nabc@9876543210", "discord://***@***", []string{"tok3nabc", "9876543210"}},
	{"generic", "generic://hooks.example.com/webhook/abc123?token=s3cret&template=json", "generic://hooks.example.com/***?template=json&token=***", []string{"abc123", "s3cret"}},
	{"gotify", "gotify://gotify.example.com/AbCdEf123", "gotify://gotify.example.com/***", []string{"AbCdEf123"}},
	{"googlechat", "googlechat://chat.googleapis.com/v1/spaces/FOO42/messages?key=k3y&token=t0k", "googlechat://chat.googleapis.com/***?key=***&token=***", []string{"FOO42", "k3y", "t0k"}},
	{"hangouts", "hangouts://chat.googleapis.com/v1/spaces/FOO42/messages?key=k3y&token=t0k", "hangouts://chat.googleapis.com/***?key=***&token=***", []string{"FOO42", "k3y", "t0k"}},
	{"ifttt", "ifttt://mak3rkey/?events=rooms", "ifttt://***?events=***", []string{"mak3rkey", "rooms"}},
	{"join", "join://shoutrrr:ap1key@join/?devices=dev1", "join://***@join?devices=***", []string{"ap1key", "dev1"}},
	{"lark", "lark://open.larksuite.com/t0ken?secret=s3c", "lark://open.larksuite.com/***?secret=***", []string{"t0ken", "s3c"}},
	{"logger", "logger://", "logger://", nil},
	{"matrix", "matrix://bob:pa55word@matrix.example.com/?rooms=!room1", "matrix://***@matrix.example.com?rooms=***", []string{"pa55word", "bob", "room1"}},
	{"mattermost", "mattermost://bob@mm.example.com/t0ken/town-square", "mattermost://***@mm.example.com/***", []string{"t0ken", "town-square", "bob"}},
	{"notifiarr", "notifiarr://ap1key", "notifiarr://***", []string{"ap1key"}},
	{"ntfy", "ntfy://ntfy.sh/my-secret-topic", "ntfy://ntfy.sh/***", []string{"my-secret-topic"}},
	{"ntfy", "ntfy://alice:pa55@ntfy.example.com:8443/rooms?scheme=https&priority=high", "ntfy://***@ntfy.example.com:8443/***?priority=high&scheme=https", []string{"alice", "pa55", "rooms"}},
	{"opsgenie", "opsgenie://api.opsgenie.com/t0ken", "opsgenie://api.opsgenie.com/***", []string{"t0ken"}},
	{"pagerduty", "pagerduty://events.pagerduty.com/integr4tion", "pagerduty://events.pagerduty.com/***", []string{"integr4tion"}},
	{"pushbullet", "pushbullet://ap1token/device1", "pushbullet://***/***", []string{"ap1token", "device1"}},
	{"pushover", "pushover://shoutrrr:ap1Token@us3rKey/?devices=phone", "pushover://***@***?devices=***", []string{"ap1Token", "us3rKey", "phone"}},
	{"rocketchat", "rocketchat://bob@rc.example.com/t0ken/general", "rocketchat://***@rc.example.com/***", []string{"t0ken", "general"}},
	{"signal", "signal://bob:pa55@signal.example.com:8080/+15551234/+15559876", "signal://***@signal.example.com:8080/***", []string{"pa55", "15551234", "15559876"}},
	{"slack", "slack://xoxb:t0ken-abc@C123CHAN", "slack://***@***", []string{"t0ken-abc", "C123CHAN"}},
	{"smtp", "smtp://bob:pa55@smtp.example.com:587/?from=bob@example.com&to=me@example.com", "smtp://***@smtp.example.com:587?from=***&to=***", []string{"pa55", "bob@example.com", "me@example.com"}},
	{"teams", "teams://gr0up@ten4nt/alt1d/own3r?host=example.webhook.office.com", "teams://***@***/***?host=***", []string{"gr0up", "ten4nt", "alt1d", "own3r"}},
	{"telegram", "telegram://110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw@telegram?chats=@mychan,12345", "telegram://***@telegram?chats=***", []string{"AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw", "110201543", "12345", "mychan"}},
	{"wecom", "wecom://k3yabc", "wecom://***", []string{"k3yabc"}},
	{"zulip", "zulip://bot@zulip.example.com:b0tkey@zulip.example.com/?stream=rooms&topic=new", "zulip://***@zulip.example.com?stream=***&topic=***", []string{"b0tkey", "rooms"}},
}

func TestRedactEveryService(t *testing.T) {
	covered := map[string]bool{}
	for _, tt := range redactCases {
		covered[tt.scheme] = true
		got := Redact(tt.raw)
		if got != tt.want {
			t.Errorf("Redact(%s URL) = %q, want %q", tt.scheme, got, tt.want)
		}
		for _, s := range tt.secrets {
			if strings.Contains(got, s) {
				t.Errorf("Redact(%s URL) = %q shows %q", tt.scheme, got, s)
			}
			if name := PushName(tt.raw); strings.Contains(name, s) {
				t.Errorf("the %s channel's name %q shows %q", tt.scheme, name, s)
			}
			if msg := scrubURL("posting to https://api.example.com/bot"+s+"/send for "+tt.raw+": failed", tt.raw); strings.Contains(msg, s) {
				t.Errorf("scrubbed %s error %q shows %q", tt.scheme, msg, s)
			}
		}
	}
	for _, s := range Services() {
		if !covered[s] {
			t.Errorf("shoutrrr supports %q, which the table does not cover", s)
		}
	}
}

func TestRedactOddInput(t *testing.T) {
	for _, tt := range []struct{ raw, want string }{
		{"", "***"},
		{"not a url at all", "***"},
		{"ntfy://ntfy.sh/topic#frag", "ntfy://ntfy.sh/***#***"},
		{"ntfy://[::1]:8080/topic", "ntfy://[::1]:8080/***"},
		{"ntfy://ntfy.sh/t?%zz=1", "ntfy://ntfy.sh/***?***"},
		{"generic+https://example.com/hook?secret=x", "generic+https://example.com/***?secret=***"},
	} {
		if got := Redact(tt.raw); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

// TestPushNamesReadApart: two ntfy channels on one server are told apart
// by a hint of their topics (the tray said "ntfy not reached" with two of
// them), and no name gives a topic away.
func TestPushNamesReadApart(t *testing.T) {
	for _, tt := range []struct{ raw, want, secret string }{
		{"ntfy://ntfy.sh/rooms-phone-7f3k2", "ntfy (ntfy.sh/ro…k2)", "rooms-phone-7f3k2"},
		{"ntfy://ntfy.sh/rooms-tablet-9x1", "ntfy (ntfy.sh/ro…x1)", "rooms-tablet-9x1"},
		{"ntfy://127.0.0.1:8123/alerts99?scheme=http", "ntfy (127.0.0.1:8123/a…9)", "alerts99"},
		{"ntfy://ntfy.sh/short", "ntfy (ntfy.sh/…)", "short"},
		{"telegram://110201543:AAHdq@telegram?chats=@mychan", "Telegram", "AAHdq"},
		{"generic://hooks.example.org/hook/t0ken", "Webhook (hooks.example.org)", "t0ken"},
	} {
		if got := PushName(tt.raw); got != tt.want || strings.Contains(got, tt.secret) {
			t.Errorf("PushName(%q) = %q, want %q (and never %q)", tt.raw, got, tt.want, tt.secret)
		}
	}
}
