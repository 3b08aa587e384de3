package seen

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"rentwatch/listing"
)

// Tests that need a second process re-run this test binary with one of the
// TestHelper* tests selected and SEEN_HELPER_DIR set; without it those
// helpers skip.
const helperDirEnv = "SEEN_HELPER_DIR"

func helperCmd(t *testing.T, helper, dir string, extraEnv ...string) *exec.Cmd {
	t.Helper()
	return helperCmdB(t, helper, dir, extraEnv...)
}

func helperCmdB(t testing.TB, helper, dir string, extraEnv ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+helper+"$", "-test.count=1")
	cmd.Env = append(append(os.Environ(), helperDirEnv+"="+dir), extraEnv...)
	cmd.Stderr = os.Stderr
	return cmd
}

func helperDir(t *testing.T) string {
	dir := os.Getenv(helperDirEnv)
	if dir == "" {
		t.Skip("helper process for another test; runs only when re-executed by it")
	}
	return dir
}

// ---- the crash model: what step n of the writer does ----

const crashSearches = 3

func crashSearch(i int) string {
	return fmt.Sprintf("https://site%d.test/search?q=amsterdam", i%crashSearches)
}
func crashID(k int) string {
	return fmt.Sprintf("https://site%d.test/listing/%07d", k%crashSearches, k)
}
func crashFound(k int) time.Time {
	return t0.Add(time.Duration(k) * time.Second)
}

// crashSnapshot is search s's page once listing j has been delivered: 300
// standing listings (so each write is tens of KB and the memtable fills)
// and every delivered listing of that search up to j.
func crashSnapshot(j int) Snapshot {
	sn := Snapshot{Search: crashSearch(j), Listings: map[string]time.Time{}, CheckedAt: crashFound(j)}
	for i := 0; i < 300; i++ {
		sn.Listings[fmt.Sprintf("https://site%d.test/standing/%04d", j%crashSearches, i)] = t0
	}
	for k := j % crashSearches; k <= j; k += crashSearches {
		sn.Listings[crashID(k)] = crashFound(k)
	}
	return sn
}

// crashChannel is the channel the writer delivers on.
const crashChannel = "push-1"

// crashStep runs step n: even steps accept listing n/2 (queued with its
// search's snapshot); odd steps deliver the listing accepted two rounds
// before (so a few are always queued).
func crashStep(s *Store, n int) error {
	if n%2 == 0 {
		k := n / 2
		return s.Accept([]listing.Alert{alert(crashID(k), crashSearch(k), crashFound(k))}, []Snapshot{crashSnapshot(k)}, crashFound(k))
	}
	j := (n-1)/2 - 2
	if j < 0 { // nothing to deliver yet: a clean check of an unrelated search
		return s.SaveSnapshot(snap("https://warmup.test/", t0, "https://warmup.test/1"), t0)
	}
	_, err := s.Sent(crashChannel, []string{crashID(j)}, crashFound(j))
	return err
}

func addedBy(k int) int     { return 2 * k }
func deliveredBy(k int) int { return 2*(k+2) + 1 }

// TestHelperWriter is the child of TestCrashKeepsEverythingCommitted: it
// runs crash steps until killed, printing each one after it committed.
func TestHelperWriter(t *testing.T) {
	dir := helperDir(t)
	s, err := Open(dir)
	if err != nil {
		fmt.Printf("open failed: %v\n", err)
		os.Exit(2)
	}
	if err := s.SetChannels([]string{crashChannel}); err != nil {
		fmt.Printf("set channels failed: %v\n", err)
		os.Exit(2)
	}
	for n := 0; ; n++ {
		if err := crashStep(s, n); err != nil {
			fmt.Printf("step %d failed: %v\n", n, err)
			os.Exit(2)
		}
		fmt.Printf("committed %d\n", n) // os.Stdout is unbuffered: out before the next step
	}
}

func TestCrashKeepsEverythingCommitted(t *testing.T) {
	for _, delay := range []time.Duration{10 * time.Millisecond, 60 * time.Millisecond, 150 * time.Millisecond, 400 * time.Millisecond, 900 * time.Millisecond} {
		t.Run(delay.String(), func(t *testing.T) {
			dir := t.TempDir()
			last := runAndKill(t, dir, delay)
			checkCrashState(t, dir, last)
		})
	}
}

// runAndKill starts the writer, lets it run for delay after its first
// commit, SIGKILLs it and returns the last step it reported committed.
func runAndKill(t *testing.T, dir string, delay time.Duration) int {
	t.Helper()
	cmd := helperCmd(t, "TestHelperWriter", dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 1<<16)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	last, killed := -1, false
	timer := time.NewTimer(20 * time.Second) // until the first commit
	defer timer.Stop()
	for !killed || lines != nil {
		select {
		case line, ok := <-lines:
			if !ok {
				lines = nil
				if !killed {
					t.Fatalf("writer exited by itself after step %d", last)
				}
				continue
			}
			n, err := strconv.Atoi(strings.TrimPrefix(line, "committed "))
			if err != nil {
				if strings.HasPrefix(line, "open failed") || strings.Contains(line, "failed:") {
					t.Fatalf("writer: %s", line)
				}
				continue // the test framework's own lines
			}
			if n != last+1 {
				t.Fatalf("writer reported step %d after %d", n, last)
			}
			if last = n; n == 0 {
				timer.Reset(delay)
			}
		case <-timer.C:
			if last < 0 {
				t.Fatal("writer committed nothing in 20s")
			}
			if err := cmd.Process.Kill(); err != nil { // SIGKILL on unix
				t.Fatal(err)
			}
			killed = true
		}
	}
	_ = cmd.Wait()
	t.Logf("killed after %d committed steps", last+1)
	return last
}

// checkCrashState reopens the store and checks every committed step is
// there: an accepted listing is known to the diff and is either still
// queued or delivered (its listing record written), never neither.
func checkCrashState(t *testing.T, dir string, last int) {
	t.Helper()
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("reopen after kill: %v", err)
	}
	defer s.Close()
	pend, err := s.Pending()
	if err != nil {
		t.Fatal(err)
	}
	pending := map[string]listing.Alert{}
	for _, a := range pend {
		pending[a.ID] = a
	}
	maxK := last/2 + 2
	ids := make([]string, 0, maxK+1)
	for k := 0; k <= maxK; k++ {
		ids = append(ids, crashID(k))
	}
	known, err := s.Known(ids, crashFound(maxK))
	if err != nil {
		t.Fatal(err)
	}
	listed, err := s.Listed()
	if err != nil {
		t.Fatal(err)
	}
	told := map[string]bool{}
	for _, l := range listed {
		told[l.ID] = !l.DeliveredAt.IsZero()
	}
	for k := 0; k <= maxK; k++ {
		a, p := pending[crashID(k)]
		kn, tl := known[crashID(k)], told[crashID(k)]
		switch {
		case addedBy(k) > last+1:
			if p || kn || tl {
				t.Errorf("listing %d: never added, but queued=%v known=%v told=%v", k, p, kn, tl)
			}
		case addedBy(k) <= last && (!kn || p == tl):
			t.Errorf("listing %d: accepted, but known=%v queued=%v told=%v; want known and exactly one of the two", k, kn, p, tl)
		case deliveredBy(k) <= last && p:
			t.Errorf("listing %d: delivery committed (step %d <= %d) but still queued", k, deliveredBy(k), last)
		case deliveredBy(k) > last+1 && addedBy(k) <= last && !p:
			t.Errorf("listing %d: accepted (step %d) and not delivered, but not queued", k, addedBy(k))
		case p && !a.FoundAt.Equal(crashFound(k)):
			t.Errorf("listing %d: queued FoundAt %v, want %v", k, a.FoundAt, crashFound(k))
		}
	}
	checkCrashSnapshots(t, s, last)
}

func checkCrashSnapshots(t *testing.T, s *Store, last int) {
	t.Helper()
	for k := 0; addedBy(k) <= last; k++ {
		sn, ok, err := s.Snapshot(crashSearch(k))
		if err != nil || !ok {
			t.Fatalf("snapshot of %s after accepting listing %d: ok=%v err=%v", crashSearch(k), k, ok, err)
		}
		if _, in := sn.Listings[crashID(k)]; !in {
			t.Errorf("accepted listing %d missing from its search's snapshot", k)
		}
	}
}

// TestHelperHolder is the child of TestSecondProcessIsAlreadyRunning: it
// holds the store open until its stdin closes.
func TestHelperHolder(t *testing.T) {
	dir := helperDir(t)
	s, err := Open(dir)
	if err != nil {
		fmt.Printf("open failed: %v\n", err)
		os.Exit(2)
	}
	fmt.Println("ready")
	_, _ = io.Copy(io.Discard, os.Stdin)
	if err := s.Close(); err != nil {
		os.Exit(3)
	}
	os.Exit(0)
}
