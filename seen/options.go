package seen

import (
	"log"

	"github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"
)

// desktopOptions are Badger's options for rentwatch's store: a few thousand
// small keys on a user's laptop, written a few times a minute, read on every
// check. Badger's defaults are sized for a server (64 MB memtables x 5, a
// 256 MB block cache, 4 compactors, 1 GB value-log files); docs/BENCHMARKS.md
// "## seen/" has the measured difference.
func desktopOptions(dir string) badger.Options {
	return badger.DefaultOptions(dir).
		// 3 MB memtable (default 64 MB). Its arena (1.2x this) is live Go
		// heap for the life of the store, and flushing it builds its table
		// in buffers that grow by doubling (2 + 4 + 8 + 16 MB for an 8 MB
		// memtable), which Badger's allocator pool keeps for a few seconds
		// after; the GC then lets the heap reach twice all that.
		// At 15 x 2,000 listings an 8 MB memtable peaked at 115-124 MB, a
		// 4 MB one at 84 MB, this one at 73 MB, 2 MB at 71 MB
		// (docs/BENCHMARKS.md, "## seen/"). Badger caps one transaction at
		// 15% of it (470 KB, ~9,800 entries): a clean check of up to
		// about 4,000 listings, or an ordinary delivery, is one; bigger
		// ones (a first check of a huge page, 15 x 2,000 new listings
		// delivered at once) are written in ordered steps that are
		// crash-safe (see SaveSnapshot and Delivered).
		WithMemTableSize(3 << 20).
		// Two memtables: the live one and one being flushed. Five (the
		// default) only helps a write-heavy server absorb bursts.
		WithNumMemtables(2).
		// Values stay inside the LSM tree up to 384 KB (a snapshot of
		// 2,000 listings is ~150 KB of JSON; 384 KB is ~5,000), so the value
		// log holds nothing and needs no periodic garbage collection (Prune
		// runs one pass in case a giant snapshot ever went there). The
		// threshold must not exceed the transaction cap above (470 KB) or
		// Badger refuses to open.
		WithValueThreshold(384 << 10).
		// The value log still exists and is preallocated (sparse) at twice
		// this size; 1 GB files look alarming in a user's data folder for a
		// store of a few MB. 8 MB is plenty for a log that stays empty.
		WithValueLogFileSize(8 << 20).
		// No compression and so no block cache. Badger needs a block cache
		// (ristretto) to read compressed tables, and ristretto's cache wakes
		// every 2.5 s for the life of the store: about 4 of the app's thread
		// switches a second between cycles ("Idle" in docs/BENCHMARKS.md),
		// where the goal is 5. Without compression tables are read straight
		// from their memory-mapped files, with nothing decompressed into the
		// Go heap. The price is disk: at 15 x 2,000 listings (the stress
		// load) about 8 MB instead of 1-2.5 MB with Snappy; at a real
		// load of 15 x 40, a few hundred KB. Tables written by an older
		// rentwatch with Snappy stay readable: Badger records each table's
		// compression in its manifest, and compaction rewrites them without.
		WithCompression(options.None).
		WithBlockCacheSize(0).
		// IndexCacheSize 0: table indexes are read from the mmapped files
		// with no cache layer (and no ristretto goroutines).
		WithIndexCacheSize(0).
		// No compactors: each of Badger's (2 at the least) wakes every 50 ms
		// forever, 40 wakeups a second of an app that otherwise sleeps for
		// minutes. The store compacts itself after a write that leaves a
		// level needing it (compact.go), by Badger's own rule, so deleted
		// and rewritten keys still go.
		WithNumCompactors(0).
		// Small tables: 512 KB below L0 keeps a compaction's table builders
		// (and the memory they hold) small; the whole store fits in a few.
		WithBaseTableSize(512 << 10).
		WithNumLevelZeroTables(2).
		// Only the latest version of a key matters; old ones are garbage.
		WithNumVersionsToKeep(1).
		// Commits are not fsynced one by one: a clean check's SaveSnapshot
		// (15 a cycle) lost to a power cut costs nothing, since the next
		// check redoes it. The writes whose loss would matter (AddPending:
		// an alert; Delivered: a duplicate; MarkReplied: a second reply)
		// call Sync themselves. A kill -9 loses nothing either way: the
		// write-ahead log is in the kernel's page cache.
		WithSyncWrites(false).
		// Checksums on open catch a damaged table before we trust it, and
		// the store is small enough that checking every table is quick.
		WithChecksumVerificationMode(options.OnTableRead).
		WithVerifyValueChecksum(true).
		// The default goroutine count (8) is for streaming big key ranges.
		WithNumGoroutines(2).
		WithMetricsEnabled(false).
		WithLogger(quietLogger{})
}

// quietLogger drops Badger's INFO and DEBUG chatter (it logs every table
// it opens and every compaction) and sends warnings and errors to the
// standard logger, which main points at the app's log file.
type quietLogger struct{}

func (quietLogger) Errorf(f string, a ...interface{})   { log.Printf("seen: badger error: "+f, a...) }
func (quietLogger) Warningf(f string, a ...interface{}) { log.Printf("seen: badger warning: "+f, a...) }
func (quietLogger) Infof(string, ...interface{})        {}
func (quietLogger) Debugf(string, ...interface{})       {}
