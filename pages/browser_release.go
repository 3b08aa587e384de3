package pages

import "time"

// Release stops the headless Chrome and frees what it holds (its
// processes, their memory, the warm tabs), for when the app has nothing
// to check: every host waiting, paused, or no searches. The next Load
// starts Chrome again on the same profile (cookies kept: the stop is
// graceful), which costs that Load about half a second
// (docs/BENCHMARKS.md).
//
// It returns at once and never fails a Load. The stop runs in the
// background when nothing uses Chrome. When Loads, a Reply or the
// cookies of a check by hand (Cookies, SetCookies) are in flight, it waits
// for them, without blocking the caller: the stop is done when the last
// Load in flight ends (or within a second of the Reply's end, the
// cookies'). The window of a check by hand runs a Chrome of its own, which
// Release leaves alone. A Load that starts after
// Release cancels it (the app has something to check again), so a
// Release racing a new cycle leaves Chrome running or restarts it for
// that Load, and the Load works either way: Loads that arrive during the
// stop wait for it, as during a restart.
func (b *Browser) Release() {
	b.mu.Lock()
	if b.closed || b.run == nil {
		b.mu.Unlock()
		return
	}
	b.releaseDue = true
	b.mu.Unlock()
	go b.release()
}

// release does what Release asked, once nothing uses Chrome and unless a
// Load cancelled it. It tries again every releaseRetry while a Reply or a
// cookie exchange holds Chrome; after a Load, pageDone calls it at once.
func (b *Browser) release() {
	for {
		switch b.tryRelease() {
		case releaseDone:
			return
		case releaseBusy:
			time.Sleep(releaseRetry)
		}
	}
}

// releaseRetry is how often release looks again while Chrome is in use:
// seldom, so that an app waiting for a long Reply still sleeps.
const releaseRetry = time.Second

type releaseStep int

const (
	releaseDone releaseStep = iota // stopped, cancelled, or nothing to stop
	releaseBusy                    // something uses Chrome
	releaseWait                    // a restart is under way (half a second)
)

func (b *Browser) tryRelease() releaseStep {
	b.mu.Lock()
	due := b.releaseDue && !b.closed
	b.mu.Unlock()
	if !due {
		return releaseDone
	}
	if !b.restarting.CompareAndSwap(false, true) {
		time.Sleep(10 * time.Millisecond)
		return releaseWait
	}
	defer b.restarting.Store(false)
	if !b.use.TryLock() { // a Load, a Reply or a cookie exchange is on it
		return releaseBusy
	}
	defer b.use.Unlock()
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.releaseDue && !b.closed && b.run != nil {
		b.stopLocked()
		b.tune.note(released)
	}
	b.releaseDue = false
	return releaseDone
}

// wantChrome is a Load's: it cancels a Release not yet done.
func (b *Browser) wantChrome() {
	b.mu.Lock()
	b.releaseDue = false
	b.mu.Unlock()
}
