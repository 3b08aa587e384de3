package byhand

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/jpeg"
	"log/slog"
	"net/url"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"rentwatch/pages"
	"rentwatch/pages/read"
)

// A Screen is a check by hand passed from any browser (a phone, a laptop
// away from home): a tab of the watcher's own headless Chrome on the
// search's site, shown in the window's page as a live picture (frames of
// DevTools' screencast) and driven by the user's clicks, taps, scrolling
// and typing, sent back to the tab as input events. The cookies the user
// earns there are the watcher's at once: same Chrome, profile and address.
//
// The tab is for the site and its check only, never a browser for the
// rest of the web from the watcher's address: there is no address bar, a
// navigation of the page off the site's family (read.SiteOf) is refused
// before it leaves Chrome (the tab's own Fetch interception), one that got
// through some other way (a data: or blob: page, which asks the network
// nothing) is sent back to the search's page, and the pages it opens in a
// new window are closed (package pages closes them for every tab).

// Frame is one picture of the tab.
type Frame struct {
	Seq  int64  // 1 for the first frame, one more for each next
	JPEG []byte // the picture
	View Viewport
}

// Viewport is how a frame's picture maps onto the tab: the tab's viewport
// in CSS pixels, drawn as a picture of ImageWidth by ImageHeight pixels.
type Viewport struct {
	Width, Height           float64 // the tab's viewport, CSS pixels
	OffsetTop               float64 // a strip at the top of the picture above the page (DIP)
	ImageWidth, ImageHeight int     // the picture's pixels
}

// Point maps a point the user touched on the picture as shown, (x, y) in
// a box of shownW by shownH (any unit: the shown picture may be scaled to
// a phone's width), to the tab's viewport, in CSS pixels. ok is false for
// a point outside the picture, or with nothing shown yet.
func (v Viewport) Point(x, y, shownW, shownH float64) (vx, vy float64, ok bool) {
	if shownW <= 0 || shownH <= 0 || v.Width <= 0 || v.Height <= 0 {
		return 0, 0, false
	}
	if x < 0 || y < 0 || x > shownW || y > shownH {
		return 0, 0, false
	}
	vx = x / shownW * v.Width
	vy = y/shownH*(v.Height+v.OffsetTop) - v.OffsetTop
	if vy < 0 {
		return 0, 0, false // on the strip above the page
	}
	return vx, vy, true
}

// OnSite reports whether the tab may go to pageURL from the search at
// siteURL: an http or https address of the same site family (read.SiteOf:
// www.funda.nl and login.funda.nl are funda.nl's; a port does not count).
func OnSite(siteURL, pageURL string) bool {
	s, err1 := url.Parse(siteURL)
	p, err2 := url.Parse(pageURL)
	if err1 != nil || err2 != nil || s.Hostname() == "" || p.Hostname() == "" {
		return false
	}
	if p.Scheme != "http" && p.Scheme != "https" {
		return false
	}
	return read.SiteOf(s.Hostname()) == read.SiteOf(p.Hostname())
}

// Screen is one open check by hand through the window. It is safe for
// concurrent use. Close it when done.
type Screen struct {
	// SearchURL is the search whose site the tab shows.
	SearchURL string
	tab       *pages.HandTab
	log       *slog.Logger
	done      chan struct{}
	closeOnce sync.Once

	// mu guards the fields below.
	mu      sync.Mutex
	frame   Frame
	fresh   chan struct{} // closed when a new frame comes (then replaced)
	touched time.Time     // the user's last input, or the opening
	refused []string      // the addresses it kept the tab from, newest last
}

// screenQuality is the frames' JPEG quality: the text of a check must be
// readable on a phone; 60 keeps a frame of a desktop page at about 60 KB.
const screenQuality = 60

// OpenScreen opens a tab of the watcher's Chrome on searchURL and starts
// its screencast. The tab is the user's until Close.
func OpenScreen(ctx context.Context, watcher *pages.Browser, searchURL string, log *slog.Logger) (*Screen, error) {
	if err := pages.CheckURL(searchURL); err != nil {
		return nil, fmt.Errorf("open %s: %w", searchURL, err)
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	tab, err := watcher.OpenHandTab(ctx)
	if err != nil {
		return nil, fmt.Errorf("a tab for the check by hand: %w", err)
	}
	s := &Screen{SearchURL: searchURL, tab: tab, log: log, done: make(chan struct{}),
		fresh: make(chan struct{}), touched: time.Now()}
	if err := s.start(ctx); err != nil {
		tab.Close()
		return nil, err
	}
	return s, nil
}

// start listens to the tab, guards its navigations, starts the screencast
// and sends it to the search's page.
func (s *Screen) start(ctx context.Context) error {
	if err := chromedp.Listen(s.tab.Ctx, s.listen); err != nil {
		return err
	}
	cctx, cancel := context.WithTimeout(s.tab.Ctx, callTimeout)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	// The tab's own interception, beside the browser's (which blocks
	// what a Load must not fetch): every document the tab asks for, its
	// frames' too, before the request leaves.
	if _, err := chromedp.Call(cctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{
		{URLPattern: "*", ResourceType: network.ResourceTypeDocument, RequestStage: fetch.RequestStageRequest}}}); err != nil {
		return fmt.Errorf("guard the tab: %w", err)
	}
	if _, err := chromedp.Call(cctx, page.BringToFront, cdp.Empty{}); err != nil {
		return fmt.Errorf("show the tab: %w", err)
	}
	quality := int64(screenQuality)
	if _, err := chromedp.Call(cctx, page.StartScreencast, page.StartScreencastParams{
		Format: page.StartScreencastFormatJpeg, Quality: &quality, EveryNthFrame: 1}); err != nil {
		return fmt.Errorf("start the picture of the tab: %w", err)
	}
	go s.navigate(s.SearchURL)
	return nil
}

// listen runs on the tab's event loop: it must not call the tab, so every
// answer goes on a goroutine of its own.
func (s *Screen) listen(ev any) {
	switch ev := ev.(type) {
	case *page.EventScreencastFrame:
		s.keep(ev)
		go call(s, page.ScreencastFrameAck, page.ScreencastFrameAckParams{SessionID: ev.SessionID})
	case *fetch.EventRequestPaused:
		go s.guard(ev)
	case *page.EventFrameNavigated:
		f := ev.Frame
		if f != nil && f.ParentID == "" && f.URL != "about:blank" && !OnSite(s.SearchURL, f.URL) {
			// Only a page that asked the network nothing (data:, blob:)
			// gets here: the Fetch guard stopped the rest.
			s.noteRefused(f.URL)
			go s.navigate(s.SearchURL)
		}
	}
}

// keep makes ev the frame shown.
func (s *Screen) keep(ev *page.EventScreencastFrame) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := Frame{Seq: s.frame.Seq + 1, JPEG: ev.Data}
	if m := ev.Metadata; m != nil {
		f.View = Viewport{Width: m.DeviceWidth, Height: m.DeviceHeight, OffsetTop: m.OffsetTop}
	}
	f.View.ImageWidth, f.View.ImageHeight = jpegSize(ev.Data)
	s.frame = f
	close(s.fresh)
	s.fresh = make(chan struct{})
}

// guard lets a document request of the tab go when it is for the site,
// and refuses it otherwise. Frames inside the page (a captcha's, served
// from its vendor) go anywhere: they cannot be steered to an address of
// the user's choosing, and a check often needs one.
func (s *Screen) guard(ev *fetch.EventRequestPaused) {
	mainFrame := ev.FrameID == "" || cdp.FrameID(s.targetID()) == ev.FrameID
	if ev.Request != nil && mainFrame && !OnSite(s.SearchURL, ev.Request.URL) {
		s.noteRefused(ev.Request.URL)
		// Aborted, as a click the page itself cancelled: the tab stays on
		// its page (any other reason shows Chrome's error page instead).
		call(s, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonAborted})
		return
	}
	call(s, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
}

func (s *Screen) targetID() string {
	if c := chromedp.FromContext(s.tab.Ctx); c != nil && c.Target != nil {
		return string(c.Target.TargetID)
	}
	return ""
}

func (s *Screen) noteRefused(u string) {
	s.log.Info("the check by hand's tab was kept on the site", "refused", u, "search", s.SearchURL)
	s.mu.Lock()
	s.refused = append(s.refused, u)
	s.mu.Unlock()
}

// Refused is every address the tab was kept from, oldest first.
func (s *Screen) Refused() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.refused...)
}

// navigate sends the tab to u and does not wait for the page: the user
// watches it load.
func (s *Screen) navigate(u string) {
	ctx, cancel := context.WithTimeout(s.tab.Ctx, pages.DefaultPageTimeout)
	defer cancel()
	if _, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: u}); err != nil && s.tab.Ctx.Err() == nil {
		s.log.Warn("the check by hand's page did not open", "url", u, "err", err)
	}
}

// call runs one command on the tab, bounded, for its effect only: the
// tab may be gone by then, and nothing waits for the answer.
func call[P, R any](s *Screen, cmd cdp.Command[P, R], p P) {
	ctx, cancel := context.WithTimeout(s.tab.Ctx, callTimeout)
	defer cancel()
	if _, err := chromedp.Call(ctx, cmd, p); err != nil && s.tab.Ctx.Err() == nil {
		s.log.Debug("check by hand: a call to the tab failed", "method", cmd.Method, "err", err)
	}
}

// jpegSize is the pixel size of a JPEG picture; zero when it is none.
func jpegSize(b []byte) (w, h int) {
	c, err := jpeg.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return 0, 0
	}
	return c.Width, c.Height
}

// ErrScreenClosed is what a Screen answers once it is closed.
var ErrScreenClosed = errors.New("the check by hand is over")

// Frame returns the newest frame once it is newer than after (0: any),
// waiting for one until ctx ends (then it returns ctx's error) or the
// Screen closes (ErrScreenClosed).
func (s *Screen) Frame(ctx context.Context, after int64) (Frame, error) {
	for {
		if s.closed() {
			return Frame{}, ErrScreenClosed
		}
		s.mu.Lock()
		f, fresh := s.frame, s.fresh
		s.mu.Unlock()
		if f.Seq > after {
			return f, nil
		}
		select {
		case <-fresh:
		case <-s.done:
			return Frame{}, ErrScreenClosed
		case <-s.tab.Ctx.Done():
			return Frame{}, ErrScreenClosed
		case <-ctx.Done():
			return Frame{}, ctx.Err()
		}
	}
}

// closed reports whether the Screen is over: Done, or its tab gone.
func (s *Screen) closed() bool {
	select {
	case <-s.done:
		return true
	default:
		return s.tab.Ctx.Err() != nil
	}
}

// Done ends the check by hand: the tab closes (Wait returns).
func (s *Screen) Done() { s.closeOnce.Do(func() { close(s.done) }) }

// Wait returns when the user pressed Done, or left the tab idle (no
// input) for idle, or the tab or Chrome went, or ctx ends; then it closes
// the tab.
func (s *Screen) Wait(ctx context.Context, idle time.Duration) error {
	defer s.Close()
	for {
		s.mu.Lock()
		left := time.Until(s.touched.Add(idle))
		s.mu.Unlock()
		if left <= 0 {
			s.log.Info("the check by hand was left idle: closing it", "search", s.SearchURL)
			return nil
		}
		t := time.NewTimer(left)
		select {
		case <-s.done:
			t.Stop()
			return nil
		case <-s.tab.Ctx.Done():
			t.Stop()
			return errors.New("the tab of the check by hand closed by itself")
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// Close ends the screencast and closes the tab.
func (s *Screen) Close() {
	s.Done()
	s.tab.Close()
}
