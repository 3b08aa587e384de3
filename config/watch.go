package config

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"os"
	"reflect"
	"time"
)

// DefaultWatchEvery is how often Watch looks at the file when every <= 0.
const DefaultWatchEvery = time.Second

// Watch looks at the settings file, every `every` (DefaultWatchEvery when
// <= 0) or when the OS says it changed (see below), until ctx is done, and
// calls onChange from its own goroutine: once at the start with the file
// as it is then, and again whenever the content changes; with the
// settings when they are good, or with the error (an *Error naming lines
// and fields) when they are not. It blocks; run it in a goroutine. The
// first call closes the gap between a caller's own Load and Watch
// starting, so an edit made in between is never missed.
//
// A bad edit is reported once per distinct bad content; the caller keeps
// the last good settings in force. Fixing it is reported again, even when
// the fix restores the very settings in force. An edit that changes only
// comments or spacing, leaving the settings equal, is not reported.
//
// On Linux the kernel says when the file's folder changes (inotify, from
// the standard library: no dependency), and the file is read only then:
// a timer every second would wake the app several times a second between
// cycles for nothing. Watching the folder, not the file, copes with every
// way an editor saves: in place, or by writing a new file and renaming it
// over the old one (a watch on the file would follow the old inode). A
// look once a minute catches what the kernel cannot see (a network share
// edited elsewhere). Elsewhere, and where inotify is not to be had, Watch
// polls every `every`: reading and hashing a file of a few kilobytes costs
// microseconds (BenchmarkWatchPoll). Either way the same rules decide: a
// change is acted on only once two reads in a row, `every` apart, see the
// same bytes, so an editor caught half-way through writing in place is not
// reported as a bad edit.
// A file that is missing, or empty, for a second (and at least two polls) is
// reported once (missing: wrapping fs.ErrNotExist); a rename-save's gap, or
// an in-place save caught between truncating and writing, is not. An empty
// file is never taken as "all defaults": that would drop every search
// because an editor was slow.
func Watch(ctx context.Context, path string, every time.Duration, onChange func(Settings, error)) {
	if every <= 0 {
		every = DefaultWatchEvery
	}
	w := &watcher{path: path, onChange: onChange, missAfter: max(2, int(time.Second/every))}
	changes := fileChanges(ctx, path) // before the first read: no edit falls between
	w.first()
	if changes != nil {
		w.follow(ctx, changes, every)
		if ctx.Err() != nil {
			return
		}
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			w.poll()
		}
	}
}

// lookAnyway is how often Watch reads the file when the kernel reports
// changes but has said nothing: a change it cannot see (a file on a
// network share edited from another machine, a symlink pointed elsewhere)
// is still picked up within a minute.
const lookAnyway = time.Minute

// follow reads the file when the kernel says it may have changed, then
// every `every` while what it read has not settled (the polling rules
// below hold as they are: two reads in a row, `every` apart, must agree),
// and otherwise once every lookAnyway. Between edits nothing wakes: a
// timer firing every second costs a tray app several thread wakeups a
// second (docs/BENCHMARKS.md, "Idle"). It returns when ctx is done or when
// the kernel stops reporting (the folder went away); Watch then polls.
func (w *watcher) follow(ctx context.Context, changes <-chan struct{}, every time.Duration) {
	t := time.NewTimer(lookAnyway)
	defer t.Stop()
	soon := false // t is set to `every`: a read is due shortly and will see the change
	for {
		select {
		case <-ctx.Done():
			return
		case _, ok := <-changes:
			if !ok {
				return
			}
			if soon {
				continue
			}
		case <-t.C:
		}
		w.poll()
		soon = w.settling()
		if soon {
			t.Reset(every)
		} else {
			t.Reset(lookAnyway)
		}
	}
}

// settling says whether the last read left something to confirm: content
// seen once, or a missing (or empty) file not yet reported.
func (w *watcher) settling() bool {
	return w.pending != nil || w.missing > 0 && w.missing < max(w.missAfter, 2)
}

// watcher is Watch's state; only Watch's goroutine touches it.
type watcher struct {
	path     string
	onChange func(Settings, error)

	known   [32]byte // hash of the content last judged
	pending []byte   // content seen once that differs from known, waiting to settle
	missing int      // polls in a row the file was not there, or empty
	// missAfter is how many such polls in a row are reported (0: 2).
	missAfter int
	good      Settings // the settings last reported (or started with) as good
	lastGood  bool     // the last judgement was good (a fix after a bad edit is always reported)
	polls     int      // reads of the file after the first (for tests)
}

// first reports the file as Watch finds it, without waiting for it to settle.
func (w *watcher) first() {
	data, err := os.ReadFile(w.path)
	if err != nil {
		w.missing = max(w.missAfter, 2) // reported now; not again until it has come back
		w.onChange(Settings{}, err)
		return
	}
	w.judge(data)
}

func (w *watcher) poll() {
	w.polls++
	data, err := os.ReadFile(w.path)
	if err == nil && len(data) == 0 {
		err = errEmpty
	}
	if err != nil {
		w.pending = nil
		w.missing++
		if w.missing == max(w.missAfter, 2) { // once
			w.known = [32]byte{} // when it comes back, judge it afresh
			w.lastGood = false
			w.onChange(Settings{}, err)
		}
		return
	}
	w.missing = 0
	sum := hashOf(data)
	if sum == w.known {
		w.pending = nil
		return
	}
	if w.pending == nil || !bytes.Equal(w.pending, data) {
		w.pending = data // not settled yet: look again next poll
		return
	}
	w.pending = nil
	w.judge(data)
}

// judge loads settled content and reports it if it changed anything.
func (w *watcher) judge(data []byte) {
	w.known = hashOf(data)
	s, err := load(w.path, data)
	if err != nil {
		w.lastGood = false
		w.onChange(Settings{}, err)
		return
	}
	if w.lastGood && reflect.DeepEqual(s, w.good) {
		return
	}
	w.good, w.lastGood = s, true
	w.onChange(s, nil)
}

// errEmpty is reported for a settings file that stays empty.
var errEmpty = errors.New("the settings file is empty; the last good settings stay in force")

func hashOf(data []byte) [32]byte { return sha256.Sum256(data) }
