package seen

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/dgraph-io/badger/v4"

	"rentwatch/listing"
)

// Listed is one listing as the window's Listings page shows it: what the
// reader found, when it was first seen, and either when the user was first
// told (DeliveredAt) or why it was left out (LeftOut: the user's filter
// dropped it). The 60-day index holds only id -> last seen; this is the
// rest, kept as long as the index keeps the listing.
type Listed struct {
	listing.Alert
	DeliveredAt time.Time // zero: not delivered on any channel yet
	LeftOut     string    // why the user's filter left it out; "" when it was alerted
	// Reply is where its auto-reply is ("" for none), ReplyWhy why one
	// was not sent (or may have been).
	Reply    ReplyState
	ReplyWhy string
}

// listedRecord is a Listed on disk; times are unix milliseconds.
type listedRecord struct {
	V int `json:"v"` // alertVersion
	listing.Alert
	DeliveredAt int64  `json:"delivered_at,omitempty"`
	LeftOut     string `json:"left_out,omitempty"`
}

const (
	listedPfx = "l/"
	delaysPfx = "t/"
	// maxDelays is how many time-to-alert samples a search keeps.
	maxDelays = 20
)

func listedKey(listingID string) []byte { return hashKey(listedPfx, listingID) }
func delaysKey(search string) []byte    { return hashKey(delaysPfx, search) }

// ListedVersion changes whenever a listing record of this store was
// written or pruned, so the window can tell cheaply whether Listed has
// changed. It moves after the write is committed: a reader that sees the
// new version also sees the new records.
func (s *Store) ListedVersion() uint64 { return s.listed.Load() }

// Listed returns every listing record, newest first (by first sighting).
func (s *Store) Listed() ([]Listed, error) {
	var out []Listed
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(listedPfx), PrefetchValues: true, PrefetchSize: 100})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			b, err := it.Item().ValueCopy(nil)
			if err != nil {
				return err
			}
			r, err := decodeListed(b)
			if err != nil {
				return err
			}
			l := Listed{Alert: r.Alert, LeftOut: r.LeftOut}
			if r.DeliveredAt != 0 {
				l.DeliveredAt = time.UnixMilli(r.DeliveredAt)
			}
			out = append(out, l)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read the listing records: %w", err)
	}
	if err := s.withReplies(out); err != nil {
		return nil, fmt.Errorf("read the listing records: %w", err)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].FoundAt.Equal(out[j].FoundAt) {
			return out[i].FoundAt.After(out[j].FoundAt)
		}
		return out[i].ID < out[j].ID
	})
	return out, nil
}

// withReplies sets each listing's reply state from its reply record.
func (s *Store) withReplies(list []Listed) error {
	replies := map[string]Reply{}
	if err := s.eachReply(func(r Reply) { replies[r.ID] = r }); err != nil {
		return err
	}
	for i := range list {
		if r, ok := replies[list[i].ID]; ok {
			list[i].Reply, list[i].ReplyWhy = r.State, r.Why
		}
	}
	return nil
}

// LeftOut records listings the user's filter dropped, with the reason in
// the user's words, so the window can show what was not alerted and why.
// A listing already recorded (alerted, or left out before) keeps its record.
func (s *Store) LeftOut(alerts []listing.Alert, reasons []string) error {
	if len(alerts) != len(reasons) {
		return fmt.Errorf("record left-out listings: %d listings but %d reasons", len(alerts), len(reasons))
	}
	err := s.update(func(txn *badger.Txn) error {
		for i, a := range alerts {
			b, err := getValue(txn, listedKey(a.ID))
			if err != nil || b != nil {
				if err != nil {
					return err
				}
				continue
			}
			v, err := json.Marshal(listedRecord{V: alertVersion, Alert: a, LeftOut: reasons[i]})
			if err != nil {
				return err
			}
			if err := txn.Set(listedKey(a.ID), v); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("record %d left-out listing(s): %w", len(alerts), err)
	}
	s.listed.Add(1)
	return nil
}

// markDelivered writes a's listing record with its first delivery at now,
// adds the search's time-to-alert sample, and says whether this was the
// first delivery (the record was written); a later one changes nothing.
func markDelivered(txn *badger.Txn, a listing.Alert, now time.Time) (bool, error) {
	b, err := getValue(txn, listedKey(a.ID))
	if err != nil {
		return false, err
	}
	if b != nil {
		if old, err := decodeListed(b); err == nil && old.DeliveredAt != 0 {
			return false, nil
		}
	}
	v, err := json.Marshal(listedRecord{V: alertVersion, Alert: a, DeliveredAt: now.UnixMilli()})
	if err != nil {
		return false, fmt.Errorf("listing record: %w", err)
	}
	if err := txn.Set(listedKey(a.ID), v); err != nil {
		return false, err
	}
	if a.FoundAt.IsZero() || a.SearchURL == "" {
		return true, nil
	}
	return true, addDelay(txn, a.SearchURL, now.Sub(a.FoundAt))
}

// addDelay appends one time-to-alert sample to the search's last maxDelays.
// On disk: a version byte, then each sample as 8 bytes of milliseconds.
func addDelay(txn *badger.Txn, search string, d time.Duration) error {
	old, err := getValue(txn, delaysKey(search))
	if err != nil {
		return err
	}
	samples, _ := decodeDelays(old)
	samples = append(samples, max(d, 0))
	if len(samples) > maxDelays {
		samples = samples[len(samples)-maxDelays:]
	}
	b := make([]byte, 1, 1+8*len(samples))
	b[0] = recordVersion
	for _, s := range samples {
		b = binary.BigEndian.AppendUint64(b, uint64(s.Milliseconds()))
	}
	return txn.Set(delaysKey(search), b)
}

func decodeDelays(b []byte) ([]time.Duration, error) {
	if len(b) == 0 {
		return nil, nil
	}
	if b[0] != recordVersion || (len(b)-1)%8 != 0 {
		return nil, fmt.Errorf("time-to-alert record of %d bytes, version %d: not one this version reads", len(b), b[0])
	}
	var out []time.Duration
	for i := 1; i < len(b); i += 8 {
		out = append(out, time.Duration(binary.BigEndian.Uint64(b[i:]))*time.Millisecond)
	}
	return out, nil
}

// Delays returns the search's last time-to-alert samples (first sighting
// to first delivery), oldest first; at most 20.
func (s *Store) Delays(search string) ([]time.Duration, error) {
	var out []time.Duration
	err := s.db.View(func(txn *badger.Txn) error {
		b, err := getValue(txn, delaysKey(search))
		if err != nil {
			return err
		}
		out, err = decodeDelays(b)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read the alert delays of %s: %w", search, err)
	}
	return out, nil
}

// TypicalDelay is the (lower) median of the search's time-to-alert samples; ok is
// false when it has none yet.
func (s *Store) TypicalDelay(search string) (d time.Duration, ok bool, err error) {
	samples, err := s.Delays(search)
	if err != nil || len(samples) == 0 {
		return 0, false, err
	}
	sorted := append([]time.Duration(nil), samples...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	return sorted[(len(sorted)-1)/2], true, nil
}

func decodeListed(b []byte) (listedRecord, error) {
	var r listedRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return r, fmt.Errorf("listing record: %w", err)
	}
	if r.V != alertVersion {
		return r, fmt.Errorf("listing record has version %d, want %d", r.V, alertVersion)
	}
	return r, nil
}

// staleListed is the keys of listing records first seen before cutoff
// whose listing the index does not keep past it (or is pruning now: the
// index keys in pruning).
func staleListed(txn *badger.Txn, cutoff time.Time, pruning [][]byte) ([][]byte, error) {
	gone := make(map[string]bool, len(pruning))
	for _, k := range pruning {
		gone[string(k)] = true
	}
	var stale [][]byte
	it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(listedPfx), PrefetchValues: true, PrefetchSize: 100})
	defer it.Close()
	for it.Rewind(); it.Valid(); it.Next() {
		b, err := it.Item().ValueCopy(nil)
		if err != nil {
			return nil, err
		}
		r, err := decodeListed(b)
		if err == nil && !r.FoundAt.Before(cutoff) {
			continue
		}
		if err == nil && !gone[string(indexKey(r.ID))] {
			last, err := getValue(txn, indexKey(r.ID))
			if err != nil {
				return nil, err
			}
			if t, err := decodeIndex(last); last != nil && err == nil && !t.Before(cutoff) {
				continue // still on a page: kept as long as the index keeps it
			}
		}
		stale = append(stale, it.Item().KeyCopy(nil))
	}
	return stale, nil
}
