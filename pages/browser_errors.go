package pages

import (
	"errors"
	"fmt"
)

// The causes of a failed Load. A Load error wraps exactly one of them, so the
// engine can tell trouble at our end (ErrBrowser) from trouble on the way to
// the site (ErrNetwork, ErrTimeout). None of them is a wall: a wall is a
// Result with a Verdict, never an error.
var (
	ErrBadURL  = errors.New("not an http or https URL")
	ErrNetwork = errors.New("network error")          // DNS, refused, reset, TLS
	ErrTimeout = errors.New("page timed out")         // the page or the browser did not answer in time
	ErrBrowser = errors.New("browser failed")         // crashed, killed, or would not start
	ErrClosed  = errors.New("browser closed")         // Close was called
	ErrVisible = errors.New("visible window is open") // the browser is held (a restart); since the window has a Chrome of its own, never for the window
)

// LoadError is a failed Load: which page, which of the causes above, and the
// underlying error. errors.Is(err, ErrBrowser) and friends work on it.
type LoadError struct {
	URL   string
	Cause error // one of ErrBadURL, ErrNetwork, ErrTimeout, ErrBrowser, ErrClosed, ErrVisible
	Err   error // what went wrong underneath; may be nil
}

func (e *LoadError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("load %s: %v", e.URL, e.Cause)
	}
	return fmt.Sprintf("load %s: %v: %v", e.URL, e.Cause, e.Err)
}

// Unwrap gives both the cause and the underlying error to errors.Is/As.
func (e *LoadError) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Cause}
	}
	return []error{e.Cause, e.Err}
}
