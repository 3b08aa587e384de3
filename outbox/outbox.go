// Package outbox delivers alerts: one email per batch over SMTP (always
// encrypted) and native desktop pop-ups, and reports whether the batch got
// through so the engine records listings as seen only once the user has
// been told.
package outbox

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Alert is one new listing found by one search.
type Alert struct {
	SearchName, SearchURL string
	ListingID, URL        string
	Title, Price, Place   string
	FoundAt               time.Time
}

// EmailSettings says where and how to send email. The zero Port means the
// usual one for Security (465 for "tls", 587 for "starttls"); the zero
// Timeout means DefaultTimeout, applied to the dial and to each command.
// An empty From means Username. Auth "" picks from what the server offers:
// PLAIN, then LOGIN for a password; OAUTHBEARER, then XOAUTH2 for a token.
type EmailSettings struct {
	To, From   string
	Host       string
	Port       int
	Security   string // "tls" (implicit) or "starttls"
	Username   string
	Password   string
	CAFile     string // extra CA (PEM) trusted on top of the system roots
	Timeout    time.Duration
	OAuthToken string
	Auth       string // "", "plain", "login", "oauthbearer", "xoauth2"
}

// Notifier shows a desktop pop-up. title is plain text; body is already
// escaped for the notification server's markup. Notify returns once the
// pop-up is handed over, with an error when it could not be; Deliver may
// call it from several goroutines at once.
type Notifier interface {
	Notify(title, body string) error
}

// Outbox delivers alert batches. Make one with New: the zero Outbox has
// nothing to pop up with. Deliver, Note and SetEmail are safe for
// concurrent use; set Logf before the first Deliver. Nothing needs
// closing: every delivery dials and closes its own connection. A listing
// gets its pop-up once: when the engine retries a batch after a failed
// email, only the email is retried, also after new email settings
// (SetEmail keeps what was shown; a new Outbox would not know).
type Outbox struct {
	// Logf, if set, hears about pop-ups that failed while email carried
	// the delivery. Never given a password.
	Logf func(format string, args ...any)

	// emailMu guards email.
	emailMu sync.Mutex
	email   *EmailSettings

	pop   Notifier
	now   func() time.Time
	shown shownSet // listings that already had their pop-up

	// notesMu guards notes.
	notesMu sync.Mutex
	notes   []string // lines for the next email, kept until one is sent
}

// maxNotes bounds the lines kept for the next email: if email keeps
// failing, the oldest notes make way.
const maxNotes = 20

// Note adds a line to the next alert email, such as an auto-reply that
// failed. It is kept until an email has been sent; without email it is
// dropped (the log has it).
func (o *Outbox) Note(line string) {
	if o.emailSettings() == nil {
		return
	}
	o.notesMu.Lock()
	defer o.notesMu.Unlock()
	o.notes = append(o.notes, line)
	if len(o.notes) > maxNotes {
		o.notes = o.notes[len(o.notes)-maxNotes:]
	}
}

// takeNotes returns the pending notes; sent reports whether they went out
// (then they are forgotten).
func (o *Outbox) takeNotes() (notes []string, sent func()) {
	o.notesMu.Lock()
	defer o.notesMu.Unlock()
	notes = append([]string(nil), o.notes...)
	return notes, func() {
		o.notesMu.Lock()
		defer o.notesMu.Unlock()
		o.notes = o.notes[min(len(notes), len(o.notes)):]
	}
}

// New makes an Outbox. A nil email means pop-ups are the delivery; a nil
// pop means the system's notifications through beeep.
func New(email *EmailSettings, pop Notifier) *Outbox {
	if pop == nil {
		pop = Desktop{}
	}
	o := &Outbox{pop: pop, now: time.Now}
	o.SetEmail(email)
	return o
}

// SetEmail puts new email settings in force for the next delivery; nil
// means pop-ups only. Pop-ups already shown and the notes for the next
// email are kept: the batch still waiting after a refused email must not
// pop up again when the user fixes the settings.
func (o *Outbox) SetEmail(email *EmailSettings) {
	var e *EmailSettings
	if email != nil {
		c := *email // the caller may change theirs; ours stays as given
		e = &c
	}
	o.emailMu.Lock()
	defer o.emailMu.Unlock()
	o.email = e
}

func (o *Outbox) emailSettings() *EmailSettings {
	o.emailMu.Lock()
	defer o.emailMu.Unlock()
	return o.email
}

// Deliver tells the user about one batch: one email for the whole batch
// and pop-ups per search (none for listings that already had one). It
// returns nil only once the SMTP server answered
// 250 to the message or, without email, once the pop-ups went out. An
// error is a *DeliveryError when the email failed; nothing in the batch
// should then be recorded as told.
func (o *Outbox) Deliver(ctx context.Context, batch []Alert) error {
	if len(batch) == 0 {
		return nil
	}
	email := o.emailSettings()
	if email == nil {
		if err := o.popUps(batch); err != nil {
			return fmt.Errorf("desktop notification: %w", err)
		}
		return nil
	}
	s, err := check(*email)
	if err != nil {
		return &DeliveryError{Permanent: true, Stage: StageSettings, Err: err, msg: "email settings: " + err.Error()}
	}
	notes, noted := o.takeNotes()
	msg, err := compose(batch, s.env, o.now(), "", notes...)
	if err != nil {
		return &DeliveryError{Permanent: true, Stage: StageSettings, Err: err, msg: err.Error()}
	}
	// The pop-up goes out first: it is instant, and the user should not
	// wait on a slow mail server to hear about a room.
	if err := o.popUps(batch); err != nil && o.Logf != nil {
		o.Logf("desktop notification failed (the email still goes out): %v", err)
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
	msg, err := compose([]Alert{{
		SearchName: "rentwatch test",
		Title:      "This is a test message: email alerts work",
		Place:      "sent " + now.Format("2006-01-02 15:04:05"),
		FoundAt:    now,
	}}, c.env, now, "rentwatch test message")
	if err != nil {
		return &DeliveryError{Permanent: true, Stage: StageSettings, Err: err, msg: err.Error()}
	}
	return send(ctx, c, msg)
}

// IsPermanent reports whether err is a delivery failure that will repeat
// until the user changes something.
func IsPermanent(err error) bool {
	de, ok := errors.AsType[*DeliveryError](err)
	return ok && de.Permanent
}
