package engine

import (
	"time"

	"rentwatch/outbox"
)

// A run of failed deliveries is shown once it has lasted: two attempts in
// a row, or MailTroubleAfter since the first, whichever comes first. One
// failure is often a blip (a server restarting, wifi waking up) that the
// next cycle gets past; more than that, and the user must hear that no
// email goes out, or they wait for alerts that do not come.
const (
	MailTroubleAttempts = 2
	MailTroubleAfter    = 5 * time.Minute
)

// Delivery is how getting alerts out is going; the zero value means there
// is nothing to report.
type Delivery struct {
	// Refused: the mail server refused us for good (a wrong password, a
	// refused recipient): nothing goes out until the email settings change.
	Refused bool
	// Failing: temporary failures (server down, refused connections,
	// timeouts) have lasted; every cycle tries again.
	Failing bool
	Since   time.Time // the first failed attempt of the run
	Reason  string    // what fails, in words, from the last attempt
	// Email is true when the failing channel is email (false: pop-ups).
	Email bool
	// Channel is the failing channel's name in the user's words ("ntfy
	// (ntfy.example.org)"), Kind its sort (outbox.KindEmail,
	// outbox.KindDesktop, "ntfy", "telegram", ...) and Status the
	// server's last answer (an HTTP status, an SMTP code; 0 when none
	// came).
	Channel string
	Kind    outbox.Kind
	Status  int
}

// mailTrouble is the run of failed deliveries under way, on the engine
// goroutine; a delivery that gets through ends it.
type mailTrouble struct {
	attempts  int
	since     time.Time
	reason    string
	email     bool
	permanent bool
	noticed   bool // the snapshot was published after MailTroubleAfter

	channel string      // the channel's Name
	kind    outbox.Kind // and Kind
	status  int         // the server's last answer
}

// failed adds one failed attempt.
func (m *mailTrouble) failed(now time.Time, reason string, email, permanent bool) {
	if m.attempts == 0 {
		m.since = now
	}
	m.attempts++
	m.reason, m.email, m.permanent = reason, email, permanent
}

// delivery is what the snapshot at now says of it.
func (m mailTrouble) delivery(now time.Time) Delivery {
	d := Delivery{Since: m.since, Reason: m.reason, Email: m.email, Channel: m.channel, Kind: m.kind, Status: m.status}
	switch {
	case m.attempts == 0:
		return Delivery{}
	case m.permanent:
		d.Refused = true
	case m.attempts >= MailTroubleAttempts || now.Sub(m.since) >= MailTroubleAfter:
		d.Failing = true
	default:
		return Delivery{}
	}
	return d
}

// lastsAt is when a lone temporary failure will have lasted long enough to
// be shown, so the run loop can publish then; false when nothing is due.
func (m mailTrouble) lastsAt() (time.Time, bool) {
	if m.attempts != 1 || m.permanent || m.noticed {
		return time.Time{}, false
	}
	return m.since.Add(MailTroubleAfter), true
}
