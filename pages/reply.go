package pages

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"rentwatch/blocks"
)

// The ways an auto-reply fails that the caller tells apart. A wall is a
// *WallError; trouble loading a page is a *LoadError, as for Load.
var (
	// ErrNeedsLogin: the portal wants the user logged in (or a paid account)
	// before it shows the form. The user logs in once by hand, in the manual
	// check window on the watcher's profile, and replies then go as them.
	ErrNeedsLogin = errors.New("the portal wants you logged in before replying")
	// ErrRecipeStale: a button or field the recipe names was not on the
	// page in time: the portal changed its form. The error names what.
	ErrRecipeStale = errors.New("reply recipe no longer matches the page")
	// ErrNeedsDetail: the form requires a detail (phone, email, name) the
	// settings do not have.
	ErrNeedsDetail = errors.New("the form asks for a detail the settings lack")
	// ErrNotConfirmed: the message was sent, but the portal showed no sign
	// that it went through. It may have; it is not sent again.
	ErrNotConfirmed = errors.New("sent, but the portal did not confirm it")
)

// WallError is a wall (challenge, rate limit, refusal) met while replying.
// It counts like any other request to the host: record Verdict for Host in
// the backoff registry.
type WallError struct {
	URL     string // the page that put it up
	Host    string // its host, the key of the backoff registry
	Verdict blocks.Verdict
}

func (e *WallError) Error() string {
	msg := fmt.Sprintf("reply: %s wall at %s", e.Verdict.Kind, e.URL)
	if e.Verdict.Vendor != "" || e.Verdict.Reason != "" {
		msg += fmt.Sprintf(" (%s)", strings.TrimSpace(e.Verdict.Vendor+" "+e.Verdict.Reason))
	}
	return msg
}

// Reply is what to send to a listing. Message is the finished text (its
// placeholders already filled); Name, Email and Phone fill the form's
// fields where it asks.
type Reply struct {
	Message, Name, Email, Phone string
	// DryRun fills the form and takes a screenshot, and does not send.
	DryRun bool
	// BeforeSend, if set, is called once the form is filled, right before
	// the send button is clicked; an error stops the send and is returned
	// (wrapped). It is where "at most once, ever" is recorded: late enough
	// that a wall, a login or a stale recipe on the way does not use up the
	// listing's one reply, early enough that a crash during the send cannot
	// lead to a second one. Not called in a dry run.
	BeforeSend func() error
}

// ReplyResult is how a reply went.
type ReplyResult struct {
	URL    string   // the page the form was on, at the end
	Recipe string   // the recipe followed ("kamernet.nl")
	Filled []string // the fields filled: "message", "name", "email", ...
	Sent   bool     // sent, and the portal confirmed it
	// Screenshot is a PNG of the whole page with the form filled, taken
	// in a dry run instead of sending.
	Screenshot []byte
	Took       time.Duration
}

// stoppedError is Reply.BeforeSend's error: nothing was sent.
type stoppedError struct{ err error }

func (e *stoppedError) Error() string { return "reply not sent: " + e.err.Error() }
func (e *stoppedError) Unwrap() error { return e.err }

// maxField caps a one-line field (name, email, phone).
const maxField = 200

// Reply answers a listing for the user: it opens listingURL in a new tab on
// the watcher's profile (so a portal the user logged in to by hand answers
// as them), follows the portal's recipe to its contact form, fills the
// fields and either sends and waits for the portal's confirmation, or, with
// DryRun, takes a full-page screenshot and sends nothing.
//
// Errors: ErrNoRecipe for a portal without a recipe; a *WallError for a
// wall on any page on the way (the listing, the form, the answer to the
// send); ErrNeedsLogin; ErrRecipeStale naming the missing button or field;
// ErrNeedsDetail; ErrNotConfirmed; a *LoadError for the URL, the network,
// a timeout or the browser. It is safe for concurrent use, like Load.
func (b *Browser) Reply(ctx context.Context, listingURL string, r Reply) (ReplyResult, error) {
	start := time.Now()
	res := ReplyResult{URL: listingURL}
	if err := checkWebURL(listingURL); err != nil {
		return res, &LoadError{URL: listingURL, Cause: ErrBadURL, Err: err}
	}
	r, err := cleanReply(r)
	if err != nil {
		return res, err
	}
	rc, err := RecipeFor(listingURL)
	if err != nil {
		return res, err
	}
	res.Recipe = rc.Name
	if !b.use.TryRLock() {
		return res, &LoadError{URL: listingURL, Cause: b.busyCause()}
	}
	defer b.use.RUnlock()
	run, err := b.running(ctx)
	if err != nil {
		return res, &LoadError{URL: listingURL, Cause: b.startCause(err), Err: err}
	}
	res, err = b.replyInTab(ctx, run, rc, listingURL, r)
	res.Took = time.Since(start)
	if err != nil && !isReplyVerdict(err) {
		return res, b.explain(ctx, run, listingURL, err)
	}
	return res, err
}

// isReplyVerdict tells the outcomes Reply reports as they are from trouble
// in the tab, which explain turns into a *LoadError.
func isReplyVerdict(err error) bool {
	var wall *WallError
	var stopped *stoppedError
	return errors.As(err, &wall) || errors.As(err, &stopped) || errors.Is(err, ErrNeedsLogin) || errors.Is(err, ErrRecipeStale) ||
		errors.Is(err, ErrNeedsDetail) || errors.Is(err, ErrNotConfirmed)
}

// cleanReply makes the reply safe for a form: one-line fields lose control
// characters (a CR or LF in a name could forge lines in the mail a portal
// sends on); the message keeps its line breaks only.
func cleanReply(r Reply) (Reply, error) {
	r.Name = oneLine(r.Name)
	r.Email = oneLine(r.Email)
	r.Phone = oneLine(r.Phone)
	r.Message = strings.ReplaceAll(strings.ReplaceAll(r.Message, "\r\n", "\n"), "\r", "\n")
	r.Message = strings.TrimSpace(strings.Map(func(c rune) rune {
		if c == '\n' || c == '\t' || !unicode.IsControl(c) {
			return c
		}
		return -1
	}, r.Message))
	if r.Message == "" {
		return r, errors.New("reply: the message is empty")
	}
	return r, nil
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
