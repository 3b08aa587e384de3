package seen

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// Retention is how long the global index remembers a listing after any
// search last saw it. One that drops off a page and comes back within it
// is not new again; after it, it is.
const Retention = 60 * 24 * time.Hour

// indexRefresh is how stale a listing's last-seen time may get before a
// save rewrites it, at the least; each listing waits up to another
// indexRefresh on top (refreshAfter). Without it every clean check would
// rewrite every listing's index entry (30,000 writes a cycle at 15 x
// 2,000); with it a listing costs one write every one to two hours. A
// listing is then remembered for at least Retention - 2*indexRefresh
// after it was last seen.
const indexRefresh = time.Hour

// refreshAfter is how old the listing's index entry may get before a save
// rewrites it: indexRefresh plus a share of another indexRefresh fixed by
// the listing's id. Listings first seen together (a new search's 2,000 at
// once) then come due over an hour of cycles instead of all in one: that
// one cycle's 30,000 writes at 15 x 2,000 set the store's peak memory
// (docs/BENCHMARKS.md, "## seen/"). Once spread, they stay spread, as each
// is rewritten at its own time.
func refreshAfter(id string) time.Duration {
	h := fnv.New32a()
	h.Write([]byte(id))
	share := uint64(h.Sum32()) * uint64(indexRefresh/time.Millisecond) >> 32 // [0, indexRefresh) in ms
	return indexRefresh + time.Duration(share)*time.Millisecond
}

// Snapshot is one search's last clean check: the listings its page held
// and when each was first seen. Times are kept to the millisecond.
type Snapshot struct {
	Search    string               // the search's key: its URL
	Listings  map[string]time.Time // listing id -> first seen
	CheckedAt time.Time
}

// Snapshot returns the search's last clean check. ok is false when it
// never had one: the next clean check is then its baseline.
func (s *Store) Snapshot(search string) (Snapshot, bool, error) {
	var snap Snapshot
	var ok bool
	err := s.db.View(func(txn *badger.Txn) error {
		rec, found, err := readSnapshotRecord(txn, search)
		if err != nil || !found {
			return err
		}
		ok = true
		snap = Snapshot{Search: rec.Search, Listings: make(map[string]time.Time, len(rec.Listings))}
		for id, ms := range rec.Listings {
			snap.Listings[id] = time.UnixMilli(ms)
		}
		b, err := getValue(txn, checkedKey(search))
		if err != nil || b == nil {
			return err
		}
		snap.CheckedAt, err = decodeChecked(b)
		return err
	})
	if err != nil {
		return Snapshot{}, false, fmt.Errorf("read snapshot of %s: %w", search, err)
	}
	return snap, ok, nil
}

// Known says, for each id, whether any search saw that listing within
// Retention before now. Every id is in the map.
func (s *Store) Known(ids []string, now time.Time) (map[string]bool, error) {
	known := make(map[string]bool, len(ids))
	err := s.db.View(func(txn *badger.Txn) error {
		for _, id := range ids {
			b, err := getValue(txn, indexKey(id))
			if err != nil {
				return err
			}
			if b == nil {
				known[id] = false
				continue
			}
			last, err := decodeIndex(b)
			if err != nil {
				return fmt.Errorf("listing %s: %w", id, err)
			}
			known[id] = !last.Before(now.Add(-Retention))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("look up seen listings: %w", err)
	}
	return known, nil
}

// SaveSnapshot records a clean check in one transaction: the search's
// snapshot, and every one of its listings as seen now in the global index.
// Call it only for a check with nothing to alert; a check that found new
// listings is recorded by Delivered once the user has been told.
//
// A page too big for one transaction (about 4,000 listings at once, a
// first check of such a search; see desktopOptions) is written in several,
// index entries first and the snapshot last. A crash part-way is then
// harmless: a clean check has nothing to alert (every listing on it is in
// the search's snapshot or known to the index, or the check is the
// search's first), so the next check, finding the same, has nothing
// either; a first check whose snapshot was not written is simply the
// first again.
func (s *Store) SaveSnapshot(snap Snapshot, now time.Time) error {
	err := s.update(func(txn *badger.Txn) error { return writeSnapshot(txn, snap, now) })
	if errors.Is(err, badger.ErrTxnTooBig) {
		var writes []write
		if err = s.db.View(func(txn *badger.Txn) (err error) {
			writes, err = planSnapshot(txn, snap, now) // index entries first
			return err
		}); err == nil {
			err = s.applyInChunks(writes)
		}
	}
	if err != nil {
		return fmt.Errorf("save snapshot of %s: %w", snap.Search, err)
	}
	return nil
}

// applyInChunks applies writes in order, committing whenever a transaction
// is full. Each commit is a prefix of the list, so order is preserved.
func (s *Store) applyInChunks(writes []write) error {
	for len(writes) > 0 {
		var done int
		err := s.update(func(txn *badger.Txn) error {
			done = 0
			for _, w := range writes {
				if err := apply(txn, w); errors.Is(err, badger.ErrTxnTooBig) && done > 0 {
					return nil
				} else if err != nil {
					return err
				}
				done++
			}
			return nil
		})
		if err != nil {
			return err
		}
		writes = writes[done:]
	}
	return nil
}

// write is one Set (value != nil) or Delete of a planned change.
type write struct{ key, value []byte }

func apply(txn *badger.Txn, w write) error {
	if w.value == nil {
		return txn.Delete(w.key)
	}
	return txn.Set(w.key, w.value)
}

// writeSnapshot writes a snapshot in txn; see planSnapshot.
func writeSnapshot(txn *badger.Txn, snap Snapshot, now time.Time) error {
	writes, err := planSnapshot(txn, snap, now)
	if err != nil {
		return err
	}
	for _, w := range writes {
		if err := apply(txn, w); err != nil {
			return err
		}
	}
	return nil
}

// planSnapshot lists the writes that record snap, index entries first.
// Only what changed is written: the listing set when it differs from the
// stored one, the check time always, and index entries that are missing or
// older than their refreshAfter.
func planSnapshot(txn *badger.Txn, snap Snapshot, now time.Time) ([]write, error) {
	if snap.Search == "" {
		return nil, errors.New("snapshot has no search")
	}
	var writes []write
	for id := range snap.Listings {
		stale, err := indexStale(txn, id, now)
		if err != nil {
			return nil, err
		}
		if stale {
			writes = append(writes, write{indexKey(id), encodeIndex(now)})
		}
	}
	rec := snapshotListings(snap)
	old, found, err := readSnapshotRecord(txn, snap.Search)
	if err != nil {
		return nil, err
	}
	if !found || !sameListings(old.Listings, rec.Listings) {
		b, err := json.Marshal(rec)
		if err != nil {
			return nil, err
		}
		writes = append(writes, write{snapshotKey(snap.Search), b})
	}
	checked, err := json.Marshal(checkedRecord{V: recordVersion, CheckedAt: snap.CheckedAt.UnixMilli()})
	if err != nil {
		return nil, err
	}
	return append(writes, write{checkedKey(snap.Search), checked}), nil
}

// indexStale says whether a listing's index entry needs writing now. An
// unreadable entry is rewritten: the listing is being seen now.
func indexStale(txn *badger.Txn, id string, now time.Time) (bool, error) {
	b, err := getValue(txn, indexKey(id))
	if err != nil || b == nil {
		return b == nil, err
	}
	last, err := decodeIndex(b)
	return err != nil || last.Before(now.Add(-refreshAfter(id))), nil
}

func readSnapshotRecord(txn *badger.Txn, search string) (snapshotRecord, bool, error) {
	b, err := getValue(txn, snapshotKey(search))
	if err != nil || b == nil {
		return snapshotRecord{}, false, err
	}
	rec, err := decodeSnapshotRecord(b)
	if err != nil {
		return snapshotRecord{}, false, err
	}
	return rec, true, nil
}

// ForgetSearch drops a search the user removed: its snapshot goes, so if
// it is added again its next clean check is a fresh baseline. The global
// index keeps its listings, so they are not alerted again through another
// search.
func (s *Store) ForgetSearch(search string) error {
	err := s.update(func(txn *badger.Txn) error {
		if err := txn.Delete(snapshotKey(search)); err != nil {
			return err
		}
		return txn.Delete(checkedKey(search))
	})
	if err != nil {
		return fmt.Errorf("forget search %s: %w", search, err)
	}
	return nil
}
