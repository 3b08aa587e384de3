package seen

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4/options"
)

// TestOpenStoreSleeps: an open store that is not being written to runs no
// goroutine that wakes by itself on a short ticker: none of Badger's
// compactors (50 ms) and no block cache (ristretto's, 2.5 s). What stays
// is Badger's own and cannot be turned off (an allocator pool's 2 s
// ticker, the size reckoner's minute); docs/BENCHMARKS.md ("Idle") has what
// the whole app does between cycles.
func TestOpenStoreSleeps(t *testing.T) {
	s, _ := openDisk(t)
	if err := s.SaveSnapshot(snap("https://kamernet.nl/huren/kamers-amsterdam", t0, "kamernet:1"), t0); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 1<<20)
	stacks := string(buf[:runtime.Stack(buf, true)])
	for _, waker := range []string{
		"badger/v4.(*levelsController).runCompactor", // a 50 ms ticker each
		"ristretto/v2.(*Cache[...]).processItems",    // the block cache's 2.5 s ticker
	} {
		if n := strings.Count(stacks, waker); n > 0 {
			t.Errorf("%d goroutine(s) in %s while the store is open", n, waker)
		}
	}
	if t.Failed() {
		t.Logf("goroutines:\n%s", stacks)
	}
}

// TestStoreCompactsItself: with no compactors of Badger's own, writes that
// fill L0 make the store compact: L0 is emptied into the level below, no
// more than a table or two ever wait there (Badger stalls every write at
// 15), and everything written reads back.
func TestStoreCompactsItself(t *testing.T) {
	s, dir := openDisk(t)
	// Snapshots of 300 listings, rewritten with new times: each save is
	// ~25 KB of JSON, so 8 MB memtables fill after a few hundred.
	var last []Snapshot
	for round := 0; s.compactions() == 0; round++ {
		if l0 := level0Tables(s); l0 > 3 {
			t.Fatalf("round %d: %d tables on L0 and no compaction yet", round, l0)
		}
		if round > 5000 {
			t.Fatalf("no compaction after %d rounds of writes; levels:\n%s", round, s.db.LevelsToString())
		}
		last = saveRound(t, s, round)
	}
	s.compaction.wg.Wait()
	if l0 := level0Tables(s); l0 >= desktopOptions("").NumLevelZeroTables {
		t.Errorf("after compacting, L0 still has %d tables:\n%s", l0, s.db.LevelsToString())
	}
	s = reopen(t, s, dir)
	checkRound(t, s, last)
}

// TestOpensSnappyStore: a store written by an older rentwatch, whose
// options compressed tables with Snappy behind a block cache, opens with
// today's options (no compression, no cache), reads back, and goes on
// being written and compacted.
func TestOpensSnappyStore(t *testing.T) {
	dir := t.TempDir()
	before := desktopOptions(dir).WithCompression(options.Snappy).WithBlockCacheSize(1 << 20).WithNumCompactors(2)
	old, err := openWith(dir, before, t0)
	if err != nil {
		t.Fatal(err)
	}
	var last []Snapshot
	for round := 0; round < 400; round++ { // several L0 tables' worth
		last = saveRound(t, old, round)
	}
	if err := old.Close(); err != nil { // writes the memtable to a table too
		t.Fatal(err)
	}
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("open a store written with Snappy: %v", err)
	}
	defer func() { s.Close() }()
	checkRound(t, s, last)
	for round := 400; s.compactions() == 0 && round < 5000; round++ {
		last = saveRound(t, s, round)
	}
	s.compaction.wg.Wait()
	if s.compactions() == 0 {
		t.Fatalf("no compaction; levels:\n%s", s.db.LevelsToString())
	}
	checkRound(t, s, last)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if s, err = Open(dir); err != nil {
		t.Fatalf("reopen after compacting a Snappy store: %v", err)
	}
	checkRound(t, s, last)
}

// saveRound saves 3 searches' snapshots of 300 listings each, all with
// times of this round, and returns them.
func saveRound(t *testing.T, s *Store, round int) []Snapshot {
	t.Helper()
	at := t0.Add(time.Duration(round) * time.Minute)
	out := make([]Snapshot, 3)
	for i := range out {
		sn := Snapshot{Search: fmt.Sprintf("https://site%d.test/search", i), Listings: map[string]time.Time{}, CheckedAt: at}
		for j := 0; j < 300; j++ {
			sn.Listings[fmt.Sprintf("https://site%d.test/listing/%04d", i, j)] = at
		}
		if err := s.SaveSnapshot(sn, at); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		out[i] = sn
	}
	return out
}

func checkRound(t *testing.T, s *Store, want []Snapshot) {
	t.Helper()
	for _, w := range want {
		got, ok, err := s.Snapshot(w.Search)
		if err != nil || !ok {
			t.Fatalf("snapshot of %s: ok=%v err=%v", w.Search, ok, err)
		}
		if !got.CheckedAt.Equal(w.CheckedAt) || len(got.Listings) != len(w.Listings) {
			t.Fatalf("snapshot of %s: checked %v with %d listings, want %v with %d",
				w.Search, got.CheckedAt, len(got.Listings), w.CheckedAt, len(w.Listings))
		}
	}
}

func level0Tables(s *Store) int {
	for _, l := range s.db.Levels() {
		if l.Level == 0 {
			return l.NumTables
		}
	}
	return 0
}

// compactions is how many compactions have finished.
func (s *Store) compactions() int {
	s.compaction.mu.Lock()
	defer s.compaction.mu.Unlock()
	return s.compaction.done
}
