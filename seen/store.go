// Package seen remembers what the user was told: each search's last clean
// snapshot, a global index of every listing seen in the last 60 days, the
// queue of alerts found but not yet delivered, and which listings were
// replied to. It stores and answers; the engine decides what is new.
package seen

import (
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/dgraph-io/badger/v4"
	"github.com/gofrs/flock"
)

// Store is rentwatch's on-disk memory, one Badger database in one
// directory. Get one from Open (or OpenInMemory in tests); the zero Store
// is not usable. It is safe for concurrent use; every method that writes
// does so in one transaction, except the oversized batches AddPending,
// SaveSnapshot and Delivered split in crash-safe steps. After a write that
// leaves the tree needing it, the store compacts itself in the background
// (compact.go). Close it when done: a store left open keeps the directory
// locked until the process exits.
type Store struct {
	db         *badger.DB
	dir        string   // "" in memory
	lock       *dirLock // nil in memory
	compaction compactor
	listed     atomic.Uint64 // listing-record writes committed: ListedVersion
	notes      []string      // what Open did that the user should hear of
}

// lockFile sits inside the store's directory. rentwatch takes it before
// Badger opens anything, so a second copy of the app is told
// ErrAlreadyRunning without reading Badger's error text, on every OS.
const lockFile = "rentwatch.lock"

type dirLock struct{ f *flock.Flock }

func lockDir(dir string) (*dirLock, error) {
	f := flock.New(filepath.Join(dir, lockFile))
	ok, err := f.TryLock()
	if err != nil {
		return nil, fmt.Errorf("lock store %s: %w", dir, err)
	}
	if !ok {
		return nil, fmt.Errorf("%w (the store in %s is in use)", ErrAlreadyRunning, dir)
	}
	return &dirLock{f: f}, nil
}

func (l *dirLock) release() {
	if l != nil {
		_ = l.f.Unlock()
	}
}

// Open opens the store in dir, creating dir (mode 0700: it holds what the
// user searches for) and the store if they do not exist, and brings an
// older store's records up to date. It fails with ErrAlreadyRunning when
// another process has the store open, a *CorruptError when the store
// cannot be read, and a *NewerVersionError when a newer rentwatch wrote it;
// in those cases the directory is left as it was.
func Open(dir string) (*Store, error) {
	return openWith(dir, desktopOptions(dir), time.Now())
}

// OpenInMemory opens an empty store that lives only in memory, for tests.
func OpenInMemory() (*Store, error) {
	opt := desktopOptions("").WithInMemory(true).WithSyncWrites(false)
	db, err := badger.Open(opt)
	if err != nil {
		return nil, fmt.Errorf("open in-memory store: %w", err)
	}
	s := &Store{db: db}
	if err := migrate(db, migrations, "memory", time.Now()); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// openWith is Open with the Badger options and clock as arguments, so the
// benchmark can compare against Badger's defaults.
func openWith(dir string, opt badger.Options, now time.Time) (*Store, error) {
	if dir == "" {
		return nil, errors.New("open store: no directory given")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		if readOnly(err) {
			return nil, &ReadOnlyError{Dir: dir, Cause: unwrapPath(err)}
		}
		return nil, fmt.Errorf("create store directory: %w", err)
	}
	lock, err := lockDir(dir)
	if err != nil {
		if readOnly(err) && !errors.Is(err, ErrAlreadyRunning) {
			return nil, &ReadOnlyError{Dir: dir, Cause: unwrapPath(errors.Unwrap(err))}
		}
		return nil, err
	}
	notes, err := prepare(dir, opt, now)
	if err != nil {
		lock.release()
		return nil, err
	}
	if err := checkTables(dir, opt); err != nil {
		lock.release()
		return nil, &CorruptError{Dir: dir, Cause: err, At: now}
	}
	existed, err := fileNames(dir)
	if err != nil {
		lock.release()
		return nil, err
	}
	db, err := openBadger(opt)
	if err != nil {
		removeNewFiles(dir, existed)
		lock.release()
		if errors.Is(err, syscall.ENOSPC) {
			if full := roomToOpen(dir, opt.MemTableSize); full != nil {
				return nil, full // the disk filled up while it opened
			}
		}
		return nil, classifyOpenError(dir, err, now)
	}
	if err := migrate(db, migrations, dir, now); err != nil {
		db.Close()
		lock.release()
		return nil, err
	}
	s := &Store{db: db, dir: dir, lock: lock, notes: notes}
	s.keepPrivate() // the files Badger just made
	s.compactSoon() // what an earlier run left on L0
	return s, nil
}

// prepare runs the checks before Badger opens dir (private.go, room.go),
// in order: the folder can be written, it and its files are private, the
// disk has room (Badger replaying its logs on a full disk dies of SIGBUS),
// logs a kill left empty are gone, and a store that lost its MANIFEST is
// set aside. It returns what the
// user should hear of.
func prepare(dir string, opt badger.Options, now time.Time) ([]string, error) {
	if err := checkWritable(dir); err != nil {
		return nil, err
	}
	var notes []string
	fixed, err := keepPrivate(dir)
	if err != nil {
		return nil, err
	}
	if fixed {
		notes = append(notes, "made the store in "+dir+" private to you: its folder or files could be read by other users of this computer")
	}
	if err := roomToOpen(dir, opt.MemTableSize); err != nil {
		return nil, err
	}
	if err := dropEmptyLogs(dir); err != nil {
		return nil, err
	}
	note, err := setAsideWithoutManifest(dir, now)
	if err != nil {
		return nil, err
	}
	if note != "" {
		notes = append(notes, note)
	}
	return notes, nil
}

// Notes says what Open had to do that the user should hear of (a store
// started anew, files made private), in words; nil when nothing.
func (s *Store) Notes() []string { return s.notes }

// keepPrivate makes the files Badger made since the last look private
// (private.go); the folder is already, so this is belt and braces.
func (s *Store) keepPrivate() {
	if s.dir == "" {
		return
	}
	if _, err := keepPrivate(s.dir); err != nil {
		log.Printf("seen: %v", err)
	}
}

// openBadger turns a panic inside badger.Open (it panics on some damaged
// files instead of returning an error) into an error.
func openBadger(opt badger.Options) (db *badger.DB, err error) {
	defer func() {
		if r := recover(); r != nil {
			db, err = nil, fmt.Errorf("badger panicked while opening: %v", r)
		}
	}()
	return badger.Open(opt)
}

// classifyOpenError decides what a failed badger.Open means for the user.
// Trouble that is not the store's fault (no permission, a full disk, a
// missing directory) is reported as it is; everything else is damage.
func classifyOpenError(dir string, err error, now time.Time) error {
	switch {
	case readOnly(err):
		return &ReadOnlyError{Dir: dir, Cause: err}
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, os.ErrNotExist) && !dirExists(dir):
		return fmt.Errorf("open store %s: %w", dir, err)
	case errors.Is(err, syscall.EWOULDBLOCK) || strings.Contains(err.Error(), "Another process is using this Badger database"):
		// Someone holds Badger's own lock but not ours: an older rentwatch.
		return fmt.Errorf("%w (the store in %s is in use)", ErrAlreadyRunning, dir)
	}
	return &CorruptError{Dir: dir, Cause: err, At: now}
}

func fileNames(dir string) (map[string]bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("read store directory: %w", err)
	}
	names := make(map[string]bool, len(entries))
	for _, e := range entries {
		names[e.Name()] = true
	}
	return names, nil
}

// removeNewFiles undoes what a failed badger.Open created (it makes a
// fresh memtable file, preallocated to twice MemTableSize, before it finds
// a damaged value log), so a damaged store is left as the user had it.
// Only files that did not exist before the Open are removed: they hold
// nothing of the user's.
func removeNewFiles(dir string, existed map[string]bool) {
	now, err := fileNames(dir)
	if err != nil {
		return
	}
	for name := range now {
		if !existed[name] {
			_ = os.Remove(filepath.Join(dir, name))
		}
	}
}

func dirExists(dir string) bool {
	st, err := os.Stat(dir)
	return err == nil && st.IsDir()
}

// Close flushes and closes the store and releases its lock. On a disk
// too full for that it only releases the lock and returns the
// *DiskFullError: Badger's Close writes the memtable into a new table,
// which on a full disk dies of SIGBUS (room.go); left alone, the memtable
// stays in its log, every committed write with it, and the next Open
// replays it, as after a crash. The process must then end without
// opening the store again.
func (s *Store) Close() error {
	s.stopCompacting()
	if err := s.Room(); err != nil {
		s.lock.release()
		return fmt.Errorf("close store: left to its log for the next start: %w", err)
	}
	err := s.db.Close()
	s.keepPrivate() // the table its last flush wrote
	s.lock.release()
	if err != nil {
		return fmt.Errorf("close store: %w", err)
	}
	return nil
}
