package pages

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// Tabs are kept and reused. A new tab costs Chrome a window, a page and a
// renderer process, and us a dozen protocol round trips to attach and set
// it up: measured, more CPU than loading the page in it (docs/BENCHMARKS.md).
// So a tab whose Load went well goes back to a small pool of warm tabs,
// on a blank page, for the next Load (of any host). A page read early
// from its held response (browser_doc.go) never left the blank page; one
// that was loaded is sent to about:blank first (it stops, its scripts and
// timers end, nothing more goes to the site) and its history is reset.
// The next Load navigates the tab as it would a new one, and the site sees
// the same request: a navigation Chrome starts itself has no initiator,
// whatever the tab showed before, so Sec-Fetch-Site is "none" and no
// Referer goes (TestReusedTabLooksLikeNewTab). A tab that failed, crashed
// or timed out is closed.
//
// One warm tab, the home tab, waits for the next Load however long; the
// others go after warmFor. Between two cycles Chrome holds one tab and its
// renderer either way (it cannot run headless with none open), so the
// home tab is that one: Chrome's own first tab is closed once the home
// tab is ready, and each cycle makes one tab fewer (~150 ms of Chrome's
// CPU, docs/BENCHMARKS.md).

const (
	// warmFor is how long a warm tab other than the home tab waits for a
	// Load before it is closed. Within a cycle the engine's Loads come
	// seconds apart (a host's gap is 2 to 5 s); between two cycles at the
	// default interval (30 s) Chrome waits 20 s or so. A second warm tab
	// holds ~25 MB (docs/BENCHMARKS.md): closed between cycles, that is
	// given back, for one new tab a cycle.
	warmFor = 10 * time.Second
	// maxWarm is the most warm tabs kept: the engine loads two hosts at
	// once; more Loads at once make tabs that are closed after.
	maxWarm = 2
)

// tab is one page target, attached, with its domains set, ready to
// navigate.
type tab struct {
	// ctx is what a Load's calls run on: it ends with kill (the caller's
	// cancellation, a renderer crash) or Chrome's end. The tab's event loop
	// and its handlers (blocking, dialogs) run until close.
	ctx   context.Context
	kill  context.CancelCauseFunc
	close context.CancelFunc // chromedp's: detaches, closes the target, waits until it is gone
	id    target.ID
	watch *tabWatch
}

// openTab makes a tab on run, ready for a page. It costs several protocol
// round trips (chromedp's attach alone is about a dozen).
func (b *Browser) openTab(run *chromeRun) (*tab, error) {
	b.tune.note(tabMade)
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
	return &tab{ctx: lctx, kill: kill, close: closeTab, id: id, watch: w}, nil
}

// warmTabs are the tabs kept for the next Loads, last in first out.
type warmTabs struct {
	// idle is how long a tab is kept: warmFor, unless a benchmark set it.
	idle time.Duration
	// mu guards tabs.
	mu   sync.Mutex
	tabs []*warmTab
}

type warmTab struct {
	t       *tab
	closeIt func()
	timer   *time.Timer // closes the tab once it waited idle; nil for the home tab
}

// take returns a warm tab, nil when none is ready.
func (w *warmTabs) take() *tab {
	w.mu.Lock()
	defer w.mu.Unlock()
	for len(w.tabs) > 0 {
		wt := w.tabs[len(w.tabs)-1]
		w.tabs = w.tabs[:len(w.tabs)-1]
		// A timer that already fired waits for w.mu, and then finds the
		// tab gone from the pool: closing it is ours.
		if (wt.timer == nil || wt.timer.Stop()) && wt.t.ctx.Err() == nil {
			return wt.t
		}
		go wt.closeIt() // it waited its time, or crashed while it waited
	}
	return nil
}

// offer keeps t warm, unless maxWarm are; closeIt closes it once it
// waited idle. The first tab of an empty pool is the home tab: it has no
// time limit.
func (w *warmTabs) offer(t *tab, closeIt func()) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.tabs) >= maxWarm {
		return false
	}
	wt := &warmTab{t: t, closeIt: closeIt}
	w.tabs = append(w.tabs, wt)
	if len(w.tabs) == 1 {
		return true
	}
	wt.timer = time.AfterFunc(cmp.Or(w.idle, warmFor), func() {
		w.mu.Lock()
		i := slices.Index(w.tabs, wt)
		if i >= 0 {
			w.tabs = slices.Delete(w.tabs, i, i+1)
		}
		w.mu.Unlock()
		if i >= 0 {
			closeIt()
		}
	})
	return true
}

// drop forgets every warm tab: Chrome is going, and they with it.
func (w *warmTabs) drop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, wt := range w.tabs {
		if wt.timer != nil {
			wt.timer.Stop()
		}
	}
	w.tabs = nil
}

// takeTab returns a warm tab of run, or makes a new one.
func (b *Browser) takeTab(run *chromeRun) (*tab, error) {
	if !b.tune.noReuse {
		if t := run.warm.take(); t != nil {
			return t, nil
		}
	}
	return b.openTab(run)
}

// warmUp makes a tab ahead of the first Load of run, in the background,
// and then closes Chrome's own first tab, which no Load uses (the home
// tab takes its place).
func (b *Browser) warmUp(run *chromeRun) {
	first := chromedp.FromContext(run.ctx).Target
	run.closing.Add(1)
	go func() {
		defer run.closing.Add(-1)
		t, err := b.openTab(run)
		if err != nil {
			return
		}
		if !run.warm.offer(t, func() { run.closeTab(t) }) {
			run.closeTab(t)
		}
		if first != nil {
			run.closeTarget(first.TargetID)
		}
	}()
}

// doneWithTab ends a Load's use of t (pageURL is for the log). A tab whose
// Load went well is made ready for the next in the background (blank: it
// never left its blank page) and kept warm; any other is closed.
// run.closing counts both until they are done.
func (b *Browser) doneWithTab(run *chromeRun, t *tab, pageURL string, loadErr error, blank bool) {
	run.closing.Add(1)
	go func() {
		defer run.closing.Add(-1)
		b.logDialogs(pageURL, t.watch)
		keep := !b.tune.noReuse && loadErr == nil && t.ctx.Err() == nil
		if keep && !blank {
			keep = parkTab(t)
		}
		if keep {
			t.watch.reset()
			if run.warm.offer(t, func() { run.closeTab(t) }) {
				return
			}
		}
		run.closeTab(t)
	}()
}

// parkTab sends t to about:blank with a history of that page alone, so
// it is as a new tab for the next Load. false means it cannot be reused.
func parkTab(t *tab) bool {
	ctx, cancel := context.WithTimeout(t.ctx, callTimeout)
	defer cancel()
	nav, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: "about:blank"})
	if err != nil || nav.ErrorText != "" {
		return false
	}
	// Right after the navigation's answer the page may not take the
	// reset yet ("Not attached to an active page"): try again shortly.
	for {
		_, err := chromedp.Call(ctx, page.ResetNavigationHistory, cdp.Empty{})
		if err == nil {
			return true
		}
		if sleepCtx(ctx, 10*time.Millisecond) != nil {
			return false
		}
	}
}

// closeTab closes t and waits until it is gone: first the target,
// through the browser's connection, while the tab's session is still
// attached (chromedp's close detaches first, then closes: between the two
// the page would run with nothing of ours on it, no client hints override
// on what it still sends, no one to answer a dialog it opens).
func (run *chromeRun) closeTab(t *tab) {
	run.closeTarget(t.id)
	t.kill(nil)
	t.close()
}

// closeTarget closes the page id through the browser's connection and
// waits until it is gone.
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
