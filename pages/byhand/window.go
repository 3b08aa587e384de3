package byhand

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"rentwatch/pages"
	"rentwatch/pages/chrome"
)

// windowPoll is how often the open window is looked at: is a page of it
// still open, and what cookies does it hold now. The user may close the
// window a moment after the check passed; the cookies are read once more
// after that, and this read is for a Chrome that quit by itself.
const windowPoll = 500 * time.Millisecond

// callTimeout bounds one protocol call that should answer at once.
const callTimeout = 10 * time.Second

// session is the Chrome of a check by hand, on a profile of its own.
type session struct {
	run *chrome.Process
	dir string // its profile, removed when it closes
	// cookies is the latest read of its cookies, nil before the first.
	cookies []*network.Cookie
}

// openWindow starts the visible Chrome on a new profile. It is started
// with --keep-alive-for-test (package chrome): Chrome then stays running
// when the user closes its last window, so its cookies can still be read.
func (win *Window) openWindow(ctx context.Context) (*session, error) {
	path, err := chrome.Find(win.opts.Chrome)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(win.windowParent(), windowPrefix)
	if err != nil {
		return nil, fmt.Errorf("a profile for the window: %w", err)
	}
	run, err := chrome.Start(ctx, chrome.Options{Path: path, Profile: dir, Visible: true, ExtraFlags: win.opts.ExtraFlags})
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	s := &session{run: run, dir: dir}
	win.mu.Lock()
	closed := win.closed
	if !closed {
		win.shown = s // Close ends the window through it
	}
	win.mu.Unlock()
	if closed {
		win.closeWindow(s)
		return nil, pages.ErrClosed
	}
	return s, nil
}

// windowPrefix starts the name of a window's profile folder.
const windowPrefix = "rentwatch-window-"

// windowParent is where a window's profile is made: beside the watcher's
// own profile, in the app's private data folder (it holds the watcher's
// cookies while the window is open), or the system's temporary folder for
// a Browser on a temporary profile. Beside the watcher's profile, one left
// by a run that crashed with its window open is removed here first: only
// one Browser runs on a profile, and it has no window open now.
func (win *Window) windowParent() string {
	if win.opts.ProfileDir == "" {
		return ""
	}
	parent := filepath.Dir(filepath.Clean(win.opts.ProfileDir))
	_ = os.MkdirAll(parent, 0o700) // else MkdirTemp says what is wrong
	old, _ := filepath.Glob(filepath.Join(parent, windowPrefix+"*"))
	for _, dir := range old {
		chrome.KillLeftovers(dir)
		_ = os.RemoveAll(dir)
	}
	return parent
}

// closeWindow stops the window's Chrome, if still running, and removes its
// profile.
func (win *Window) closeWindow(s *session) {
	win.mu.Lock()
	if win.shown == s {
		win.shown = nil
	}
	win.mu.Unlock()
	s.run.Stop()
	if err := os.RemoveAll(s.dir); err != nil {
		// A process of it may have written one more file on its way out.
		time.Sleep(200 * time.Millisecond)
		if err := os.RemoveAll(s.dir); err != nil {
			win.opts.Log.Warn("the window's profile stays behind", "dir", s.dir, "err", err)
		}
	}
}

// navigate shows what to do in the window's first tab, the one Chrome
// opened with it (guide.go), and opens pageURL in a second tab in front of
// it; it does not wait for the site: the window is the user's from then
// on. A slow site (its first answer later than any call timeout) keeps
// loading in front of the user, and the user may close the window before
// it has. The calls' result comes on the channel, only to be logged.
func (s *session) navigate(pageURL string) <-chan error {
	done := make(chan error, 1)
	go func() {
		// Bound by the window's Chrome only: the calls end when the page
		// commits or the tab is made, or when the tab or Chrome is gone.
		_, err := chromedp.Call(s.run.Ctx, page.Navigate, page.NavigateParams{URL: guidePage(pageURL)})
		if err == nil {
			_, err = chromedp.CallBrowser(s.run.Ctx, target.CreateTarget, target.CreateTargetParams{URL: pageURL})
		}
		done <- err
	}()
	return done
}

// wait returns when the user has closed the window, or ctx ends. It keeps
// the window's cookies as they change, and reads them once more at the
// end if Chrome is still there.
func (s *session) wait(ctx context.Context, nav <-chan error, log *slog.Logger) error {
	tick := time.NewTicker(windowPoll)
	defer tick.Stop()
	for {
		select {
		case <-s.run.Ctx.Done():
			return nil // the user quit Chrome (or Close ended it)
		case <-ctx.Done():
			s.readCookies()
			return ctx.Err()
		case err := <-nav:
			nav = nil
			if err != nil && s.open() {
				log.Warn("the window's first page did not open", "err", err)
			}
		case <-tick.C:
		}
		if !s.open() {
			s.readCookies()
			return nil
		}
		s.readCookies()
	}
}

// readCookies keeps the window's cookies, if Chrome answers.
func (s *session) readCookies() {
	if s.run.Ctx.Err() != nil {
		return
	}
	if c, err := s.run.Cookies(s.run.Ctx); err == nil {
		s.cookies = c
	}
}

// open reports whether a page of the window is still open. Chrome on macOS
// (and here, with --keep-alive-for-test) stays running with none. A Chrome
// that does not answer counts as open while it runs.
func (s *session) open() bool {
	if s.run.Ctx.Err() != nil {
		return false
	}
	cctx, cancel := context.WithTimeout(s.run.Ctx, callTimeout)
	targets, err := chromedp.Targets(cctx)
	cancel()
	if err != nil {
		return s.run.Ctx.Err() == nil
	}
	for _, t := range targets {
		if t.Type == "page" {
			return true
		}
	}
	return false
}
