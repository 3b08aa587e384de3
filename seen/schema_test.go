package seen

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/dgraph-io/badger/v4"
)

func TestMigrationsRunInOrderOnce(t *testing.T) {
	var ran []int
	step := func(target int, fail bool) migration {
		return migration{target: target, fn: func(txn *badger.Txn) error {
			if err := txn.Set([]byte(fmt.Sprintf("x/%d", target)), []byte("done")); err != nil {
				return err
			}
			if fail {
				return errors.New("step failed")
			}
			ran = append(ran, target)
			return nil
		}}
	}
	tests := []struct {
		name        string
		start       int // schema version already in the store; 0 = new store
		table       []migration
		wantRan     []int
		wantVersion int
		wantErr     bool
	}{
		{"new store runs every step", 0, []migration{step(1, false), step(2, false), step(3, false)}, []int{1, 2, 3}, 3, false},
		{"old store runs only newer steps", 2, []migration{step(1, false), step(2, false), step(3, false)}, []int{3}, 3, false},
		{"current store runs nothing", 3, []migration{step(1, false), step(2, false), step(3, false)}, nil, 3, false},
		{"a failed step stops at the last whole version", 1, []migration{step(1, false), step(2, false), step(3, true)}, []int{2}, 2, true},
		{"a newer store is refused", 4, []migration{step(1, false), step(2, false), step(3, false)}, nil, 4, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ran = nil
			dir := t.TempDir()
			db, err := badger.Open(desktopOptions(dir))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if tt.start > 0 {
				db.Update(func(txn *badger.Txn) error { return txn.Set([]byte(schemaKey), []byte(fmt.Sprint(tt.start))) })
			}
			err = migrate(db, tt.table, dir, t0)
			if (err != nil) != tt.wantErr {
				t.Fatalf("migrate: %v, want error %v", err, tt.wantErr)
			}
			if !reflect.DeepEqual(ran, tt.wantRan) {
				t.Errorf("ran %v, want %v", ran, tt.wantRan)
			}
			db.View(func(txn *badger.Txn) error {
				v, _ := readSchema(txn)
				if v != tt.wantVersion {
					t.Errorf("version %d, want %d", v, tt.wantVersion)
				}
				if _, err := txn.Get([]byte("x/3")); tt.wantErr && err == nil && tt.start < 3 {
					t.Error("the failed step's writes were kept")
				}
				return nil
			})
		})
	}
}

func TestUnreadableSchemaIsCorrupt(t *testing.T) {
	dir := t.TempDir()
	db, err := badger.Open(desktopOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(txn *badger.Txn) error { return txn.Set([]byte(schemaKey), []byte("garbage")) })
	db.Close()
	_, err = Open(dir)
	var ce *CorruptError
	if !errors.As(err, &ce) {
		t.Fatalf("Open with an unreadable schema version: %v, want *CorruptError", err)
	}
}
