package pages

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/chromedp"

	"rentwatch/blocks"
	"rentwatch/pages/chrome"
	"rentwatch/pages/read"
)

// Defaults for BrowserOptions left at zero.
const (
	DefaultPageTimeout   = 45 * time.Second
	DefaultChallengeWait = 20 * time.Second
)

// BrowserOptions configure a Browser. The zero value finds Chrome on the
// system, uses a temporary profile and the default timeouts.
type BrowserOptions struct {
	// Chrome is the browser binary; "" means chrome.Find("").
	Chrome string
	// ProfileDir is Chrome's user data dir, created 0700 when missing. It
	// keeps cookies (a cf_clearance earned in the window of a check by
	// hand, package byhand) from one run to the next. "" means a temporary profile, removed by Close.
	ProfileDir string
	// PageTimeout bounds loading and settling one page; 0 means 45s.
	PageTimeout time.Duration
	// ChallengeWait is how long a challenge page is given to clear by
	// itself, on top of PageTimeout; 0 means 20s, negative means no wait.
	ChallengeWait time.Duration
	// ExtraFlags are more Chrome switches, "--name" or "--name=value".
	ExtraFlags []string
	// Log gets what the Browser notes on the way, at debug level (a page's
	// dialogs it dismissed); nil means no log.
	Log *slog.Logger
}

// Result is one page as the browser saw it, classified and read.
type Result struct {
	URL          string      // final URL, after redirects
	Status       int         // of the main document; 0 when unknown
	Header       http.Header // of the main document
	Verdict      blocks.Verdict
	read.Reading // the listings found (Site, Listings, Expected)
	// Waited is the time spent waiting for a challenge to clear by itself.
	Waited time.Duration
	Took   time.Duration // the whole Load
	Phases Phases        // where Took went
	// SoftBlock is a clean-looking page on a portal that always shows
	// listings, or whose data holds listings none could read (Unread),
	// with none on it: a soft block or a changed layout (blocks.SoftBlock,
	// the rule the engine also judges a search's history by).
	SoftBlock bool
	// Early is true when the page was read from its HTML as the server sent
	// it, as soon as that had arrived, before DOMContentLoaded: a clean 2xx
	// page with listings in it (see browser_early.go). Phases.Body is then
	// the wait for the body, and DOMReady and Settle are zero.
	Early bool
	// Lists are every list on the page, whole (read.Lists), when the Load
	// was asked for them (Ask.Lists); nil otherwise.
	Lists []read.Candidate
	// PickLost: the Load was asked to read a picked list (Ask.Pick), and
	// the page is clean but holds no list with that key any more, as after
	// a new layout. SoftBlock is set too; the listings are the readers'.
	PickLost bool
}

// Browser loads pages in one long-lived headless Chrome, in warm tabs kept
// and reused from page to page (browser_tabs.go). Chrome starts at the first Load, and again at the next Load after
// it crashed or was killed. It is safe for concurrent use; each Load has its
// own tab and deadline. Call Close when done.
type Browser struct {
	opts BrowserOptions
	// tune is zero in the app; tests and benchmarks set it (tuning.go).
	tune tuning

	// use is held shared by every Load and exclusively by a restart, so a
	// restart never pulls Chrome away from a Load.
	use sync.RWMutex
	// restarting is set while a restart or a Release holds (or tries
	// for) use: Loads wait for it instead of failing.
	restarting atomic.Bool

	// mu guards the fields below.
	mu     sync.Mutex
	closed bool
	run    *chromeRun // the headless Chrome, nil when none runs
	tmpDir string     // a temporary profile we made, removed by Close
	// releaseDue says a Release waits for the Loads in flight
	// (browser_release.go).
	releaseDue bool
}

// chromeRun is one headless Chrome process and what we learned from it.
type chromeRun struct {
	// proc is the Chrome; its Product and UserAgent are what it says it
	// is (without --user-agent when it was started to learn that).
	proc *chrome.Process
	ctx  context.Context // proc.Ctx: the browser's chromedp context; done when Chrome is gone
	// id is what the headless Chrome's tabs say they are (browser_identity.go).
	id identity
	// closing counts the tabs being made, closed or made ready again in
	// the background.
	closing atomic.Int32
	// warm are the tabs kept for the next Loads (browser_tabs.go).
	warm warmTabs
	// docs hands the main documents' responses to their Loads.
	docs docWaits
	// hand are the frames of a check by hand's tab (browser_hand.go).
	hand  handFrames
	pages int // Loads served; guarded by Browser.mu
}

// NewBrowser returns a Browser; it starts nothing yet.
func NewBrowser(opts BrowserOptions) *Browser {
	if opts.PageTimeout <= 0 {
		opts.PageTimeout = DefaultPageTimeout
	}
	switch {
	case opts.ChallengeWait == 0:
		opts.ChallengeWait = DefaultChallengeWait
	case opts.ChallengeWait < 0:
		opts.ChallengeWait = 0
	}
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	return &Browser{opts: opts}
}

// Load opens pageURL in a warm tab (browser_tabs.go) or a new one. A clean
// page whose HTML as sent holds listings is read as soon as that HTML has
// arrived (Result.Early). Any other page it waits
// for its DOMContentLoaded and for it to settle, waits out a challenge for
// up to ChallengeWait, classifies and reads it, and gives the tab back (or
// closes it) in the background. Result.Phases says where the time went. A wall is a Result with its Verdict, not an error; the error is
// non-nil only for a bad URL, the network, a timeout or the browser, and is
// then a *LoadError.
func (b *Browser) Load(ctx context.Context, pageURL string) (Result, error) {
	start := time.Now()
	if err := checkWebURL(pageURL); err != nil {
		return Result{URL: pageURL}, &LoadError{URL: pageURL, Cause: ErrBadURL, Err: err}
	}
	b.wantChrome()
	if err := b.share(ctx); err != nil {
		return Result{URL: pageURL}, &LoadError{URL: pageURL, Cause: err}
	}
	res, run, err := b.loadShared(ctx, pageURL, start)
	if len(res.Dropped) > 0 {
		slog.Debug("listing links dropped", "page", res.URL, "dropped", res.Dropped)
	}
	b.use.RUnlock()
	if run != nil {
		b.pageDone(run)
	}
	return res, err
}

// loadShared is Load once it holds b.use shared; run is the Chrome that
// served it, nil when none could.
func (b *Browser) loadShared(ctx context.Context, pageURL string, start time.Time) (Result, *chromeRun, error) {
	run, err := b.running(ctx)
	if err != nil {
		return Result{URL: pageURL}, nil, &LoadError{URL: pageURL, Cause: b.startCause(err), Err: err}
	}
	t, err := b.takeTab(run)
	tookTab := time.Since(start)
	if err != nil {
		return Result{URL: pageURL, Took: tookTab}, nil, b.explain(ctx, run, pageURL, err)
	}
	res, blank, err := (&pageLoad{b: b, run: run, t: t, url: pageURL}).do(ctx)
	b.doneWithTab(run, t, pageURL, err, blank)
	res.Phases.Tab = tookTab
	res.Took = time.Since(start)
	if err != nil {
		return res, run, b.explain(ctx, run, pageURL, err)
	}
	return res, run, nil
}

// busyCause says why Load could not share the browser.
func (b *Browser) busyCause() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return ErrClosed
	}
	return ErrVisible
}

func (b *Browser) startCause(err error) error {
	if errors.Is(err, ErrClosed) {
		return ErrClosed
	}
	return ErrBrowser
}

// explain turns what went wrong in a tab into a LoadError with its cause.
func (b *Browser) explain(ctx context.Context, run *chromeRun, pageURL string, err error) error {
	if !errors.Is(err, chromedp.ErrPageLoad) {
		// A dead Chrome fails calls a moment before chromedp cancels its
		// context: give it that moment, so a crash is called a crash.
		select {
		case <-run.ctx.Done():
		case <-time.After(300 * time.Millisecond):
		}
	}
	b.mu.Lock()
	closed := b.closed
	b.mu.Unlock()
	cause := ErrBrowser
	switch {
	case closed:
		cause = ErrClosed
	case run.ctx.Err() != nil:
		err = fmt.Errorf("chrome (pid %d) exited: %w", run.proc.PID, err)
	case errors.Is(err, errTabCrashed):
	case ctx.Err() != nil:
		cause = ctx.Err()
		if errors.Is(cause, context.DeadlineExceeded) {
			cause = ErrTimeout
		}
	case errors.Is(err, chromedp.ErrPageLoad):
		cause = ErrNetwork
	case errors.Is(err, context.DeadlineExceeded):
		cause = ErrTimeout
	}
	return &LoadError{URL: pageURL, Cause: cause, Err: err}
}

// CheckURL accepts absolute http and https URLs with a host; for any other
// it returns an error wrapping ErrBadURL.
func CheckURL(raw string) error {
	if err := checkWebURL(raw); err != nil {
		return fmt.Errorf("%w: %v", ErrBadURL, err)
	}
	return nil
}

// checkWebURL accepts absolute http and https URLs with a host.
func checkWebURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("scheme %q", u.Scheme)
	}
	if u.Host == "" {
		return errors.New("no host")
	}
	return nil
}

// running returns the live headless Chrome, starting it (again) if needed.
func (b *Browser) running(ctx context.Context) (*chromeRun, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return nil, ErrClosed
	}
	if b.run != nil && b.run.ctx.Err() == nil {
		return b.run, nil
	}
	if b.run != nil { // crashed or killed: clear up what is left of it
		b.stopLocked()
	}
	run, err := b.start(ctx)
	if err != nil {
		return nil, err
	}
	b.run = run
	return run, nil
}

// profileLocked returns the profile folder, creating it 0700 if needed.
func (b *Browser) profileLocked() (string, error) {
	dir := b.opts.ProfileDir
	if dir == "" {
		if b.tmpDir == "" {
			tmp, err := os.MkdirTemp("", "rentwatch-profile-")
			if err != nil {
				return "", err
			}
			b.tmpDir = tmp
		}
		dir = b.tmpDir
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("browser profile: %w", err)
	}
	return dir, nil
}

// stopLocked stops the headless Chrome if one runs; the caller holds b.mu.
func (b *Browser) stopLocked() {
	if b.run == nil {
		return
	}
	b.run.stop()
	b.run = nil
}

// Close ends Chrome and its process tree, and removes a temporary profile.
// Loads in flight fail with ErrClosed; later ones too.
func (b *Browser) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	b.stopLocked()
	if b.tmpDir != "" {
		err := os.RemoveAll(b.tmpDir)
		b.tmpDir = ""
		return err
	}
	return nil
}
