package reply

import (
	"errors"
	"fmt"
	"strings"

	"rentwatch/pages"
	"rentwatch/reply/recipe"
	"rentwatch/words"
)

// Why says in the user's words why a reply did not go (or may have), for
// a notice or the Listings page that names the listing beside it: it never
// repeats the listing's address.
func Why(err error) string {
	var wall *WallError
	var inc *IncompleteError
	var load *pages.LoadError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &inc) && !errors.Is(err, ErrNotSent):
		return inc.Error()
	case errors.As(err, &wall):
		return "the site " + words.Wall(wall.Verdict.Kind) + "; rentwatch waits before its next request there"
	case errors.Is(err, ErrGone):
		return "the listing is gone: the portal no longer shows it"
	case errors.Is(err, ErrNeedsLogin):
		return "the portal wants you logged in: log in once in the check-by-hand window (click the search in the menu, or Check by hand in the window), and replies go as you"
	case errors.Is(err, ErrStale):
		return "the portal's contact form has changed: rentwatch's recipe for it no longer matches"
	case errors.Is(err, recipe.ErrUnsupported):
		return "rentwatch has no reply recipe for this portal (auto-reply works on " + recipe.Portals() + ")"
	case errors.Is(err, ErrOff):
		return "auto-reply was turned off for its search"
	case errors.As(err, &load):
		return "the listing did not load (" + load.Cause.Error() + ")"
	case errors.Is(err, ErrNotSent), errors.Is(err, ErrRefused), errors.Is(err, ErrUnsure):
		return after(err.Error(), ": ")
	}
	return err.Error()
}

// after is s from the first sep on, without it: the detail after an
// error's sentinel ("the page did not send the form: nothing left ...").
func after(s, sep string) string {
	if _, rest, ok := strings.Cut(s, sep); ok {
		return rest
	}
	return s
}

// MayHaveLeft says whether a reply that ended with err after its
// BeforeSend may have reached the portal: ErrUnsure, or trouble the send
// did not see the end of (the browser crashed, the app stopped). A
// verdict the send did see (nothing left, refused, a wall) says no.
func MayHaveLeft(err error) bool {
	var wall *WallError
	var stopped *stoppedError
	switch {
	case err == nil, errors.Is(err, ErrUnsure):
		return true
	case errors.Is(err, ErrNotSent), errors.Is(err, ErrRefused), errors.As(err, &wall), errors.As(err, &stopped),
		errors.Is(err, ErrStale), errors.Is(err, ErrIncomplete):
		return false
	}
	return true
}

// Outcome is a reply's end in one line for the log and the Listings
// page: "sent", "not sent: ...", "may have been sent: ...".
func Outcome(res Result, err error) string {
	switch {
	case err == nil && res.Sent:
		return fmt.Sprintf("sent (the portal answered %d)", res.Status)
	case errors.Is(err, ErrUnsure):
		return "may have been sent: " + Why(err)
	}
	return "not sent: " + Why(err)
}
