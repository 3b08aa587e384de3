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

// Watch looks at the settings file every `every` (DefaultWatchEvery when
// <= 0) until ctx is done, and calls onChange from its own goroutine: once
// at the start with the file as it is then, and again whenever the content
// changes; with the settings when they are good, or with the error (an
// *Error naming lines and fields) when they are not. It blocks; run it in a
// goroutine. The first call closes the gap between a caller's own Load and
// Watch starting, so an edit made in between is never missed.
//
// A bad edit is reported once per distinct bad content; the caller keeps
// the last good settings in force. Fixing it is reported again, even when
// the fix restores the very settings in force. An edit that changes only
// comments or spacing, leaving the settings equal, is not reported.
//
// Why polling and not fsnotify: the file is a few kilobytes, so reading and
// hashing it once a second costs microseconds (BenchmarkWatchPoll), it adds
// no dependency, and it copes with every way an editor saves: in place, or
// by writing a new file and renaming it over the old one (which an inotify
// watch on the file would lose, as it follows the old inode). A change is
// acted on only once two polls in a row read the same bytes, so an editor
// caught half-way through writing in place is not reported as a bad edit.
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
	w.first()
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
