// Package engine is the monitor: it runs the poll cycle over the user's
// searches, sends every request to a host through that host's lane (one at
// a time, a gap between two), decides when a failure counts against a host,
// sends one probe to a host coming back from a wall, writes a search's
// snapshot only after its alert was delivered, and runs the reply phase
// last. One goroutine (Run) owns all of its state; everything else talks
// to it through commands and reads immutable Snapshots.
package engine

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"rentwatch/config"
	"rentwatch/listing"
	"rentwatch/outbox"
	"rentwatch/pages"
	"rentwatch/reply"
	"rentwatch/seen"
)

// ErrorGrace is how many consecutive hard errors a host may give before it
// is made to wait. One failed load is usually a blip (a renderer crash, a
// dropped wifi connection) and the next cycle recovers, so backing off at
// once would turn a two-second hiccup into minutes of not looking.
const ErrorGrace = 2

// MemoryLimit is the soft memory limit the app runs with
// (runtime/debug.SetMemoryLimit). A tray app lives for weeks beside the
// user's own work: the Go runtime should hand freed memory back promptly
// rather than keep the high-water mark of the busiest cycle. Chrome's
// memory is its own process and not counted.
const MemoryLimit = 28 << 20

// Loader loads one search page and classifies it; *pages.Browser is one.
// A non-nil error is a hard error (network, browser), never a wall.
type Loader interface {
	Load(ctx context.Context, url string) (pages.Result, error)
}

// Store is what the engine needs of seen/; *seen.Store is one.
type Store interface {
	Snapshot(search string) (seen.Snapshot, bool, error)
	Known(ids []string, now time.Time) (map[string]bool, error)
	SaveSnapshot(snap seen.Snapshot, now time.Time) error
	Accept(alerts []listing.Alert, snaps []seen.Snapshot, now time.Time) error
	Pending() ([]listing.Alert, error)
	SetChannels(ids []string) error
	Queue(channel string) ([]listing.Alert, error)
	Sent(channel string, ids []string, now time.Time) (first []string, err error)
	ForgetSearch(search string) error
	// LeftOut records new listings a search's filter left out, with why,
	// for the window's Listings page.
	LeftOut(alerts []listing.Alert, reasons []string) error
	// Delays returns a search's latest times to alert, oldest first (the
	// store adds one at each listing's first delivery).
	Delays(search string) ([]time.Duration, error)
	// QueueReplies, OpenReplies, StartReply and EndReply keep the
	// auto-replies (reply.go): queued durably before their delay, started
	// durably before their request can leave, ended with how it went.
	QueueReplies(rs []seen.Reply, now time.Time) ([]seen.Reply, error)
	OpenReplies() ([]seen.Reply, error)
	StartReply(listingID string, now time.Time) error
	EndReply(listingID string, state seen.ReplyState, why string, now time.Time) error
	// Episodes, SetEpisode and EndEpisode keep each site's episode of
	// needing the user, once told, across a restart (needsyou.go).
	Episodes() (map[string]time.Time, error)
	SetEpisode(host string, since time.Time) error
	EndEpisode(host string) error
	// Room says whether the store can write now: nil, or an error that
	// is seen.ErrDiskFull, saying how much room there is and needs to be.
	// Every write refused for want of room is one too (disk.go).
	Room() error
}

// Outbox is the user's delivery channels; *outbox.Outbox is one. Each
// channel delivers its own queue (deliver.go). Channels is asked before
// every delivery, so new settings take effect at the next send.
type Outbox interface {
	Channels() []outbox.Channel
}

// Notices holds, per channel, what needs the user (a channel stopped for
// good, a site that wants a check by hand) until that channel told it;
// *outbox.Outbox is one. Tell queues a notice on every channel (once per
// Key), Notices and Told are one channel's queue, Withdraw takes a notice
// back from the channels yet to tell it, Forget drops the queues of
// channels no longer in force, and wake (SetWake) is called when a notice
// was told, so delivery runs at once.
type Notices interface {
	Tell(n outbox.Notice)
	Withdraw(key string)
	Notices(channel string) []outbox.Notice
	Told(channel string, keys []string)
	Forget(keep []string)
	SetWake(wake func())
}

// Replier answers a listing for the user (the optional auto-reply);
// *reply.Replier is one. Its page load and its send each go through lane,
// as one request to the listing's host; beforeSend records, durably, that
// the reply may leave, and refuses when it was started before.
type Replier interface {
	Reply(ctx context.Context, a listing.Alert, lane reply.Lane, beforeSend func() error) (reply.Result, error)
}

// Clock is the engine's time: the wall clock, which every deadline is
// kept on, and the monotonic clock, which the computer's timers run on and
// which stands still while it sleeps; where they part, the computer slept
// (wake.go). Tests run the real one inside a testing/synctest bubble,
// where time is virtual, or one whose wall clock jumps.
type Clock interface {
	// Now is the wall clock, without a monotonic reading: deadlines
	// compared with it hold across a sleep.
	Now() time.Time
	// Monotonic is the time since a fixed point on the clock the
	// computer's timers use.
	Monotonic() time.Duration
}

// realClock is the computer's clock; base is the fixed point of
// Monotonic.
type realClock struct{ base time.Time }

func (realClock) Now() time.Time             { return time.Now().Round(0) }
func (c realClock) Monotonic() time.Duration { return time.Since(c.base) }

// Deps is what the engine is built from. Loader, Store and Outbox are
// required; the rest have defaults.
type Deps struct {
	Loader  Loader
	Store   Store
	Outbox  Outbox
	Notices Notices // nil: channel trouble goes only to the log and the tray
	Replier Replier // nil: no auto-replies
	// Manual opens url in a visible browser window for a check by hand and
	// returns when the user has closed it. nil: manual checks are refused.
	Manual func(ctx context.Context, url string) error
	// CheckPage is the address of the window's page where the check by
	// hand of a search can be passed from any browser (the window's
	// /check/{id}); the needs-you notices link to it. nil, or "": they
	// link to the site.
	CheckPage func(searchURL string) string
	// Release lets the browser go (stops Chrome) when the engine will have
	// nothing to send for a while: paused, no search enabled, or every host
	// waiting longer than ReleaseIdle (release.go). It is called on its own
	// goroutine, once per idle stretch, never while a load or a check by
	// hand is under way, and no load begins until it returned. The next
	// Load starts the browser again. nil: the browser is kept.
	Release func()
	Clock   Clock      // nil: the real clock
	Rand    *rand.Rand // nil: seeded from the clock
	// Location is the user's time zone, for the times in the words the
	// engine says (notices, activity) and where its "today" ends
	// (NewToday). nil: the system's.
	Location *time.Location
	Log      *slog.Logger // nil: discard
	// Parallel is how many hosts are checked at once (default 2). Requests
	// to one host never overlap.
	Parallel int
	// GapMin and GapMax bound the random gap between two requests to one
	// host (default 2s to 5s).
	GapMin, GapMax time.Duration
	// ReplyMin and ReplyMax bound the random delay before each auto-reply
	// (default 20s to 90s).
	ReplyMin, ReplyMax time.Duration
	// ChannelRetry is a delivery channel's wait after its failures-th
	// temporary failure in a row (default outbox.RetryIn).
	ChannelRetry func(failures int, retryAfter time.Duration, r float64) time.Duration
}

// Settings is the part of the user's settings the engine runs on.
type Settings struct {
	Interval time.Duration // between cycle starts; jitter is added
	Searches []config.Search
}

// Engine is the monitor. Create it with New, start it with Run; its
// methods are safe to call from any goroutine.
type Engine struct {
	d Deps
	// cmdsMu guards cmds: the commands called and not yet run, in the
	// order they were called. kick (a buffer of one) tells Run there are
	// some; bursts coalesce.
	cmdsMu  sync.Mutex
	cmds    []func()
	kick    chan struct{}
	reports chan report // finished requests, for the engine goroutine
	// fills holds a token for each reply filling in a form (reply.go):
	// as many at once as hosts are checked at once.
	fills   chan struct{}
	stopped chan struct{} // closed when Run returns
	// runCtx is the context Run was given, for commands: they run on
	// Run's goroutine, only while it runs.
	runCtx context.Context
	snap   atomic.Pointer[Snapshot]
	// activity is the ring behind Activity; it has its own lock.
	activity activity

	// subsMu guards subs.
	subsMu sync.Mutex
	subs   map[chan Snapshot]struct{}

	st state // owned by the goroutine running Run
}

// New builds an engine over deps with the given settings.
func New(d Deps, s Settings) *Engine {
	if d.Clock == nil {
		d.Clock = realClock{base: time.Now()}
	}
	if d.Location == nil {
		d.Location = time.Local
	}
	if d.Rand == nil {
		seed := uint64(d.Clock.Now().UnixNano())
		d.Rand = rand.New(rand.NewPCG(seed, seed>>1|1))
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Parallel <= 0 {
		d.Parallel = 2
	}
	if d.GapMax <= 0 {
		d.GapMin, d.GapMax = 2*time.Second, 5*time.Second
	}
	if d.ChannelRetry == nil {
		d.ChannelRetry = outbox.RetryIn
	}
	if d.ReplyMax <= 0 {
		d.ReplyMin, d.ReplyMax = 20*time.Second, 90*time.Second
	}
	e := &Engine{d: d, kick: make(chan struct{}, 1), reports: make(chan report), fills: make(chan struct{}, d.Parallel),
		stopped: make(chan struct{}), runCtx: context.Background(),
		subs: map[chan Snapshot]struct{}{}}
	e.st = newState(s)
	e.st.loc = d.Location
	e.publish()
	return e
}

// Snapshot returns the latest published state.
func (e *Engine) Snapshot() Snapshot { return *e.snap.Load() }

// Subscribe returns a channel that receives each new snapshot. Slow readers
// miss intermediate snapshots but always get the latest one. Call cancel to
// stop receiving.
func (e *Engine) Subscribe() (<-chan Snapshot, func()) {
	ch := make(chan Snapshot, 1)
	ch <- e.Snapshot()
	e.subsMu.Lock()
	e.subs[ch] = struct{}{}
	e.subsMu.Unlock()
	return ch, func() {
		e.subsMu.Lock()
		delete(e.subs, ch)
		e.subsMu.Unlock()
	}
}

// publish builds a snapshot from the live state and hands it to readers.
func (e *Engine) publish() {
	s := e.st.snapshot(e.d.Clock.Now())
	e.snap.Store(&s)
	e.subsMu.Lock()
	defer e.subsMu.Unlock()
	for ch := range e.subs {
		select { // keep only the latest: drop a stale one waiting unread
		case <-ch:
		default:
		}
		ch <- s
	}
}

// do runs f on the engine goroutine, after every command called before
// it: SetSettings then CheckNow checks the new searches. It never blocks
// the caller (the tray calls it from its click loop): f joins a queue that
// Run takes one at a time, in order. Once Run has returned, f is dropped.
func (e *Engine) do(f func()) {
	e.cmdsMu.Lock()
	select {
	case <-e.stopped:
		e.cmdsMu.Unlock()
		return
	default:
	}
	e.cmds = append(e.cmds, f)
	e.cmdsMu.Unlock()
	select {
	case e.kick <- struct{}{}:
	default: // Run has been told already
	}
}

// nextCommand takes the oldest command waiting, nil when none; Run calls
// it when kicked, and kicks itself again while more are waiting.
func (e *Engine) nextCommand() func() {
	e.cmdsMu.Lock()
	defer e.cmdsMu.Unlock()
	if len(e.cmds) == 0 {
		return nil
	}
	f := e.cmds[0]
	e.cmds[0] = nil
	e.cmds = e.cmds[1:]
	if len(e.cmds) > 0 {
		select {
		case e.kick <- struct{}{}:
		default:
		}
	}
	return f
}

// CheckNow starts a cycle at once (or right after the one under way).
func (e *Engine) CheckNow() { e.do(func() { e.st.checkNow = true }) }

// Pause stops checking the search with this URL, or every search when url
// is "" (until Resume).
func (e *Engine) Pause(url string) {
	if url == "" {
		e.PauseUntil(time.Time{})
		return
	}
	e.do(func() { e.st.setPaused(url, true); e.publish() })
}

// PauseUntil stops checking every search until t, then resumes by itself
// (checking at once); zero t: until Resume.
func (e *Engine) PauseUntil(t time.Time) { e.do(func() { e.pauseAll(t) }) }

// Resume undoes Pause and PauseUntil; a resumed app checks at once.
func (e *Engine) Resume(url string) {
	e.do(func() {
		if url == "" {
			e.resumeAll("resumed")
			return
		}
		e.st.setPaused(url, false)
		e.st.checkNow = true
		e.publish()
	})
}

// SetSettings applies edited settings without a restart: searches added,
// edited or removed, a new interval.
func (e *Engine) SetSettings(s Settings) { e.do(func() { e.applySettings(s) }) }

// SetOutbox swaps the delivery after the email settings changed; a
// delivery refused for good is tried again at once with the new settings.
func (e *Engine) SetOutbox(o Outbox) {
	e.do(func() {
		e.d.Outbox = o
		e.outboxChanged()
		e.publish()
	})
}

// SetProblem shows a problem the user must fix (a settings file that did
// not load); "" clears it.
func (e *Engine) SetProblem(p string) {
	e.do(func() { e.st.settingsProblem = p; e.publish() })
}

// SetAwake shows, in words, that the computer is kept from sleeping while
// rentwatch watches ("" when it is not): the tray and the window say it.
func (e *Engine) SetAwake(words string) {
	e.do(func() {
		if e.st.awake != words {
			e.st.awake = words
			e.publish()
		}
	})
}

// ManualCheck opens the search's site in a visible window so the user can
// pass a check by hand. While it is open the watcher sends nothing to that
// host and goes on with the others; when it closes the host's wall is
// forgotten and one probe goes in at once.
func (e *Engine) ManualCheck(url string) { e.do(func() { e.startManual(url, e.d.Manual) }) }

// ManualCheckWith is ManualCheck with open in place of Deps.Manual: the
// check by hand passed from the window's page, in a tab of the watcher's
// own browser (package byhand's Screens). The same rules hold: one check
// by hand at a time, the host gets nothing else until open returns, and
// then one probe goes in at once.
func (e *Engine) ManualCheckWith(url string, open func(ctx context.Context, url string) error) {
	e.do(func() { e.startManual(url, open) })
}
