package pages

import (
	"context"
	"errors"
	"time"

	"rentwatch/pages/chrome"
)

// restartAfterPages is how many Loads one headless Chrome serves before
// the Browser restarts it. Chrome's long-lived processes (the browser
// process, the network service, the GPU process) keep some of what each
// page left: caches, history, heap fragmentation. Memory levels off
// without restarts (2,000 Loads: 285 to 320 MB PSS from the 300th on), but
// the CPU does not: a fresh Chrome's Loads cost less, by more than the
// restart's second of CPU every 100 Loads (the real app for 10 minutes,
// same run: 69 ms a request all in with this restart, 90 ms with one every
// 1,000; docs/BENCHMARKS.md, pages/). Done in the background when no Load
// uses Chrome, on the same profile, after a graceful close that writes
// cookies to disk; so the memory stays bounded in a watcher that runs for
// weeks.
const restartAfterPages = 100

// share takes b.use shared for a Load (or a cookie exchange). It fails at
// once when the Browser is closed, and waits while Chrome is being
// restarted or released (about half a second).
func (b *Browser) share(ctx context.Context) error {
	for !b.use.TryRLock() {
		if !b.restarting.Load() {
			return b.busyCause()
		}
		if err := sleepCtx(ctx, 10*time.Millisecond); err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return ErrTimeout
			}
			return err
		}
	}
	return nil
}

// pageDone counts a Load on run, and restarts Chrome in the background
// once run has served restartAfterPages, or stops it if a Release waits.
// The caller no longer holds b.use.
func (b *Browser) pageDone(run *chromeRun) {
	b.mu.Lock()
	run.pages++
	due := run.pages >= b.tune.pagesPerChrome() && b.run == run && !b.closed
	release := b.releaseDue
	b.mu.Unlock()
	switch {
	case release: // a Release waited for this Load (browser_release.go)
		go b.release()
	case due:
		go b.restart(run)
	}
}

// restart replaces run by a fresh headless Chrome on the same profile, if
// nothing uses Chrome now; else a later Load's pageDone tries again. Loads
// that arrive meanwhile wait for it in share.
func (b *Browser) restart(run *chromeRun) {
	if !b.restarting.CompareAndSwap(false, true) {
		return
	}
	defer b.restarting.Store(false)
	if !b.use.TryLock() { // a Load, a Reply or a cookie exchange is on it
		return
	}
	defer b.use.Unlock()
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed || b.run != run {
		return
	}
	b.stopLocked()
	ctx, cancel := context.WithTimeout(context.Background(), chrome.StartTimeout)
	defer cancel()
	if next, err := b.start(ctx); err == nil {
		b.run = next
		b.tune.note(restarted)
	} // else the next Load starts Chrome, as after a crash
}
