package pages

import (
	"context"
	"encoding/base64"
	"fmt"
	"html"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"rentwatch/words"
)

// windowPoll is how often the open window is looked at: is a page of it
// still open, and what cookies does it hold now. The user may close the
// window a moment after the check passed; the cookies are read once more
// after that, and this read is for a Chrome that quit by itself.
const windowPoll = 500 * time.Millisecond

// window is the Chrome of a check by hand, on a profile of its own.
type window struct {
	run *chromeRun
	dir string // its profile, removed when it closes
	// cookies is the latest read of its cookies, nil before the first.
	cookies []*network.Cookie
}

// openWindow starts the visible Chrome on a new profile. It is started
// with --keep-alive-for-test (allocatorOptions): Chrome then stays running
// when the user closes its last window, so its cookies can still be read.
func (b *Browser) openWindow(ctx context.Context) (*window, error) {
	path, err := FindChrome(b.opts.Chrome)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(b.windowParent(), windowPrefix)
	if err != nil {
		return nil, fmt.Errorf("a profile for the window: %w", err)
	}
	run, err := b.launch(ctx, path, dir, true, identity{})
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	w := &window{run: run, dir: dir}
	b.mu.Lock()
	closed := b.closed
	if !closed {
		b.visibleRun = run // Close ends the window through it
	}
	b.mu.Unlock()
	if closed {
		b.closeWindow(w)
		return nil, ErrClosed
	}
	return w, nil
}

// windowPrefix starts the name of a window's profile folder.
const windowPrefix = "rentwatch-window-"

// windowParent is where a window's profile is made: beside the watcher's
// own profile, in the app's private data folder (it holds the watcher's
// cookies while the window is open), or the system's temporary folder for
// a Browser on a temporary profile. Beside the watcher's profile, one left
// by a run that crashed with its window open is removed here first: only
// one Browser runs on a profile, and it has no window open now.
func (b *Browser) windowParent() string {
	if b.opts.ProfileDir == "" {
		return ""
	}
	parent := filepath.Dir(filepath.Clean(b.opts.ProfileDir))
	_ = os.MkdirAll(parent, 0o700) // else MkdirTemp says what is wrong
	old, _ := filepath.Glob(filepath.Join(parent, windowPrefix+"*"))
	for _, dir := range old {
		killProfileLeftovers(dir)
		_ = os.RemoveAll(dir)
	}
	return parent
}

// closeWindow stops the window's Chrome, if still running, and removes its
// profile.
func (b *Browser) closeWindow(w *window) {
	b.mu.Lock()
	if b.visibleRun == w.run {
		b.visibleRun = nil
	}
	b.mu.Unlock()
	w.run.stop(w.dir)
	if err := os.RemoveAll(w.dir); err != nil {
		// A process of it may have written one more file on its way out.
		time.Sleep(200 * time.Millisecond)
		if err := os.RemoveAll(w.dir); err != nil {
			b.opts.Log.Warn("the window's profile stays behind", "dir", w.dir, "err", err)
		}
	}
}

// The window's size: a normal window most screens show whole, neither
// maximised over the user's work nor Chrome's small default.
const manualWidth, manualHeight = 1200, 900

// size makes the window manualWidth x manualHeight, in the normal state.
// A window manager that will not is not worth failing the check for.
func (w *window) size(log *slog.Logger) {
	ctx, cancel := context.WithTimeout(w.run.ctx, callTimeout)
	defer cancel()
	win, err := chromedp.Call(ctx, browser.GetWindowForTarget, browser.GetWindowForTargetParams{})
	if err == nil && win.Bounds != nil && win.Bounds.WindowState != browser.WindowStateNormal {
		// Sizes go with the normal state only.
		_, err = chromedp.CallBrowser(ctx, browser.SetWindowBounds, browser.SetWindowBoundsParams{WindowID: win.WindowID,
			Bounds: &browser.Bounds{WindowState: browser.WindowStateNormal}})
	}
	if err == nil {
		_, err = chromedp.CallBrowser(ctx, browser.SetWindowBounds, browser.SetWindowBoundsParams{WindowID: win.WindowID,
			Bounds: &browser.Bounds{Width: manualWidth, Height: manualHeight}})
	}
	if err != nil {
		log.Warn("the window keeps the size Chrome gave it", "err", err)
	}
}

// guidePage is the window's first tab: what to do, in rentwatch's words,
// as a page of its own (the site's page is never touched: a wall's script
// would see it).
func guidePage(pageURL string) string {
	site := "the site"
	if u, err := url.Parse(pageURL); err == nil {
		site = words.Site(u.Host)
	}
	title, steps := words.CheckByHand(site)
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>` + html.EscapeString(title) +
		`</title></head><body style="font:18px/1.5 sans-serif;max-width:40em;margin:3em auto;padding:0 1em">` +
		`<h1 style="font-size:1.4em">Check by hand: ` + html.EscapeString(site) + `</h1>`)
	for _, s := range steps {
		b.WriteString("<p>" + html.EscapeString(s) + "</p>")
	}
	b.WriteString("</body></html>")
	return "data:text/html;charset=utf-8;base64," + base64.StdEncoding.EncodeToString([]byte(b.String()))
}

// navigate shows what to do in the window's first tab, the one Chrome
// opened with it, and opens pageURL in a second tab in front of it; it
// does not wait for the site: the window is the user's from then on. A
// slow site (its first answer later than any call timeout) keeps loading
// in front of the user, and the user may close the window before it has.
// The calls' result comes on the channel, only to be logged.
func (w *window) navigate(pageURL string) <-chan error {
	done := make(chan error, 1)
	go func() {
		// Bound by the window's Chrome only: the calls end when the page
		// commits or the tab is made, or when the tab or Chrome is gone.
		_, err := chromedp.Call(w.run.ctx, page.Navigate, page.NavigateParams{URL: guidePage(pageURL)})
		if err == nil {
			_, err = chromedp.CallBrowser(w.run.ctx, target.CreateTarget, target.CreateTargetParams{URL: pageURL})
		}
		done <- err
	}()
	return done
}

// wait returns when the user has closed the window, or ctx ends. It keeps
// the window's cookies as they change, and reads them once more at the
// end if Chrome is still there.
func (w *window) wait(ctx context.Context, nav <-chan error, log *slog.Logger) error {
	tick := time.NewTicker(windowPoll)
	defer tick.Stop()
	for {
		select {
		case <-w.run.ctx.Done():
			return nil // the user quit Chrome (or Close ended it)
		case <-ctx.Done():
			w.readCookies()
			return ctx.Err()
		case err := <-nav:
			nav = nil
			if err != nil && w.open() {
				log.Warn("the window's first page did not open", "err", err)
			}
		case <-tick.C:
		}
		if !w.open() {
			w.readCookies()
			return nil
		}
		w.readCookies()
	}
}

// readCookies keeps the window's cookies, if Chrome answers.
func (w *window) readCookies() {
	if w.run.ctx.Err() != nil {
		return
	}
	if c, err := browserCookies(w.run.ctx); err == nil {
		w.cookies = c
	}
}

// open reports whether a page of the window is still open. Chrome on macOS
// (and here, with --keep-alive-for-test) stays running with none. A Chrome
// that does not answer counts as open while it runs.
func (w *window) open() bool {
	if w.run.ctx.Err() != nil {
		return false
	}
	cctx, cancel := context.WithTimeout(w.run.ctx, callTimeout)
	targets, err := chromedp.Targets(cctx)
	cancel()
	if err != nil {
		return w.run.ctx.Err() == nil
	}
	for _, t := range targets {
		if t.Type == "page" {
			return true
		}
	}
	return false
}
