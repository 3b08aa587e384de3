package pages

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
	"rentwatch/pages/chrome"
)

const (
	// settleQuiet is how long the DOM must stay unchanged, with no request
	// in flight, for a page to count as settled: long enough for a script
	// that renders results from a fetch to finish, short enough not to slow
	// every check.
	settleQuiet = 50 * time.Millisecond
	// settleMax bounds the whole settle: an ad that keeps polling must not
	// hold a page up.
	settleMax = 4 * time.Second
	// challengePoll is how often a standing challenge is looked at again.
	challengePoll = time.Second
	// callTimeout bounds one protocol call that should answer at once.
	callTimeout = 10 * time.Second
)

// errTabCrashed cancels a tab whose renderer died: its calls would otherwise
// hang until the page deadline.
var errTabCrashed = errors.New("tab crashed")

// Phases says where a Load's time went, phase by phase (each its own
// span, not a running total). A challenge's wait is Result.Waited.
type Phases struct {
	Tab    time.Duration // waiting for a ready tab: about zero when a warm tab was ready
	Commit time.Duration // from sending the URL until the main document's response
	// Body is, for an early read (Result.Early), from the response until
	// the main document's body had fully arrived; zero otherwise.
	Body     time.Duration
	DOMReady time.Duration // from the response to the main document's DOMContentLoaded
	Settle   time.Duration // until no script or request that renders was busy and the DOM quiet
	Read     time.Duration // capture, classify and read the listings
}

// pageLoad is one Load in one tab: the page asked for, the tab and the
// Chrome it runs in, and the Browser whose options and classifier it
// follows.
type pageLoad struct {
	b   *Browser
	run *chromeRun
	t   *tab
	url string
	ask Ask // which of the page's lists to read (set by do from its ctx)
}

// do runs the Load in its tab, which the caller then closes or keeps;
// blank says the tab is still on its blank page (the page was read from
// its held response).
func (l *pageLoad) do(ctx context.Context) (res Result, blank bool, err error) {
	b, run, t, pageURL := l.b, l.run, l.t, l.url
	l.ask = AskOf(ctx)
	res = Result{URL: pageURL}
	// Everything runs on lctx: the tab with the page's deadline, the
	// caller's cancellation and a crash folded in.
	lctx, cancel := context.WithTimeout(WithAsk(t.ctx, l.ask), b.opts.PageTimeout+b.opts.ChallengeWait)
	defer cancel()
	stop := context.AfterFunc(ctx, func() { t.kill(context.Cause(ctx)) })
	defer stop()

	navCtx, navCancel := context.WithTimeout(lctx, b.opts.PageTimeout)
	var early Result
	tryEarly := func(doc mainDoc) (ok bool) {
		if b.tune.noEarly {
			return false
		}
		early, ok = l.earlyRead(navCtx, doc)
		return ok
	}
	if b.tune.noHeld || b.tune.noEarly {
		err = navigateDOMReady(navCtx, t.watch, pageURL, &res.Phases, tryEarly)
	} else {
		blank, err = navigateHeld(navCtx, run, t, pageURL, &res.Phases, func(doc heldDoc) (ok bool) {
			early, ok = l.earlyReadHeld(navCtx, doc)
			return ok
		}, tryEarly)
	}
	if err == nil && early.Early {
		navCancel()
		early.Phases.Commit = res.Phases.Commit
		if blank {
			return early, true, nil
		}
		// The page is still loading. Stop it now: what it would still
		// fetch (its stylesheets and scripts) need not reach the site.
		sctx, scancel := context.WithTimeout(lctx, callTimeout)
		_, _ = chromedp.Call(sctx, page.StopLoading, cdp.Empty{})
		scancel()
		early.Phases.Body = res.Phases.Body
		return early, false, nil
	}
	if err == nil {
		began := time.Now()
		settle(navCtx, t.watch)
		res.Phases.Settle = time.Since(began)
		err = navCtx.Err()
	}
	navCancel()
	if err != nil {
		return res, false, causeOr(lctx, err)
	}
	res, err = l.readLoaded(lctx, res.Phases)
	return res, false, err
}

// readLoaded captures, classifies and reads the page loaded in the tab,
// waiting out a challenge; ph are the phases so far.
func (l *pageLoad) readLoaded(lctx context.Context, ph Phases) (Result, error) {
	began := time.Now()
	pg, err := capture(lctx, l.t.watch)
	if err != nil {
		return Result{URL: l.url, Phases: ph}, causeOr(lctx, err)
	}
	verdict := l.b.classify(pg, time.Now())
	var waited time.Duration
	if verdict.Kind == blocks.Challenge && l.b.opts.ChallengeWait > 0 {
		waitBegan := time.Now()
		pg, verdict = l.b.waitOutChallenge(lctx, l.t.watch, pg, verdict)
		waited = time.Since(waitBegan)
	}
	res := resultOf(pg, verdict, l.url, l.ask)
	res.Waited, res.Phases = waited, ph
	res.Phases.Read = time.Since(began) - waited
	return res, nil
}

// resultOf is the one way a page the browser saw becomes a Result: its
// final URL (pageURL when it has none), status, headers and verdict, the
// listings read off it (the list ask picks), and whether it is a soft block
// (a lost pick, or blocks.SoftBlock; the Browser knows no history, so only
// the page's own word counts).
func resultOf(pg blocks.Page, verdict blocks.Verdict, pageURL string, ask Ask) Result {
	res := Result{URL: pg.URL, Status: pg.Status, Header: pg.Header, Verdict: verdict}
	if res.URL == "" {
		res.URL = pageURL
	}
	var lost bool
	res.Reading, res.Lists, lost = readAsked(ask, res.URL, pg.HTML)
	res.PickLost = lost && verdict.Kind == blocks.OK
	res.SoftBlock = verdict.Kind == blocks.OK && (res.PickLost ||
		blocks.SoftBlock(blocks.Shown{Listings: len(res.Listings), Expected: res.Expected, Unread: res.Unread != ""}))
	return res
}

// navigateDOMReady sends the tab to pageURL and returns at the new
// document's DOMContentLoaded. It does not wait for the load event: that
// waits for every image, frame and ad, none of which hold listings, and
// what scripts still fetch after DOMContentLoaded is settle's job. Once
// the document's body has fully arrived, it offers it to tryEarly (once)
// and returns at once if that read it (Phases.Body set, DOMReady zero).
func navigateDOMReady(ctx context.Context, w *tabWatch, pageURL string, ph *Phases, tryEarly func(mainDoc) bool) error {
	began := time.Now()
	nav, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: pageURL})
	switch {
	case err != nil:
		return err
	case nav.ErrorText != "":
		return &chromedp.LoadError{ErrorText: nav.ErrorText}
	case nav.IsDownload:
		return &chromedp.LoadError{ErrorText: "the page is a download"}
	}
	committed := time.Now()
	ph.Commit = committed.Sub(began)
	return waitDOMReady(ctx, w, nav.LoaderID, committed, ph, tryEarly)
}

// waitDOMReady is navigateDOMReady once the document of loader has
// committed. The body is looked at before DOMContentLoaded: a small page
// may have reached both by the time Page.navigate answers (on a busy
// machine its answer comes late), and it is read early all the same.
func waitDOMReady(ctx context.Context, w *tabWatch, loader cdp.LoaderID, committed time.Time, ph *Phases, tryEarly func(mainDoc) bool) error {
	tried := false
	for {
		if doc, ok := w.bodyArrived(loader); ok && !tried {
			tried = true
			arrived := time.Since(committed)
			if tryEarly(doc) {
				ph.Body = arrived
				return nil
			}
		}
		if w.sawDOMReady(loader) {
			ph.DOMReady = time.Since(committed)
			return nil
		}
		select {
		case <-w.readyNote:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// causeOr prefers the reason the tab was cancelled (crash, deadline) over
// the error of the call that noticed it.
func causeOr(ctx context.Context, err error) error {
	if c := context.Cause(ctx); c != nil && !errors.Is(err, c) {
		return errors.Join(c, err)
	}
	return err
}

// prepareTab attaches the tab of life (chromedp's context for it: the tab's
// event loop runs on it until the tab is closed, so that its handlers work
// through the close) and, before its first request: turns off the domains we
// do not read, gives it a desktop's window and a normal user agent. ctx
// bounds the whole. (What it must not fetch is blocked for the whole
// browser: browser_block.go.)
func (b *Browser) prepareTab(life, ctx context.Context, run *chromeRun, w *tabWatch) error {
	attached := make(chan error, 1)
	go func() { attached <- chromedp.Do(life) }() // creates and attaches the tab
	select {
	case err := <-attached:
		if err != nil {
			return err
		}
	case <-ctx.Done():
		return fmt.Errorf("new tab: %w", context.Cause(ctx))
	}
	// chromedp enables the DOM, CSS and Log domains for its own queries; we
	// read the page with one script instead, and mirroring a 300 KB DOM
	// over the protocol while it loads costs more than the page itself.
	for _, off := range []cdp.Command[cdp.Empty, cdp.Empty]{css.Disable, dom.Disable, log.Disable} {
		if _, err := chromedp.Call(ctx, off, cdp.Empty{}); err != nil {
			return err
		}
	}
	c := chromedp.FromContext(life)
	w.mu.Lock()
	w.mainFrame = cdp.FrameID(c.Target.TargetID) // a page's main frame has its target's id
	w.mu.Unlock()
	if err := placeWindow(ctx, c.Target.TargetID); err != nil {
		return err
	}
	if _, err := chromedp.Call(ctx, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
		UserAgent: run.id.userAgent, UserAgentMetadata: run.id.meta}); err != nil {
		return err
	}
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: hideWebdriver})
	return err
}

// placeWindow gives the tab's window the size and place of a window
// maximised on the screen of --screen-info (package chrome): each tab is
// a window of its own in headless Chrome, and a new one is placed 10 px
// down and right of the last.
func placeWindow(ctx context.Context, id target.ID) error {
	win, err := chromedp.CallBrowser(ctx, browser.GetWindowForTarget, browser.GetWindowForTargetParams{TargetID: id})
	if err != nil {
		return fmt.Errorf("window of the tab: %w", err)
	}
	zero := int64(0)
	_, err = chromedp.CallBrowser(ctx, browser.SetWindowBounds, browser.SetWindowBoundsParams{WindowID: win.WindowID,
		Bounds: &browser.Bounds{Left: &zero, Top: &zero, Width: chrome.WindowWidth, Height: chrome.WindowHeight}})
	if err != nil {
		return fmt.Errorf("place the tab's window: %w", err)
	}
	return nil
}

// hideWebdriver makes navigator.webdriver read false, as in a browser a
// person drives (--disable-blink-features=AutomationControlled already does
// this on current Chrome; this covers older ones).
const hideWebdriver = `try{Object.defineProperty(Navigator.prototype,'webdriver',{get:()=>false,configurable:true})}catch(e){}`

// quietJS resolves once the DOM has not changed for %d ms, or after %d ms.
const quietJS = `new Promise(r=>{let t;const o=new MutationObserver(()=>{clearTimeout(t);t=setTimeout(d,%[1]d)});` +
	`function d(){o.disconnect();r(true)}o.observe(document,{childList:true,subtree:true,characterData:true});` +
	`t=setTimeout(d,%[1]d);setTimeout(()=>{o.disconnect();r(false)},%[2]d)})`
