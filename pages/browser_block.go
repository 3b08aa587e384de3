package pages

import (
	"context"
	"strings"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

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

// blockRequests fails, for every tab of run, each request of blockedTypes
// and the page's icon. Chrome fetches /favicon.ico (or the page's <link
// rel=icon>) once a page stops loading, as a request of type Other that
// asks for an image: one more hit on a host that may be counting. Other
// requests of type Other go on.
//
// The interception is the browser's, not each tab's: a tab's ends when its
// session does, and Chrome then lets go what it held, and what the page
// asks for on its way out. Measured with per-tab interception, ten Loads
// on three hosts: in each of three runs one icon fetch (set off by the
// page's stop or close) reached the site, held or not yet seen when the
// tab went; with the browser's, none in three runs.
func blockRequests(run *chromeRun) error {
	paused := chromedp.BrowserEvents(run.ctx, fetch.RequestPaused)
	go func() {
		for ev, err := range paused {
			if err != nil {
				return
			}
			if ev.ResourceType == network.ResourceTypeDocument {
				if !run.docs.hand(&ev) {
					go continuePaused(run.ctx, &ev)
				}
				continue
			}
			if run.hand.has(ev.FrameID) {
				go continuePaused(run.ctx, &ev) // a person looks at that page
				continue
			}
			go answerPaused(run.ctx, ev) // one slow answer holds up no other tab
		}
	}()
	patterns := make([]*fetch.RequestPattern, 0, len(blockedTypes)+1)
	for _, t := range blockedTypes {
		patterns = append(patterns, &fetch.RequestPattern{URLPattern: "*", ResourceType: t})
	}
	patterns = append(patterns, &fetch.RequestPattern{URLPattern: "*", ResourceType: network.ResourceTypeOther},
		&fetch.RequestPattern{URLPattern: "*", ResourceType: network.ResourceTypeDocument, RequestStage: fetch.RequestStageResponse})
	ctx, cancel := context.WithTimeout(run.ctx, callTimeout)
	defer cancel()
	_, err := chromedp.CallBrowser(ctx, fetch.Enable, fetch.EnableParams{Patterns: patterns})
	return err
}

// answerPaused fails the paused request ev, or lets it go when it is of
// type Other and not an icon. A request whose tab closed meanwhile is gone:
// the error is of no interest.
func answerPaused(ctx context.Context, ev fetch.EventRequestPaused) {
	cctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	if ev.ResourceType == network.ResourceTypeOther && !asksForImage(ev.Request) {
		_, _ = chromedp.CallBrowser(cctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
		return
	}
	_, _ = chromedp.CallBrowser(cctx, fetch.FailRequest, fetch.FailRequestParams{
		RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
}

// asksForImage reports whether r's Accept header asks for an image first,
// as Chrome's icon fetch does ("image/jxl,image/avif,...").
func asksForImage(r *network.Request) bool {
	if r == nil {
		return false
	}
	for k, v := range r.Headers {
		if s, ok := v.(string); ok && strings.EqualFold(k, "Accept") {
			return strings.HasPrefix(strings.TrimSpace(s), "image/")
		}
	}
	return false
}

// continuePaused lets a held request go on as it was.
func continuePaused(ctx context.Context, ev *fetch.EventRequestPaused) {
	cctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	_, _ = chromedp.CallBrowser(cctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
}

// closePopups closes every tab a page opens (window.open, a link with
// target=_blank), the moment Chrome says it is there: no one would ever
// close it, and its page would go on running and fetching. Chrome's own
// popup blocker (on, as in a person's Chrome) already stops those a page
// opens by itself; this is for those it opens on a click (an auto-reply's).
func closePopups(run *chromeRun) {
	created := chromedp.BrowserEvents(run.ctx, target.TargetCreated)
	go func() {
		for ev, err := range created {
			if err != nil {
				return
			}
			if info := ev.TargetInfo; info != nil && info.Type == "page" && info.OpenerID != "" {
				go func() {
					cctx, cancel := context.WithTimeout(run.ctx, callTimeout)
					defer cancel()
					_, _ = chromedp.CallBrowser(cctx, target.CloseTarget, target.CloseTargetParams{TargetID: info.TargetID})
				}()
			}
		}
	}()
}
