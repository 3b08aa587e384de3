package pages

import (
	"context"
	"errors"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
	"rentwatch/pages/read"
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

// blockedTypes are never fetched: a listing page is read from its HTML.
// Images, fonts and media are most of a page's bytes and time; pings and
// CSP reports are beacons that only cost a round trip. Script, XHR, Fetch,
// EventSource and WebSocket stay: pages render listings with them. (Chrome
// 156 refuses Manifest, TextTrack, Prefetch and SignedExchange in a Fetch
// filter: "Unknown resource type"; they are rare and small.)
var blockedTypes = []network.ResourceType{
	network.ResourceTypeImage, network.ResourceTypeFont, network.ResourceTypeMedia,
	network.ResourceTypePing, network.ResourceTypeCSPViolationReport,
}

// Phases says where a Load's time went, phase by phase (each its own
// span, not a running total). A challenge's wait is Result.Waited.
type Phases struct {
	Tab    time.Duration // waiting for a ready tab: about zero when the spare was ready
	Commit time.Duration // from sending the URL until the main document's response
	// Body is, for an early read (Result.Early), from the response until
	// the main document's body had fully arrived; zero otherwise.
	Body     time.Duration
	DOMReady time.Duration // from the response to the main document's DOMContentLoaded
	Settle   time.Duration // until no script or request that renders was busy and the DOM quiet
	Read     time.Duration // capture, classify and read the listings
}

// loadInTab does one Load in tab t, which the caller then closes.
func (b *Browser) loadInTab(ctx context.Context, t *tab, pageURL string) (Result, error) {
	res := Result{URL: pageURL}
	// Everything runs on lctx: the tab with the page's deadline, the
	// caller's cancellation and a crash folded in.
	lctx, cancel := context.WithTimeout(t.ctx, b.opts.PageTimeout+b.opts.ChallengeWait)
	defer cancel()
	stop := context.AfterFunc(ctx, func() { t.kill(context.Cause(ctx)) })
	defer stop()

	navCtx, navCancel := context.WithTimeout(lctx, b.opts.PageTimeout)
	var early Result
	tryEarly := func(doc mainDoc) (ok bool) {
		if b.noEarly {
			return false
		}
		early, ok = b.earlyRead(navCtx, doc, pageURL)
		return ok
	}
	err := navigateDOMReady(navCtx, t.watch, pageURL, &res.Phases, tryEarly)
	if err == nil && early.Early {
		navCancel()
		// The page is still loading and its tab closes in the background.
		// Stop it now, while this tab still fails what it blocks: requests
		// Chrome holds for the blocker when the tab goes are let through,
		// and images would reach the site after all.
		sctx, scancel := context.WithTimeout(lctx, callTimeout)
		_, _ = chromedp.Call(sctx, page.StopLoading, cdp.Empty{})
		scancel()
		early.Phases.Commit, early.Phases.Body = res.Phases.Commit, res.Phases.Body
		return early, nil
	}
	if err == nil {
		began := time.Now()
		settle(navCtx, t.watch)
		res.Phases.Settle = time.Since(began)
		err = navCtx.Err()
	}
	navCancel()
	if err != nil {
		return res, causeOr(lctx, err)
	}
	began := time.Now()
	pg, err := capture(lctx, t.watch)
	if err != nil {
		return res, causeOr(lctx, err)
	}
	verdict := b.classify(pg, time.Now())
	if verdict.Kind == blocks.Challenge && b.opts.ChallengeWait > 0 {
		waitBegan := time.Now()
		pg, verdict = b.waitOutChallenge(lctx, t.watch, pg, verdict)
		res.Waited = time.Since(waitBegan)
	}
	res.URL, res.Status, res.Header, res.Verdict = pg.URL, pg.Status, pg.Header, verdict
	if res.URL == "" {
		res.URL = pageURL
	}
	res.Reading = read.Read(res.URL, pg.HTML)
	res.SoftBlock = verdict.Kind == blocks.OK && (res.Expected || res.Unread != "") && len(res.Listings) == 0
	res.Phases.Read = time.Since(began) - res.Waited
	return res, nil
}

// navigateDOMReady sends the tab to pageURL and returns at the new
// document's DOMContentLoaded. It does not wait for the load event: that
// waits for every image, frame and ad, none of which hold listings, and
// what scripts still fetch after DOMContentLoaded is settle's job. Before
// that, once the document's body has fully arrived, it offers it to
// tryEarly (once) and returns at once if that read it (Phases.Body set,
// DOMReady zero).
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
	tried := false
	for !w.sawDOMReady(nav.LoaderID) {
		if doc, ok := w.bodyArrived(nav.LoaderID); ok && !tried {
			tried = true
			arrived := time.Since(committed)
			if tryEarly(doc) {
				ph.Body = arrived
				return nil
			}
			continue // DOMContentLoaded may have come during the read
		}
		select {
		case <-w.readyNote:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	ph.DOMReady = time.Since(committed)
	return nil
}

// causeOr prefers the reason the tab was cancelled (crash, deadline) over
// the error of the call that noticed it.
func causeOr(ctx context.Context, err error) error {
	if c := context.Cause(ctx); c != nil && !errors.Is(err, c) {
		return errors.Join(c, err)
	}
	return err
}

// prepareTab creates and attaches the tab of tabCtx, and before its first
// request: turns off the domains we do not read, blocks what never holds
// listings, and sets a normal user agent.
func (b *Browser) prepareTab(tabCtx context.Context, run *chromeRun, w *tabWatch) error {
	if err := chromedp.Do(tabCtx); err != nil { // creates and attaches the tab
		return err
	}
	cctx, cancel := context.WithTimeout(tabCtx, callTimeout)
	defer cancel()
	// chromedp enables the DOM, CSS and Log domains for its own queries; we
	// read the page with one script instead, and mirroring a 300 KB DOM
	// over the protocol while it loads costs more than the page itself.
	for _, off := range []cdp.Command[cdp.Empty, cdp.Empty]{css.Disable, dom.Disable, log.Disable} {
		if _, err := chromedp.Call(cctx, off, cdp.Empty{}); err != nil {
			return err
		}
	}
	c := chromedp.FromContext(tabCtx)
	w.mu.Lock()
	w.mainFrame = cdp.FrameID(c.Target.TargetID) // a page's main frame has its target's id
	w.mu.Unlock()

	paused := chromedp.Events(tabCtx, fetch.RequestPaused)
	go func() {
		for ev, err := range paused {
			if err != nil {
				return
			}
			fctx, cancel := context.WithTimeout(tabCtx, callTimeout)
			_, _ = chromedp.Call(fctx, fetch.FailRequest, fetch.FailRequestParams{
				RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
			cancel()
		}
	}()
	patterns := make([]*fetch.RequestPattern, 0, len(blockedTypes))
	for _, t := range blockedTypes {
		patterns = append(patterns, &fetch.RequestPattern{URLPattern: "*", ResourceType: t})
	}
	if _, err := chromedp.Call(cctx, fetch.Enable, fetch.EnableParams{Patterns: patterns}); err != nil {
		return err
	}
	if _, err := chromedp.Call(cctx, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
		UserAgent: run.userAgent, UserAgentMetadata: run.uaMeta}); err != nil {
		return err
	}
	_, err := chromedp.Call(cctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: hideWebdriver})
	return err
}

// hideWebdriver makes navigator.webdriver read false, as in a browser a
// person drives (--disable-blink-features=AutomationControlled already does
// this on current Chrome; this covers older ones).
const hideWebdriver = `try{Object.defineProperty(Navigator.prototype,'webdriver',{get:()=>false,configurable:true})}catch(e){}`

// quietJS resolves once the DOM has not changed for %d ms, or after %d ms.
const quietJS = `new Promise(r=>{let t;const o=new MutationObserver(()=>{clearTimeout(t);t=setTimeout(d,%[1]d)});` +
	`function d(){o.disconnect();r(true)}o.observe(document,{childList:true,subtree:true,characterData:true});` +
	`t=setTimeout(d,%[1]d);setTimeout(()=>{o.disconnect();r(false)},%[2]d)})`
