package window

import (
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"net/url"
	"regexp"
	"strings"

	"rentwatch/config"
	"rentwatch/outbox"
)

// Phone and chat channels, set up from the window: the user picks a
// service and fills in what that service gives them (a topic, a bot token,
// a webhook's address); pushURL builds the shoutrrr URL the settings file
// keeps, and config.CheckPushURL reads it as the service will. Pure: no
// network, no clock.

// pushService is one service the window knows the fields of.
type pushService struct {
	ID     string // the form's value: "ntfy", "telegram", ..., "url"
	Name   string // "ntfy", "Telegram bot"
	Help   string // where the user finds what to fill in
	Fields []pushField
	build  func(f pushFields) (string, error)
}

// pushField is one field of a service's form.
type pushField struct {
	Key, Label, Placeholder, Hint string
	// Password: a password, masked as it is typed (every field is a
	// secret of sorts, and none is ever shown back once saved).
	Password bool
	Optional bool
}

// pushFields are the values the user typed, by field key.
type pushFields map[string]string

func (f pushFields) get(k string) string { return strings.TrimSpace(f[k]) }

// need returns the field's value, or an error asking for it by label.
func (f pushFields) need(k, label string) (string, error) {
	if v := f.get(k); v != "" {
		return v, nil
	}
	return "", errors.New("fill in " + label)
}

// pushServices are the services in the order the form offers them.
var pushServices = []pushService{
	{ID: "ntfy", Name: "ntfy", Help: "Install the ntfy app on your phone and subscribe to the topic below. " +
		"Anyone who knows the topic can read it: keep the random one offered.",
		Fields: []pushField{
			{Key: "topic", Label: "Topic", Hint: "Letters, digits, - and _ only."},
			{Key: "server", Label: "Server", Placeholder: "ntfy.sh", Optional: true,
				Hint: "Leave empty for ntfy.sh; your own server as https://ntfy.example.org."},
			{Key: "username", Label: "Login (your own server only)", Optional: true},
			{Key: "password", Label: "Password (your own server only)", Password: true, Optional: true},
		}, build: ntfyURL},
	{ID: "telegram", Name: "Telegram bot", Help: "Make a bot with @BotFather (it gives the token), send it a message, " +
		"then put in your chat id (@userinfobot tells it).",
		Fields: []pushField{
			{Key: "token", Label: "Bot token", Placeholder: "123456:ABC-DEF…"},
			{Key: "chat", Label: "Chat id", Placeholder: "12345678 or @channelname"},
		}, build: telegramURL},
	{ID: "pushover", Name: "Pushover", Help: "Your user key is on pushover.net once you log in; make an application there for its API token.",
		Fields: []pushField{
			{Key: "token", Label: "Application API token"},
			{Key: "user", Label: "User key"},
		}, build: pushoverURL},
	{ID: "gotify", Name: "Gotify", Help: "Your Gotify server's address, and an application's token (Apps, in its web page).",
		Fields: []pushField{
			{Key: "server", Label: "Server", Placeholder: "https://gotify.example.org"},
			{Key: "token", Label: "Application token"},
		}, build: gotifyURL},
	{ID: "discord", Name: "Discord", Help: "In the channel's settings: Integrations, Webhooks, New Webhook, Copy Webhook URL.",
		Fields: []pushField{{Key: "webhook", Label: "Webhook URL", Placeholder: "https://discord.com/api/webhooks/…"}},
		build:  discordURL},
	{ID: "matrix", Name: "Matrix", Help: "A Matrix account for rentwatch to post as, and the room it posts to (the account must be in it).",
		Fields: []pushField{
			{Key: "server", Label: "Home server", Placeholder: "https://matrix.example.org"},
			{Key: "username", Label: "Login"},
			{Key: "password", Label: "Password", Password: true},
			{Key: "room", Label: "Room", Placeholder: "!abc123:example.org or #rooms:example.org"},
		}, build: matrixURL},
	{ID: "slack", Name: "Slack", Help: "An incoming webhook of a Slack app (api.slack.com/apps, Incoming Webhooks): copy its URL.",
		Fields: []pushField{{Key: "webhook", Label: "Webhook URL", Placeholder: "https://hooks.slack.com/services/…"}},
		build:  slackURL},
	{ID: "webhook", Name: "A webhook", Help: "Any web address that takes a POST: each alert goes to it as JSON (title and message).",
		Fields: []pushField{{Key: "url", Label: "Address", Placeholder: "https://hooks.example.org/rentwatch"}},
		build:  webhookURL},
	{ID: "url", Name: "Another service (a shoutrrr URL)", Help: "Any service shoutrrr knows (shoutrrr.nickfedor.com lists them), " +
		"written as its URL: service://…",
		Fields: []pushField{{Key: "url", Label: "Push URL", Placeholder: "bark://…"}},
		build:  func(f pushFields) (string, error) { return f.get("url"), nil }},
}

func findPushService(id string) (pushService, bool) {
	for _, s := range pushServices {
		if s.ID == id {
			return s, true
		}
	}
	return pushService{}, false
}

// pushURL builds the push URL of service from the fields typed, and checks
// it as the service will read it. Its errors never hold a secret.
func pushURL(service string, f pushFields) (string, error) {
	s, ok := findPushService(service)
	if !ok {
		return "", fmt.Errorf("pick a service (%q is not one)", service)
	}
	raw, err := s.build(f)
	if err == nil && raw == "" {
		err = errors.New("fill in the push URL")
	}
	if err != nil {
		return "", err
	}
	if err := config.CheckPushURL(raw); err != nil {
		what := "these " + s.Name + " settings"
		if s.ID == "url" {
			what = "this push URL"
		}
		return "", fmt.Errorf("%s cannot be used: %s", what, strings.TrimPrefix(err.Error(), config.ErrBadPushURL.Error()+": "))
	}
	return raw, nil
}

// server reads a server's address as typed ("ntfy.example.org",
// "https://ntfy.example.org/", "http://127.0.0.1:8080"): its host (with
// the port) and path, and whether it is plain http.
func server(typed string) (host, path string, plain bool, err error) {
	s := strings.TrimSpace(typed)
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	u, perr := url.Parse(s)
	if perr != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || u.RawQuery != "" {
		return "", "", false, fmt.Errorf("%q is not a server's address; write it like https://ntfy.example.org", typed)
	}
	return u.Host, strings.TrimRight(u.EscapedPath(), "/"), u.Scheme == "http", nil
}

var ntfyTopic = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func ntfyURL(f pushFields) (string, error) {
	topic, err := f.need("topic", "the topic")
	if err != nil {
		return "", err
	}
	if !ntfyTopic.MatchString(topic) {
		return "", errors.New("a topic is up to 64 letters, digits, - and _")
	}
	u := url.URL{Scheme: "ntfy", Host: "ntfy.sh", Path: "/" + topic}
	if s := f.get("server"); s != "" {
		host, path, plain, err := server(s)
		if err != nil {
			return "", err
		}
		u.Host, u.Path = host, path+"/"+topic
		if plain {
			u.RawQuery = "scheme=http"
		}
	}
	if user := f.get("username"); user != "" || f.get("password") != "" {
		u.User = url.UserPassword(user, f.get("password"))
	}
	return u.String(), nil
}

var telegramToken = regexp.MustCompile(`^[0-9]+:[A-Za-z0-9_-]+$`)

func telegramURL(f pushFields) (string, error) {
	token, err := f.need("token", "the bot token")
	if err != nil {
		return "", err
	}
	chat, err := f.need("chat", "the chat id")
	if err != nil {
		return "", err
	}
	if !telegramToken.MatchString(token) {
		return "", errors.New("a bot token looks like 123456:ABC-DEF…, as @BotFather gave it")
	}
	id, secret, _ := strings.Cut(token, ":")
	u := url.URL{Scheme: "telegram", User: url.UserPassword(id, secret), Host: "telegram",
		RawQuery: url.Values{"chats": {chat}}.Encode()}
	return u.String(), nil
}

func pushoverURL(f pushFields) (string, error) {
	token, err := f.need("token", "the application API token")
	if err != nil {
		return "", err
	}
	user, err := f.need("user", "the user key")
	if err != nil {
		return "", err
	}
	u := url.URL{Scheme: "pushover", User: url.UserPassword("shoutrrr", token), Host: user, Path: "/"}
	return u.String(), nil
}

func gotifyURL(f pushFields) (string, error) {
	addr, err := f.need("server", "the server")
	if err != nil {
		return "", err
	}
	token, err := f.need("token", "the application token")
	if err != nil {
		return "", err
	}
	host, path, plain, err := server(addr)
	if err != nil {
		return "", err
	}
	u := url.URL{Scheme: "gotify", Host: host, Path: path + "/" + token}
	if plain {
		u.RawQuery = "disabletls=yes"
	}
	return u.String(), nil
}

// webhookOf reads a webhook's address as the service shows it, from one
// of hosts, with at least parts path segments.
func webhookOf(typed, what string, hosts []string, parts int) ([]string, error) {
	u, err := url.Parse(strings.TrimSpace(typed))
	bad := fmt.Errorf("that is not a %s webhook URL: copy it whole, starting https://%s/", what, hosts[0])
	if err != nil || u.Scheme != "https" {
		return nil, bad
	}
	ok := false
	for _, h := range hosts {
		ok = ok || strings.EqualFold(u.Hostname(), h)
	}
	segs := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
	if !ok || len(segs) < parts {
		return nil, bad
	}
	return segs, nil
}

func discordURL(f pushFields) (string, error) {
	hook, err := f.need("webhook", "the webhook URL")
	if err != nil {
		return "", err
	}
	segs, err := webhookOf(hook, "Discord", []string{"discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"}, 4)
	if err != nil {
		return "", err
	}
	n := len(segs) // .../api/webhooks/ID/TOKEN
	if segs[n-3] != "webhooks" {
		return "", fmt.Errorf("that is not a Discord webhook URL: it ends /api/webhooks/NUMBER/TOKEN")
	}
	u := url.URL{Scheme: "discord", User: url.User(segs[n-1]), Host: segs[n-2]}
	return u.String(), nil
}

func slackURL(f pushFields) (string, error) {
	hook, err := f.need("webhook", "the webhook URL")
	if err != nil {
		return "", err
	}
	segs, err := webhookOf(hook, "Slack", []string{"hooks.slack.com"}, 4)
	if err != nil {
		return "", err
	}
	n := len(segs) // /services/T…/B…/X…
	u := url.URL{Scheme: "slack", User: url.UserPassword("hook", strings.Join(segs[n-3:], "-")), Host: "webhook"}
	return u.String(), nil
}

func matrixURL(f pushFields) (string, error) {
	var v [4]string
	for i, k := range [][2]string{{"server", "the home server"}, {"username", "the login"}, {"password", "the password"}, {"room", "the room"}} {
		var err error
		if v[i], err = f.need(k[0], k[1]); err != nil {
			return "", err
		}
	}
	host, _, plain, err := server(v[0])
	if err != nil {
		return "", err
	}
	q := url.Values{"rooms": {v[3]}}
	if plain {
		q.Set("disableTLS", "yes")
	}
	u := url.URL{Scheme: "matrix", User: url.UserPassword(v[1], v[2]), Host: host, Path: "/", RawQuery: q.Encode()}
	return u.String(), nil
}

func webhookURL(f pushFields) (string, error) {
	typed, err := f.need("url", "the address")
	if err != nil {
		return "", err
	}
	u, perr := url.Parse(typed)
	if perr != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || u.RawQuery != "" || u.Fragment != "" {
		return "", errors.New("a webhook's address is an http or https address without a ? part, like https://hooks.example.org/rentwatch")
	}
	q := url.Values{"template": {"json"}}
	if u.Scheme == "http" {
		q.Set("disabletls", "yes")
	}
	g := url.URL{Scheme: "generic", User: u.User, Host: u.Host, Path: u.Path, RawQuery: q.Encode()}
	return g.String(), nil
}

// randomTopic is an ntfy topic no one will guess: the topic is all it
// takes to read the alerts.
func randomTopic() string {
	const letters = "abcdefghijkmnpqrstuvwxyz23456789"
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = letters[int(b[i])%len(letters)]
	}
	return "rooms-" + string(b)
}

// pushShown is a push URL as the window shows it, its secrets masked:
// "ntfy (ntfy.sh) · topic r…9x2", "Telegram · chat 1…678".
func pushShown(raw string) string {
	return pushLabel(raw) + " · " + pushDetail(raw)
}

// pushLabel names a push URL's service and, when it is a server's name or
// address, its server: "ntfy (ntfy.sh)", "Telegram", "Webhook (hooks.example.org)".
func pushLabel(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Scheme == "" {
		return "Push"
	}
	scheme, _, _ := strings.Cut(strings.ToLower(u.Scheme), "+")
	name := outbox.Kind(scheme).Name()
	if h := u.Hostname(); h != "" && serverName(h) {
		return name + " (" + u.Host + ")"
	}
	return name
}

// serverName says whether host is a server's name or address, not a key
// in the host's place (discord://TOKEN@ID) or a fixed word (telegram).
func serverName(host string) bool {
	return net.ParseIP(host) != nil || strings.EqualFold(host, "localhost") ||
		strings.Contains(host, ".") && !strings.ContainsAny(host[strings.LastIndexByte(host, '.')+1:], "0123456789")
}

// pushDetail is the part of a push URL that tells two channels of one
// service apart, masked: "topic r…9x2".
func pushDetail(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return "address " + mask(raw)
	}
	last := func() string {
		segs := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
		if len(segs) == 0 {
			return ""
		}
		return segs[len(segs)-1]
	}
	switch strings.ToLower(u.Scheme) {
	case "ntfy":
		return "topic " + mask(last())
	case "telegram":
		return "chat " + mask(u.Query().Get("chats"))
	case "pushover":
		return "user " + mask(u.Hostname())
	case "gotify":
		return "token " + mask(last())
	case "discord":
		return "webhook " + mask(u.Hostname())
	case "matrix":
		return "room " + mask(u.Query().Get("rooms"))
	case "slack":
		p, _ := u.User.Password()
		return "webhook " + mask(p)
	case "generic", "generic+https", "generic+http":
		return "path " + mask(u.Path)
	}
	return "address " + mask(strings.TrimPrefix(raw, u.Scheme+"://"))
}

// mask shows the first character and the last three of a secret, which
// is enough to tell it from another and too little to use: "r…9x2".
func mask(s string) string {
	r := []rune(s)
	if len(r) < 8 {
		return "…"
	}
	return string(r[0]) + "…" + string(r[len(r)-3:])
}
