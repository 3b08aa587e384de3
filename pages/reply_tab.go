package pages

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
)

// replyPoll is how often the page is looked at while a recipe step waits.
const replyPoll = 100 * time.Millisecond

// replyTab is one auto-reply under way in its own tab.
type replyTab struct {
	b   *Browser
	ctx context.Context
	w   *tabWatch
	rc  Recipe
	// doc is the main document last classified: a different one means the
	// page navigated (a click, a send) and must be classified again.
	doc *network.Response
}

// replyState is what the page shows at one look (see replyJS "state").
type replyState struct {
	Ready   string `json:"ready"`
	URL     string `json:"url"`
	Message bool   `json:"msg"`   // the message field is visible
	Open    bool   `json:"open"`  // a button to the form is visible
	Login   bool   `json:"login"` // a login sign is showing
	Sent    int    `json:"sent"`  // how many Sent signs show
}

// replyInTab follows the recipe in a fresh tab, closed when it returns. The
// tab is made as openTab makes one: a child of the browser's context,
// with the caller's cancellation and a renderer crash folded in, its
// dialogs dismissed.
func (b *Browser) replyInTab(ctx context.Context, run *chromeRun, rc Recipe, pageURL string, r Reply) (ReplyResult, error) {
	res := ReplyResult{URL: pageURL, Recipe: rc.Name}
	w := &tabWatch{inflight: map[network.RequestID]bool{}}
	tabCtx, closeTab := chromedp.NewContext(run.ctx, chromedp.WithListener(w.listen))
	defer closeTab()
	lctx, cancel := context.WithTimeout(tabCtx, b.opts.PageTimeout+b.opts.ChallengeWait+5*rc.wait())
	defer cancel()
	lctx, crash := context.WithCancelCause(lctx)
	defer crash(nil)
	w.crashed = func() { crash(errTabCrashed) }
	w.dialog = func(ev *page.EventJavascriptDialogOpening) { dismissDialog(tabCtx, ev) }
	stop := context.AfterFunc(ctx, func() { crash(context.Cause(ctx)) })
	defer stop()

	pctx, pcancel := context.WithTimeout(lctx, callTimeout)
	err := b.prepareTab(tabCtx, pctx, run, w)
	pcancel()
	if err != nil {
		return res, causeOr(lctx, err)
	}
	defer func() { // before closeTab's detach: see closeTarget
		run.closeTarget(chromedp.FromContext(tabCtx).Target.TargetID)
		b.logDialogs(pageURL, w)
	}()
	t := &replyTab{b: b, ctx: lctx, w: w, rc: rc}
	err = t.open(pageURL)
	if err == nil {
		err = t.toForm()
	}
	if err == nil {
		res.Filled, err = t.fill(r)
	}
	if err == nil && r.DryRun {
		res.Screenshot, err = chromedp.Run(lctx, chromedp.FullScreenshot(100))
	} else if err == nil && r.BeforeSend != nil {
		if serr := r.BeforeSend(); serr != nil {
			err = &stoppedError{serr}
		}
	}
	if err == nil && !r.DryRun {
		err = t.send()
		res.Sent = err == nil
	}
	if st, serr := t.look(); serr == nil && st.URL != "" {
		res.URL = st.URL
	}
	if err != nil && !isReplyVerdict(err) {
		err = causeOr(lctx, err)
	}
	return res, err
}

// open loads the listing, lets it settle, and classifies it as Load does,
// waiting out a challenge.
func (t *replyTab) open(pageURL string) error {
	navCtx, cancel := context.WithTimeout(t.ctx, t.b.opts.PageTimeout)
	defer cancel()
	if _, err := chromedp.Run(navCtx, chromedp.NavigateResponse(pageURL)); err != nil {
		return err
	}
	settle(navCtx, t.w)
	if err := navCtx.Err(); err != nil {
		return err
	}
	return t.classify()
}

// classify judges the page as it stands; a wall is a *WallError.
func (t *replyTab) classify() error {
	t.doc = t.w.docResponse()
	pg, err := capture(t.ctx, t.w)
	if err != nil {
		return err
	}
	v := t.b.classify(pg, time.Now())
	if v.Kind == blocks.Challenge && t.b.opts.ChallengeWait > 0 {
		pg, v = t.b.waitOutChallenge(t.ctx, t.w, pg, v)
		t.doc = t.w.docResponse()
	}
	if v.Kind != blocks.OK {
		return &WallError{URL: pg.URL, Host: blocks.HostKey(pg.URL), Verdict: v}
	}
	return nil
}

// toForm gets from the listing to a visible message field: at once when
// the form is on the page, else by clicking the recipe's button.
func (t *replyTab) toForm() error {
	var clicked bool
	err := t.until(t.rc.wait(), func(st replyState) (bool, error) {
		switch {
		case st.Message:
			return true, nil
		case st.Open && !clicked:
			ok, err := replyOp[bool](t, "click", map[string]any{"targets": t.rc.Open})
			clicked = ok && err == nil
			return false, nil
		case st.Login && (clicked || !st.Open):
			return false, fmt.Errorf("%w (%s, at %s)", ErrNeedsLogin, t.rc.Name, st.URL)
		}
		return false, nil
	})
	if err != errWaitOver {
		return err
	}
	st, _ := t.look()
	if !clicked && len(t.rc.Open) > 0 {
		return fmt.Errorf("%w: %s: no button to the contact form at %s (looked for %s)",
			ErrRecipeStale, t.rc.Name, st.URL, describe(t.rc.Open))
	}
	return fmt.Errorf("%w: %s: no message field at %s (looked for %s)",
		ErrRecipeStale, t.rc.Name, st.URL, quoteAll(t.rc.Message))
}

// fill puts the reply into the form's fields and returns which it filled.
// The message field must be there; the others are filled where shown.
func (t *replyTab) fill(r Reply) ([]string, error) {
	first, last := splitName(r.Name)
	fields := []struct {
		name  string
		css   []string
		value string
	}{
		{"message", t.rc.Message, r.Message}, {"name", t.rc.FullName, r.Name},
		{"first name", t.rc.FirstName, first}, {"last name", t.rc.LastName, last},
		{"email", t.rc.Email, r.Email}, {"phone", t.rc.Phone, r.Phone},
	}
	var filled []string
	for _, f := range fields {
		if len(f.css) == 0 {
			continue
		}
		got, err := replyOp[string](t, "fill", map[string]any{"css": f.css, "value": f.value})
		if err != nil {
			return filled, err
		}
		switch {
		case got == "ok":
			filled = append(filled, f.name)
		case got == "needed":
			return filled, fmt.Errorf("%w: the form requires your %s; add it to [reply] in the settings", ErrNeedsDetail, f.name)
		case f.name == "message": // missing or refused
			return filled, fmt.Errorf("%w: %s: the message field (%s) %s", ErrRecipeStale, t.rc.Name, quoteAll(f.css), got)
		case got == "refused":
			return filled, fmt.Errorf("%w: %s: the %s field (%s) refused the text", ErrRecipeStale, t.rc.Name, f.name, quoteAll(f.css))
		}
	}
	return filled, nil
}

// send clicks the send button and waits for the portal's confirmation. A
// page that comes back after the send is classified: a 429 to the send is
// a wall like any other.
func (t *replyTab) send() error {
	before, err := t.look()
	if err != nil {
		return err
	}
	ok, err := replyOp[bool](t, "click", map[string]any{"targets": t.rc.Submit})
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%w: %s: no send button at %s (looked for %s)", ErrRecipeStale, t.rc.Name, before.URL, describe(t.rc.Submit))
	}
	err = t.until(2*t.rc.wait(), func(st replyState) (bool, error) {
		switch {
		case st.Sent > before.Sent:
			return true, nil
		case st.Login && !before.Login:
			return false, fmt.Errorf("%w (%s, at %s, after sending)", ErrNeedsLogin, t.rc.Name, st.URL)
		}
		return false, nil
	})
	if err == errWaitOver {
		st, _ := t.look()
		return fmt.Errorf("%w: %s: no confirmation at %s within %v", ErrNotConfirmed, t.rc.Name, st.URL, 2*t.rc.wait())
	}
	return err
}

// errWaitOver ends until without the condition met.
var errWaitOver = fmt.Errorf("wait over")

// until looks at the page every replyPoll until cond says done or fails,
// for at most limit. A new main document on the way (the page navigated)
// is classified first, once it has loaded: a wall ends the wait.
func (t *replyTab) until(limit time.Duration, cond func(replyState) (bool, error)) error {
	end := time.Now().Add(limit)
	for {
		st, err := t.look()
		if err == nil && st.Ready == "complete" && t.w.docResponse() != t.doc {
			if err := t.classify(); err != nil {
				return err
			}
			st, err = t.look()
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
		if err := sleepCtx(t.ctx, replyPoll); err != nil {
			return err
		}
	}
}

// look reads the page's state.
func (t *replyTab) look() (replyState, error) {
	cctx, cancel := context.WithTimeout(t.ctx, callTimeout)
	defer cancel()
	expr, err := replyExpr("state", map[string]any{"message": t.rc.Message, "open": t.rc.Open,
		"login": t.rc.Login, "sent": t.rc.Sent})
	if err != nil {
		return replyState{}, err
	}
	return chromedp.Run(cctx, chromedp.Evaluate[replyState](expr))
}

// replyOp runs one of replyJS's operations and returns its answer: a
// bool for a click, a word for a fill.
func replyOp[T any](t *replyTab, op string, args map[string]any) (T, error) {
	cctx, cancel := context.WithTimeout(t.ctx, callTimeout)
	defer cancel()
	expr, err := replyExpr(op, args)
	if err != nil {
		var zero T
		return zero, err
	}
	return chromedp.Run(cctx, chromedp.Evaluate[T](expr))
}

// replyExpr is replyJS calling op with args, which go in as JSON: never
// spliced in as script text.
func replyExpr(op string, args map[string]any) (string, error) {
	js, err := json.Marshal(args)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("(%s)(%q, %s)", replyJS, op, js), nil
}

// docResponse is the main document's latest response; a new pointer means
// a new document.
func (w *tabWatch) docResponse() *network.Response {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.doc
}

func quoteAll(list []string) string {
	b, _ := json.Marshal(list)
	return string(b)
}
