// Package reply is the optional auto-reply: it answers a new listing for
// the user through the portal's own contact form, in a tab of the watcher's
// browser, and tells the truth about it. A reply counts as sent only when
// the browser saw the form's request leave and the portal answer it; a form
// it cannot complete (a required box, a choice, a detail the settings lack,
// a login) is reported as not sent, with the fields it lacks, and never sent
// half filled. Where each portal's form is lives in reply/recipe; when to
// reply, and whether, is the engine's.
package reply

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/pages"
	"rentwatch/reply/recipe"
)

// Browser lends tabs of the watcher's browser; *pages.Browser is one.
type Browser interface {
	OpenTab(ctx context.Context, pageURL string) (*pages.Tab, error)
}

// Lane runs step as one request to the listing's host: in that host's
// turn, one request at a time and a gap after, like every other request the
// app makes to it. A reply takes it twice, each time only for a page's
// worth: to load the listing (and open its form), and to send. The delay
// before a reply, and the filling in, wait outside it. Step's error is
// Lane's; a Lane that could not give the host a turn (the app is stopping)
// returns its own error without calling step.
type Lane func(ctx context.Context, step func(context.Context) error) error

// Direct is the Lane of a reply sent by hand (rentwatch reply): the step
// runs at once.
func Direct(ctx context.Context, step func(context.Context) error) error { return step(ctx) }

// Reply is what to send to a listing.
type Reply struct {
	// Message is the finished text. When Template is set instead, the
	// message is Template filled with Values, whose Title and Price, when
	// empty, are read from the listing's page.
	Message  string
	Template string
	Values   config.MessageValues
	// Name, Email and Phone fill the form's fields where it asks.
	Name, Email, Phone string
	// Consent lets the reply tick the form's required boxes (terms,
	// privacy): the user said yes in the settings ([reply] consent). An
	// optional box (a newsletter) is never ticked.
	Consent bool
	// DryRun fills the form, takes a screenshot and says what the form
	// still lacks; it sends nothing.
	DryRun bool
	// BeforeSend, if set, is called once the form is complete, in the
	// send's turn, right before the send button is clicked; an error stops
	// the send (nothing leaves). It is where "at most once" is recorded:
	// late enough that a wall, a login or an incomplete form on the way
	// does not use up the listing's one reply, early enough that a crash
	// during the send cannot lead to a second one. Not called in a dry run.
	BeforeSend func() error
}

// Result is how a reply went, as far as it got.
type Result struct {
	URL    string // the page the form was on, at the end
	Recipe string // the recipe followed ("kamernet.nl")
	// Title and Price are the listing's as its page shows them.
	Title, Price string
	Message      string   // the message put in the form
	Filled       []string // the fields filled: "message", "name", "email", ...
	Ticked       []string // required boxes ticked, with the user's consent
	Chosen       []string // required choices that had one option: "Type: Kamer"
	// Lacking are the form's required fields still empty at the end: in a
	// dry run, what would stop the send.
	Lacking []Field
	// Sent: the form's request left the browser and the portal answered
	// it with success (Status). Only then is a reply sent.
	Sent   bool
	Status int
	// Confirmed: the page then showed the portal's confirmation too.
	Confirmed bool
	// Screenshot is a PNG of the whole page with the form filled, taken
	// in a dry run instead of sending.
	Screenshot []byte
	Took       time.Duration
}

// The ways a reply ends unsent (or unsure) that a caller tells apart. A
// wall is a *WallError, a form it cannot complete an *IncompleteError
// (matching ErrIncomplete), trouble loading the page a *pages.LoadError.
var (
	// ErrNeedsLogin: the portal wants the user logged in (or a paid
	// account) before it shows the form. The user logs in once by hand, in
	// the check-by-hand window, and replies then go as them.
	ErrNeedsLogin = errors.New("the portal wants you logged in before replying")
	// ErrStale: a button or field the recipe names was not on the page in
	// time: the portal changed its form. The error names what.
	ErrStale = errors.New("reply recipe no longer matches the page")
	// ErrGone: the listing's page answered 404 or 410.
	ErrGone = errors.New("the listing is gone")
	// ErrIncomplete: the form requires something rentwatch cannot or may
	// not fill in.
	ErrIncomplete = errors.New("the form asks for more than rentwatch can fill in")
	// ErrNotSent: the send button was clicked, and nothing left the
	// browser (the page's own checks stopped it, or it could not connect).
	ErrNotSent = errors.New("the page did not send the form")
	// ErrRefused: the form's request reached the portal, which refused it.
	ErrRefused = errors.New("the portal refused the reply")
	// ErrUnsure: the form's request may have reached the portal, and no
	// answer said whether it took it. It is never sent again.
	ErrUnsure = errors.New("it may have been sent: check")
)

// WallError is a wall (challenge, rate limit, refusal) met while replying:
// the listing's page, or the portal's answer to the send. It counts like
// any other request to the host: record Verdict for Host.
type WallError struct {
	URL     string // the page that put it up
	Host    string // its host, the key of the backoff registry
	Verdict blocks.Verdict
}

func (e *WallError) Error() string {
	msg := fmt.Sprintf("%s wall at %s", e.Verdict.Kind, e.URL)
	if e.Verdict.Vendor != "" || e.Verdict.Reason != "" {
		msg += fmt.Sprintf(" (%s)", strings.TrimSpace(e.Verdict.Vendor+" "+e.Verdict.Reason))
	}
	return msg
}

// Field is one required field of a form, as the page names it.
type Field struct {
	// Kind is consent (a box to tick), select (a list to pick from),
	// choice (radio buttons), phone, email, text, or invalid (filled in,
	// but the page does not accept it: Why says why).
	Kind    string `json:"kind"`
	Label   string `json:"label"`
	Options int    `json:"options,omitempty"` // a select's real options
	Why     string `json:"why,omitempty"`
}

// String names the field in the user's words.
func (f Field) String() string {
	label := fmt.Sprintf("%q", f.Label)
	switch f.Kind {
	case "consent":
		return "a tick in " + label
	case "select":
		return fmt.Sprintf("a choice in %s (%d options)", label, f.Options)
	case "choice":
		return "a choice in " + label
	case "phone":
		return "your phone number (" + label + ")"
	case "email":
		return "your email address (" + label + ")"
	case "invalid":
		return label + " (" + f.Why + ")"
	}
	return label
}

// IncompleteError is a form the reply could not complete: it was not sent.
type IncompleteError struct {
	Fields []Field
	// Consent is whether the user allowed ticking required boxes.
	Consent bool
}

func (e *IncompleteError) Error() string {
	names := make([]string, len(e.Fields))
	seen := map[string]bool{}
	var hints []string
	for i, f := range e.Fields {
		names[i] = f.String()
		if h := hintFor(f.Kind, e.Consent); h != "" && !seen[f.Kind] {
			seen[f.Kind] = true
			hints = append(hints, h)
		}
	}
	msg := "the form needs " + strings.Join(names, ", ")
	if len(hints) > 0 {
		msg += ": " + strings.Join(hints, "; ")
	}
	return msg
}

// hintFor says what the user can do about a required field of kind.
func hintFor(kind string, consent bool) string {
	switch {
	case kind == "consent" && !consent:
		return "to let rentwatch tick required boxes, allow it under Auto-reply in the settings ([reply] consent = true)"
	case kind == "phone":
		return "add your phone number under Auto-reply in the settings"
	case kind == "email":
		return "add your email address under Auto-reply in the settings"
	case kind == "select":
		return "rentwatch picks from a list only when it has a single option"
	}
	return ""
}

func (e *IncompleteError) Is(target error) bool { return target == ErrIncomplete }

// stoppedError is Reply.BeforeSend's error: nothing was sent.
type stoppedError struct{ err error }

func (e *stoppedError) Error() string { return "not sent: " + e.err.Error() }
func (e *stoppedError) Unwrap() error { return e.err }

// maxField caps a one-line field (name, email, phone).
const maxField = 200

// Send answers a listing for the user: in its host's lane it opens
// listingURL in a tab of the watcher's browser and follows the portal's
// recipe to the contact form; outside the lane it fills the form in
// (ticking required boxes only with Consent, picking from a required list
// only when it has one option), and checks that nothing required is left
// empty; then, in the lane again, it sends and watches the network for the
// form's request and the portal's answer. With DryRun it takes a
// screenshot instead and says what the form lacks.
//
// A nil error means sent (Result.Sent). Errors: recipe.ErrUnsupported, a
// *WallError, ErrGone, ErrNeedsLogin, ErrStale, an *IncompleteError,
// ErrNotSent, ErrRefused, ErrUnsure (the request may have left), the
// BeforeSend error, or a *pages.LoadError (network, browser, timeout).
// Only ErrUnsure, and a cancellation after BeforeSend, leave it open
// whether the portal has the message.
func Send(ctx context.Context, b Browser, listingURL string, r Reply, lane Lane) (res Result, err error) {
	start := time.Now()
	res = Result{URL: listingURL}
	defer func() { res.Took = time.Since(start) }()
	rc, err := recipe.For(listingURL)
	if err != nil {
		return res, err
	}
	res.Recipe = rc.Name
	if r, err = cleanReply(r); err != nil {
		return res, err
	}
	var f *form
	err = lane(ctx, func(lctx context.Context) (err error) {
		f, err = openForm(lctx, b, rc, listingURL)
		return err
	})
	if f != nil {
		defer f.tab.Close()
	}
	if err != nil {
		return res, err
	}
	if err := f.prepare(ctx, r, &res); err != nil {
		return res, err
	}
	if r.DryRun {
		res.Screenshot, err = f.screenshot(ctx)
		return res, err
	}
	if len(res.Lacking) > 0 {
		return res, &IncompleteError{Fields: res.Lacking, Consent: r.Consent}
	}
	err = lane(ctx, func(lctx context.Context) error { return f.send(lctx, r.BeforeSend, &res) })
	return res, err
}

// cleanReply makes the reply safe for a form: one-line fields lose control
// characters (a CR or LF in a name could forge lines in the mail a portal
// sends on); the message keeps its line breaks only.
func cleanReply(r Reply) (Reply, error) {
	r.Name = oneLine(r.Name)
	r.Email = oneLine(r.Email)
	r.Phone = oneLine(r.Phone)
	r.Message = cleanMessage(r.Message)
	if r.Message == "" && strings.TrimSpace(r.Template) == "" {
		return r, errors.New("the message is empty")
	}
	return r, nil
}

func cleanMessage(m string) string {
	m = strings.ReplaceAll(strings.ReplaceAll(m, "\r\n", "\n"), "\r", "\n")
	return strings.TrimSpace(strings.Map(func(c rune) rune {
		if c == '\n' || c == '\t' || !unicode.IsControl(c) {
			return c
		}
		return -1
	}, m))
}

func oneLine(s string) string {
	s = strings.Join(strings.FieldsFunc(s, func(c rune) bool { return unicode.IsControl(c) || unicode.IsSpace(c) }), " ")
	if r := []rune(s); len(r) > maxField {
		s = string(r[:maxField])
	}
	return s
}

// splitName gives a first and last name for forms that ask for both.
func splitName(name string) (first, last string) {
	first, last, _ = strings.Cut(strings.TrimSpace(name), " ")
	return first, strings.TrimSpace(last)
}
