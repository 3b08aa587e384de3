package pages

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	clibrowser "github.com/cli/browser"
)

// OpenVisible opens pageURL in a visible Chrome window on the watcher's own
// profile, so a check passed by hand (a cf_clearance cookie) is there for
// the next Load. Two Chromes cannot share a profile, so the headless one is
// stopped first (waiting for Loads in flight); Loads during the window fail
// with ErrVisible, and the first one after it starts headless Chrome again.
// It returns when the user has closed the window (the last tab, or Chrome
// itself), or when ctx ends. Where no window can be shown it returns
// ErrNoDisplay at once: call OpenDefault instead.
func (b *Browser) OpenVisible(ctx context.Context, pageURL string) error {
	if err := checkWebURL(pageURL); err != nil {
		return fmt.Errorf("open %s: %w: %v", pageURL, ErrBadURL, err)
	}
	if !hasDisplay() {
		return ErrNoDisplay
	}
	b.use.Lock()
	defer b.use.Unlock()
	run, err := b.startVisible(ctx)
	if err != nil {
		return err
	}
	defer b.stopVisible(run)
	cctx, cancel := context.WithTimeout(run.ctx, callTimeout)
	_, err = chromedp.Call(cctx, page.Navigate, page.NavigateParams{URL: pageURL})
	cancel()
	if err != nil && run.ctx.Err() == nil {
		return fmt.Errorf("open %s: %w", pageURL, err)
	}
	return waitWindowClosed(ctx, run)
}

// startVisible stops the headless Chrome and starts a visible one.
func (b *Browser) startVisible(ctx context.Context) (*chromeRun, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return nil, ErrClosed
	}
	b.stopLocked()
	run, err := b.start(ctx, true)
	if err != nil {
		return nil, err
	}
	b.visibleRun = run
	return run, nil
}

func (b *Browser) stopVisible(run *chromeRun) {
	b.mu.Lock()
	defer b.mu.Unlock()
	profile, _ := b.profileLocked()
	run.stop(profile)
	b.visibleRun = nil
}

// waitWindowClosed returns when Chrome has exited or has no page left open.
// Chrome on Linux and Windows exits with its last window; on macOS it stays
// running with none, so the tabs are counted too.
func waitWindowClosed(ctx context.Context, run *chromeRun) error {
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-run.ctx.Done():
			return nil
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
		cctx, cancel := context.WithTimeout(run.ctx, callTimeout)
		targets, err := chromedp.Targets(cctx)
		cancel()
		if err != nil {
			continue // gone (the next tick sees run.ctx done) or busy
		}
		pages := 0
		for _, t := range targets {
			if t.Type == "page" {
				pages++
			}
		}
		if pages == 0 {
			return nil
		}
	}
}

// hasDisplay reports whether a window can be shown: on Linux and the BSDs
// only with an X11 or Wayland display; macOS and Windows always have one.
func hasDisplay() bool {
	switch runtime.GOOS {
	case "darwin", "windows":
		return true
	}
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}

// OpenDefault opens pageURL in the user's default browser, the fallback
// where OpenVisible cannot show a window. Only http and https URLs are
// opened: anything else handed to the OS opener could run a program.
func OpenDefault(pageURL string) error {
	if err := checkWebURL(pageURL); err != nil {
		return fmt.Errorf("open %s: %w: %v", pageURL, ErrBadURL, err)
	}
	return clibrowser.OpenURL(pageURL)
}
