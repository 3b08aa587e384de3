package seen

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// What Open checks before Badger: that the folder can be written (a
// read-only disk or folder is not damage, and moving it aside would not
// help), that it and its files are the user's only (they hold what the
// user searches for), and that a store's list of tables is there.

// ReadOnlyError says the store's folder cannot be written: a disk mounted
// read-only, a folder or files without write permission. The store is not
// damaged; Open left it as it was.
type ReadOnlyError struct {
	Dir   string
	Cause error
}

func (e *ReadOnlyError) Error() string {
	return fmt.Sprintf("rentwatch cannot write to its store in %s (%v): the disk or the folder is read-only. "+
		"The store is not damaged: make the folder writable for your user (or mount its disk read-write again), "+
		"or start rentwatch with --data set to a folder it can write", e.Dir, e.Cause)
}

func (e *ReadOnlyError) Unwrap() error { return e.Cause }

// readOnly says whether err means the folder cannot be written.
func readOnly(err error) bool {
	return errors.Is(err, syscall.EROFS) || errors.Is(err, os.ErrPermission)
}

// checkWritable writes and removes a file in dir.
func checkWritable(dir string) error {
	f, err := os.CreateTemp(dir, ".write-check-*")
	if err != nil {
		if readOnly(err) {
			return &ReadOnlyError{Dir: dir, Cause: unwrapPath(err)}
		}
		return fmt.Errorf("check the store can be written: %w", err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// unwrapPath drops the path from a *PathError: the message names the
// folder already.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// keepPrivate makes dir 0700 and its files 0600 where they are open to
// others: Badger makes its files 0644 (0666 less the umask), and a folder
// made by hand or by an older rentwatch may be 0777. It says whether it
// changed anything. Windows keeps the ACLs of the user's profile folder.
func keepPrivate(dir string) (bool, error) {
	if runtime.GOOS == "windows" {
		return false, nil
	}
	changed := false
	tighten := func(path string, mode os.FileMode, want os.FileMode) error {
		if mode.Perm()&0o077 == 0 {
			return nil
		}
		changed = true
		return os.Chmod(path, want)
	}
	st, err := os.Stat(dir)
	if err != nil {
		return false, err
	}
	if err := tighten(dir, st.Mode(), 0o700); err != nil {
		return false, fmt.Errorf("make the store's folder private: %w", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return changed, err
	}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue // gone meanwhile (a table compacted away), or not ours
		}
		if err := tighten(filepath.Join(dir, e.Name()), info.Mode(), 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
			return changed, fmt.Errorf("make the store's files private: %w", err)
		}
	}
	return changed, nil
}

// setAsideWithoutManifest handles a store whose MANIFEST, Badger's list
// of its tables, is gone while its tables and logs are there: Badger would
// open it as a new, empty store and write over the old tables. Its files
// are moved to a folder beside it (asideName), the store starts anew, and
// the returned words say so: every search then starts with a new baseline
// (listings already on their pages are not alerted), and alerts not yet
// delivered are in the folder set aside. "" when the store is whole or new.
func setAsideWithoutManifest(dir string, now time.Time) (string, error) {
	if _, err := os.Stat(filepath.Join(dir, badger.ManifestFilename)); !errors.Is(err, os.ErrNotExist) {
		return "", nil // there, or unreadable: Badger says what is wrong
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", fmt.Errorf("read store directory: %w", err)
	}
	var data []string
	for _, e := range entries {
		switch filepath.Ext(e.Name()) {
		case ".sst", ".vlog", ".mem":
			data = append(data, e.Name())
		}
	}
	if len(data) == 0 {
		return "", nil // a new store
	}
	to, err := asideName(dir, now)
	if err != nil {
		return "", err
	}
	if err := os.Mkdir(to, 0o700); err != nil {
		return "", fmt.Errorf("set the store's files aside: %w", err)
	}
	for _, e := range entries {
		if e.Name() == lockFile {
			continue
		}
		if err := os.Rename(filepath.Join(dir, e.Name()), filepath.Join(to, e.Name())); err != nil {
			return "", fmt.Errorf("set the store's files aside: %w", err)
		}
	}
	return fmt.Sprintf("the store in %s had lost its list of tables (its MANIFEST file is missing), so it could not be read: "+
		"its %d file(s) were moved to %s and a new store was started. Every search starts again with a new baseline "+
		"(listings already on its page are not alerted)", dir, len(data), strings.TrimRight(to, `/\`)), nil
}
