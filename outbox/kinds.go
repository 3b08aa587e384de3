package outbox

import "strings"

// What each kind of channel is called and what its settings are, for the
// words that tell the user what to fix when a channel is refused. The
// tray and the window build their sentences from these.
var kinds = map[string]struct{ name, settings string }{
	"desktop":    {"Pop-ups", "the desktop's notification settings"},
	"email":      {"Email", "your email settings"},
	"ntfy":       {"ntfy", "the ntfy address"},
	"telegram":   {"Telegram", "the Telegram bot token and chat"},
	"pushover":   {"Pushover", "the Pushover token and user key"},
	"gotify":     {"Gotify", "the Gotify address and app token"},
	"discord":    {"Discord", "the Discord webhook"},
	"slack":      {"Slack", "the Slack token or webhook"},
	"matrix":     {"Matrix", "the Matrix address and login"},
	"teams":      {"Teams", "the Teams webhook"},
	"rocketchat": {"Rocket.Chat", "the Rocket.Chat webhook"},
	"mattermost": {"Mattermost", "the Mattermost webhook"},
	"zulip":      {"Zulip", "the Zulip bot address and key"},
	"bark":       {"Bark", "the Bark device key"},
	"join":       {"Join", "the Join API key and devices"},
	"ifttt":      {"IFTTT", "the IFTTT webhook key"},
	"opsgenie":   {"Opsgenie", "the Opsgenie API key"},
	"pagerduty":  {"PagerDuty", "the PagerDuty integration key"},
	"googlechat": {"Google Chat", "the Google Chat webhook"},
	"hangouts":   {"Google Chat", "the Google Chat webhook"},
	"pushbullet": {"Pushbullet", "the Pushbullet token and targets"},
	"notifiarr":  {"Notifiarr", "the Notifiarr API key"},
	"smtp":       {"Email by push URL", "the smtp:// push URL"},
	"lark":       {"Lark", "the Lark webhook"},
	"signal":     {"Signal", "the Signal server address and numbers"},
	"wecom":      {"WeCom", "the WeCom webhook key"},
	"logger":     {"Log", "the logger push URL"},
	"generic":    {"Webhook", "the webhook address"},
	"push":       {"Push", "the push URL"},
}

// KindName is a channel kind (Channel.Kind) as people call it: "Email",
// "Pop-ups", "ntfy", "Telegram", "Webhook". An unknown kind is its own
// name; "" is "Alerts".
func KindName(kind string) string {
	if k, ok := kinds[strings.ToLower(kind)]; ok {
		return k.name
	}
	if kind == "" {
		return "Alerts"
	}
	return kind
}

// KindSettings is what the user checks in the settings when a channel of
// this kind is refused: "the ntfy address", "the Telegram bot token and
// chat", "your email settings". An unknown kind is "the <kind> push URL";
// "" is "the delivery settings".
func KindSettings(kind string) string {
	if k, ok := kinds[strings.ToLower(kind)]; ok {
		return k.settings
	}
	if kind == "" {
		return "the delivery settings"
	}
	return "the " + kind + " push URL"
}
