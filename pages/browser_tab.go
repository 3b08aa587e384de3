package pages

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
)

const (
	// settleQuiet is how long the DOM must stay unchanged, with no request
	// in flight, for a page to count as settled after its load event: long
	// enough for a script that renders results from a fetch to finish, short
	// enough not to slow every check.
	settleQuiet = 60 * time.Millisecond
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

// blockedTypes are never fetched: a listing page is read from its HTML, and
// images, fonts and media are most of a page's bytes and time.
var blockedTypes = []network.ResourceType{
	network.ResourceTypeImage, network.ResourceTypeFont, network.ResourceTypeMedia,
}

// settleTypes are the requests a page is still waiting on while it renders.
var settleTypes = map[network.ResourceType]bool{
	network.ResourceTypeDocument: true, network.ResourceTypeScript: true,
	network.ResourceTypeXHR: true, network.ResourceTypeFetch: true,
	network.ResourceTypeStylesheet: true,
}

// tabWatch follows one tab's events: the main document's latest response and
// the requests still in flight. Its listen runs in chromedp's event loop, so
// it only records.
type tabWatch struct {
	crashed func()

	// mu guards the fields below.
	mu        sync.Mutex
	mainFrame cdp.FrameID
	doc       *network.Response // the main frame's latest document response
	inflight  map[network.RequestID]bool
	started   int // requests started so far
}

func (w *tabWatch) listen(ev any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		if settleTypes[ev.Type] {
			w.inflight[ev.RequestID] = true
			w.started++
		}
	case *network.EventLoadingFinished:
		delete(w.inflight, ev.RequestID)
	case *network.EventLoadingFailed:
		delete(w.inflight, ev.RequestID)
	case *network.EventResponseReceived:
		if ev.Type == network.ResourceTypeDocument && w.mainFrame != "" && ev.FrameID == w.mainFrame {
			w.doc = ev.Response
		}
	case *inspector.EventTargetCrashed:
		go w.crashed()
	}
}

// busy reports the requests in flight and how many have started.
func (w *tabWatch) busy() (inflight, started int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.inflight), w.started
}

// document returns the main document's status, headers and URL.
func (w *tabWatch) document() (int, http.Header, string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.doc == nil {
		return 0, nil, ""
	}
	return int(w.doc.Status), headerOf(w.doc.Headers), w.doc.URL
}

// headerOf converts DevTools headers; repeated headers come joined by "\n".
func headerOf(h network.Headers) http.Header {
	out := make(http.Header, len(h))
	for k, v := range h {
		s, ok := v.(string)
		if !ok {
			continue
		}
		for _, line := range strings.Split(s, "\n") {
			out.Add(k, line)
		}
	}
	return out
}

// loadInTab does one Load in a fresh tab, closed when it returns.
func (b *Browser) loadInTab(ctx context.Context, run *chromeRun, pageURL string) (Result, error) {
	res := Result{URL: pageURL}
	w := &tabWatch{inflight: map[network.RequestID]bool{}}
	// The tab is a child of the browser's context (a child of ctx would
	// start a browser of its own). Its first call binds the tab's event loop
	// to the context it runs on, so everything runs on lctx: the tab with the
	// page's deadline, the caller's cancellation and a crash folded in.
	tabCtx, closeTab := chromedp.NewContext(run.ctx, chromedp.WithListener(w.listen))
	defer closeTab()
	lctx, cancel := context.WithTimeout(tabCtx, b.opts.PageTimeout+b.opts.ChallengeWait)
	defer cancel()
	lctx, crash := context.WithCancelCause(lctx)
	defer crash(nil)
	w.crashed = func() { crash(errTabCrashed) }
	stop := context.AfterFunc(ctx, func() { crash(context.Cause(ctx)) })
	defer stop()

	if err := b.prepareTab(lctx, run, w); err != nil {
		return res, causeOr(lctx, err)
	}
	navCtx, navCancel := context.WithTimeout(lctx, b.opts.PageTimeout)
	_, err := chromedp.Run(navCtx, chromedp.NavigateResponse(pageURL))
	if err == nil {
		settle(navCtx, w)
		err = navCtx.Err()
	}
	navCancel()
	if err != nil {
		return res, causeOr(lctx, err)
	}
	pg, err := capture(lctx, w)
	if err != nil {
		return res, causeOr(lctx, err)
	}
	verdict := b.classify(pg, time.Now())
	if verdict.Kind == blocks.Challenge && b.opts.ChallengeWait > 0 {
		began := time.Now()
		pg, verdict = b.waitOutChallenge(lctx, w, pg, verdict)
		res.Waited = time.Since(began)
	}
	res.URL, res.Status, res.Header, res.Verdict = pg.URL, pg.Status, pg.Header, verdict
	if res.URL == "" {
		res.URL = pageURL
	}
	res.Reading = Read(res.URL, pg.HTML)
	res.SoftBlock = verdict.Kind == blocks.OK && res.Expected && len(res.Listings) == 0
	return res, nil
}

// causeOr prefers the reason the tab was cancelled (crash, deadline) over
// the error of the call that noticed it.
func causeOr(ctx context.Context, err error) error {
	if c := context.Cause(ctx); c != nil && !errors.Is(err, c) {
		return errors.Join(c, err)
	}
	return err
}

// prepareTab opens the tab, blocks images, fonts and media, and sets a
// normal user agent, all before the first request.
func (b *Browser) prepareTab(tabCtx context.Context, run *chromeRun, w *tabWatch) error {
	if err := chromedp.Do(tabCtx); err != nil { // creates and attaches the tab
		return err
	}
	cctx, cancel := context.WithTimeout(tabCtx, callTimeout)
	defer cancel()
	// chromedp enables the DOM and CSS domains for its queries; we read the
	// page with one script instead, and mirroring a 300 KB DOM over the
	// protocol while it loads costs more than the page itself.
	if _, err := chromedp.Call(cctx, css.Disable, cdp.Empty{}); err != nil {
		return err
	}
	if _, err := chromedp.Call(cctx, dom.Disable, cdp.Empty{}); err != nil {
		return err
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
