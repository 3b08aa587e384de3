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
		// 32 MB memtable. Badger caps ONE transaction at 15% of it (4.8 MB)
		// and at that / 96 bytes entries (50,000). The biggest transaction we
		// promise is Delivered with 15 searches x 2,000 listings, all new:
		// 30,000 index entries (~40 B each + 96 B of entry budget) plus 15
		// snapshots of ~75 B a listing: ~3.5 MB with 60-byte listing ids. 16 MB
		// would cap it at 25,000 entries and fail that. The arena is
		// allocated lazily by the kernel, so an idle store does not pay for
		// it; and in steady state little is written (see SaveSnapshot), so it
		// fills in weeks, not minutes.
		WithMemTableSize(48 << 20).
		// Two memtables: the live one and one being flushed. Five (the
		// default) only helps a write-heavy server absorb bursts.
		WithNumMemtables(2).
		// Every value we write stays inside the LSM tree (snapshot records
		// of 2,000 listings are ~150 KB), so the value log holds nothing and
		// needs no garbage collection. The threshold must not exceed the
		// transaction cap above (Badger refuses to open otherwise) and at
		// most 1 MB is allowed; 1 MB is both.
		WithValueThreshold(1 << 20).
		// The value log still exists and is preallocated (sparse) at twice
		// this size; 1 GB files look alarming in a user's data folder for a
		// store of a few MB. 8 MB is plenty for a log that stays empty.
		WithValueLogFileSize(8 << 20).
		// No block cache: the whole store is a few MB and the kernel's page
		// cache holds the mmapped tables anyway. Badger's 256 MB default also
		// allocates ristretto's counters up front (tens of MB resident).
		// A zero cache panics unless compression is off, so: no compression
		// (4 KB blocks of short keys compress poorly and disk use is tiny).
		WithBlockCacheSize(0).
		WithCompression(options.None).
		// Table indexes stay on the Go heap (IndexCacheSize 0 = no cache
		// layer); for a handful of tables that is a few KB.
		WithIndexCacheSize(0).
		// 2 is the fewest Badger allows (1 is rejected, 0 never compacts, so
		// deleted keys would pile up). Compaction here is rare and small.
		WithNumCompactors(2).
		// Small tables: 1 MB on L0/L1 keeps a compaction's work (and its
		// memory) small; the whole store fits in a few of them.
		WithBaseTableSize(1 << 20).
		WithNumLevelZeroTables(2).
		// Only the latest version of a key matters; old ones are garbage.
		WithNumVersionsToKeep(1).
		// Every commit is fsynced. Writes are a handful per cycle, so the
		// cost is nothing, and a power cut then cannot lose a MarkReplied
		// (a second auto-reply) or a Delivered (a duplicate alert).
		WithSyncWrites(true).
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
