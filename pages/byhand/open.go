package byhand

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/chromedp/cdproto/network"

	"rentwatch/desktop"
	"rentwatch/pages"
	"rentwatch/pages/chrome"
)

// ErrWindowOpen is Open's answer while its window is already open:
// one check by hand at a time.
var ErrWindowOpen = errors.New("a window for a check by hand is already open")

// ErrNoDisplay is Open's answer where no window can be shown (Linux
// without DISPLAY or WAYLAND_DISPLAY): call OpenDefault instead.
var ErrNoDisplay = chrome.ErrNoDisplay

// Window opens the watcher's site in a visible Chrome window for a check
// by hand, one at a time. It is safe for concurrent use. Call Close when
// done: it closes a window still open.
type Window struct {
	watcher *pages.Browser
	opts    pages.BrowserOptions // the watcher's: its Chrome, profile, flags and log
	// busy is held by Open from start to end.
	busy atomic.Bool

	// mu guards the fields below.
	mu     sync.Mutex
	closed bool
	shown  *session // the window while it is up
}

// New returns the Window of watcher, the headless browser whose cookies
// the window starts with and gets back; it opens nothing yet.
func New(watcher *pages.Browser) *Window {
	return &Window{watcher: watcher, opts: watcher.Options()}
}

// Close closes the window if it is open (Open then returns) and refuses
// later ones with pages.ErrClosed.
func (win *Window) Close() {
	win.mu.Lock()
	win.closed = true
	shown := win.shown
	win.mu.Unlock()
	if shown != nil {
		// Ends Open's wait; its own stop then finds nothing to do.
		shown.run.Stop()
	}
}

// Open opens pageURL in a visible Chrome window for a check by hand,
// and returns when the user has closed it (the last tab, or Chrome itself),
// or when ctx ends. The window is a Chrome of its own on a profile of its
// own (removed afterwards), started with the watcher's cookies; the headless
// Chrome goes on serving Loads meanwhile. The cookies the user earns there
// (a cf_clearance) are written into the headless Chrome before Open
// returns, so the next Load of that site sends them (cookies.go).
// The watcher never navigates or focuses the window after its first page.
// Where no window can be shown it returns ErrNoDisplay at once: call
// OpenDefault instead.
func (win *Window) Open(ctx context.Context, pageURL string) error {
	if err := pages.CheckURL(pageURL); err != nil {
		return fmt.Errorf("open %s: %w", pageURL, err)
	}
	if !hasDisplay() {
		return ErrNoDisplay
	}
	if !win.busy.CompareAndSwap(false, true) {
		return ErrWindowOpen
	}
	defer win.busy.Store(false)
	seed, err := win.watcher.Cookies(ctx)
	if err != nil && !errors.Is(err, pages.ErrClosed) {
		// The window is what the user asked for: it opens all the same,
		// as a browser the site has not seen before.
		win.opts.Log.Warn("the window opens without the watcher's cookies", "err", err)
	}
	s, err := win.openWindow(ctx)
	if err != nil {
		return err
	}
	defer win.closeWindow(s)
	if err := s.run.SetCookies(s.run.Ctx, seed); err != nil {
		win.opts.Log.Warn("the window opens without the watcher's cookies", "err", err)
	}
	s.size(win.opts.Log)
	err = s.wait(ctx, s.navigate(pageURL), win.opts.Log)
	if earned := earnedCookies(seed, s.cookies); len(earned) > 0 {
		if cerr := win.carryBack(earned); cerr != nil && !errors.Is(cerr, pages.ErrClosed) {
			win.opts.Log.Warn("the cookies earned in the window did not reach the watcher", "err", cerr)
		}
	}
	if err != nil {
		return fmt.Errorf("open %s: %w", pageURL, err)
	}
	return nil
}

// carryBack writes the cookies earned in the window into the headless
// Chrome, started if need be (it may have crashed meanwhile).
func (win *Window) carryBack(earned []*network.Cookie) error {
	ctx, cancel := context.WithTimeout(context.Background(), chrome.StartTimeout)
	defer cancel()
	return win.watcher.SetCookies(ctx, earned)
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
// where Open cannot show a window. Only http and https URLs are
// opened: anything else handed to the OS opener could run a program. It
// returns once the opener runs, never waiting for the browser; ended (when
// not nil) hears how the opener ended (desktop.OpenURL).
func OpenDefault(pageURL string, ended func(error)) error {
	if err := pages.CheckURL(pageURL); err != nil {
		return fmt.Errorf("open %s: %w", pageURL, err)
	}
	return desktop.OpenURL(pageURL, ended)
}
