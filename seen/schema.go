package seen

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// migration brings a store up to schema version target. Migrations run in
// order on Open, each in its own transaction together with the version
// bump, so a crash mid-way leaves the store at one whole version.
type migration struct {
	target int
	fn     func(txn *badger.Txn) error
}

// migrations is the history of the on-disk layout. Add a step at the end;
// never edit one that has shipped.
var migrations = []migration{
	// 1: the layout in keys.go. A new store has nothing to convert.
	{target: 1, fn: func(*badger.Txn) error { return nil }},
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
