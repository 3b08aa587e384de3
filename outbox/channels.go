package outbox

import (
	"context"
	"fmt"
	"time"

	"rentwatch/listing"
)

// emailChannel sends one email per message with the Outbox's current
// settings (new settings apply to the next send without a new channel).
type emailChannel struct{ o *Outbox }

func (emailChannel) ID() string   { return "email" }
func (emailChannel) Name() string { return "email" }
func (emailChannel) Kind() Kind   { return KindEmail }

// Send returns nil only once the SMTP server answered 250 to the message;
// a failure is a *DeliveryError.
func (c emailChannel) Send(ctx context.Context, m Message) error {
	email := c.o.emailSettings()
	if email == nil {
		return &DeliveryError{Stage: StageSettings, Err: errNoEmail, msg: "email settings: " + errNoEmail.Error()}
	}
	s, err := check(*email)
	if err != nil {
		return &DeliveryError{Permanent: true, Stage: StageSettings, Err: err, msg: "email settings: " + err.Error()}
	}
	notes, noted := c.o.takeNotes()
	msg, err := compose(c.o.withListings(m), s.env, c.o.now(), "", notes...)
	if err != nil {
		return &DeliveryError{Permanent: true, Stage: StageSettings, Err: err, msg: err.Error()}
	}
	if err := send(ctx, s, msg); err != nil {
		return err
	}
	noted()
	return nil
}

// SendTest sends a short test message with the given settings and returns
// what failed, as a *DeliveryError, or nil once the server accepted it.
func SendTest(ctx context.Context, s EmailSettings) error {
	c, err := check(s)
	if err != nil {
		return &DeliveryError{Permanent: true, Stage: StageSettings, Err: err, msg: "email settings: " + err.Error()}
	}
	now := time.Now()
	msg, err := compose(Message{Alerts: []listing.Alert{testAlert(now, "email alerts work")}}, c.env, now, "rentwatch test message")
	if err != nil {
		return &DeliveryError{Permanent: true, Stage: StageSettings, Err: err, msg: err.Error()}
	}
	return send(ctx, c, msg)
}

// SendTestStored is SendTest with the SMTP password from where the app
// itself takes it (Password: RENTWATCH_SMTP_PASSWORD, else the keychain),
// so the test proves what the alerts will use; s.Password is ignored. No
// password found is a permanent *DeliveryError saying where it looked.
func SendTestStored(ctx context.Context, s EmailSettings) error {
	pw, err := Password(s.Username)
	if err != nil {
		return &DeliveryError{Permanent: true, Stage: StageSettings, Err: err, msg: err.Error()}
	}
	s.Password = pw
	return SendTest(ctx, s)
}

// testAlert is the listing of a test message; works says what works.
func testAlert(now time.Time, works string) listing.Alert {
	return listing.Alert{Listing: listing.Listing{Title: "This is a test message: " + works, Place: "sent " + now.Format("2006-01-02 15:04:05")},
		SearchName: "rentwatch test", FoundAt: now}
}

// desktopChannel shows the message as pop-ups: one per search with news
// (or one summary), one per notice. A click opens the listing (or the
// search, or what the notice says) where the Notifier can do that.
type desktopChannel struct{ o *Outbox }

func (desktopChannel) ID() string   { return "desktop" }
func (desktopChannel) Name() string { return "desktop pop-ups" }
func (desktopChannel) Kind() Kind   { return KindDesktop }

// Send shows every pop-up, even when one fails, and returns the first
// failure: the pop-ups that went out may then show again on the retry,
// which is better than one that never shows.
func (c desktopChannel) Send(ctx context.Context, m Message) error {
	var first error
	for _, p := range popUpsFor(c.o.withListings(m), c.o.now()) {
		if err := ctx.Err(); err != nil {
			return &SendError{Reason: "desktop pop-ups: cancelled"}
		}
		var err error
		if cl, ok := c.o.pop.(Clicker); ok && p.Open.Kind != "" {
			err = cl.NotifyClick(p.Title, p.Body, p.Open)
		} else {
			err = c.o.pop.Notify(p.Title, p.Body)
		}
		if err != nil && first == nil {
			first = &SendError{Reason: fmt.Sprintf("desktop pop-ups: the desktop did not take the pop-up (%v)", err)}
		}
	}
	return first
}
