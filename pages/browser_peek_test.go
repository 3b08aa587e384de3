package pages

import (
	"context"

	"github.com/chromedp/chromedp"
)

// What tests look at in a running Browser.

// chromePID is the running headless Chrome's pid, 0 when none runs.
func (b *Browser) chromePID() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.run == nil || b.run.ctx.Err() != nil {
		return 0
	}
	return b.run.proc.PID
}

// pageTargets counts the open tabs of the headless Chrome.
func (b *Browser) pageTargets(ctx context.Context) (int, error) {
	b.mu.Lock()
	run := b.run
	b.mu.Unlock()
	if run == nil {
		return 0, ErrClosed
	}
	cctx, cancel := context.WithTimeout(run.ctx, callTimeout)
	defer cancel()
	targets, err := chromedp.Targets(cctx)
	n := 0
	for _, t := range targets {
		if t.Type == "page" {
			n++
		}
	}
	return n, err
}

// count is the number of warm tabs.
func (w *warmTabs) count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.tabs)
}
