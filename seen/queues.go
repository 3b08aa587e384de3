package seen

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/dgraph-io/badger/v4"

	"rentwatch/listing"
)

// channelsRecord is the set of channels the queues are kept for.
type channelsRecord struct {
	V   int      `json:"v"`
	IDs []string `json:"ids"`
}

// Accept records, in one transaction, that a check's new listings are
// durably queued for every delivery channel and writes the snapshots of
// the searches that found them (with the global index). From then on the
// listings count as seen for the diff: accepting is the promise to deliver,
// as a mail transfer agent's 250 is. A listing already queued on a channel
// keeps its entry there (its FoundAt stays the first sighting). Before any
// SetChannels the alerts wait for the channels the first one names.
//
// A batch too big for one transaction (thousands of alerts, as when a
// portal changes its listing ids) is written in steps in a crash-safe
// order: every queue entry first, then the index, then the snapshots. A
// crash part-way leaves listings queued but not yet in a snapshot: the next
// check finds them again, and Accept keeps the entries it already has, so
// nothing is lost and nothing is told twice.
//
// An alert stays in a channel's queue until that channel delivered it
// (Sent), so a failed send, a crash or a quit never loses it on any
// channel.
func (s *Store) Accept(alerts []listing.Alert, snaps []Snapshot, now time.Time) error {
	for _, a := range alerts {
		if a.ID == "" {
			return fmt.Errorf("queue alerts: alert for %q has no listing id", a.URL)
		}
	}
	err := s.update(func(txn *badger.Txn) error {
		writes, err := planAccept(txn, alerts, snaps, now)
		if err != nil {
			return err
		}
		for _, w := range writes {
			if err := apply(txn, w); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, badger.ErrTxnTooBig) {
		var writes []write
		err = s.db.View(func(txn *badger.Txn) (err error) {
			writes, err = planAccept(txn, alerts, snaps, now)
			return err
		})
		if err == nil {
			err = s.applyInChunks(writes)
		}
	}
	if err != nil {
		return fmt.Errorf("queue %d alert(s): %w", len(alerts), err)
	}
	if len(alerts) == 0 {
		return nil // a clean check with nothing new: its loss costs nothing
	}
	return s.sync("queue alerts")
}

// planAccept lists Accept's writes: queue entries first, then each
// snapshot's writes (index entries before the snapshot record).
func planAccept(txn *badger.Txn, alerts []listing.Alert, snaps []Snapshot, now time.Time) ([]write, error) {
	channels, named, err := readChannels(txn)
	if err != nil {
		return nil, err
	}
	var writes []write
	planned := map[string]bool{}
	for _, a := range alerts {
		keys := [][]byte{unassignedKey(a.ID)}
		// With no channel at all (a server with no pop-ups and no email
		// or push set up yet) they wait unassigned, for the first one.
		if named && len(channels) > 0 {
			keys = keys[:0]
			for _, ch := range channels {
				keys = append(keys, queueKey(ch, a.ID))
			}
		}
		v, err := encodeAlert(a)
		if err != nil {
			return nil, err
		}
		for _, k := range keys {
			if planned[string(k)] {
				continue
			}
			old, err := getValue(txn, k)
			if err != nil {
				return nil, err
			}
			if old == nil {
				planned[string(k)] = true
				writes = append(writes, write{k, v})
			}
		}
	}
	for _, snap := range snaps {
		w, err := planSnapshot(txn, snap, now)
		if err != nil {
			return nil, fmt.Errorf("snapshot of %s: %w", snap.Search, err)
		}
		writes = append(writes, w...)
	}
	return writes, nil
}

// Queue returns what channel has not delivered yet, oldest first.
func (s *Store) Queue(channel string) ([]listing.Alert, error) {
	var out []listing.Alert
	err := s.db.View(func(txn *badger.Txn) error {
		return scanAlerts(txn, queuePrefix(channel), func(a listing.Alert) { out = append(out, a) })
	})
	if err != nil {
		return nil, fmt.Errorf("read the queue of %s: %w", channel, err)
	}
	sortAlerts(out)
	return out, nil
}

// Pending returns every alert some channel has not delivered yet (each
// listing once), oldest first.
func (s *Store) Pending() ([]listing.Alert, error) {
	byID := map[string]listing.Alert{}
	err := s.db.View(func(txn *badger.Txn) error {
		for _, pfx := range []string{queuePfx, unassignedPfx} {
			err := scanAlerts(txn, []byte(pfx), func(a listing.Alert) {
				if old, ok := byID[a.ID]; !ok || a.FoundAt.Before(old.FoundAt) {
					byID[a.ID] = a
				}
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read pending alerts: %w", err)
	}
	out := make([]listing.Alert, 0, len(byID))
	for _, a := range byID {
		out = append(out, a)
	}
	sortAlerts(out)
	return out, nil
}

// Sent records that channel delivered the listings: they leave its queue,
// and each gets its listing record (for the window) the first time any
// channel delivers it. first is the ids this call delivered first, in the
// order given: the engine runs the auto-replies for those, once. A long
// list is recorded in chunks, each whole: a crash part-way means the rest
// are delivered again on this channel, a duplicate, never a loss.
func (s *Store) Sent(channel string, listingIDs []string, now time.Time) (first []string, err error) {
	for start := 0; start < len(listingIDs); start += sentChunk {
		f, err := s.sentChunk(channel, listingIDs[start:min(start+sentChunk, len(listingIDs))], now)
		if err != nil {
			return first, fmt.Errorf("record delivery of %d alert(s) by %s: %w", len(listingIDs), channel, err)
		}
		first = append(first, f...)
	}
	return first, s.sync("record delivery")
}

// sentChunk is how many deliveries one transaction records: each writes a
// listing record and a delay sample, well inside Badger's cap.
const sentChunk = 500

func (s *Store) sentChunk(channel string, listingIDs []string, now time.Time) (first []string, err error) {
	err = s.update(func(txn *badger.Txn) error {
		first = first[:0]
		for _, id := range listingIDs {
			key := queueKey(channel, id)
			b, err := getValue(txn, key)
			if err != nil {
				return err
			}
			if b == nil {
				continue // not queued here (delivered already, or the channel was dropped)
			}
			a, err := decodeAlert(b)
			if err != nil {
				return err
			}
			told, err := markDelivered(txn, a, now)
			if err != nil {
				return err
			}
			if told {
				first = append(first, id)
			}
			if err := txn.Delete(key); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil && len(first) > 0 {
		s.listed.Add(1) // each first delivery wrote its listing record
	}
	return first, err
}

// Channels returns the channels the queues are kept for, as SetChannels
// last named them (nil before the first call).
func (s *Store) Channels() ([]string, error) {
	var ids []string
	err := s.db.View(func(txn *badger.Txn) (err error) {
		ids, _, err = readChannels(txn)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read the delivery channels: %w", err)
	}
	return ids, nil
}

// SetChannels names the delivery channels, by a stable id that holds no
// secret. A new channel starts with an empty queue (it is not sent what
// was found before it existed); a channel no longer named has its queue
// dropped, safely: a listing in it that no channel has delivered and no
// other one still holds is handed to every channel that stays (or waits
// unassigned when none does), never lost with the queue. Alerts waiting
// unassigned (queued before any channel was named, as in a store brought
// up from schema 1, or while there was none) go to each channel of the
// first call that names some.
func (s *Store) SetChannels(ids []string) error {
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	err := s.update(func(txn *badger.Txn) error {
		old, _, err := readChannels(txn)
		if err != nil {
			return err
		}
		for _, ch := range old {
			if !slices.Contains(ids, ch) {
				if err := keepUndelivered(txn, ch, ids); err != nil {
					return err
				}
				if err := deletePrefix(txn, queuePrefix(ch)); err != nil {
					return err
				}
			}
		}
		if len(ids) > 0 {
			if err := handOut(txn, ids); err != nil {
				return err
			}
		}
		b, err := json.Marshal(channelsRecord{V: recordVersion, IDs: ids})
		if err != nil {
			return err
		}
		return txn.Set([]byte(channelsKey), b)
	})
	if err != nil {
		return fmt.Errorf("set the delivery channels: %w", err)
	}
	return s.sync("set the delivery channels")
}

// keepUndelivered hands the listings of channel ch's queue that no
// channel delivered, and that no channel in ids still holds, to every
// channel in ids, or to the unassigned queue when ids is empty: a channel
// dropped (one that cannot exist here, one the user removed) takes only
// what others told or will tell.
func keepUndelivered(txn *badger.Txn, ch string, ids []string) error {
	var orphans []listing.Alert
	err := scanAlerts(txn, queuePrefix(ch), func(a listing.Alert) { orphans = append(orphans, a) })
	if err != nil {
		return err
	}
	for _, a := range orphans {
		told, err := delivered(txn, a.ID)
		if err != nil {
			return err
		}
		held := false
		for _, other := range ids {
			b, err := getValue(txn, queueKey(other, a.ID))
			if err != nil {
				return err
			}
			held = held || b != nil
		}
		if told || held {
			continue
		}
		v, err := encodeAlert(a)
		if err != nil {
			return err
		}
		keys := [][]byte{unassignedKey(a.ID)}
		if len(ids) > 0 {
			keys = keys[:0]
			for _, other := range ids {
				keys = append(keys, queueKey(other, a.ID))
			}
		}
		for _, k := range keys {
			if err := txn.Set(k, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// delivered says whether some channel delivered the listing.
func delivered(txn *badger.Txn, listingID string) (bool, error) {
	b, err := getValue(txn, listedKey(listingID))
	if err != nil || b == nil {
		return false, err
	}
	l, err := decodeListed(b)
	return err == nil && l.DeliveredAt != 0, nil
}

// handOut moves the alerts waiting unassigned into the queue of each of
// ids.
func handOut(txn *badger.Txn, ids []string) error {
	var alerts []listing.Alert
	if err := scanAlerts(txn, []byte(unassignedPfx), func(a listing.Alert) { alerts = append(alerts, a) }); err != nil {
		return err
	}
	for _, a := range alerts {
		v, err := encodeAlert(a)
		if err != nil {
			return err
		}
		for _, ch := range ids {
			if err := txn.Set(queueKey(ch, a.ID), v); err != nil {
				return err
			}
		}
		if err := txn.Delete(unassignedKey(a.ID)); err != nil {
			return err
		}
	}
	return nil
}

func readChannels(txn *badger.Txn) (ids []string, named bool, err error) {
	b, err := getValue(txn, []byte(channelsKey))
	if err != nil || b == nil {
		return nil, false, err
	}
	var r channelsRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, false, fmt.Errorf("channels record: %w", err)
	}
	if r.V != recordVersion {
		return nil, false, fmt.Errorf("channels record has version %d, want %d", r.V, recordVersion)
	}
	return r.IDs, true, nil
}

// scanAlerts decodes every alert record under prefix.
func scanAlerts(txn *badger.Txn, prefix []byte, fn func(listing.Alert)) error {
	it := txn.NewIterator(badger.IteratorOptions{Prefix: prefix, PrefetchValues: true, PrefetchSize: 100})
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
		fn(a)
	}
	return nil
}

func deletePrefix(txn *badger.Txn, prefix []byte) error {
	var keys [][]byte
	it := txn.NewIterator(badger.IteratorOptions{Prefix: prefix})
	for it.Rewind(); it.Valid(); it.Next() {
		keys = append(keys, it.Item().KeyCopy(nil))
	}
	it.Close()
	for _, k := range keys {
		if err := txn.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

func sortAlerts(out []listing.Alert) {
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].FoundAt.Equal(out[j].FoundAt) {
			return out[i].FoundAt.Before(out[j].FoundAt)
		}
		return out[i].ID < out[j].ID
	})
}
