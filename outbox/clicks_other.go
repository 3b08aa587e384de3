//go:build !linux

package outbox

import "errors"

// Clickable is the Linux pop-up that opens what it names when clicked.
// Elsewhere NewClickable says it is not there, and pop-ups go through
// beeep (Desktop), which opens nothing: on Windows a toast with protocol
// activation would open the listing, on macOS a click brings the app
// forward at best. Neither is built yet.
type Clickable struct{}

// NewClickable is not available on this system.
func NewClickable(func(Action)) (*Clickable, error) {
	return nil, errors.New("clickable pop-ups are built for Linux only")
}

func (*Clickable) Notify(title, body string) error { return Desktop{}.Notify(title, body) }
func (*Clickable) NotifyClick(title, body string, open Action) error {
	return Desktop{}.Notify(title, body)
}
func (*Clickable) Close() error { return nil }
