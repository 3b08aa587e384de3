package seen

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// Alert is a listing the user must be told about. It stays in the pending
// queue from the moment it is found until Delivered removes it, so a failed
// send, a crash or a quit never loses it.
type Alert struct {
	ListingID  string    `json:"listing_id"`
	Search     string    `json:"search"` // the search's key: its URL
	SearchName string    `json:"search_name"`
	URL        string    `json:"url"`
	Title      string    `json:"title"`
	Price      string    `json:"price"`
	Place      string    `json:"place"`
	FoundAt    time.Time `json:"found_at"`
}

// AddPending queues alerts found but not yet delivered. A listing already
// queued (by this call or an earlier one, from any search) is kept as it
// was, so its FoundAt stays the time it was first found.
//
// A batch too big for one transaction (thousands of alerts, as when a
// portal changes its listing ids) is committed in several: each alert is
// independent, and one not yet queued after a crash is simply found again
// by the next check, since its snapshot was never written.
func (s *Store) AddPending(alerts []Alert) error {
	for _, a := range alerts {
		if a.ListingID == "" {
			return fmt.Errorf("queue alerts: alert for %q has no listing id", a.URL)
		}
	}
	for len(alerts) > 0 {
		var done int
		err := s.update(func(txn *badger.Txn) error {
			var err error
			done, err = queueAlerts(txn, alerts)
			return err
		})
		if err != nil {
			return fmt.Errorf("queue %d alert(s): %w", len(alerts), err)
		}
		alerts = alerts[done:]
	}
	return s.sync("queue alerts")
}

// queueAlerts adds as many alerts as fit in txn and says how many it took.
func queueAlerts(txn *badger.Txn, alerts []Alert) (int, error) {
	for i, a := range alerts {
		key := pendingKey(a.ListingID)
		b, err := getValue(txn, key)
		if err != nil {
			return i, err
		}
		if b != nil {
			continue
		}
		v, err := encodeAlert(a)
		if err != nil {
			return i, err
		}
		if err := txn.Set(key, v); errors.Is(err, badger.ErrTxnTooBig) && i > 0 {
			return i, nil // commit these; the caller goes on with the rest
		} else if err != nil {
			return i, err
		}
	}
	return len(alerts), nil
}

// Pending returns the alerts not yet delivered, oldest first.
func (s *Store) Pending() ([]Alert, error) {
	var out []Alert
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(pendingPfx), PrefetchValues: true, PrefetchSize: 100})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			b, err := it.Item().ValueCopy(nil)
			if err != nil {
				return err
			}
			a, err := decodeAlert(b)
			if err != nil {
				return err
			}
			out = append(out, a)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read pending alerts: %w", err)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].FoundAt.Equal(out[j].FoundAt) {
			return out[i].FoundAt.Before(out[j].FoundAt)
		}
		return out[i].ListingID < out[j].ListingID
	})
	return out, nil
}

// Replied says whether an auto-reply to the listing was ever sent.
func (s *Store) Replied(listingID string) (bool, error) {
	var found bool
	err := s.db.View(func(txn *badger.Txn) error {
		b, err := getValue(txn, repliedKey(listingID))
		found = b != nil
		return err
	})
	if err != nil {
		return false, fmt.Errorf("check reply to %s: %w", listingID, err)
	}
	return found, nil
}

// MarkReplied records that an auto-reply to the listing went out, so it
// never goes out twice. The first time recorded is kept. The record is
// never pruned: replying twice to a landlord is worse than a few bytes.
func (s *Store) MarkReplied(listingID string, at time.Time) error {
	err := s.update(func(txn *badger.Txn) error {
		key := repliedKey(listingID)
		b, err := getValue(txn, key)
		if err != nil || b != nil {
			return err
		}
		v, err := json.Marshal(repliedRecord{V: recordVersion, ID: listingID, At: at})
		if err != nil {
			return err
		}
		return txn.Set(key, v)
	})
	if err != nil {
		return fmt.Errorf("record reply to %s: %w", listingID, err)
	}
	return s.sync("record reply")
}

// Prune drops global-index entries last seen more than Retention before
// now and returns how many went. Run it now and then (daily is plenty).
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
	s.compactSoon()
	s.collectValueLog()
	return len(stale), nil
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
	var err error
	for try := 0; try < 5; try++ {
		err = s.db.Update(fn)
		if !errors.Is(err, badger.ErrConflict) {
			break
		}
	}
	s.compactSoon()
	return err
}
