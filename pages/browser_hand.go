package pages

import (
	"context"
	"sync"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// HandTab is a tab of the watcher's own headless Chrome lent to the user
// for a check by hand passed from the window's page (package byhand shows
// it there and sends the user's input to it): the same profile, cookies and
// address as every Load, so what the user earns there is the watcher's at
// once, with nothing to carry back. The tab is made as a Load's is (the
// same user agent, window size and client hints: the site sees the browser
// it refused), but the images, fonts and media of its own frames are let
// through, for a person must see a picture puzzle to solve it. While a
// HandTab is open Chrome is neither restarted nor released. Close it when
// done; it is safe for concurrent use.
type HandTab struct {
	// Ctx is the tab's chromedp context: run calls on it with
	// chromedp.Call, listen with chromedp.Listen. It ends when the
	// tab is closed or crashed, or Chrome ended.
	Ctx context.Context

	b    *Browser
	run  *chromeRun
	t    *tab
	once sync.Once
}

// OpenHandTab opens a new tab in the headless Chrome (started if need
// be), on about:blank. It fails with ErrClosed once the Browser is closed.
func (b *Browser) OpenHandTab(ctx context.Context) (*HandTab, error) {
	b.wantChrome()
	if err := b.share(ctx); err != nil {
		return nil, err
	}
	run, err := b.running(ctx)
	if err != nil {
		b.use.RUnlock()
		return nil, b.startCause(err)
	}
	t, err := b.openTab(run)
	if err != nil {
		b.use.RUnlock()
		return nil, err
	}
	h := &HandTab{Ctx: t.ctx, b: b, run: run, t: t}
	run.hand.add(cdp.FrameID(t.id)) // a page's main frame has its target's id
	err = chromedp.Listen(t.ctx, func(ev any) {
		if ev, ok := ev.(*page.EventFrameAttached); ok {
			run.hand.add(ev.FrameID) // a frame of the page's own process
		}
	})
	if err != nil {
		h.Close()
		return nil, err
	}
	return h, nil
}

// Close closes the tab and gives Chrome back to the watcher. It is safe
// to call more than once.
func (h *HandTab) Close() {
	h.once.Do(func() {
		h.run.closeTab(h.t)
		h.run.hand.clear()
		h.b.use.RUnlock()
	})
}

// handFrames are the frames of the open HandTab, whose images, fonts and
// media blockRequests lets through. There is at most one HandTab at a
// time (the engine lends the browser for one check by hand at a time).
type handFrames struct {
	// mu guards ids.
	mu  sync.Mutex
	ids map[cdp.FrameID]bool
}

func (f *handFrames) add(id cdp.FrameID) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.ids == nil {
		f.ids = map[cdp.FrameID]bool{}
	}
	f.ids[id] = true
}

func (f *handFrames) has(id cdp.FrameID) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ids[id]
}

func (f *handFrames) clear() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ids = nil
}
