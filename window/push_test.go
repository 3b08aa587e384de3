package window

import (
	"strings"
	"testing"
)

func TestPushURL(t *testing.T) {
	cases := []struct {
		service string
		fields  pushFields
		want    string // "" for an error
		err     string // in the error
	}{
		{"ntfy", pushFields{"topic": "rooms-7f3kq9x2"}, "ntfy://ntfy.sh/rooms-7f3kq9x2", ""},
		{"ntfy", pushFields{"topic": " rooms ", "server": "https://ntfy.example.org/"}, "ntfy://ntfy.example.org/rooms", ""},
		{"ntfy", pushFields{"topic": "flat", "server": "http://127.0.0.1:8080"}, "ntfy://127.0.0.1:8080/flat?scheme=http", ""},
		{"ntfy", pushFields{"topic": "flat", "server": "ntfy.example.org", "username": "sam", "password": "p@ss:w/rd"},
			"ntfy://sam:p%40ss%3Aw%2Frd@ntfy.example.org/flat", ""},
		{"ntfy", pushFields{}, "", "fill in the topic"},
		{"ntfy", pushFields{"topic": "my topic"}, "", "letters, digits"},
		{"ntfy", pushFields{"topic": "x", "server": "ftp://x.org"}, "", "not a server's address"},
		{"telegram", pushFields{"token": "123456:ABC-def_9", "chat": "12345678"}, "telegram://123456:ABC-def_9@telegram?chats=12345678", ""},
		{"telegram", pushFields{"token": "123456:ABC", "chat": "@mychannel"}, "telegram://123456:ABC@telegram?chats=%40mychannel", ""},
		{"telegram", pushFields{"token": "nonsense", "chat": "1"}, "", "bot token looks like"},
		{"telegram", pushFields{"token": "123456:ABC"}, "", "fill in the chat id"},
		{"pushover", pushFields{"token": "azGDORePK8gMaC0QOYAMyEEuzJnyUi", "user": "uQiRzpo4DXghDmr9QzzfQu27cmVRsG"},
			"pushover://shoutrrr:azGDORePK8gMaC0QOYAMyEEuzJnyUi@uQiRzpo4DXghDmr9QzzfQu27cmVRsG/", ""},
		{"gotify", pushFields{"server": "https://gotify.example.org", "token": "AbCdEfGhIjKlMnO"}, "gotify://gotify.example.org/AbCdEfGhIjKlMnO", ""},
		{"gotify", pushFields{"server": "http://192.168.1.5:8080/gotify", "token": "AbCdEfGhIjKlMnO"},
			"gotify://192.168.1.5:8080/gotify/AbCdEfGhIjKlMnO?disabletls=yes", ""},
		{"discord", pushFields{"webhook": "https://discord.com/api/webhooks/123456789012345678/AbC-dEf_gHi"},
			"discord://AbC-dEf_gHi@123456789012345678", ""},
		{"discord", pushFields{"webhook": "https://example.org/api/webhooks/1/x"}, "", "not a Discord webhook URL"},
		{"matrix", pushFields{"server": "https://matrix.example.org", "username": "bot", "password": "pw", "room": "!room:example.org"},
			"matrix://bot:pw@matrix.example.org/?rooms=%21room%3Aexample.org", ""},
		{"slack", pushFields{"webhook": "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"},
			"slack://hook:T00000000-B00000000-XXXXXXXXXXXXXXXXXXXXXXXX@webhook", ""},
		{"slack", pushFields{"webhook": "https://hooks.slack.com/x"}, "", "not a Slack webhook URL"},
		{"webhook", pushFields{"url": "https://hooks.example.org/rentwatch"}, "generic://hooks.example.org/rentwatch?template=json", ""},
		{"webhook", pushFields{"url": "http://127.0.0.1:9000/in"}, "generic://127.0.0.1:9000/in?disabletls=yes&template=json", ""},
		{"webhook", pushFields{"url": "hooks.example.org"}, "", "http or https address"},
		{"url", pushFields{"url": " ntfy://ntfy.sh/abc "}, "ntfy://ntfy.sh/abc", ""},
		{"url", pushFields{"url": "nosuch://x"}, "", "not a service rentwatch can send to"},
		{"url", pushFields{"url": "telegram://nonsense@telegram"}, "", "cannot be used"},
		{"url", pushFields{}, "", "fill in"},
		{"carrier-pigeon", pushFields{}, "", "pick a service"},
	}
	for _, c := range cases {
		got, err := pushURL(c.service, c.fields)
		switch {
		case c.want != "" && (err != nil || got != c.want):
			t.Errorf("%s %v: %q, %v; want %q", c.service, c.fields, got, err, c.want)
		case c.want == "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s %v: %q, %v; want an error with %q", c.service, c.fields, got, err, c.err)
		case err != nil && strings.Contains(err.Error(), "nonsense"):
			t.Errorf("%s: the error shows what was typed as a secret: %v", c.service, err)
		}
	}
}

func TestPushShown(t *testing.T) {
	cases := []struct{ url, want, secret string }{
		{"ntfy://ntfy.sh/rooms-7f3kq9x2", "ntfy (ntfy.sh) · topic r…9x2", "rooms-7f3kq9x2"},
		{"ntfy://127.0.0.1:8080/flat-for-sam?scheme=http", "ntfy (127.0.0.1:8080) · topic f…sam", "flat-for-sam"},
		{"telegram://123456:ABC@telegram?chats=12345678", "Telegram · chat 1…678", "ABC"},
		{"pushover://shoutrrr:TOKEN12345@uQiRzpo4DXghDmr9/", "Pushover · user u…mr9", "TOKEN12345"},
		{"gotify://gotify.example.org/AbCdEfGhIjKlMnO", "Gotify (gotify.example.org) · token A…MnO", "AbCdEfGhIjKlMnO"},
		{"discord://AbC-dEf_gHi@123456789012345678", "Discord · webhook 1…678", "AbC-dEf_gHi"},
		{"slack://hook:T00000000-B00000000-XXXXXXXX@webhook", "Slack · webhook T…XXX", "T00000000-B00000000"},
		{"generic://hooks.example.org/rentwatch-secret?template=json", "Webhook (hooks.example.org) · path /…ret", "rentwatch-secret"},
		{"bark://:devicekey123@api.day.app/", "Bark (api.day.app) · address :…pp/", "devicekey123"},
	}
	for _, c := range cases {
		got := pushShown(c.url)
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.url, got, c.want)
		}
		if strings.Contains(got, c.secret) {
			t.Errorf("%s: %q shows the secret %q", c.url, got, c.secret)
		}
	}
}

func TestRandomTopic(t *testing.T) {
	a, b := randomTopic(), randomTopic()
	if a == b || !ntfyTopic.MatchString(a) || len(a) < 16 {
		t.Errorf("topics %q, %q: want two different, long, valid ntfy topics", a, b)
	}
	if _, err := pushURL("ntfy", pushFields{"topic": a}); err != nil {
		t.Errorf("the random topic is refused: %v", err)
	}
}
