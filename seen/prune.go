package seen

import (
	"errors"
	"fmt"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// Prune drops global-index entries last seen more than Retention before
// now, with the listing records (Listed) of listings first seen before then
// that the index no longer keeps, and returns how many index entries went.
// Run it now and then (daily is plenty).
// Deletes go in batches: pruning needs no atomicity, only progress.
func (s *Store) Prune(now time.Time) (int, error) {
	var stale [][]byte
	cutoff := now.Add(-Retention)
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(indexPfx), PrefetchValues: true, PrefetchSize: 100})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			err := item.Value(func(b []byte) error {
				if last, err := decodeIndex(b); err == nil && last.Before(cutoff) {
					stale = append(stale, item.KeyCopy(nil))
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("prune seen index: %w", err)
	}
	pruned := len(stale)
	var listed [][]byte
	err = s.db.View(func(txn *badger.Txn) (err error) {
		listed, err = staleListed(txn, cutoff, stale)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("prune listing records: %w", err)
	}
	stale = append(stale, listed...)
	if err := s.Room(); err != nil && len(stale) > 0 {
		return 0, fmt.Errorf("prune seen index: %w", err)
	}
	wb := s.db.NewWriteBatch()
	defer wb.Cancel()
	for _, k := range stale {
		if err := wb.Delete(k); err != nil {
			return 0, fmt.Errorf("prune seen index: %w", err)
		}
	}
	if err := wb.Flush(); err != nil {
		return 0, fmt.Errorf("prune seen index: %w", err)
	}
	if len(listed) > 0 {
		s.listed.Add(1)
	}
	s.compactSoon()
	s.collectValueLog()
	return pruned, nil
}

// collectValueLog runs one value-log GC pass. Values normally all sit in
// the LSM tree (see desktopOptions), leaving nothing to collect; this only
// matters if a snapshot ever grows past ValueThreshold.
func (s *Store) collectValueLog() {
	if s.db.Opts().InMemory {
		return
	}
	_ = s.db.RunValueLogGC(0.5) // ErrNoRewrite is the normal answer
}

// sync makes the writes so far survive a power cut, not just a crash.
func (s *Store) sync(what string) error {
	if s.db.Opts().InMemory {
		return nil
	}
	if err := s.db.Sync(); err != nil {
		return fmt.Errorf("%s: sync to disk: %w", what, err)
	}
	return nil
}

// getValue returns the value at key, or nil when there is none.
func getValue(txn *badger.Txn, key []byte) ([]byte, error) {
	item, err := txn.Get(key)
	if errors.Is(err, badger.ErrKeyNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return item.ValueCopy(nil)
}

// update runs fn in one read-write transaction, retrying when a concurrent
// transaction changed what fn read (Badger's optimistic ErrConflict), and
// then compacts the store if the write left it needing it.
func (s *Store) update(fn func(txn *badger.Txn) error) error {
	if err := s.Room(); err != nil {
		return err // nothing written: see room.go
	}
	var err error
	for try := 0; try < 5; try++ {
		err = s.db.Update(fn)
		if !errors.Is(err, badger.ErrConflict) {
			break
		}
	}
	s.compactSoon()
	s.keepPrivate() // a memtable log or table the write made Badger start
	return err
}
