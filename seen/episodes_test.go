package seen

import (
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	"rentwatch/internal/testkit"
)

// TestEpisodesOutliveARestart: a site's episode of needing the user is
// on disk, versioned, read back after a reopen, replaced and ended.
func TestEpisodesOutliveARestart(t *testing.T) {
	s, dir := openDisk(t)
	if eps, err := s.Episodes(); err != nil || len(eps) != 0 {
		t.Fatalf("a new store's episodes: %v, %v", eps, err)
	}
	since := t0.Add(-time.Hour).Round(time.Millisecond)
	if err := s.SetEpisode("www.funda.nl", since); err != nil {
		t.Fatal(err)
	}
	if err := s.SetEpisode("kamernet.nl", t0); err != nil {
		t.Fatal(err)
	}
	s = reopen(t, s, dir)
	eps, err := s.Episodes()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]time.Time{"www.funda.nl": since, "kamernet.nl": t0}
	if len(eps) != 2 || !eps["www.funda.nl"].Equal(since) || !eps["kamernet.nl"].Equal(t0) {
		t.Errorf("after a reopen: %v, want %v", eps, want)
	}
	if err := s.EndEpisode("kamernet.nl"); err != nil {
		t.Fatal(err)
	}
	if err := s.EndEpisode("not-there.example"); err != nil {
		t.Errorf("ending no episode: %v", err)
	}
	if eps, _ := s.Episodes(); !reflect.DeepEqual(keys(eps), []string{"www.funda.nl"}) {
		t.Errorf("after one ended: %v", eps)
	}
	err = s.db.View(func(txn *badger.Txn) error {
		b, err := getValue(txn, episodeKey("www.funda.nl"))
		if err == nil && string(b) != `{"v":1,"host":"www.funda.nl","since":`+itoa(since.UnixMilli())+`}` {
			t.Errorf("record %s", b)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSchema2StoreGetsEpisodes: a store from before episodes were kept
// opens at the newest schema with none under way, and keeps one.
func TestSchema2StoreGetsEpisodes(t *testing.T) {
	dir := testkit.Untar(t, "testdata/schema2-store.tar.gz")
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if eps, err := s.Episodes(); err != nil || len(eps) != 0 {
		t.Errorf("episodes of an old store: %v, %v", eps, err)
	}
	if err := s.SetEpisode("www.funda.nl", t0); err != nil {
		t.Fatal(err)
	}
	s = reopen(t, s, dir)
	var v int
	if err := s.db.View(func(txn *badger.Txn) (err error) { v, err = readSchema(txn); return err }); err != nil || v != currentSchema(migrations) || v < 4 {
		t.Errorf("schema %d, %v; want %d", v, err, currentSchema(migrations))
	}
	if eps, _ := s.Episodes(); !eps["www.funda.nl"].Equal(t0) {
		t.Errorf("episodes %v", eps)
	}
}

func keys(m map[string]time.Time) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
