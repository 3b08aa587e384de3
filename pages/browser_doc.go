package pages

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The early read, before the page. The browser's interception (browser_block.go)
// also holds every main document's response as it comes in, before Chrome
// hands it to a renderer. A Load that may read early takes its page's
// response there, reads its body (Fetch.getResponseBody) and, when it is a
// clean 2xx page with listings, ends the navigation (net::ERR_ABORTED):
// the page never reaches a renderer, nothing is parsed, laid out or
// painted, and the tab stays on the blank page it showed, ready for the
// next Load. Anything else (a wall, a challenge, a page whose listings
// scripts render) is let go on to the renderer, whole, and the Load goes
// the full way. The site sees the same request for its page, its body read
// to the end; what it no longer sees is what an early read already stopped
// (the stylesheets and scripts the page would have asked for next).

// docWaits routes the main-document responses the interception holds to
// the Load waiting for its frame's.
type docWaits struct {
	// mu guards byFrame.
	mu      sync.Mutex
	byFrame map[cdp.FrameID]chan *fetch.EventRequestPaused
}

// expect registers a wait for frame's next main-document response.
func (d *docWaits) expect(frame cdp.FrameID) chan *fetch.EventRequestPaused {
	ch := make(chan *fetch.EventRequestPaused, 1)
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.byFrame == nil {
		d.byFrame = map[cdp.FrameID]chan *fetch.EventRequestPaused{}
	}
	d.byFrame[frame] = ch
	return ch
}

// forget ends the wait ch for frame, if it is still the one registered.
func (d *docWaits) forget(frame cdp.FrameID, ch chan *fetch.EventRequestPaused) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.byFrame[frame] == ch {
		delete(d.byFrame, frame)
	}
}

// hand gives ev to the Load waiting for it, and reports whether one was:
// the wait is then over (one response per expect).
func (d *docWaits) hand(ev *fetch.EventRequestPaused) bool {
	d.mu.Lock()
	ch := d.byFrame[ev.FrameID]
	delete(d.byFrame, ev.FrameID)
	d.mu.Unlock()
	if ch == nil {
		return false
	}
	ch <- ev
	return true
}

// heldDoc is a main document's response held by the interception.
type heldDoc struct {
	ev *fetch.EventRequestPaused
}

func (h heldDoc) status() int { return int(h.ev.ResponseStatusCode) }

func (h heldDoc) header() http.Header {
	out := http.Header{}
	for _, e := range h.ev.ResponseHeaders {
		out.Add(e.Name, e.Value)
	}
	return out
}

func (h heldDoc) url() string {
	if h.ev.Request != nil {
		return h.ev.Request.URL
	}
	return ""
}

func (h heldDoc) redirect() bool {
	s := h.status()
	return s >= 300 && s < 400 && h.header().Get("Location") != ""
}

// body reads the held response's body.
func (h heldDoc) body(ctx context.Context) ([]byte, error) {
	cctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	res, err := chromedp.CallBrowser(cctx, fetch.GetResponseBody, fetch.GetResponseBodyParams{RequestID: h.ev.RequestID})
	if err != nil {
		return nil, err
	}
	return res.Body, nil
}

// release lets the held response go on to the renderer.
func (h heldDoc) release(ctx context.Context) {
	cctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	_, _ = chromedp.CallBrowser(cctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: h.ev.RequestID})
}

// abort ends the navigation; nothing of the page reaches a renderer.
func (h heldDoc) abort(ctx context.Context) {
	cctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	_, _ = chromedp.CallBrowser(cctx, fetch.FailRequest, fetch.FailRequestParams{
		RequestID: h.ev.RequestID, ErrorReason: network.ErrorReasonAborted})
}

// navResult is Page.navigate's answer.
type navResult struct {
	nav page.NavigateResult
	err error
}

// navigateHeld sends t to pageURL and offers its main document's response,
// as the interception holds it, to readHeld (once, after any redirects).
// When readHeld reads it, the navigation is ended there and early is true;
// else the response goes on and the Load waits for DOMContentLoaded as
// navigateDOMReady does.
func navigateHeld(ctx context.Context, run *chromeRun, t *tab, pageURL string, ph *Phases,
	readHeld func(heldDoc) bool, tryEarly func(mainDoc) bool) (early bool, err error) {
	began := time.Now()
	frame := t.watch.frame()
	wait := run.docs.expect(frame)
	defer func() { run.docs.forget(frame, wait) }()
	navDone := make(chan navResult, 1)
	go func() {
		nav, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: pageURL})
		navDone <- navResult{nav, err}
	}()
	for {
		select {
		case ev := <-wait:
			doc := heldDoc{ev}
			if doc.redirect() {
				wait = run.docs.expect(frame)
				doc.release(ctx)
				continue
			}
			ph.Commit = time.Since(began)
			if readHeld(doc) {
				doc.abort(ctx)
				select { // the navigation's end: it must not land on the next Load
				case <-navDone:
				case <-ctx.Done():
					return false, ctx.Err()
				}
				return true, nil
			}
			doc.release(ctx)
			select {
			case r := <-navDone:
				return false, afterNavigate(ctx, t, r, began, ph, func(mainDoc) bool { return false })
			case <-ctx.Done():
				return false, ctx.Err()
			}
		case r := <-navDone:
			// Not held (a service worker answered, say): the renderer's
			// copy may still be read early.
			return false, afterNavigate(ctx, t, r, began, ph, tryEarly)
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
}

// afterNavigate is navigateDOMReady once Page.navigate answered r.
func afterNavigate(ctx context.Context, t *tab, r navResult, began time.Time, ph *Phases, tryEarly func(mainDoc) bool) error {
	switch {
	case r.err != nil:
		return r.err
	case r.nav.ErrorText != "":
		return &chromedp.LoadError{ErrorText: r.nav.ErrorText}
	case r.nav.IsDownload:
		return &chromedp.LoadError{ErrorText: "the page is a download"}
	}
	committed := time.Now()
	if ph.Commit == 0 {
		ph.Commit = committed.Sub(began)
	}
	return waitDOMReady(ctx, t.watch, r.nav.LoaderID, committed, ph, tryEarly)
}
