package seen

import (
	"log"
	"sync"
)

// Compaction: Badger's own compactors (NumCompactors, at least 2 of them)
// are goroutines that each wake every 50 ms for the life of the store, to
// look for work that here comes once an hour or so: 40 wakeups a second of
// a tray app that otherwise sleeps between cycles, about 140 thread
// switches a second in all (docs/BENCHMARKS.md, "Idle"). Badger has no
// option to slow them down, so the store runs none (desktopOptions) and
// compacts itself instead: after a write, when Badger's own measure says a
// level needs it (a score of 1 or more: NumLevelZeroTables tables on L0,
// or a level past its target size), one goroutine compacts the tree and
// exits. Between cycles nothing of the store is awake.

// compactor is the Store's state for compacting itself.
type compactor struct {
	wg sync.WaitGroup // Close waits for the compaction under way

	// mu guards the fields below.
	mu      sync.Mutex
	running bool // a compaction goroutine is under way
	closed  bool // set by Close: no compaction starts after it
	done    int  // compactions finished (for tests)
}

// compactSoon starts a compaction in the background when some level of
// the tree needs one and none is under way. It is cheap enough to call
// after every write: it reads the levels' sizes under Badger's locks.
func (s *Store) compactSoon() {
	// A compaction writes its tables through mapped files before it
	// drops the old ones: without room it would die of SIGBUS (room.go).
	// It comes again after the next write that finds room.
	if !s.needsCompaction() || s.Room() != nil {
		return
	}
	c := &s.compaction
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed || c.running {
		return
	}
	c.running = true
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		// Flatten merges every level into one: for a store of a few MB,
		// one pass over L0 and the level below, the work Badger's own
		// compactor would do. Writes go on meanwhile; tables they add to
		// L0 in the meantime are taken in the same call.
		if err := s.db.Flatten(1); err != nil {
			log.Printf("seen: compacting the store: %v", err)
		}
		c.mu.Lock()
		c.running = false
		c.done++
		c.mu.Unlock()
	}()
}

// needsCompaction applies Badger's own rule, a level whose score is 1 or
// more (L0 with NumLevelZeroTables tables, another level past its target),
// where Flatten can act on it: it takes a level into the one below when
// two levels hold data, but with everything on L0 only once L0 is over
// its score of 1 (a fresh store, until its first compaction).
func (s *Store) needsCompaction() bool {
	var top float64
	var used int
	for _, l := range s.db.Levels() {
		top = max(top, l.Score)
		if l.NumTables > 0 {
			used++
		}
	}
	return top > 1 || top >= 1 && used > 1
}

// stopCompacting lets no compaction start and waits for the one under
// way. Close calls it before closing Badger.
func (s *Store) stopCompacting() {
	s.compaction.mu.Lock()
	s.compaction.closed = true
	s.compaction.mu.Unlock()
	s.compaction.wg.Wait()
}
