package outbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"syscall"
	"time"
)

// SendError says why a channel other than email did not deliver. A
// permanent one (401, 403, 404, a URL the service does not take) fails the
// same way until the user changes the channel's settings: the channel
// stops. A temporary one (5xx, 429, a timeout, a refused or dropped
// connection) is retried on the channel's backoff, not before RetryAfter
// when the server named one. Its text never holds the channel's URL or a
// part of it: it names the channel as Redact shows it.
type SendError struct {
	Permanent  bool
	RetryAfter time.Duration // the server's Retry-After; 0: none
	Status     int           // the HTTP status, 0 when there was no answer
	Reason     string        // the failure in words, naming the channel
}

func (e *SendError) Error() string { return e.Reason }

// Verdict says what a channel's failure means for its queue: permanent
// (stop the channel until its settings change) or not, and the server's
// Retry-After, if it sent one. It reads a *SendError and an email
// *DeliveryError; anything else is temporary.
func Verdict(err error) (permanent bool, retryAfter time.Duration) {
	if se, ok := errors.AsType[*SendError](err); ok {
		return se.Permanent, se.RetryAfter
	}
	if de, ok := errors.AsType[*DeliveryError](err); ok {
		return de.Permanent, 0
	}
	return false, 0
}

// ServerStatus is the server's answer in a channel's failure: the HTTP
// status of a push, the SMTP reply code of an email; 0 when no server
// answered (a timeout, a refused connection, a URL that cannot be used).
func ServerStatus(err error) int {
	if se, ok := errors.AsType[*SendError](err); ok {
		return se.Status
	}
	if de, ok := errors.AsType[*DeliveryError](err); ok {
		return de.Code
	}
	return 0
}

// The backoff of one channel after temporary failures, in order; the last
// is the ceiling. The first retry comes soon (a server restarting is back
// in seconds); past a few minutes nothing is gained by asking more often
// than every five, and each try of a down mail server costs a timeout.
var retryLadder = []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 5 * time.Minute}

// maxRetryAfter caps a server's Retry-After: a channel never waits longer
// than an hour on a server's word.
const maxRetryAfter = time.Hour

// RetryIn is how long a channel waits after its failures-th temporary
// failure in a row (from 1): the ladder's step spread by ±15 % with r in
// [0,1) (so channels that failed together do not retry together), never
// less than the server's retryAfter (capped at an hour).
func RetryIn(failures int, retryAfter time.Duration, r float64) time.Duration {
	step := retryLadder[min(max(failures, 1)-1, len(retryLadder)-1)]
	d := time.Duration(math.Round(float64(step) * (0.85 + r*0.3)))
	return max(d, min(retryAfter, maxRetryAfter))
}

// httpVerdict words an HTTP answer that is not a success: 408, 425, 429
// and 5xx are temporary, every other status is permanent (401 and 403 are
// a wrong token, 404 a wrong topic or webhook, 400 and 413 a message the
// server will never take).
func httpVerdict(name string, status int, retryAfter time.Duration) *SendError {
	e := &SendError{Status: status, RetryAfter: retryAfter}
	text := fmt.Sprintf("%d %s", status, http.StatusText(status))
	switch {
	case status == http.StatusTooManyRequests:
		e.Reason = fmt.Sprintf("%s: the server asked us to slow down (%s)", name, text)
	case status == http.StatusRequestTimeout || status == http.StatusTooEarly || status >= 500:
		e.Reason = fmt.Sprintf("%s: the server had trouble (%s)", name, text)
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		e.Permanent = true
		e.Reason = fmt.Sprintf("%s: the server refused the credentials in the URL (%s): check the push URL", name, text)
	case status == http.StatusNotFound:
		e.Permanent = true
		e.Reason = fmt.Sprintf("%s: the server does not know this address (%s): check the topic or webhook in the push URL", name, text)
	default:
		e.Permanent = true
		e.Reason = fmt.Sprintf("%s: the server refused the message (%s)", name, text)
	}
	if retryAfter > 0 && !e.Permanent {
		e.Reason += fmt.Sprintf("; it asked us to wait %v", retryAfter.Round(time.Second))
	}
	return e
}

// netVerdict words a failure with no HTTP answer; ok is false when err is
// not one it knows.
func netVerdict(name string, err error) (*SendError, bool) {
	var ne net.Error
	var dns *net.DNSError
	switch {
	case errors.As(err, &dns) && dns.IsNotFound:
		return &SendError{Permanent: true, Reason: fmt.Sprintf("%s: the server's name does not resolve: check the push URL", name)}, true
	case errors.As(err, &dns):
		return &SendError{Reason: fmt.Sprintf("%s: could not look up the server's name", name)}, true
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return &SendError{Reason: fmt.Sprintf("%s: timed out waiting for the server", name)}, true
	case errors.Is(err, syscall.ECONNREFUSED):
		return &SendError{Reason: fmt.Sprintf("%s: nothing answers at the server (connection refused)", name)}, true
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.EPIPE), errors.Is(err, net.ErrClosed):
		return &SendError{Reason: fmt.Sprintf("%s: the server dropped the connection", name)}, true
	case errors.As(err, &ne):
		return &SendError{Reason: fmt.Sprintf("%s: the network failed", name)}, true
	}
	return nil, false
}
