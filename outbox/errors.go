package outbox

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/emersion/go-smtp"
)

// The stages of one delivery, in the order they happen. DeliveryError.Stage
// is one of these; "settings" means the settings were unusable before any
// connection was made.
const (
	StageSettings = "settings"
	StageDial     = "dial"
	StageTLS      = "tls"
	StageGreeting = "greeting"
	StageAuth     = "auth"
	StageMail     = "mail"
	StageRcpt     = "rcpt"
	StageData     = "data"
)

// DeliveryError says why a batch was not delivered. Permanent failures
// (refused credentials or recipient, an untrusted certificate, a name that
// does not resolve) will fail the same way on the next try until the user
// changes something; temporary ones (421/45x replies, timeouts, dropped or
// refused connections) may pass on the next poll. Use errors.As to get it.
type DeliveryError struct {
	Permanent bool
	Stage     string // one of the Stage* constants
	Code      int    // the SMTP reply code, 0 when the server sent none
	Err       error

	msg string // the plain sentence for the user; built by classify
}

func (e *DeliveryError) Error() string {
	if e.msg != "" {
		return e.msg
	}
	return fmt.Sprintf("email failed at %s: %v", e.Stage, e.Err)
}

func (e *DeliveryError) Unwrap() error { return e.Err }

// errNoStartTLS is returned by go-smtp when the server does not offer
// STARTTLS; we never fall back to a plain connection.
var errNoStartTLS = errors.New("the server does not offer STARTTLS")

// errNoAuth means the server offers no login mechanism we can use.
var errNoAuth = errors.New("the server offers no login mechanism we can use")

// errTimedOut marks a step that ran out of time without the server's
// answer; classify turns it into "timed out waiting for the server at X".
var errTimedOut = errors.New("timed out")

// classify turns whatever a delivery step returned into a DeliveryError
// with a sentence the user can act on. addr is host:port, for the messages.
func classify(stage, addr string, err error) *DeliveryError {
	if de, ok := errors.AsType[*DeliveryError](err); ok {
		return de
	}
	d := &DeliveryError{Stage: stage, Err: err}
	host, _, _ := net.SplitHostPort(addr)
	if se, ok := errors.AsType[*smtp.SMTPError](err); ok {
		d.Code = se.Code
		d.Permanent = se.Code >= 500 && se.Code < 600
		d.msg = replySentence(stage, se)
		return d
	}
	if dns, ok := errors.AsType[*net.DNSError](err); ok {
		d.Permanent = dns.IsNotFound
		if dns.IsNotFound {
			d.msg = fmt.Sprintf("the name %s did not resolve", host)
		} else {
			d.msg = fmt.Sprintf("could not look up the name %s: %v", host, dns.Err)
		}
		return d
	}
	if msg, ok := certSentence(err); ok {
		d.Permanent, d.msg = true, msg
		return d
	}
	d.Permanent, d.msg = connectionSentence(stage, addr, err)
	return d
}

// replySentence words an SMTP error reply for the stage it came at.
func replySentence(stage string, se *smtp.SMTPError) string {
	reply := replyText(se)
	switch {
	case stage == StageAuth && se.Code >= 500:
		return fmt.Sprintf("the password was refused (%s)", reply)
	case stage == StageAuth:
		return fmt.Sprintf("the server could not check the password just now (%s)", reply)
	case stage == StageRcpt:
		return fmt.Sprintf("the recipient was refused (%s)", reply)
	case stage == StageMail:
		return fmt.Sprintf("the sender address was refused (%s)", reply)
	case stage == StageData && se.Code >= 500:
		return fmt.Sprintf("the server refused the message (%s)", reply)
	case stage == StageData:
		return fmt.Sprintf("the server put the message off (%s)", reply)
	case stage == StageGreeting:
		return fmt.Sprintf("the server turned the connection away (%s)", reply)
	}
	return fmt.Sprintf("the server answered %s at %s", reply, stageName(stage))
}

// replyText renders "535 5.7.8 Authentication failed" from an SMTP error.
func replyText(se *smtp.SMTPError) string {
	s := fmt.Sprintf("%d", se.Code)
	if ec := se.EnhancedCode; ec != (smtp.EnhancedCode{}) && ec != smtp.NoEnhancedCode {
		s += fmt.Sprintf(" %d.%d.%d", ec[0], ec[1], ec[2])
	}
	if m := strings.Join(strings.Fields(se.Message), " "); m != "" {
		s += " " + m
	}
	return s
}

// certSentence recognises a certificate the system (plus ca_file) does not
// trust, and a server that does not speak TLS where we expected it.
func certSentence(err error) (string, bool) {
	var (
		unknown  x509.UnknownAuthorityError
		hostname x509.HostnameError
		invalid  x509.CertificateInvalidError
		verify   *tls.CertificateVerificationError
		record   tls.RecordHeaderError
	)
	switch {
	case errors.As(err, &unknown), errors.As(err, &hostname),
		errors.As(err, &invalid), errors.As(err, &verify):
		return fmt.Sprintf("the server's certificate is not trusted: %v", innermost(err)), true
	case errors.As(err, &record):
		return "the server did not answer in TLS: is security (\"tls\" for port 465, \"starttls\" for 587) right?", true
	case errors.Is(err, errNoStartTLS):
		return "the server does not offer STARTTLS, and rentwatch never logs in without encryption: try security = \"tls\" (port 465)", true
	case errors.Is(err, errNoAuth):
		return err.Error(), true
	}
	return "", false
}

// connectionSentence words network trouble: all of it temporary.
func connectionSentence(stage, addr string, err error) (bool, string) {
	var ne net.Error
	switch {
	case errors.Is(err, errTimedOut), errors.As(err, &ne) && ne.Timeout():
		return false, fmt.Sprintf("timed out waiting for the server at %s", stageName(stage))
	case errors.Is(err, syscall.ECONNREFUSED):
		return false, fmt.Sprintf("nothing answers at %s (connection refused)", addr)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE),
		errors.Is(err, net.ErrClosed):
		return false, fmt.Sprintf("the server dropped the connection at %s", stageName(stage))
	}
	return false, fmt.Sprintf("email failed at %s: %v", stageName(stage), err)
}

func stageName(stage string) string {
	switch stage {
	case StageDial:
		return "connect"
	case StageTLS:
		return "TLS"
	case StageAuth:
		return "login"
	case StageMail:
		return "MAIL FROM"
	case StageRcpt:
		return "RCPT TO"
	case StageData:
		return "DATA"
	}
	return stage
}

// innermost unwraps to the error that says the actual reason.
func innermost(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}
