package pages

import (
	"context"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
)

// The early read. Most portals render their search results on the server:
// the listings are in the HTML as it arrives, and everything Chrome does
// after that (waiting for the stylesheet and the script in the head before
// the body is parsed, then DOMContentLoaded and the quiet window) only
// delays a page we could already read. So once the main document's body has
// fully arrived, the Load classifies and reads that raw HTML, and returns at
// once if it is a clean 2xx page with listings on it. Anything else (a wall,
// a challenge that may clear itself, a page whose HTML holds no listings
// because scripts render them) goes the full way: DOMContentLoaded, settle,
// challenge wait-out.
//
// The trade-off: a page whose HTML carries listings and whose scripts then
// add more is read without what the scripts add. That costs nothing that
// matters to a watcher: portals sort their search pages newest first, and
// the newest listings are the ones in the server's HTML (scripts add the
// next page, a "recommended" rail or a map's pins). A page whose scripts
// replace the list has none of it in the raw HTML (a "Loading…" placeholder,
// a skeleton) and is read after settle, as before.

// earlyRead classifies and reads doc's body as the server sent it. ok is
// true only for a Result the Load may return at once: status 2xx, the
// verdict OK (never a challenge, so its wait-out still happens), and at
// least one listing read (so never a soft block). Any error means no early
// read: the Load carries on as without one.
func (l *pageLoad) earlyRead(ctx context.Context, doc mainDoc) (res Result, ok bool) {
	began := time.Now()
	status := int(doc.resp.Status)
	if status < 200 || status > 299 {
		return res, false
	}
	cctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	body, err := chromedp.Call(cctx, network.GetResponseBody, network.GetResponseBodyParams{RequestID: doc.id})
	if err != nil || len(body.Body) == 0 {
		return res, false
	}
	return l.readEarly(blocks.Page{Status: status, Header: HeaderOf(doc.resp.Headers), URL: doc.resp.URL, HTML: body.Body}, began)
}

// earlyReadHeld is earlyRead of a response the interception holds
// (browser_doc.go); Phases.Body is then the wait for its body.
func (l *pageLoad) earlyReadHeld(ctx context.Context, doc heldDoc) (res Result, ok bool) {
	began := time.Now()
	status := doc.status()
	if status < 200 || status > 299 {
		return res, false
	}
	body, err := doc.body(ctx)
	if err != nil || len(body) == 0 {
		return res, false
	}
	tookBody := time.Since(began)
	res, ok = l.readEarly(blocks.Page{Status: status, Header: doc.header(), URL: doc.url(), HTML: body}, time.Now())
	res.Phases.Body = tookBody
	return res, ok
}

// readEarly classifies and reads pg, a page's HTML as the server sent it;
// ok as earlyRead says (and false when a pick is not on it: scripts may
// still draw it).
func (l *pageLoad) readEarly(pg blocks.Page, began time.Time) (res Result, ok bool) {
	if pg.URL == "" {
		pg.URL = l.url
	}
	verdict := l.b.classify(pg, time.Now())
	if verdict.Kind != blocks.OK {
		return res, false
	}
	if res = resultOf(pg, verdict, l.url, l.ask); res.PickLost || len(res.Listings) == 0 {
		return Result{}, false
	}
	res.Early = true
	res.Phases.Read = time.Since(began)
	return res, true
}
