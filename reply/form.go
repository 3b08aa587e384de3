package reply

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/pages"
	"rentwatch/reply/recipe"
)

const (
	// poll is how often the page is looked at while a recipe step waits.
	poll = 100 * time.Millisecond
	// callTimeout bounds one call into the page that should answer at once.
	callTimeout = 10 * time.Second
	// confirmWait is how long a sent reply waits for the portal's
	// confirmation on the page: a nicety, the network said it went.
	confirmWait = 3 * time.Second
)

// form is one reply under way in its own tab.
type form struct {
	tab *pages.Tab
	rc  recipe.Recipe
	url string
}

// state is what the page shows at one look (see formJS "state").
type state struct {
	Ready   string `json:"ready"`
	URL     string `json:"url"`
	Message bool   `json:"msg"`   // the message field is visible
	Open    bool   `json:"open"`  // a button to the form is visible
	Login   bool   `json:"login"` // a login sign is showing
	Sent    int    `json:"sent"`  // how many Sent signs show
	// Errors are the words of the form's error signs (a field marked
	// invalid, an error message in the form), at most five.
	Errors []string `json:"errors"`
}

// openForm loads the listing in a tab and gets to its contact form. The
// form it returns, with or without an error, holds the tab: the caller
// closes it.
func openForm(ctx context.Context, b Browser, rc recipe.Recipe, listingURL string) (*form, error) {
	tab, err := b.OpenTab(ctx, listingURL)
	if err != nil {
		return nil, err
	}
	f := &form{tab: tab, rc: rc, url: listingURL}
	if err := judge(tab.Page, tab.Verdict); err != nil {
		return f, err
	}
	return f, f.toForm(ctx)
}

// judge says what a page loaded on the way means: a wall, a listing that
// is gone, an error page, or nothing in the way.
func judge(pg blocks.Page, v blocks.Verdict) error {
	switch {
	case v.Kind != blocks.OK:
		return &WallError{URL: pg.URL, Host: blocks.HostKey(pg.URL), Verdict: v}
	case pg.Status == http.StatusNotFound || pg.Status == http.StatusGone:
		return fmt.Errorf("%w: the portal answered %d %s for %s", ErrGone, pg.Status, http.StatusText(pg.Status), pg.URL)
	case pg.Status >= 400:
		return fmt.Errorf("the listing's page answered %d %s", pg.Status, http.StatusText(pg.Status))
	}
	return nil
}

// toForm gets from the listing to a visible message field: at once when
// the form is on the page, else by clicking the recipe's button.
func (f *form) toForm(ctx context.Context) error {
	var clicked bool
	err := f.until(ctx, f.rc.StepWait(), func(st state) (bool, error) {
		switch {
		case st.Message:
			return true, nil
		case st.Open && !clicked:
			ok, err := call[bool](ctx, f, "click", map[string]any{"targets": f.rc.Open})
			clicked = ok && err == nil
			return false, nil
		case st.Login && (clicked || !st.Open):
			return false, fmt.Errorf("%w (%s, at %s)", ErrNeedsLogin, f.rc.Name, st.URL)
		}
		return false, nil
	})
	if !errors.Is(err, errWaitOver) {
		return err
	}
	st, _ := f.look(ctx)
	if !clicked && len(f.rc.Open) > 0 {
		return fmt.Errorf("%w: %s: no button to the contact form at %s (looked for %s)",
			ErrStale, f.rc.Name, st.URL, recipe.Describe(f.rc.Open))
	}
	return fmt.Errorf("%w: %s: no message field at %s (looked for %s)",
		ErrStale, f.rc.Name, st.URL, quoteAll(f.rc.Message))
}

// facts is the listing as its page shows it (formJS "facts").
type facts struct {
	Title string `json:"title"`
	Price string `json:"price"`
}

// prepare fills the form in: the message (made from the template with the
// page's title and price where the reply lacks them), the user's details,
// the required boxes (with consent) and single-option choices; then notes
// what the form still lacks.
func (f *form) prepare(ctx context.Context, r Reply, res *Result) error {
	fs, err := call[facts](ctx, f, "facts", map[string]any{"title": f.rc.Title, "price": f.rc.Price})
	if err != nil {
		return err
	}
	res.Title, res.Price = fs.Title, fs.Price
	msg := r.Message
	if r.Template != "" {
		v := r.Values
		if v.Title == "" {
			v.Title = fs.Title
		}
		if v.Price == "" {
			v.Price = fs.Price
		}
		msg = cleanMessage(config.RenderMessage(r.Template, v))
	}
	if msg == "" {
		return errors.New("the message is empty")
	}
	res.Message = msg
	if res.Filled, err = f.fill(ctx, r, msg); err != nil {
		return err
	}
	if r.Consent {
		if res.Ticked, err = call[[]string](ctx, f, "tick", f.box()); err != nil {
			return err
		}
	}
	if res.Chosen, err = call[[]string](ctx, f, "choose", f.box()); err != nil {
		return err
	}
	if res.Lacking, err = call[[]Field](ctx, f, "lacking", f.box()); err != nil {
		return err
	}
	if st, err := f.look(ctx); err == nil {
		res.URL = st.URL
	}
	return nil
}

// box is the arguments of the operations on the whole form.
func (f *form) box() map[string]any { return map[string]any{"message": f.rc.Message} }

// fill puts the reply into the form's fields and returns which it filled.
// The message field must be there; the others are filled where shown. A
// required field the settings have no value for is left empty, for
// "lacking" to name.
func (f *form) fill(ctx context.Context, r Reply, msg string) ([]string, error) {
	first, last := splitName(r.Name)
	fields := []struct {
		name  string
		css   []string
		value string
	}{
		{"message", f.rc.Message, msg}, {"name", f.rc.FullName, r.Name},
		{"first name", f.rc.FirstName, first}, {"last name", f.rc.LastName, last},
		{"email", f.rc.Email, r.Email}, {"phone", f.rc.Phone, r.Phone},
	}
	var filled []string
	for _, fd := range fields {
		if len(fd.css) == 0 {
			continue
		}
		got, err := call[string](ctx, f, "fill", map[string]any{"css": fd.css, "value": fd.value})
		if err != nil {
			return filled, err
		}
		switch {
		case got == "ok":
			filled = append(filled, fd.name)
		case fd.name == "message": // missing or refused
			return filled, fmt.Errorf("%w: %s: the message field (%s) %s", ErrStale, f.rc.Name, quoteAll(fd.css), got)
		case got == "refused":
			return filled, fmt.Errorf("%w: %s: the %s field (%s) refused the text", ErrStale, f.rc.Name, fd.name, quoteAll(fd.css))
		}
	}
	return filled, nil
}

// screenshot is a PNG of the whole page as it stands.
func (f *form) screenshot(ctx context.Context) ([]byte, error) {
	cctx, cancel := f.bound(ctx, 3*callTimeout)
	defer cancel()
	return chromedp.Run(cctx, chromedp.FullScreenshot(100))
}

// send clicks the send button and watches the network for the form's
// request and the portal's answer (network.go); before is called right
// before the click. A wall in the answer (a 429) is a *WallError like any
// other; after a good answer it looks a moment for the portal's own
// confirmation.
func (f *form) send(ctx context.Context, before func() error, res *Result) error {
	ready, err := call[bool](ctx, f, "has", map[string]any{"targets": f.rc.Submit})
	if err != nil {
		return err
	}
	if !ready {
		return fmt.Errorf("%w: %s: no send button at %s (looked for %s)", ErrStale, f.rc.Name, res.URL, recipe.Describe(f.rc.Submit))
	}
	before0, _ := f.look(ctx)
	wctx, stop := context.WithCancel(f.tab.Context())
	defer stop()
	watch, err := watchRequests(wctx, f.url, res.Message)
	if err != nil {
		return err
	}
	if before != nil {
		if err := before(); err != nil {
			return &stoppedError{err}
		}
	}
	clicked, err := call[bool](ctx, f, "click", map[string]any{"targets": f.rc.Submit})
	if err == nil && !clicked { // it went between the look and the click: nothing was clicked
		return fmt.Errorf("%w: %s: the send button went from %s", ErrStale, f.rc.Name, res.URL)
	}
	// An error from the click may be the page leaving under it: the
	// network says whether the form went.
	req, err := watch.outcome(ctx)
	if err != nil {
		if errors.Is(err, ErrNotSent) {
			err = f.whyNotSent(ctx, err)
		}
		return err
	}
	res.Status = req.status
	if v := blocks.Classify(blocks.Page{Status: req.status, Header: req.header, URL: req.url}, time.Now()); v.Kind != blocks.OK {
		return &WallError{URL: req.url, Host: blocks.HostKey(req.url), Verdict: v}
	}
	switch {
	case req.status >= 500:
		return fmt.Errorf("%w: the portal answered %d %s", ErrUnsure, req.status, http.StatusText(req.status))
	case req.status >= 400:
		return fmt.Errorf("%w: it answered %d %s", ErrRefused, req.status, http.StatusText(req.status))
	}
	confirmed, refusal := f.answered(ctx, before0)
	if len(refusal) > 0 {
		return fmt.Errorf("%w: the portal took the form back with an error: %s", ErrRefused, strings.Join(refusal, "; "))
	}
	res.Sent, res.Confirmed = true, confirmed
	if st, err := f.look(ctx); err == nil {
		res.URL = st.URL
	}
	return nil
}

// whyNotSent adds to err what the form shows wrong, when it shows it (the
// browser's own checks stop a form with a required field empty).
func (f *form) whyNotSent(ctx context.Context, err error) error {
	lacking, lerr := call[[]Field](ctx, f, "lacking", f.box())
	if lerr != nil || len(lacking) == 0 {
		return err
	}
	return fmt.Errorf("%w (%w)", err, &IncompleteError{Fields: lacking})
}

// answered waits a moment, after the portal answered the form with
// success, for what the page then says: the recipe's Sent sign showing
// more often than before the send (confirmed), or error signs in the
// form that were not there before (refusal, their words). Many portals
// check a form on the server and answer 200 with the form again and its
// errors: the request went, the message did not.
func (f *form) answered(ctx context.Context, before state) (confirmed bool, refusal []string) {
	_ = f.until(ctx, confirmWait, func(st state) (bool, error) {
		confirmed = st.Sent > before.Sent
		refusal = newErrors(before.Errors, st.Errors)
		return confirmed || len(refusal) > 0, nil
	})
	if confirmed {
		return true, nil
	}
	return false, refusal
}

// newErrors are the error signs in after that were not in before.
func newErrors(before, after []string) []string {
	var out []string
	for _, e := range after {
		if !slices.Contains(before, e) {
			out = append(out, e)
		}
	}
	return out
}

// errWaitOver ends until without the condition met.
var errWaitOver = errors.New("wait over")

// until looks at the page every poll until cond says done or fails, for at
// most limit. A page it navigated to (a click) is classified first, once
// it has loaded: a wall ends the wait.
func (f *form) until(ctx context.Context, limit time.Duration, cond func(state) (bool, error)) error {
	end := time.Now().Add(limit)
	judged := f.tab.Page.URL
	for {
		st, err := f.look(ctx)
		if err == nil && st.Ready == "complete" && st.URL != judged {
			judged = st.URL
			pg, v, lerr := f.tab.Look(ctx)
			if lerr == nil {
				if jerr := judge(pg, v); jerr != nil {
					return jerr
				}
			}
		}
		if err == nil && st.Ready != "loading" {
			if done, cerr := cond(st); cerr != nil || done {
				return cerr
			}
		}
		// An error here is most often the page navigating under the look;
		// the next look sees the new page.
		if !time.Now().Before(end) {
			return errWaitOver
		}
		if err := sleep(ctx, poll); err != nil {
			return err
		}
	}
}

// look reads the page's state.
func (f *form) look(ctx context.Context) (state, error) {
	return call[state](ctx, f, "state", map[string]any{"message": f.rc.Message, "open": f.rc.Open,
		"login": f.rc.Login, "sent": f.rc.Sent})
}

// bound is a context for one call into the tab: the tab's own, cut short
// by ctx and by d.
func (f *form) bound(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	cctx, cancel := context.WithTimeout(f.tab.Context(), d)
	stop := context.AfterFunc(ctx, cancel)
	return cctx, func() { stop(); cancel() }
}

// call runs one of formJS's operations and returns its answer.
func call[T any](ctx context.Context, f *form, op string, args map[string]any) (T, error) {
	var zero T
	cctx, cancel := f.bound(ctx, callTimeout)
	defer cancel()
	js, err := json.Marshal(args)
	if err != nil {
		return zero, err
	}
	// args go in as JSON: never spliced in as script text.
	v, err := chromedp.Run(cctx, chromedp.Evaluate[T](fmt.Sprintf("(%s)(%q, %s)", formJS, op, js)))
	if err != nil && ctx.Err() != nil {
		return zero, context.Cause(ctx)
	}
	return v, err
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func quoteAll(list []string) string {
	b, _ := json.Marshal(list)
	return string(b)
}
