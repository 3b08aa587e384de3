package chrome

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

const (
	// StartTimeout bounds launching Chrome and its first answer.
	StartTimeout = 30 * time.Second
	// stopTimeout bounds a graceful close before Chrome is killed.
	stopTimeout = 5 * time.Second
	// callTimeout bounds one protocol call that should answer at once.
	callTimeout = 10 * time.Second
)

// ErrNoDisplay is Start's answer for a visible Chrome where no window can
// be shown (Linux without DISPLAY or WAYLAND_DISPLAY).
var ErrNoDisplay = errors.New("no display for a visible browser window")

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
	// WindowWidth and WindowHeight are the size of a headless tab's
	// window, maximised on that screen; a new tab's window must be given
	// it again (each tab is a window of its own in headless Chrome).
	WindowWidth, WindowHeight = screenWidth, screenHeight - taskbarHeight
)

// Options say how one Chrome is started.
type Options struct {
	Path    string // the browser binary (Find)
	Profile string // its user data dir
	// Visible opens a window on the user's screen; otherwise Chrome runs
	// headless.
	Visible bool
	// UserAgent, for a headless Chrome, replaces its "HeadlessChrome" user
	// agent for every request it makes; "" leaves Chrome's own.
	UserAgent string
	// ExtraFlags are more Chrome switches, "--name" or "--name=value".
	ExtraFlags []string
	// FlagsOff are chromedp's default switches to leave out.
	FlagsOff []string
}

// Process is one running Chrome. Its methods are safe for concurrent use.
// Call Stop when done.
type Process struct {
	// Ctx is the browser's chromedp context: tabs are its children, and it
	// is done when Chrome is gone.
	Ctx context.Context
	PID int
	// Product and UserAgent are what Browser.getVersion says (the user
	// agent as Chrome sends it without --user-agent, or with it).
	Product, UserAgent string

	profile   string
	cancel    context.CancelFunc
	allocStop context.CancelFunc
	// stopped makes Stop run once: the check by hand's window and the
	// app's quit may both stop the same Chrome at the same moment, and
	// chromedp's Cancel closes a channel that must be closed once.
	stopped sync.Once
}

// allocatorOptions are Chrome's switches: chromedp's defaults, a closed
// network (nothing phones home, nothing updates itself behind our back), no
// automation banner or navigator.webdriver, an environment without our
// secrets, then the user's extra flags. The headless Chrome also gets a
// desktop's screen and window and, when known, a normal user agent.
// chromedp adds --no-sandbox itself when we run as root.
func allocatorOptions(o Options) []chromedp.ExecAllocatorOption {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(o.Path),
		chromedp.UserDataDir(o.Profile),
		chromedp.NoInheritEnv,
		chromedp.Env(environ()...),
		chromedp.Flag("enable-automation", false),
		chromedp.Flag("disable-blink-features", "AutomationControlled"),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("no-pings", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-sync", true),
		// chromedp lets every page open windows; a person's Chrome does
		// not, and no one would close them.
		chromedp.Flag("disable-popup-blocking", false),
	)
	// chromedp's own list of features to turn off comes first: the flag
	// is one list, and a later one would replace it.
	off := []string{"Translate", "BlinkGenPropertyTrees"}
	if !o.Visible {
		off = strings.Split(headlessOffFeatures, ",")
		// A reused tab leaves each page for about:blank: kept in the
		// back-forward cache, every page would stay in memory for minutes,
		// each in a renderer of its own.
		off = append(off, "BackForwardCache", "ProactivelySwapBrowsingInstance")
		opts = append(opts, chromedp.Flag("screen-info", fmt.Sprintf("{%dx%d workAreaBottom=%d}", screenWidth, screenHeight, taskbarHeight)),
			chromedp.WindowSize(WindowWidth, WindowHeight))
		if o.UserAgent != "" {
			opts = append(opts, chromedp.UserAgent(o.UserAgent))
		}
	}
	for _, f := range o.ExtraFlags {
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
	for _, name := range o.FlagsOff {
		opts = append(opts, chromedp.Flag(name, false))
	}
	if o.Visible {
		// Chrome stays running when the user closes its last window, so
		// that the cookies earned there can still be read.
		opts = append(opts, chromedp.VisibleWindow, chromedp.Flag("keep-alive-for-test", true))
	}
	return opts
}

// Start launches one Chrome and reads its pid and version. ctx bounds the
// start only, never Chrome's life (that is until Stop).
func Start(ctx context.Context, o Options) (*Process, error) {
	allocCtx, allocStop := chromedp.NewExecAllocator(context.Background(), allocatorOptions(o)...)
	bctx, cancel := chromedp.NewContext(allocCtx)
	p := &Process{Ctx: bctx, profile: o.Profile, cancel: cancel, allocStop: allocStop}
	started := make(chan error, 1)
	// The browser's life is bound to the context of its first Do, so that
	// one has no deadline; the wait for it does.
	go func() { started <- chromedp.Do(bctx) }()
	var err error
	pending := started // the first Do, until it has answered
	select {
	case err = <-started:
		pending = nil
	case <-time.After(StartTimeout):
		err = fmt.Errorf("no answer after %v", StartTimeout)
	case <-ctx.Done():
		err = ctx.Err()
	}
	if err == nil {
		err = p.learn()
	}
	if err != nil {
		p.abandon(pending)
		if errors.Is(err, chromedp.ErrNoDisplay) {
			return nil, ErrNoDisplay
		}
		return nil, fmt.Errorf("start %s: %w", o.Path, err)
	}
	return p, nil
}

// learn reads Chrome's pid and version.
func (p *Process) learn() error {
	if c := chromedp.FromContext(p.Ctx); c != nil && c.Browser != nil && c.Browser.Process() != nil {
		p.PID = c.Browser.Process().Pid
	}
	cctx, cancel := context.WithTimeout(p.Ctx, callTimeout)
	defer cancel()
	v, err := chromedp.CallBrowser(cctx, browser.GetVersion, cdp.Empty{})
	if err != nil {
		return fmt.Errorf("browser version: %w", err)
	}
	p.Product, p.UserAgent = v.Product, v.UserAgent
	return nil
}

// abandon ends a Chrome whose start was given up (the app told to quit,
// the Load cancelled, no answer in time, no version): killed at once by
// the allocator's stop, never asked to close. Asking first (Stop) waits
// out stopTimeout twice for a Chrome not yet listening: a Quit while
// Chrome started took 10 s.
//
// pending is the first Do when it has not answered yet: it may be starting
// Chrome still, so the leftovers are looked for once it is over (a Chrome
// started just after the look outlived it).
func (p *Process) abandon(pending <-chan error) {
	p.allocStop()
	if pending != nil {
		select {
		case <-pending:
		case <-time.After(stopTimeout):
		}
	}
	// The context's cancel waits for a Chrome that is gone by now, or for
	// good for one chromedp never heard from: bounded, as in Stop.
	waited := make(chan struct{})
	go func() { p.cancel(); close(waited) }()
	select {
	case <-waited:
	case <-time.After(stopTimeout):
	}
	KillLeftovers(p.profile)
}

// Stop ends this Chrome: gracefully if it answers, killed if not, and then
// whatever of its process tree outlived it on its profile. Calling it
// again, or from two goroutines at once, waits for the one stop.
func (p *Process) Stop() { p.stopped.Do(p.stop) }

func (p *Process) stop() {
	cctx, cancel := context.WithTimeout(p.Ctx, stopTimeout)
	_ = chromedp.Cancel(cctx)
	cancel()
	// p.cancel waits for Chrome to exit. When a start was given up (the
	// Load cancelled, the app told to stop, no answer in time) chromedp
	// may wait for good: for a Chrome never told to close, or for one its
	// allocator lost track of. So the wait is bounded; the allocator's stop
	// and the kill of whatever runs on the profile end Chrome either way,
	// and a wait still pending after that is left to end on its own.
	waited := make(chan struct{})
	go func() { p.cancel(); close(waited) }()
	select {
	case <-waited:
	case <-time.After(stopTimeout):
	}
	p.allocStop()
	KillLeftovers(p.profile)
	select {
	case <-waited:
	case <-time.After(stopTimeout):
	}
}
