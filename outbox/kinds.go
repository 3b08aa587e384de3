package outbox

import "strings"

// Kind is what sort of channel one is (Channel.Kind): pop-ups, email, or
// a push URL's service as its scheme names it ("ntfy", "telegram", ...).
// The tray and the window say what to check when a channel fails in its
// words (Name, Settings).
type Kind string

// The kinds of channel rentwatch makes; a push URL's kind is its scheme.
const (
	KindDesktop Kind = "desktop" // desktop pop-ups
	KindEmail   Kind = "email"
	KindWebhook Kind = "generic" // shoutrrr's generic:// webhook
	KindPush    Kind = "push"    // a push URL with no scheme
)

// What each kind of channel is called and what its settings are, for the
// words that tell the user what to fix when a channel is refused.
var kinds = map[Kind]struct{ name, settings string }{
	KindDesktop:  {"Pop-ups", "the desktop's notification settings"},
	KindEmail:    {"Email", "your email settings"},
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
	KindWebhook:  {"Webhook", "the webhook address"},
	KindPush:     {"Push", "the push URL"},
}

// Name is the kind of channel as people call it: "Email", "Pop-ups",
// "ntfy", "Telegram", "Webhook". An unknown kind is its own name; "" is
// "Alerts".
func (k Kind) Name() string {
	if c, ok := kinds[k.lower()]; ok {
		return c.name
	}
	if k == "" {
		return "Alerts"
	}
	return string(k)
}

// Settings is what the user checks in the settings when a channel of this
// kind is refused: "the ntfy address", "the Telegram bot token and chat",
// "your email settings". An unknown kind is "the <kind> push URL"; "" is
// "the delivery settings".
func (k Kind) Settings() string {
	if c, ok := kinds[k.lower()]; ok {
		return c.settings
	}
	if k == "" {
		return "the delivery settings"
	}
	return "the " + string(k) + " push URL"
}

func (k Kind) lower() Kind { return Kind(strings.ToLower(string(k))) }
