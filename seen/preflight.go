package seen

import (
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
func checkTables(dir string, opt badger.Options) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("read %s: %w", dir, err)
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".sst") {
			continue
		}
		if err := checkTable(filepath.Join(dir, e.Name()), opt); err != nil {
			return fmt.Errorf("table %s: %w", e.Name(), err)
		}
	}
	return nil
}

func checkTable(path string, opt badger.Options) (err error) {
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
		BlockSize:   opt.BlockSize,
		Compression: opt.Compression,
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
