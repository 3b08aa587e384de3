//go:build !linux && !windows

package outbox

import "errors"

// Clickable is the pop-up that opens what it names when clicked: built on
// Linux (org.freedesktop.Notifications actions) and Windows (toasts with
// protocol activation). Elsewhere NewClickable says it is not there and
// pop-ups go through beeep (Desktop), which opens nothing.
//
// macOS, best effort: beeep shows the pop-up through osascript's `display
// notification`, which belongs to the script runner, not to rentwatch, so
// a click opens Script Editor or nothing at all. Opening the listing would
// take UNUserNotificationCenter, which hands clicks only to a signed app
// bundle with a notification delegate (cgo and Objective-C on a Mac); the
// listing's link is in the email and the push messages meanwhile.
type Clickable struct{}

// NewClickable is not available on this system.
func NewClickable(func(Action)) (*Clickable, error) {
	return nil, errors.New("clickable pop-ups are built for Linux and Windows only")
}

func (*Clickable) Notify(title, body string) error { return Desktop{}.Notify(title, body) }
func (*Clickable) NotifyClick(title, body string, open Action) error {
	return Desktop{}.Notify(title, body)
}
func (*Clickable) Close() error { return nil }
