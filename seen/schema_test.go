package seen

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	"rentwatch/internal/testkit"
	"rentwatch/listing"
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
	old := []listing.Alert{alert("L1", "https://a.test/s", t0), alert("L2", "https://a.test/s", t0.Add(time.Minute))}
	err = db.Update(func(txn *badger.Txn) error {
		if err := txn.Set([]byte(schemaKey), []byte("1")); err != nil {
			return err
		}
		for _, a := range old {
			if err := txn.Set(pendingKey(a.ID), v1Record(t, a, nil)); err != nil {
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
		if q, _ := s.Queue(ch); len(q) != 2 || q[0].ID != "L1" || !q[0].FoundAt.Equal(t0) {
			t.Errorf("queue of %s = %v, want L1 and L2 with their first sighting", ch, q)
		}
	}
	err = s.db.View(func(txn *badger.Txn) error {
		v, err := readSchema(txn)
		if v != currentSchema(migrations) {
			t.Errorf("schema %d, want %d", v, currentSchema(migrations))
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

// v1Record is a as schema 1 and 2 stores kept it (alert record version 1,
// the listing's id as "listing_id"), with extra fields (a listing
// record's delivered_at, left_out).
func v1Record(t *testing.T, a listing.Alert, extra map[string]any) []byte {
	t.Helper()
	m := map[string]any{"v": 1, "listing_id": a.ID, "search": a.SearchURL, "search_name": a.SearchName, "url": a.URL,
		"title": a.Title, "price": a.Price, "place": a.Place, "found_at": a.FoundAt}
	if a.PriceValue != 0 {
		m["price_value"] = a.PriceValue
	}
	if a.Image != "" {
		m["image"] = a.Image
	}
	maps.Copy(m, extra)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestAlertRecordV2(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    string // "" when unchanged
		wantErr bool
	}{
		{"a queued alert", `{"v":1,"listing_id":"L1","search":"https://a.test/s","title":"Room","found_at":"2025-03-14T14:02:00Z"}`,
			`{"found_at":"2025-03-14T14:02:00Z","id":"L1","search":"https://a.test/s","title":"Room","v":2}`, false},
		{"a listing record keeps its own fields", `{"v":1,"listing_id":"L2","delivered_at":1741960920000,"left_out":"too dear"}`,
			`{"delivered_at":1741960920000,"id":"L2","left_out":"too dear","v":2}`, false},
		{"a record of version 2 is left alone", `{"v":2,"id":"L1"}`, "", false},
		{"a newer record is refused", `{"v":3,"id":"L1"}`, "", true},
		{"no version", `{"listing_id":"L1"}`, "", true},
		{"not JSON", `garbage`, "", true},
	}
	for _, tt := range tests {
		got, changed, err := alertRecordV2([]byte(tt.in))
		if (err != nil) != tt.wantErr {
			t.Errorf("%s: error %v, want error %v", tt.name, err, tt.wantErr)
			continue
		}
		if changed != (tt.want != "") || string(got) != tt.want {
			t.Errorf("%s: %s (changed %v), want %s", tt.name, got, changed, tt.want)
		}
	}
}

// A store written by rentwatch before alerts were listing.Alert (schema 2,
// alert records version 1: testdata/schema2-store.tar.gz, written by
// testdata/schema2_store_writer.go.txt with the seen package of that
// time) opens, keeps every queued alert with all it held, delivers it, and
// keeps the Listings page's records.
func TestSchema2StoreOpensWithItsQueues(t *testing.T) {
	dir := testkit.Untar(t, "testdata/schema2-store.tar.gz")
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("open the schema 2 store: %v", err)
	}
	defer s.Close()
	const search = "https://www.wg-gesucht.de/wg-zimmer-in-Berlin.8.0.1.0.html"
	t0 := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	first := listing.Alert{Listing: listing.Listing{ID: "8812301", URL: "https://www.wg-gesucht.de/wg-zimmer-in-Berlin-Kreuzberg.8812301.html",
		Title: "WG-Zimmer in Kreuzberg", Price: "450 €", PriceValue: 450, Size: "14 m²", SizeM2: 14, Rooms: 1, Place: "Kreuzberg",
		Image: "https://img.wg-gesucht.de/media/up/2025/03/8812301.jpg"}, SearchURL: search, SearchName: "WG-Gesucht Berlin", FoundAt: t0}
	ids := func(as []listing.Alert) []string {
		var out []string
		for _, a := range as {
			out = append(out, a.ID)
		}
		return out
	}
	for ch, want := range map[string][]string{"email": {"8812301", "8812302", "8812303"}, "outbox": {"8812301", "8812302", "8812303"},
		"desktop": {"8812303"}} {
		q, err := s.Queue(ch)
		if err != nil {
			t.Fatalf("queue of %s: %v", ch, err)
		}
		if !reflect.DeepEqual(ids(q), want) {
			t.Errorf("queue of %s: %v, want %v", ch, ids(q), want)
		}
		if ch == "email" && len(q) > 0 {
			q[0].FoundAt = q[0].FoundAt.UTC()
			if !reflect.DeepEqual(q[0], first) {
				t.Errorf("the first queued alert came back as\n%+v\nwant\n%+v", q[0], first)
			}
		}
	}
	if p, _ := s.Pending(); len(p) != 3 {
		t.Errorf("pending %v, want the three queued", ids(p))
	}
	listed, err := s.Listed()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range listed {
		got = append(got, fmt.Sprintf("%s delivered=%v left_out=%q", l.ID, !l.DeliveredAt.IsZero(), l.LeftOut))
	}
	want := []string{`8812304 delivered=false left_out="the title has \"Studenten\""`, `8812302 delivered=true left_out=""`,
		`8812301 delivered=true left_out=""`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("listed %q, want %q", got, want)
	}
	if k, _ := s.Known([]string{"8812300", "8812301", "8812304"}, t0.Add(time.Hour)); !k["8812300"] || !k["8812301"] || !k["8812304"] {
		t.Errorf("known %v: the seen index lost listings", k)
	}
	// Delivering the queue works on the converted records.
	first1, err := s.Sent("email", []string{"8812301", "8812302", "8812303"}, t0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(first1, []string{"8812303"}) {
		t.Errorf("delivered first by email: %v, want only 8812303 (the others went out as pop-ups)", first1)
	}
	if q, _ := s.Queue("email"); len(q) != 0 {
		t.Errorf("email's queue after delivery: %v", ids(q))
	}
	err = s.db.View(func(txn *badger.Txn) error {
		for _, pfx := range []string{queuePfx, unassignedPfx, listedPfx} {
			it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(pfx), PrefetchValues: true})
			for it.Rewind(); it.Valid(); it.Next() {
				b, _ := it.Item().ValueCopy(nil)
				if _, changed, err := alertRecordV2(b); err != nil || changed {
					t.Errorf("record %x is not version %d: %s", it.Item().Key(), alertVersion, b)
				}
			}
			it.Close()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A schema 3 store's reply records ({v:1, id, at}, written when the send
// button was clicked) come back as replies in state sent: never sent
// again, and said so on the Listings page.
func TestSchema3ReplyRecordsBecomeSent(t *testing.T) {
	dir := t.TempDir()
	db, err := badger.Open(desktopOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(txn *badger.Txn) error {
		if err := txn.Set([]byte(schemaKey), []byte("3")); err != nil {
			return err
		}
		return txn.Set(repliedKey("L9"), []byte(`{"v":1,"id":"L9","at":"2025-03-14T14:02:00Z"}`))
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("open the schema 3 store: %v", err)
	}
	defer s.Close()
	r, found, err := s.ReplyTo("L9")
	if err != nil || !found || r.State != ReplySent || r.ID != "L9" || !r.At.Equal(time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)) {
		t.Fatalf("ReplyTo(L9) = %+v, %v, %v; want it sent at its time", r, found, err)
	}
	if q, err := s.QueueReplies([]Reply{{Alert: alert("L9", "https://kamernet.nl/s", t0)}}, t0); err != nil || len(q) != 0 {
		t.Fatal(q, err)
	}
	if open, _ := s.OpenReplies(); len(open) != 0 {
		t.Errorf("a listing replied to by the old version was queued again: %+v", open)
	}
	_ = s.db.View(func(txn *badger.Txn) error {
		if v, _ := readSchema(txn); v != len(migrations) {
			t.Errorf("schema %d, want %d (the latest)", v, len(migrations))
		}
		return nil
	})
}
