package pages

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
)

// settle waits, after DOMContentLoaded (or the load event), until no
// request the page renders from is in flight and the DOM has been quiet for
// settleQuiet, so results a script fetches and renders are on the page. It
// is adaptive: a static page costs one quiet window; it is best effort and
// bounded by settleMax: a page that never settles is read as it stands.
func settle(ctx context.Context, w *tabWatch) {
	end := time.Now().Add(settleMax)
	for time.Now().Before(end) && ctx.Err() == nil {
		for {
			if n, _ := w.busy(); n == 0 || !time.Now().Before(end) {
				break
			}
			if sleepCtx(ctx, 5*time.Millisecond) != nil {
				return
			}
		}
		_, before := w.busy()
		left := time.Until(end)
		js := fmt.Sprintf(quietJS, settleQuiet.Milliseconds(), max(left.Milliseconds(), 1))
		qctx, cancel := context.WithTimeout(ctx, left+time.Second)
		_, err := chromedp.Run(qctx, chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise))
		cancel()
		if err != nil {
			return // the page navigated away under us, or the tab is gone
		}
		if n, after := w.busy(); n == 0 && after == before {
			return
		}
	}
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// pageState is what capture reads out of the page.
type pageState struct {
	HTML  string `json:"html"`
	Title string `json:"title"`
	URL   string `json:"url"`
	Ready string `json:"ready"`
}

const captureJS = `({html: document.documentElement ? document.documentElement.outerHTML : "",` +
	` title: document.title, url: location.href, ready: document.readyState})`

// capture reads the page as it stands, with its main document's status and
// headers, as the classifier wants it.
func capture(ctx context.Context, w *tabWatch) (blocks.Page, error) {
	pg, _, err := captureState(ctx, w)
	return pg, err
}

func captureState(ctx context.Context, w *tabWatch) (blocks.Page, string, error) {
	cctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	st, err := chromedp.Run(cctx, chromedp.Evaluate[pageState](captureJS))
	if err != nil {
		return blocks.Page{}, "", fmt.Errorf("read page: %w", err)
	}
	status, header, docURL := w.document()
	if docURL == "" || docURL != st.URL && !strings.HasPrefix(st.URL, docURL+"#") {
		docURL = st.URL // location.href follows pushState and fragments
	}
	return blocks.Page{Status: status, Header: header, URL: docURL, Title: st.Title, HTML: []byte(st.HTML)}, st.Ready, nil
}

// waitOutChallenge looks at a challenge page every challengePoll for up to
// ChallengeWait. A real browser usually gets through a JS interstitial in a
// few seconds: its script sets a cookie and reloads. What comes back once
// the page is loaded and no longer a challenge is settled and returned; a
// wall still standing at the end is returned as it stands.
func (b *Browser) waitOutChallenge(ctx context.Context, w *tabWatch, pg blocks.Page, v blocks.Verdict) (blocks.Page, blocks.Verdict) {
	end := time.Now().Add(b.opts.ChallengeWait)
	for time.Now().Before(end) {
		if sleepCtx(ctx, min(challengePoll, time.Until(end))) != nil {
			break
		}
		next, ready, err := captureState(ctx, w)
		if err != nil || ready != "complete" {
			continue // mid-reload: look again at the next tick
		}
		nv := b.classify(next, time.Now())
		if nv.Kind == blocks.Challenge {
			pg, v = next, nv
			continue
		}
		sctx, cancel := context.WithTimeout(ctx, settleMax+time.Second)
		settle(sctx, w)
		cancel()
		if again, err := capture(ctx, w); err == nil {
			next, nv = again, b.classify(again, time.Now())
		}
		return next, nv
	}
	return pg, v
}
