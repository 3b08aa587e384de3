package pages

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"

	"github.com/chromedp/cdproto/network"

	"rentwatch/desktop"
)

// ErrWindowOpen is OpenVisible's answer while its window is already open:
// one check by hand at a time.
var ErrWindowOpen = errors.New("a window for a check by hand is already open")

// OpenVisible opens pageURL in a visible Chrome window for a check by hand,
// and returns when the user has closed it (the last tab, or Chrome itself),
// or when ctx ends. The window is a Chrome of its own on a profile of its
// own (removed afterwards), started with the watcher's cookies; the headless
// Chrome goes on serving Loads meanwhile. The cookies the user earns there
// (a cf_clearance) are written into the headless Chrome before OpenVisible
// returns, so the next Load of that site sends them (manual_cookies.go).
// The watcher never navigates or focuses the window after its first page.
// Where no window can be shown it returns ErrNoDisplay at once: call
// OpenDefault instead.
func (b *Browser) OpenVisible(ctx context.Context, pageURL string) error {
	if err := checkWebURL(pageURL); err != nil {
		return fmt.Errorf("open %s: %w: %v", pageURL, ErrBadURL, err)
	}
	if !hasDisplay() {
		return ErrNoDisplay
	}
	if !b.windowOpen.CompareAndSwap(false, true) {
		return ErrWindowOpen
	}
	defer b.windowOpen.Store(false)
	seed, err := b.watcherCookies(ctx)
	if err != nil && !errors.Is(err, ErrClosed) {
		// The window is what the user asked for: it opens all the same,
		// as a browser the site has not seen before.
		b.opts.Log.Warn("the window opens without the watcher's cookies", "err", err)
	}
	w, err := b.openWindow(ctx)
	if err != nil {
		return err
	}
	defer b.closeWindow(w)
	if err := setBrowserCookies(w.run.ctx, seed); err != nil {
		b.opts.Log.Warn("the window opens without the watcher's cookies", "err", err)
	}
	w.size(b.opts.Log)
	err = w.wait(ctx, w.navigate(pageURL), b.opts.Log)
	if earned := earnedCookies(seed, w.cookies); len(earned) > 0 {
		if cerr := b.carryBack(earned); cerr != nil && !errors.Is(cerr, ErrClosed) {
			b.opts.Log.Warn("the cookies earned in the window did not reach the watcher", "err", cerr)
		}
	}
	if err != nil {
		return fmt.Errorf("open %s: %w", pageURL, err)
	}
	return nil
}

// watcherCookies are the headless Chrome's cookies, started if need be.
func (b *Browser) watcherCookies(ctx context.Context) ([]*network.Cookie, error) {
	if err := b.share(ctx); err != nil {
		return nil, err
	}
	defer b.use.RUnlock()
	run, err := b.running(ctx)
	if err != nil {
		return nil, err
	}
	return browserCookies(run.ctx)
}

// carryBack writes the cookies earned in the window into the headless
// Chrome, started if need be (it may have crashed meanwhile).
func (b *Browser) carryBack(earned []*network.Cookie) error {
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	if err := b.share(ctx); err != nil {
		return err
	}
	defer b.use.RUnlock()
	run, err := b.running(ctx)
	if err != nil {
		return err
	}
	return setBrowserCookies(run.ctx, earned)
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
// opened: anything else handed to the OS opener could run a program. It
// returns once the opener runs, never waiting for the browser; ended (when
// not nil) hears how the opener ended (desktop.OpenURL).
func OpenDefault(pageURL string, ended func(error)) error {
	if err := checkWebURL(pageURL); err != nil {
		return fmt.Errorf("open %s: %w: %v", pageURL, ErrBadURL, err)
	}
	return desktop.OpenURL(pageURL, ended)
}
