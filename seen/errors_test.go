package seen

import (
	"bufio"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	"rentwatch/listing"
)

func TestSecondProcessIsAlreadyRunning(t *testing.T) {
	dir := t.TempDir()
	cmd := helperCmd(t, "TestHelperHolder", dir)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	waitForLine(t, out, "ready")

	_, err = Open(dir)
	if !errors.Is(err, ErrAlreadyRunning) {
		t.Fatalf("Open while another process holds the store: %v, want ErrAlreadyRunning", err)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "rentwatch is already running") || !strings.Contains(msg, dir) ||
		strings.Contains(strings.ToLower(msg), "badger") {
		t.Errorf("message %q: want it to start %q, name %s and not mention Badger", msg, "rentwatch is already running", dir)
	}
	if _, err := MoveAside(dir, t0); !errors.Is(err, ErrAlreadyRunning) {
		t.Errorf("MoveAside of a store in use: %v, want ErrAlreadyRunning", err)
	}

	stdin.Close() // the holder closes the store and exits
	if err := cmd.Wait(); err != nil {
		t.Fatalf("holder: %v", err)
	}
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("Open after the other process quit: %v", err)
	}
	s.Close()
}

func TestLockReleasedAfterKill(t *testing.T) {
	dir := t.TempDir()
	cmd := helperCmd(t, "TestHelperHolder", dir)
	if _, err := cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitForLine(t, out, "ready")
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("Open after the holder was killed: %v", err)
	}
	s.Close()
}

func waitForLine(t *testing.T, r interface{ Read([]byte) (int, error) }, want string) {
	t.Helper()
	found := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			if sc.Text() == want {
				found <- true
				return
			}
		}
		found <- false
	}()
	select {
	case ok := <-found:
		if !ok {
			t.Fatalf("child ended without saying %q", want)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("child did not say %q in 20s", want)
	}
}

// filledStore makes a closed store on disk with some of everything in it.
func filledStore(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "store")
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, sn := range bigSnapshots(3, 500, t0) {
		if err := s.SaveSnapshot(sn, t0); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Accept([]listing.Alert{alert("L1", "a", t0)}, nil, t0); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

// dirState is every file in dir with a hash of its content.
func dirState(t *testing.T, dir string) map[string]string {
	t.Helper()
	st := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		st[e.Name()] = fmt.Sprintf("%x", sha256.Sum256(b))
	}
	return st
}

// garble overwrites every 7th byte of the first file in dir whose name
// ends in suffix (or is suffix).
func garble(t *testing.T, dir, suffix string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), suffix) {
			p := filepath.Join(dir, e.Name())
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < len(b); i += 7 {
				b[i] ^= 0x5a
			}
			if err := os.WriteFile(p, b, 0o600); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("no file ending in %q in %s", suffix, dir)
}

func TestCorruptStoreIsReportedNotWiped(t *testing.T) {
	for _, target := range []string{"MANIFEST", ".sst", ".vlog", "KEYREGISTRY"} {
		t.Run(target, func(t *testing.T) {
			dir := filledStore(t)
			garble(t, dir, target)
			before := dirState(t, dir)
			_, err := Open(dir)
			var ce *CorruptError
			if !errors.As(err, &ce) {
				t.Fatalf("Open of a store with a garbled %s: %v, want *CorruptError", target, err)
			}
			hint := "Move it aside with: mv " + dir + " " + dir + ".broken-" + time.Now().Format("20060102")
			if msg := err.Error(); !strings.HasPrefix(msg, "the store in "+dir+" is damaged (") ||
				!strings.Contains(msg, hint) || !strings.HasSuffix(msg, "rentwatch will start a new one") {
				t.Errorf("message %q: want the damage and %q", msg, hint)
			}
			if after := dirState(t, dir); !reflect.DeepEqual(before, after) {
				t.Errorf("a failed Open changed the store:\nbefore %v\nafter  %v", before, after)
			}
			moved, err := MoveAside(dir, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			if after := dirState(t, moved); !reflect.DeepEqual(before, after) {
				t.Errorf("MoveAside changed the files")
			}
			s, err := Open(dir)
			if err != nil {
				t.Fatalf("Open after MoveAside: %v", err)
			}
			defer s.Close()
			if _, ok, _ := s.Snapshot(bigSnapshots(1, 1, t0)[0].Search); ok {
				t.Error("the new store has the old store's data")
			}
		})
	}
}

func TestMoveAsideNames(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "Application Support")
	for i, want := range []string{".broken-20261130", ".broken-20261130-2", ".broken-20261130-3"} {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		got, err := MoveAside(dir, t0)
		if err != nil || got != dir+want {
			t.Fatalf("move %d: %q, %v; want %q", i, got, err, dir+want)
		}
	}
	if _, err := MoveAside(filepath.Join(parent, "missing"), t0); err == nil {
		t.Error("MoveAside of a missing store succeeded")
	}
	ce := &CorruptError{Dir: dir, Cause: errors.New("x"), At: t0}
	if want := "mv '" + dir + "' '" + dir + ".broken-20261130-4'"; !strings.Contains(ce.Error(), want) {
		t.Errorf("hint %q does not quote the path with spaces: want %q", ce.Error(), want)
	}
}

func TestNewerStoreIsRefusedUntouched(t *testing.T) {
	dir := filledStore(t)
	db, err := badger.Open(desktopOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	newer := currentSchema(migrations) + 1
	if err := db.Update(func(txn *badger.Txn) error {
		return txn.Set([]byte(schemaKey), []byte(fmt.Sprint(newer)))
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	before := dirState(t, dir)
	_, err = Open(dir)
	var ne *NewerVersionError
	if !errors.As(err, &ne) || ne.Found != newer || ne.Supported != currentSchema(migrations) {
		t.Fatalf("Open of a store from a newer version: %v, want *NewerVersionError{Found: %d}", err, newer)
	}
	if !strings.Contains(err.Error(), "newer rentwatch") || !strings.Contains(err.Error(), "mv "+dir+" ") {
		t.Errorf("message %q: want it to say newer and how to move it aside", err)
	}
	after := dirState(t, dir)
	// Badger's own open and close may rewrite its bookkeeping files; our
	// records are what must not change, so compare the tables and manifest.
	for name, sum := range before {
		if (strings.HasSuffix(name, ".sst") || name == "MANIFEST") && after[name] != sum {
			t.Errorf("refusing a newer store changed %s", name)
		}
	}
	db, err = badger.Open(desktopOptions(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.View(func(txn *badger.Txn) error {
		if v, _ := readSchema(txn); v != newer {
			t.Errorf("schema version after refusal = %d, want %d", v, newer)
		}
		return nil
	})
}

// A kill in the middle of a flush leaves a table the manifest does not
// list yet, its end still zeros. That is not damage: the store is what the
// manifest says, and Badger removes the unfinished table on open. (CI saw
// a SIGKILL at such a moment reported as a damaged store.)
func TestUnfinishedTableIsNotDamage(t *testing.T) {
	dir := filledStore(t)
	var table []byte
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".sst") {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			table = b
		}
	}
	if table == nil {
		t.Fatal("the filled store has no table to copy")
	}
	clear(table[len(table)/2:]) // written up to half when the kill came
	orphan := filepath.Join(dir, "000999.sst")
	if err := os.WriteFile(orphan, table, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("Open with an unfinished table beside the store: %v", err)
	}
	defer s.Close()
	if _, ok, err := s.Snapshot(bigSnapshots(1, 1, t0)[0].Search); err != nil || !ok {
		t.Errorf("the store's snapshot after the open: ok=%v err=%v", ok, err)
	}
	if _, err := os.Stat(orphan); !os.IsNotExist(err) {
		t.Errorf("the unfinished table is still there (err %v)", err)
	}
}

// A kill between Badger creating a log file and sizing it leaves the file
// empty. Badger's Open then fails on it ("Create a new file") though the
// store is whole; such a file holds nothing, and the store must open with
// everything committed. (CI saw a SIGKILL at that moment called damage.)
func TestEmptyLogLeftByAKillIsNotDamage(t *testing.T) {
	for _, name := range []string{"00007.mem", "000007.vlog"} {
		t.Run(name, func(t *testing.T) {
			dir := filledStore(t)
			empty := filepath.Join(dir, name)
			if err := os.WriteFile(empty, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := Open(dir)
			if err != nil {
				t.Fatalf("Open with an empty %s beside the store: %v", name, err)
			}
			defer s.Close()
			if _, ok, err := s.Snapshot(bigSnapshots(1, 1, t0)[0].Search); err != nil || !ok {
				t.Errorf("the store's snapshot after the open: ok=%v err=%v", ok, err)
			}
			if q, err := s.Pending(); err != nil || len(q) != 1 {
				t.Errorf("pending after the open: %d alerts, err %v; want the 1 accepted", len(q), err)
			}
		})
	}
}
