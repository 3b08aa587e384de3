package seen

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// migration brings a store up to schema version target. Migrations run in
// order on Open, each in its own transaction together with the version
// bump, so a crash mid-way leaves the store at one whole version. A step
// whose work may not fit one transaction does it in pre, in idempotent
// crash-safe chunks, before fn and the bump; a crash during pre runs it
// again on the next Open.
type migration struct {
	target int
	pre    func(db *badger.DB) error
	fn     func(txn *badger.Txn) error
}

// migrations is the history of the on-disk layout. Add a step at the end;
// never edit one that has shipped.
var migrations = []migration{
	// 1: the layout in keys.go. A new store has nothing to convert.
	{target: 1, fn: func(*badger.Txn) error { return nil }},
	// 2: one queue per delivery channel (q/, m/channels) instead of the
	// single pending queue (p/). The old queue is handed, unassigned (u/),
	// to every channel the first SetChannels names, and its listings go
	// into the seen index: under schema 2 a queued listing counts as seen
	// for the diff, so the next check does not queue it a second time.
	{target: 2, pre: movePendingToUnassigned, fn: func(*badger.Txn) error { return nil }},
	// 3: alert and listing records (q/, u/, l/) are listing.Alert's JSON,
	// version 2: the listing's id is "id", as everywhere else, not
	// "listing_id".
	{target: 3, pre: migrateAlertRecords, fn: func(*badger.Txn) error { return nil }},
	// 4: reply records (r/) are version 2, the whole story of one
	// auto-reply (replies.go): queued, sending, sent, not sent or unsure.
	// A version 1 record ({v, id, at}) becomes one in state sent.
	{target: 4, fn: migrateReplyRecords},
	// 5: a site's episode of needing the user (e/), kept across a
	// restart. A store before it has none: an episode under way when it
	// was written is told once more, as it was before.
	{target: 5, fn: func(*badger.Txn) error { return nil }},
}

// movePendingToUnassigned is schema 2's move of p/ to u/, one chunk per
// transaction: each listing's move (u/ and i/ set, p/ deleted) is whole in
// one, so a crash leaves every listing in one of the two queues. The
// records move as they are, version 1 (schema 3 converts them).
func movePendingToUnassigned(db *badger.DB) error {
	for {
		var moved int
		err := db.Update(func(txn *badger.Txn) error {
			var records [][]byte
			it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(pendingPfx), PrefetchValues: true})
			for it.Rewind(); it.Valid() && len(records) < 500; it.Next() {
				b, err := it.Item().ValueCopy(nil)
				if err != nil {
					it.Close()
					return err
				}
				records = append(records, b)
			}
			it.Close()
			for _, b := range records {
				var a alertRecordV1
				if err := json.Unmarshal(b, &a); err != nil {
					return fmt.Errorf("queued alert record: %w", err)
				}
				if err := txn.Set(unassignedKey(a.ListingID), b); err != nil {
					return err
				}
				if old, err := getValue(txn, indexKey(a.ListingID)); err != nil {
					return err
				} else if old == nil {
					if err := txn.Set(indexKey(a.ListingID), encodeIndex(a.FoundAt)); err != nil {
						return err
					}
				}
				if err := txn.Delete(pendingKey(a.ListingID)); err != nil {
					return err
				}
			}
			moved = len(records)
			return nil
		})
		if err != nil || moved == 0 {
			return err
		}
	}
}

// alertRecordV1 is what schema 2's move reads of a version 1 alert record.
type alertRecordV1 struct {
	ListingID string    `json:"listing_id"`
	FoundAt   time.Time `json:"found_at"`
}

// migrateAlertRecords is schema 3's rewrite of every version 1 alert and
// listing record as version 2, in chunks of a transaction each. A record
// keeps every field it has; only "listing_id" becomes "id". Records
// already at version 2 are left as they are, so a crash part-way does the
// rest on the next Open.
func migrateAlertRecords(db *badger.DB) error {
	for _, pfx := range []string{queuePfx, unassignedPfx, listedPfx} {
		for {
			var done int
			err := db.Update(func(txn *badger.Txn) error {
				var keys, values [][]byte
				it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(pfx), PrefetchValues: true})
				for it.Rewind(); it.Valid() && len(keys) < 500; it.Next() {
					b, err := it.Item().ValueCopy(nil)
					if err != nil {
						it.Close()
						return err
					}
					v, changed, err := alertRecordV2(b)
					if err != nil {
						it.Close()
						return fmt.Errorf("record %x: %w", it.Item().Key(), err)
					}
					if changed {
						keys, values = append(keys, it.Item().KeyCopy(nil)), append(values, v)
					}
				}
				it.Close()
				for i, k := range keys {
					if err := txn.Set(k, values[i]); err != nil {
						return err
					}
				}
				done = len(keys)
				return nil
			})
			if err != nil {
				return err
			}
			if done == 0 {
				break
			}
		}
	}
	return nil
}

// alertRecordV2 is a version 1 alert or listing record as version 2;
// changed is false for a record that is version 2 already.
func alertRecordV2(b []byte) (v2 []byte, changed bool, err error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, false, err
	}
	var version int
	if err := json.Unmarshal(m["v"], &version); err != nil {
		return nil, false, fmt.Errorf("no version: %w", err)
	}
	switch version {
	case alertVersion:
		return nil, false, nil
	case 1:
	default:
		return nil, false, fmt.Errorf("version %d, want 1 or %d", version, alertVersion)
	}
	if id, ok := m["listing_id"]; ok {
		m["id"] = id
		delete(m, "listing_id")
	}
	m["v"] = json.RawMessage(strconv.Itoa(alertVersion))
	v2, err = json.Marshal(m)
	return v2, true, err
}

// currentSchema is the newest version this build reads and writes.
func currentSchema(table []migration) int {
	if len(table) == 0 {
		return 0
	}
	return table[len(table)-1].target
}

// readSchema returns the store's schema version; 0 for a new, empty store.
func readSchema(txn *badger.Txn) (int, error) {
	item, err := txn.Get([]byte(schemaKey))
	if errors.Is(err, badger.ErrKeyNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	b, err := item.ValueCopy(nil)
	if err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(string(b))
	if err != nil || v < 1 {
		return 0, fmt.Errorf("schema version %q is not a version", b)
	}
	return v, nil
}

// migrate applies the steps of table newer than the store's version. A
// store newer than the table is refused before anything is written.
func migrate(db *badger.DB, table []migration, dir string, now time.Time) error {
	var version int
	if err := db.View(func(txn *badger.Txn) (err error) {
		version, err = readSchema(txn)
		return err
	}); err != nil {
		return &CorruptError{Dir: dir, Cause: err, At: now}
	}
	if latest := currentSchema(table); version > latest {
		return &NewerVersionError{Dir: dir, Found: version, Supported: latest, At: now}
	}
	for _, m := range table {
		if m.target <= version {
			continue
		}
		if m.pre != nil {
			if err := m.pre(db); err != nil {
				return fmt.Errorf("update store %s to schema version %d: %w", dir, m.target, err)
			}
		}
		err := db.Update(func(txn *badger.Txn) error {
			if err := m.fn(txn); err != nil {
				return err
			}
			return txn.Set([]byte(schemaKey), []byte(strconv.Itoa(m.target)))
		})
		if err != nil {
			return fmt.Errorf("update store %s to schema version %d: %w", dir, m.target, err)
		}
		version = m.target
	}
	return nil
}
