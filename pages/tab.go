package pages

import (
	"context"
	"sync"
	"time"

	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
)

// Tab is one page of the watcher's browser lent to a caller that drives it
// itself: an auto-reply fills in and sends a contact form on it. It is a
// tab of its own (never a warm one), on the watcher's profile, so a portal
// the user logged in to by hand answers as them, with the identity every
// Load has; the page's dialogs are dismissed and the tabs it opens closed,
// as for a Load. While a Tab is open the browser is neither restarted nor
// released. Close it when done; its methods are safe for concurrent use.
type Tab struct {
	// Page is the page as OpenTab loaded it (its main document's status,
	// headers, final URL and HTML), and Verdict what the wall classifier
	// made of it, a challenge already waited out.
	Page    blocks.Page
	Verdict blocks.Verdict

	b     *Browser
	run   *chromeRun
	t     *tab
	url   string
	close sync.Once
}

// OpenTab loads pageURL in a new tab as Load does (the page settled, a
// challenge waited out for up to ChallengeWait) and returns the tab, open,
// for the caller to drive. ctx bounds the load only (and PageTimeout plus
// ChallengeWait); the tab lives until Close. A wall or an error page (404)
// is a Tab with that Page and Verdict, not an error; the error, a
// *LoadError, is for a bad URL, the network, a timeout or the browser.
func (b *Browser) OpenTab(ctx context.Context, pageURL string) (*Tab, error) {
	if err := checkWebURL(pageURL); err != nil {
		return nil, &LoadError{URL: pageURL, Cause: ErrBadURL, Err: err}
	}
	b.wantChrome()
	if err := b.share(ctx); err != nil {
		return nil, &LoadError{URL: pageURL, Cause: err}
	}
	run, err := b.running(ctx)
	if err != nil {
		b.use.RUnlock()
		return nil, &LoadError{URL: pageURL, Cause: b.startCause(err), Err: err}
	}
	t, err := b.openTab(run)
	if err != nil {
		b.use.RUnlock()
		return nil, b.explain(ctx, run, pageURL, err)
	}
	tab := &Tab{b: b, run: run, t: t, url: pageURL}
	if err := tab.load(ctx); err != nil {
		err = b.explain(ctx, run, pageURL, causeOr(t.ctx, err))
		tab.Close()
		return nil, err
	}
	return tab, nil
}

// load navigates the tab to its page, lets it settle and classifies it.
func (t *Tab) load(ctx context.Context) error {
	opts := t.b.opts
	lctx, cancel := context.WithTimeout(t.t.ctx, opts.PageTimeout+opts.ChallengeWait)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	navCtx, navCancel := context.WithTimeout(lctx, opts.PageTimeout)
	defer navCancel()
	if _, err := chromedp.Run(navCtx, chromedp.NavigateResponse(t.url)); err != nil {
		return err
	}
	settle(navCtx, t.t.watch)
	if err := navCtx.Err(); err != nil {
		return err
	}
	pg, err := capture(lctx, t.t.watch)
	if err != nil {
		return err
	}
	v := t.b.classify(pg, time.Now())
	if v.Kind == blocks.Challenge && opts.ChallengeWait > 0 {
		pg, v = t.b.waitOutChallenge(lctx, t.t.watch, pg, v)
	}
	t.Page, t.Verdict = pg, v
	return nil
}

// Context is the tab's own context, for driving it with chromedp (bound
// each call with a timeout of its own). It ends when the tab is closed,
// its page crashes or the browser goes.
func (t *Tab) Context() context.Context { return t.t.ctx }

// Look reads the page as it stands now (after a click, a send) and
// classifies it, as OpenTab did the first. ctx bounds it.
func (t *Tab) Look(ctx context.Context) (blocks.Page, blocks.Verdict, error) {
	cctx, cancel := context.WithTimeout(t.t.ctx, callTimeout)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	pg, err := capture(cctx, t.t.watch)
	if err != nil {
		return pg, blocks.Verdict{}, causeOr(t.t.ctx, err)
	}
	return pg, t.b.classify(pg, time.Now()), nil
}

// Close closes the tab and waits until it is gone, then gives the browser
// back to restarts and releases. Closing twice is harmless.
func (t *Tab) Close() {
	t.close.Do(func() {
		t.b.logDialogs(t.url, t.t.watch)
		t.run.closeTab(t.t)
		t.b.use.RUnlock()
	})
}
