package seen

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"
	"github.com/dgraph-io/badger/v4/table"
	"github.com/dgraph-io/ristretto/v2/z"
)

// checkTables reads every table file in dir, read-only, before Badger
// opens the store. Badger opens tables in background goroutines and
// panics there on a damaged one (a slice out of range in initIndex), which
// no recover in our goroutine can catch: the whole app would die at start
// instead of saying "the store is damaged". Here the same check runs in
// our goroutine, index and block checksums included, and a panic becomes
// an error. Nothing is written: files are mapped read-only.
//
// Only the tables the manifest lists are the store. A table the manifest
// does not list is one a flush or compaction was writing when the process
// was killed (half written, zeros at its end); Badger deletes it on open,
// and calling it damage would send the user to move a sound store aside.
func checkTables(dir string, opt badger.Options) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("read %s: %w", dir, err)
	}
	compression := tableCompression(dir, opt)
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".sst") {
			continue
		}
		c := opt.Compression
		if id, ok := table.ParseFileID(e.Name()); ok && compression != nil {
			tc, listed := compression[id]
			if !listed {
				continue // unfinished when killed: Badger removes it
			}
			c = tc
		}
		if err := checkTable(filepath.Join(dir, e.Name()), opt.BlockSize, c); err != nil {
			return fmt.Errorf("table %s: %w", e.Name(), err)
		}
	}
	return nil
}

// dropEmptyLogs removes the memtable and value logs that are empty files.
// Badger creates a log and then sizes it; a kill between the two leaves a
// file of no bytes, and Badger's next Open refuses it ("Create a new
// file") though the store is whole. An empty log holds nothing, not even
// its header, so no write of the user's is in it and nothing points into
// it; Badger makes it again when it needs it.
func dropEmptyLogs(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("read store directory: %w", err)
	}
	for _, e := range entries {
		if ext := filepath.Ext(e.Name()); e.IsDir() || ext != ".mem" && ext != ".vlog" {
			continue
		}
		info, err := e.Info()
		if err != nil || info.Size() != 0 {
			continue // gone meanwhile, or a log with something in it
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("remove the empty log %s a crash left: %w", e.Name(), err)
		}
	}
	return nil
}

// tableCompression is how each table was compressed when it was written,
// as the manifest records it: a table written by an older rentwatch (with
// Snappy) is read as Snappy whatever the options say today. Without a
// readable manifest it is nil and the options' compression is assumed;
// Badger's own Open then says what is wrong with the manifest.
func tableCompression(dir string, opt badger.Options) (out map[uint64]options.CompressionType) {
	f, err := os.Open(filepath.Join(dir, badger.ManifestFilename))
	if err != nil {
		return nil
	}
	defer f.Close()
	defer func() {
		if recover() != nil { // a damaged manifest: Open will say so
			out = nil
		}
	}()
	mf, _, err := badger.ReplayManifestFile(f, opt.ExternalMagicVersion, opt)
	if err != nil {
		return nil
	}
	out = make(map[uint64]options.CompressionType, len(mf.Tables))
	for id, t := range mf.Tables {
		out[id] = t.Compression
	}
	return out
}

func checkTable(path string, blockSize int, compression options.CompressionType) (err error) {
	fd, err := os.Open(path)
	if err != nil {
		return err
	}
	st, err := fd.Stat()
	if err != nil {
		fd.Close()
		return err
	}
	if st.Size() < 8 {
		fd.Close()
		return fmt.Errorf("only %d bytes long", st.Size())
	}
	mf, err := z.OpenMmapFileUsing(fd, 0, false)
	if err != nil {
		fd.Close()
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("its index or data is damaged: %v", panicCause(r))
		}
		// -1: never truncate; the file stays exactly as it was.
		_ = mf.Close(-1)
	}()
	_, err = table.OpenTable(mf, table.Options{
		ReadOnly:    true,
		ChkMode:     options.OnTableRead,
		BlockSize:   blockSize,
		Compression: compression,
	})
	return err
}

// panicCause picks the telling line out of Badger's multi-line panic
// text ("== Recovering from initIndex crash ==", file info, ...).
func panicCause(r any) string {
	if err, ok := r.(error); ok {
		return err.Error()
	}
	for _, line := range strings.Split(fmt.Sprint(r), "\n") {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "==") {
			return line
		}
	}
	return "the table reader panicked"
}
