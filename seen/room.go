package seen

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Room on the disk. Badger writes through memory-mapped files: a log
// made at its full size with nothing behind it (a sparse file, 6 MB for
// each memtable's log, 16 MB for a value log), whose blocks the file
// system finds only when a page is first touched, and tables it maps at
// their size and then fills. On a full disk that first touch is not an
// error Badger could return but a SIGBUS that kills the process, in
// Badger's own goroutines (a memtable flush, a table written by
// compaction), and again at every start while it replays its logs. So
// the store asks for room before Badger can touch anything: Open before it
// opens Badger, and every write before it begins. With too little free
// space it refuses with a *DiskFullError and writes nothing: what was not
// written is found again by the next check (Accept) or still queued
// (Sent), so nothing is lost; the caller waits and asks Room again.

// ErrDiskFull is what every *DiskFullError is (errors.Is).
var ErrDiskFull = errors.New("the disk is full")

// DiskFullError says the disk holding the store has too little free space
// for the store to write safely. The directory was left as it was.
type DiskFullError struct {
	Dir  string
	Free int64 // bytes free on its disk for rentwatch
	Need int64 // bytes the store needs free (roomNeeded)
}

func (e *DiskFullError) Error() string {
	return fmt.Sprintf("the disk holding rentwatch's data is full: %s free, it needs %s. "+
		"Free some space on it (rentwatch's data is in %s); watching goes on by itself once there is room",
		megabytes(e.Free), megabytes(e.Need), e.Dir)
}

// Is makes errors.Is(err, ErrDiskFull) true.
func (e *DiskFullError) Is(target error) bool { return target == ErrDiskFull }

// megabytes says n bytes in MB, with one decimal below 10 MB (0.4 MB
// free is not "0 MB free").
func megabytes(n int64) string {
	mb := float64(n) / (1 << 20)
	if mb < 10 {
		return fmt.Sprintf("%.1f MB", mb)
	}
	return fmt.Sprintf("%.0f MB", mb)
}

// roomSlack covers what a write can make Badger touch besides logs and
// tables: a new value log's first page (each Open starts one), the
// discard-stats file, a rewritten MANIFEST, the key registry.
const roomSlack = 1 << 20

// roomNeeded is how many bytes must be free before the store writes, for
// a store whose memtables hold memTable bytes, whose tables take tree
// bytes, and which has logs bytes of memtable logs still to replay (at
// Open: the logs an earlier run left). A write may fill the rest of the
// live memtable's log (up to memTable), which is then flushed into a
// table of about its size; the next log begins; and the compaction that
// may follow writes its new tables before it deletes the old ones (up to
// the whole tree). A log left to replay is mapped whole (on tmpfs reading
// a hole takes a page too) and flushed into a table.
func roomNeeded(memTable, tree, logs int64) int64 {
	return 3*memTable + tree + logs + roomSlack
}

// Room says whether the store can write now: nil, or a *DiskFullError
// with the numbers. The store in memory always can.
func (s *Store) Room() error {
	if s.dir == "" {
		return nil
	}
	var tree int64
	for _, l := range s.db.Levels() {
		tree += l.Size
	}
	return checkRoom(s.dir, roomNeeded(s.db.Opts().MemTableSize, tree, 0))
}

// roomToOpen checks the room Open needs in dir before Badger touches it:
// its tables and the logs an earlier run left, as the files say.
func roomToOpen(dir string, memTable int64) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("read store directory: %w", err)
	}
	var tree, logs int64
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		switch filepath.Ext(e.Name()) {
		case ".sst":
			tree += info.Size()
		case ".mem":
			logs += info.Size()
		}
	}
	return checkRoom(dir, roomNeeded(memTable, tree, logs))
}

// checkRoom compares the disk's free space with need. A disk whose free
// space cannot be read is given the benefit of the doubt: refusing every
// write over a failed statfs would stop the app for nothing.
func checkRoom(dir string, need int64) error {
	free, err := freeSpace(dir)
	if err != nil || free >= need {
		return nil
	}
	return &DiskFullError{Dir: strings.TrimRight(dir, `/\`), Free: free, Need: need}
}
