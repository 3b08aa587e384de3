package pages

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// headlessOffFeatures are the Chrome features the headless browser runs
// without; the flag replaces chromedp's own list, so that comes first. Every
// window Chrome opens (one per tab) loads two omnibox popup WebUIs
// (chrome://omnibox-popup.top-chrome/) in a renderer of their own, which no
// one ever sees headless: measured, that renderer alone burned 600 ms of CPU
// per Load, more than the page (six such targets were listed after three
// Loads).
const headlessOffFeatures = "Translate,BlinkGenPropertyTrees," +
	"WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup"

// The screen and window a page sees in the headless Chrome: a common
// desktop (a 1920x1080 screen with a 40 px taskbar) and a window maximised
// on it. Headless Chrome's own are an 800x600 screen and a 780x580 window
// placed at 20,20, which bot detectors know well.
const (
	screenWidth, screenHeight = 1920, 1080
	taskbarHeight             = 40
	windowWidth, windowHeight = screenWidth, screenHeight - taskbarHeight
)

// allocatorOptions are Chrome's switches: chromedp's defaults, a closed
// network (nothing phones home, nothing updates itself behind our back), no
// automation banner or navigator.webdriver, an environment without our
// secrets, then the user's extra flags. The headless Chrome also gets a
// desktop's screen and window and, when id is known, its normal user agent
// (browser_identity.go). chromedp adds --no-sandbox itself when we run as
// root.
func (b *Browser) allocatorOptions(path, profile string, visible bool, id identity) []chromedp.ExecAllocatorOption {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.UserDataDir(profile),
		chromedp.NoInheritEnv,
		chromedp.Env(chromeEnviron()...),
		chromedp.Flag("enable-automation", false),
		chromedp.Flag("disable-blink-features", "AutomationControlled"),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("no-pings", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-sync", true),
		// chromedp lets every page open windows; a person's Chrome does
		// not, and no one would close them (browser_block.go).
		chromedp.Flag("disable-popup-blocking", false),
	)
	// chromedp's own list of features to turn off comes first: the flag
	// is one list, and a later one would replace it.
	off := []string{"Translate", "BlinkGenPropertyTrees"}
	if !visible {
		off = strings.Split(headlessOffFeatures, ",")
		// A reused tab leaves each page for about:blank: kept in the
		// back-forward cache, every page would stay in memory for minutes,
		// each in a renderer of its own.
		off = append(off, "BackForwardCache", "ProactivelySwapBrowsingInstance")
		opts = append(opts, chromedp.Flag("screen-info", fmt.Sprintf("{%dx%d workAreaBottom=%d}", screenWidth, screenHeight, taskbarHeight)),
			chromedp.WindowSize(windowWidth, windowHeight))
		if id.userAgent != "" {
			opts = append(opts, chromedp.UserAgent(id.userAgent))
		}
	}
	for _, f := range b.opts.ExtraFlags {
		name, value, hasValue := strings.Cut(strings.TrimLeft(f, "-"), "=")
		switch {
		case name == "":
		case name == "disable-features" && hasValue: // adds to ours, not instead
			off = append(off, strings.Split(value, ",")...)
		case hasValue:
			opts = append(opts, chromedp.Flag(name, value))
		default:
			opts = append(opts, chromedp.Flag(name, true))
		}
	}
	opts = append(opts, chromedp.Flag("disable-features", strings.Join(off, ",")))
	for _, name := range b.flagsOff {
		opts = append(opts, chromedp.Flag(name, false))
	}
	if visible {
		// Chrome stays running when the user closes its last window, so
		// that the cookies earned there can still be read (manual.go).
		opts = append(opts, chromedp.VisibleWindow, chromedp.Flag("keep-alive-for-test", true))
	}
	return opts
}

// start launches Chrome on the profile; the caller holds b.mu. The headless
// one says what Chrome says with a window (browser_identity.go), learned
// first if need be, and learned again if Chrome changed since.
func (b *Browser) start(ctx context.Context, visible bool) (*chromeRun, error) {
	path, err := FindChrome(b.opts.Chrome)
	if err != nil {
		return nil, err
	}
	profile, err := b.profileLocked()
	if err != nil {
		return nil, err
	}
	if visible {
		return b.launch(ctx, path, profile, true, identity{})
	}
	var run *chromeRun
	for attempt := 0; ; attempt++ {
		id, err := b.identity(ctx, path, profile)
		if err != nil {
			return nil, fmt.Errorf("start %s: %w", path, err)
		}
		if run, err = b.launch(ctx, path, profile, false, id); err != nil {
			return nil, err
		}
		if run.product == id.product || attempt > 0 {
			run.id = id
			break
		}
		run.stop(profile) // Chrome was updated: learn it again
		forgetIdentity(path, profile)
	}
	if err := blockRequests(run); err != nil {
		run.stop(profile)
		return nil, fmt.Errorf("start %s: block images: %w", path, err)
	}
	closePopups(run)
	run.warm.idle = b.warmFor
	b.warmUp(run)
	return run, nil
}

// launch starts one Chrome and reads its pid and version.
func (b *Browser) launch(ctx context.Context, path, profile string, visible bool, id identity) (*chromeRun, error) {
	allocCtx, allocStop := chromedp.NewExecAllocator(context.Background(), b.allocatorOptions(path, profile, visible, id)...)
	bctx, cancel := chromedp.NewContext(allocCtx)
	run := &chromeRun{ctx: bctx, cancel: cancel, allocStop: allocStop}
	started := make(chan error, 1)
	// The browser's life is bound to the context of its first Do, so that
	// one has no deadline; the wait for it does.
	go func() { started <- chromedp.Do(bctx) }()
	var err error
	select {
	case err = <-started:
	case <-time.After(startTimeout):
		err = fmt.Errorf("no answer after %v", startTimeout)
	case <-ctx.Done():
		err = ctx.Err()
	}
	if err == nil {
		err = run.learn(bctx)
	}
	if err != nil {
		run.abandon(profile)
		if errors.Is(err, chromedp.ErrNoDisplay) {
			return nil, ErrNoDisplay
		}
		return nil, fmt.Errorf("start %s: %w", path, err)
	}
	return run, nil
}

// learn reads Chrome's pid and version.
func (r *chromeRun) learn(bctx context.Context) error {
	if c := chromedp.FromContext(bctx); c != nil && c.Browser != nil && c.Browser.Process() != nil {
		r.pid = c.Browser.Process().Pid
	}
	cctx, cancel := context.WithTimeout(bctx, callTimeout)
	defer cancel()
	v, err := chromedp.CallBrowser(cctx, browser.GetVersion, cdp.Empty{})
	if err != nil {
		return fmt.Errorf("browser version: %w", err)
	}
	r.product, r.headlessUA = v.Product, v.UserAgent
	return nil
}

// abandon ends a Chrome whose start was given up (the app told to quit,
// the Load cancelled, no answer in time, no version): killed at once by
// the allocator's stop, never asked to close. Asking first (stop) waits
// out stopTimeout twice for a Chrome not yet listening, and a Quit while
// Chrome started took 10 s.
func (r *chromeRun) abandon(profile string) {
	r.warm.drop()
	r.allocStop()
	waited := make(chan struct{})
	go func() { r.cancel(); close(waited) }()
	killProfileLeftovers(profile)
	select {
	case <-waited:
	case <-time.After(stopTimeout):
	}
}

// stop ends this Chrome: gracefully if it answers, killed if not, and then
// whatever of its process tree outlived it.
func (r *chromeRun) stop(profile string) {
	r.warm.drop()
	cctx, cancel := context.WithTimeout(r.ctx, stopTimeout)
	_ = chromedp.Cancel(cctx)
	cancel()
	// r.cancel waits for Chrome to exit. When a start was given up (the
	// Load cancelled, the app told to stop, no answer in time) chromedp
	// may wait for good: for a Chrome never told to close, or for one its
	// allocator lost track of. So the wait is bounded; the allocator's stop
	// and the kill of whatever runs on the profile end Chrome either way,
	// and a wait still pending after that is left to end on its own.
	waited := make(chan struct{})
	go func() { r.cancel(); close(waited) }()
	select {
	case <-waited:
	case <-time.After(stopTimeout):
	}
	r.allocStop()
	killProfileLeftovers(profile)
	select {
	case <-waited:
	case <-time.After(stopTimeout):
	}
}
