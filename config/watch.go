package config

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"reflect"
	"time"
)

// defaultWatchEvery is how often the Owner reads the settings file while
// an edit settles (and polls it where the OS does not tell of changes),
// when Options.Every is 0.
const defaultWatchEvery = time.Second

// How the Owner notices edits made to the file by hand (or by another
// rentwatch), in its own goroutine (owner.go runs the loop):
//
// On Linux the kernel says when the file's folder changes (inotify, from
// the standard library: no dependency), and the file is read only then:
// a timer every second would wake the app several times a second between
// cycles for nothing. Watching the folder, not the file, copes with every
// way an editor saves: in place, or by writing a new file and renaming it
// over the old one (a watch on the file would follow the old inode). A
// look once a minute catches what the kernel cannot see (a network share
// edited elsewhere). Elsewhere, and where inotify is not to be had, the
// Owner polls every `every`: reading and hashing a file of a few kilobytes
// costs microseconds (BenchmarkWatchPoll). Either way the same rules
// decide: a change is acted on only once two reads in a row, `every`
// apart, see the same bytes, so an editor caught half-way through writing
// in place is not reported as a bad edit.
// A file that is missing, or empty, for a second (and at least two polls)
// is reported once (missing: wrapping fs.ErrNotExist); a rename-save's gap,
// or an in-place save caught between truncating and writing, is not. An
// empty file is never taken as "all defaults": that would drop every
// search because an editor was slow.
// A bad edit is reported once per distinct bad content; the last good
// settings stay in force. Fixing it is reported again, even when the fix
// restores the very settings in force. An edit that changes only comments
// or spacing, leaving the settings equal, is not reported, and neither is
// the Owner's own save when the watcher reads it back (saved).

// lookAnyway is how often the file is read when the kernel reports
// changes but has said nothing: a change it cannot see (a file on a
// network share edited from another machine, a symlink pointed elsewhere)
// is still picked up within a minute.
const lookAnyway = time.Minute

// settling says whether the last read left something to confirm: content
// seen once, or a missing (or empty) file not yet reported.
func (w *watcher) settling() bool {
	return w.pending != nil || w.missing > 0 && w.missing < max(w.missAfter, 2)
}

// watcher is what the Owner knows of the file on disk; only the Owner's
// goroutine touches it.
type watcher struct {
	path     string
	onChange func(Settings, error)
	// private is shown each content judged before it is judged (nil:
	// nothing), so a file that holds a secret is made private even when
	// it does not load.
	private func(data []byte)

	known   [32]byte // hash of the content last judged
	pending []byte   // content seen once that differs from known, waiting to settle
	missing int      // polls in a row the file was not there, or empty
	// missAfter is how many such polls in a row are reported (0: 2).
	missAfter int
	good      Settings // the settings last reported (or started with) as good
	lastGood  bool     // the last judgement was good (a fix after a bad edit is always reported)
}

// What a read of the file found, for the Owner's trace (tests).
const (
	readUnchanged = "unchanged" // the bytes judged last (or saved by the Owner)
	readSettling  = "settling"  // new bytes, not yet seen twice in a row
	readMissing   = "missing"   // no file, or an empty one
	readJudged    = "judged"    // settled bytes, judged (reported if they changed anything)
)

// first reports the file as the Owner finds it at the start, without
// waiting for it to settle.
func (w *watcher) first() {
	data, err := readFile(w.path)
	if err != nil {
		w.missing = max(w.missAfter, 2) // reported now; not again until it has come back
		w.onChange(Settings{}, err)
		return
	}
	w.judge(data)
}

// poll reads the file and says what it found (readUnchanged, ...).
func (w *watcher) poll() string {
	data, err := readFile(w.path)
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
		return readMissing
	}
	w.missing = 0
	sum := hashOf(data)
	if sum == w.known {
		w.pending = nil
		return readUnchanged
	}
	if w.pending == nil || !bytes.Equal(w.pending, data) {
		w.pending = data // not settled yet: look again next poll
		return readSettling
	}
	w.pending = nil
	w.judge(data)
	return readJudged
}

// judge loads settled content and reports it if it changed anything.
func (w *watcher) judge(data []byte) {
	w.known = hashOf(data)
	if w.private != nil {
		w.private(data)
	}
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

// saved takes the Owner's own save as judged: when the watcher reads those
// bytes back it has nothing to report, and a change by hand made before
// it settled is in the save already (the editor read the file afresh).
func (w *watcher) saved(data []byte, s Settings) {
	w.known, w.pending, w.missing = hashOf(data), nil, 0
	w.good, w.lastGood = s, true
}

// errEmpty is reported for a settings file that stays empty.
var errEmpty = errors.New("the settings file is empty; the last good settings stay in force")

func hashOf(data []byte) [32]byte { return sha256.Sum256(data) }
