package seen

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

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

// A schema 1 store's single pending queue becomes every channel's queue:
// nothing found before the update is lost, and its listings count as seen
// so the next check does not queue them again.
func TestSchema1PendingGoesToEveryChannel(t *testing.T) {
	dir := t.TempDir()
	db, err := badger.Open(desktopOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	old := []Alert{alert("L1", "https://a.test/s", t0), alert("L2", "https://a.test/s", t0.Add(time.Minute))}
	err = db.Update(func(txn *badger.Txn) error {
		if err := txn.Set([]byte(schemaKey), []byte("1")); err != nil {
			return err
		}
		for _, a := range old {
			v, err := encodeAlert(a)
			if err != nil {
				return err
			}
			if err := txn.Set(pendingKey(a.ListingID), v); err != nil {
				return err
			}
		}
		return nil
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("open a schema 1 store: %v", err)
	}
	defer s.Close()
	if p, _ := s.Pending(); len(p) != 2 {
		t.Fatalf("after the update pending = %v, want both", p)
	}
	if k, _ := s.Known([]string{"L1", "L2"}, t0.Add(time.Hour)); !k["L1"] || !k["L2"] {
		t.Errorf("migrated listings not in the seen index: %v", k)
	}
	if err := s.SetChannels([]string{"email", "desktop", "push-1"}); err != nil {
		t.Fatal(err)
	}
	for _, ch := range []string{"email", "desktop", "push-1"} {
		if q, _ := s.Queue(ch); len(q) != 2 || q[0].ListingID != "L1" || !q[0].FoundAt.Equal(t0) {
			t.Errorf("queue of %s = %v, want L1 and L2 with their first sighting", ch, q)
		}
	}
	err = s.db.View(func(txn *badger.Txn) error {
		v, err := readSchema(txn)
		if v != 2 {
			t.Errorf("schema %d, want 2", v)
		}
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(pendingPfx)})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			t.Errorf("schema 1 key %x left behind", it.Item().Key())
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
