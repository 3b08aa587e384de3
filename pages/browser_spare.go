package pages

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
)

// tab is one page target, attached, with its domains set and its blocking
// in place, ready to navigate.
type tab struct {
	// ctx is the tab's life: the first call on it bound chromedp's event
	// loop for the tab, so it ends only with kill, a renderer crash or
	// Chrome's end.
	ctx   context.Context
	kill  context.CancelCauseFunc
	close context.CancelFunc // chromedp's: detaches, closes the target, waits until it is gone
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
	t := &tab{ctx: lctx, kill: kill, close: closeTab, watch: w, used: make(chan struct{})}
	// prepareTab's calls have their own timeouts; this bounds the attach.
	done := make(chan error, 1)
	go func() { done <- b.prepareTab(lctx, run, w) }()
	var err error
	select {
	case err = <-done:
	case <-time.After(callTimeout):
		err = fmt.Errorf("new tab: no answer after %v", callTimeout)
	}
	if err != nil {
		kill(err)
		go closeTab()
		return nil, causeOr(lctx, err)
	}
	return t, nil
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

// closeTab closes t in the background: Chrome answers Target.closeTarget
// before the tab is gone, and chromedp then waits for it to go (up to half a
// second) which the caller need not sit through. run.closing counts the
// closes under way, for tests.
func (run *chromeRun) closeTab(t *tab) {
	run.closing.Add(1)
	close(t.used)
	go func() {
		defer run.closing.Add(-1)
		t.kill(nil)
		t.close()
	}()
}
