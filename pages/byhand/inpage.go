package byhand

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"rentwatch/pages"
)

// ScreenIdle is how long a check by hand through the window stays open
// with no input from the user: then it closes as if they pressed Done.
// A phone put away must not keep a site unwatched.
const ScreenIdle = 10 * time.Minute

// Screens are the checks by hand through the window, at most one open at a
// time (the engine lends the site to one check by hand at a time). Safe
// for concurrent use.
type Screens struct {
	watcher *pages.Browser
	log     *slog.Logger
	// Idle is ScreenIdle unless a test sets it before the first Run.
	Idle time.Duration

	// mu guards the fields below.
	mu     sync.Mutex
	open   *Screen
	closed bool
}

// NewScreens returns the Screens of watcher, whose tabs they show.
func NewScreens(watcher *pages.Browser, log *slog.Logger) *Screens {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Screens{watcher: watcher, log: log, Idle: ScreenIdle}
}

// Run is the opener the engine calls when the user chose to pass a check
// through the window (engine.Engine.ManualCheckWith): it opens the Screen
// of searchURL and returns when the user pressed Done, left it idle for
// Idle, or ctx ended; the tab is closed by then.
func (ss *Screens) Run(ctx context.Context, searchURL string) error {
	s, err := OpenScreen(ctx, ss.watcher, searchURL, ss.log)
	if err != nil {
		return err
	}
	ss.mu.Lock()
	if ss.closed {
		ss.mu.Unlock()
		s.Close()
		return pages.ErrClosed
	}
	ss.open = s
	ss.mu.Unlock()
	defer func() {
		ss.mu.Lock()
		if ss.open == s {
			ss.open = nil
		}
		ss.mu.Unlock()
	}()
	return s.Wait(ctx, ss.Idle)
}

// Screen is the open Screen of searchURL, nil when none is.
func (ss *Screens) Screen(searchURL string) *Screen {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.open != nil && ss.open.SearchURL == searchURL {
		return ss.open
	}
	return nil
}

// Close closes a Screen still open and refuses later ones.
func (ss *Screens) Close() {
	ss.mu.Lock()
	ss.closed = true
	s := ss.open
	ss.mu.Unlock()
	if s != nil {
		s.Close()
	}
}
