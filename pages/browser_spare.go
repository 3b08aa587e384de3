package pages

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// tab is one page target, attached, with its domains set and its blocking
// in place, ready to navigate.
type tab struct {
	// ctx is what a Load's calls run on: it ends with kill (the caller's
	// cancellation, a renderer crash) or Chrome's end. The tab's event loop
	// and its handlers (blocking, dialogs) run until close.
	ctx   context.Context
	kill  context.CancelCauseFunc
	close context.CancelFunc // chromedp's: detaches, closes the target, waits until it is gone
	id    target.ID
	watch *tabWatch
	// used is closed when the Load in the tab is over: the filler makes the
	// next tab then, not while this page's renderer needs the CPU.
	used chan struct{}
}

// spareTab is what the spare filler hands over: a ready tab, or why it
// could not make one.
type spareTab struct {
	tab *tab
	err error
}

// openTab makes a tab on run, ready for a page. It costs several protocol
// round trips (chromedp's attach alone is about a dozen), which is why the
// filler makes them ahead of time.
func (b *Browser) openTab(run *chromeRun) (*tab, error) {
	w := newTabWatch()
	// The tab is a child of the browser's context (a child of a caller's
	// context would start a browser of its own).
	tabCtx, closeTab := chromedp.NewContext(run.ctx, chromedp.WithListener(w.listen))
	lctx, kill := context.WithCancelCause(tabCtx)
	w.crashed = func() { kill(errTabCrashed) }
	w.dialog = func(ev *page.EventJavascriptDialogOpening) { dismissDialog(tabCtx, ev) }
	pctx, cancel := context.WithTimeout(lctx, callTimeout)
	err := b.prepareTab(tabCtx, pctx, run, w)
	cancel()
	if err != nil {
		kill(err)
		go closeTab()
		return nil, causeOr(lctx, err)
	}
	id := chromedp.FromContext(tabCtx).Target.TargetID
	return &tab{ctx: lctx, kill: kill, close: closeTab, id: id, watch: w, used: make(chan struct{})}, nil
}

// fillSpares keeps one tab ready for the next Load of run, so that making
// and attaching a tab (140 to 330 ms measured) is off the Load's path. It
// makes the next one once the Load that took the last is over: made during
// that Load, the new tab's renderer competed for the CPU with the page's
// (measured on 2 cores, pages 300 ms apart: the response came ~50 ms later,
// the whole Load ~60 ms later). Back-to-back Loads wait for the tab instead
// (~90 ms). It ends with run.
func (b *Browser) fillSpares(run *chromeRun) {
	for run.ctx.Err() == nil {
		t, err := b.openTab(run)
		select {
		case run.spare <- spareTab{t, err}:
		case <-run.ctx.Done():
			if t != nil {
				t.close()
			}
			return
		}
		if t != nil {
			select {
			case <-t.used:
			case <-run.ctx.Done():
				return
			}
		}
	}
}

// takeTab waits for the spare tab of run.
func (run *chromeRun) takeTab(ctx context.Context) (*tab, error) {
	timer := time.NewTimer(callTimeout + time.Second)
	defer timer.Stop()
	select {
	case s := <-run.spare:
		return s.tab, s.err
	case <-run.ctx.Done():
		return nil, errors.New("chrome exited")
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	case <-timer.C:
		return nil, fmt.Errorf("no tab after %v", callTimeout)
	}
}

// closeTab closes t in the background, the Load in it being over (pageURL
// is for the log). Chrome answers Target.closeTarget before the tab is
// gone, and the wait for it to go need not hold up the caller.
// run.closing counts the closes under way, for tests.
func (b *Browser) closeTab(run *chromeRun, t *tab, pageURL string) {
	run.closing.Add(1)
	close(t.used)
	go func() {
		defer run.closing.Add(-1)
		run.closeTarget(t.id)
		t.kill(nil)
		t.close()
		b.logDialogs(pageURL, t.watch)
	}()
}

// closeTarget closes the page id through the browser's connection and waits
// until it is gone, while the tab's session is still attached (chromedp's
// close detaches first, then closes). Between the two the page still runs
// with nothing of ours on it: no client hints override on what it still
// sends, no one to answer a dialog it opens.
func (run *chromeRun) closeTarget(id target.ID) {
	if id == "" {
		return
	}
	ctx, cancel := context.WithTimeout(run.ctx, callTimeout)
	defer cancel()
	if _, err := chromedp.CallBrowser(ctx, target.CloseTarget, target.CloseTargetParams{TargetID: id}); err != nil {
		return
	}
	for {
		targets, err := chromedp.Targets(ctx)
		if err != nil || !slices.ContainsFunc(targets, func(t *target.Info) bool { return t.TargetID == id }) {
			return
		}
		if sleepCtx(ctx, 20*time.Millisecond) != nil {
			return
		}
	}
}
