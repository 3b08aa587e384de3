package seen

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// A folder made by hand (or by an older rentwatch) open to everyone, and
// Badger's files made 0644: Open makes the folder 0700 and every file
// 0600, and the files Badger makes later are made private too.
func TestOpenKeepsTheStorePrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows keeps the ACLs of the user's profile folder")
	}
	dir := filepath.Join(t.TempDir(), "store")
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveSnapshot(snap("https://a.test/", t0, "https://a.test/1"), t0); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	for _, name := range names(t, dir) {
		if err := os.Chmod(filepath.Join(dir, name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if notes := strings.Join(s.Notes(), "\n"); !strings.Contains(notes, "private to you") {
		t.Errorf("Open did not say it made the store private: %q", notes)
	}
	// Badger makes files as it writes, and a table from the memtable as it
	// closes.
	for i, sn := range bigSnapshots(4, 2000, t0) {
		if err := s.Accept(nil, []Snapshot{sn}, t0); err != nil {
			t.Fatalf("snapshot %d: %v", i, err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	checkMode(t, dir, 0o700)
	for _, name := range names(t, dir) {
		checkMode(t, filepath.Join(dir, name), 0o600)
	}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func checkMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Mode().Perm(); got != want {
		t.Errorf("%s is %v, want %v", filepath.Base(path), got, want)
	}
}

// A store on a disk mounted read-only is not damaged: Open says it cannot
// write there and what to do, and leaves every file as it was; moving the
// store aside (the advice for damage) would not help.
func TestAReadOnlyStoreIsNotCalledDamaged(t *testing.T) {
	disk := smallDisk(t, "16m")
	dir := filepath.Join(disk, "store")
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveSnapshot(snap("https://a.test/", t0, "https://a.test/1"), t0); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	before := names(t, dir)
	if out, err := exec.Command("mount", "-o", "remount,ro", disk).CombinedOutput(); err != nil {
		t.Fatalf("remount read-only: %v %s", err, out)
	}
	_, err = Open(dir)
	var ro *ReadOnlyError
	var corrupt *CorruptError
	switch {
	case err == nil:
		t.Fatal("opened a store on a read-only disk")
	case errors.As(err, &corrupt) || !errors.As(err, &ro):
		t.Fatalf("a read-only store: %v; want it said read-only, not damaged", err)
	case !strings.Contains(err.Error(), "read-only") || !strings.Contains(err.Error(), "not damaged") || strings.Contains(err.Error(), "mv "):
		t.Errorf("words: %v", err)
	}
	if after := names(t, dir); !slices.Equal(before, after) {
		t.Errorf("files before %v, after %v", before, after)
	}
	if out, err := exec.Command("mount", "-o", "remount,rw", disk).CombinedOutput(); err != nil {
		t.Fatalf("remount read-write: %v %s", err, out)
	}
}

// A store whose MANIFEST (Badger's list of its tables) is gone: Badger
// would open it empty and write over its tables without a word. Its files
// are set aside beside it, a new store starts, and Open says so.
func TestAStoreWithoutItsManifestIsSetAsideAndSaidSo(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "store")
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveSnapshot(snap("https://a.test/", t0, "https://a.test/1"), t0); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "MANIFEST")); err != nil {
		t.Fatal(err)
	}
	old := names(t, dir)
	s, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	aside := dir + ".broken-" + time.Now().Format("20060102") // (Open is on the real clock)
	notes := strings.Join(s.Notes(), "\n")
	if !strings.Contains(notes, "MANIFEST file is missing") || !strings.Contains(notes, aside) || !strings.Contains(notes, "new baseline") {
		t.Errorf("Open said %q; want the missing MANIFEST, where the files went, and the new baseline", notes)
	}
	for _, name := range old {
		if name == lockFile {
			continue
		}
		if _, err := os.Stat(filepath.Join(aside, name)); err != nil {
			t.Errorf("%s was not set aside: %v", name, err)
		}
	}
	if _, had, err := s.Snapshot("https://a.test/"); had || err != nil {
		t.Errorf("the new store has a snapshot (%v, %v)", had, err)
	}
}
