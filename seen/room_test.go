package seen

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestRoomNeeded(t *testing.T) {
	const mb = 1 << 20
	tests := []struct {
		name                 string
		memTable, tree, logs int64
		want                 int64
	}{
		{"a new store", 3 * mb, 0, 0, 10 * mb},
		{"a few MB of tables", 3 * mb, 4 * mb, 0, 14 * mb},
		{"logs left by a crash to replay", 3 * mb, 4 * mb, 6 * mb, 20 * mb},
	}
	for _, tt := range tests {
		if got := roomNeeded(tt.memTable, tt.tree, tt.logs); got != tt.want {
			t.Errorf("%s: roomNeeded = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestDiskFullWords(t *testing.T) {
	err := error(&DiskFullError{Dir: "/home/ann/.local/share/rentwatch/store", Free: 400 << 10, Need: 10 << 20})
	want := "the disk holding rentwatch's data is full: 0.4 MB free, it needs 10 MB. Free some space on it " +
		"(rentwatch's data is in /home/ann/.local/share/rentwatch/store); watching goes on by itself once there is room"
	if err.Error() != want {
		t.Errorf("words:\n%s\nwant\n%s", err, want)
	}
	if !errors.Is(fmt.Errorf("queue 1 alert(s): %w", err), ErrDiskFull) {
		t.Error("a wrapped DiskFullError is not ErrDiskFull")
	}
}

// smallDisk mounts a tmpfs of size (as mount's -o size= takes it) for
// the test and unmounts it at the end. It needs root.
func smallDisk(t *testing.T, size string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("mounting a small disk needs root")
	}
	dir := filepath.Join(t.TempDir(), "disk")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs: %v %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
	return dir
}

// A disk that fills up under the store, by another program's files: the
// store says so, with the numbers, instead of dying of SIGBUS in Badger's
// mapped files; a restart on the full disk says the same instead of dying
// in badger.Open; and once space returns everything committed is there
// and writing goes on. The writer is a child process: a SIGBUS kills it,
// not the test.
func TestAFullDiskIsSaidAndNothingIsLost(t *testing.T) {
	disk := smallDisk(t, "40m")
	dir := filepath.Join(disk, "store")
	filler := filepath.Join(disk, "filler")

	w := runFullDiskWriter(t, dir, 0, 200, "")
	if w.code != 0 {
		t.Fatalf("with room, the writer stopped at step %d: exit %d\n%s", w.last, w.code, w.stderr)
	}
	// Another program takes all but 1 MB, while the store writes.
	w = runFullDiskWriter(t, dir, w.last+1, 5000, filler)
	if w.code != 3 {
		t.Fatalf("on a disk that filled up the writer ended with exit %d after step %d, want a disk-full error:\n%s%s", w.code, w.last, w.said, w.stderr)
	}
	if !regexp.MustCompile(`the disk holding rentwatch's data is full: [01]\.\d MB free, it needs \d+ MB`).MatchString(w.said) {
		t.Errorf("the writer was told %q, want the numbers in words", w.said)
	}
	last := w.last
	// A restart on the full disk.
	again := runFullDiskWriter(t, dir, last+1, last+10, "")
	if again.code != 3 || again.last != last || !strings.Contains(again.said, "open: the disk holding rentwatch's data is full") {
		t.Fatalf("a restart on the full disk: exit %d, committed up to %d, said %q; want Open to say the disk is full\n%s",
			again.code, again.last, again.said, again.stderr)
	}
	// Space returns.
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	checkCrashState(t, dir, last)
	w = runFullDiskWriter(t, dir, last+1, last+100, "")
	if w.code != 0 || w.last != last+100 {
		t.Fatalf("after space returned the writer ended with exit %d at step %d:\n%s%s", w.code, w.last, w.said, w.stderr)
	}
	checkCrashState(t, dir, w.last)
}

// fullDiskRun is how one run of the writer ended.
type fullDiskRun struct {
	code   int    // its exit status: 0 done, 3 the disk is full, 2 other failures; -1 and others: it died
	last   int    // the last step it committed (or the step before its first)
	said   string // what it printed that is not a commit
	stderr string
}

// runFullDiskWriter runs TestHelperFullDisk on dir for steps from to to
// (both included); with filler, the child fills the disk holding dir up
// to 1 MB free after its first ten steps.
func runFullDiskWriter(t *testing.T, dir string, from, to int, filler string) fullDiskRun {
	t.Helper()
	var stderr bytes.Buffer
	cmd := helperCmd(t, "TestHelperFullDisk", dir, fmt.Sprintf("SEEN_STEPS=%d-%d", from, to), "SEEN_FILLER="+filler)
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := fullDiskRun{last: from - 1}
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		n, err := strconv.Atoi(strings.TrimPrefix(sc.Text(), "committed "))
		switch {
		case err != nil:
			r.said += sc.Text() + "\n"
		case n != r.last+1:
			t.Fatalf("writer reported step %d after %d", n, r.last)
		default:
			r.last = n
		}
	}
	_, _ = io.Copy(io.Discard, out)
	_ = cmd.Wait()
	r.code, r.stderr = cmd.ProcessState.ExitCode(), stderr.String()
	return r
}

// TestHelperFullDisk is the child of TestAFullDiskIsSaidAndNothingIsLost:
// it runs the crash model's steps SEEN_STEPS (from-to), filling the disk
// after ten of them when SEEN_FILLER names a file to fill it with. It
// exits 3 on a disk-full error (printing it), 2 on any other.
func TestHelperFullDisk(t *testing.T) {
	dir := helperDir(t)
	var from, to int
	if _, err := fmt.Sscanf(os.Getenv("SEEN_STEPS"), "%d-%d", &from, &to); err != nil {
		t.Fatal(err)
	}
	var s *Store
	exit := func(what string, err error) {
		fmt.Printf("%s: %v\n", what, err)
		if s != nil { // as the app does when it ends: on a full disk too
			fmt.Printf("close: %v\n", s.Close())
		}
		if errors.Is(err, ErrDiskFull) {
			os.Exit(3)
		}
		os.Exit(2)
	}
	s, err := Open(dir)
	if err != nil {
		exit("open", err)
	}
	if err := s.SetChannels([]string{crashChannel}); err != nil {
		exit("set channels", err)
	}
	for n := from; n <= to; n++ {
		if n == from+10 && os.Getenv("SEEN_FILLER") != "" {
			if err := fillDisk(os.Getenv("SEEN_FILLER"), 1<<20); err != nil {
				exit("fill the disk", err)
			}
		}
		if err := crashStep(s, n); err != nil {
			exit(fmt.Sprintf("step %d", n), err)
		}
		fmt.Printf("committed %d\n", n)
	}
	err = s.Close()
	s = nil
	if err != nil {
		exit("close", err)
	}
	os.Exit(0)
}

// fillDisk writes zeros to path until the disk holding it has leave bytes
// free, the way another program's files fill a disk.
func fillDisk(path string, leave int64) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	zeros := make([]byte, 64<<10)
	for {
		free, err := freeSpace(filepath.Dir(path))
		if err != nil {
			return err
		}
		if free <= leave {
			return nil
		}
		if _, err := f.Write(zeros[:min(int64(len(zeros)), free-leave)]); err != nil {
			return err
		}
	}
}
