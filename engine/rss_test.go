package engine

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"rentwatch/internal/testkit"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// TestProcessRSS runs the engine for 1,000 cycles (about eight hours of
// virtual time: 15 searches on 5 hosts, listings coming and going, walls of
// every kind, a real Badger store on disk) in a child process of its own,
// and reads that process's resident memory as it goes. The child is this
// test binary, so what it measures is the engine, its store and Go's
// runtime, not the rest of the test suite.
func TestProcessRSS(t *testing.T) {
	if os.Getenv("RENTWATCH_RSS_CHILD") != "" {
		rssChild(t)
		return
	}
	if testing.Short() {
		t.Skip("1,000 cycles take a while")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestProcessRSS$", "-test.v")
	cmd.Env = append(os.Environ(), "RENTWATCH_RSS_CHILD=1", "RENTWATCH_RSS_DIR="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	var samples, anons, heaps, cycles []int64
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		var heap, sys, cycle, rss, anon int64
		line := sc.Text()
		if i := strings.Index(line, "heap "); i >= 0 {
			if _, err := fmt.Sscanf(line[i:], "heap %d kB sys %d kB; rss-kb %d %d anon %d", &heap, &sys, &cycle, &rss, &anon); err == nil {
				samples, anons, heaps, cycles = append(samples, rss), append(anons, anon), append(heaps, heap), append(cycles, cycle)
				t.Logf("cycle %4d: RSS %d kB (anonymous %d kB), Go heap in use %d kB", cycle, rss, anon, heap)
			}
		}
	}
	if len(samples) < 4 {
		t.Fatalf("too few samples:\n%s", out)
	}
	peak := int64(0)
	for _, kb := range samples {
		peak = max(peak, kb)
	}
	if peak > 40<<10 {
		t.Errorf("peak RSS %d kB, want under 40 MB", peak)
	}
	// No growth once the store and the runtime have settled: the Go heap
	// is the exact measure, and the process's anonymous memory (heap,
	// runtime, Badger's memtable arena) must not creep far beside it. It
	// does creep a little, as the store does: every listing of these eight
	// hours stays in the 60-day index (measured: +2.7 to +3.0 MB of means
	// from cycles 250-500 to 750-1000, and +5 MB more by cycle 3,000, with
	// the heap at +0.3 MB), and it swings by a memtable arena. The rest
	// of RSS is file-backed: Badger's memory-mapped write-ahead log and
	// tables, pages of the page cache that fill with every write until
	// the memtable is flushed (3 MB, seen/options.go) and drop back, so
	// total RSS gets a bound of a few memtables more.
	early, late := meanBetween(cycles, heaps, 250, 500), meanBetween(cycles, heaps, 750, 1000)
	if late-early > 1<<10 {
		t.Errorf("Go heap grew from %d kB (cycles 250-500) to %d kB (750-1000)", early, late)
	}
	early, late = meanBetween(cycles, anons, 250, 500), meanBetween(cycles, anons, 750, 1000)
	if late-early > 6<<10 {
		t.Errorf("anonymous memory grew from %d kB (cycles 250-500) to %d kB (750-1000)", early, late)
	}
	early, late = meanBetween(cycles, samples, 250, 500), meanBetween(cycles, samples, 750, 1000)
	t.Logf("mean RSS %d kB over cycles 250-500, %d kB over 750-1000; peak %d kB", early, late, peak)
	if late-early > 10<<10 {
		t.Errorf("RSS grew from %d kB (cycles 250-500) to %d kB (750-1000)", early, late)
	}
}

func rssChild(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store, err := openStoreAt(os.Getenv("RENTWATCH_RSS_DIR"))
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		w := newWorld(time.Now(), 42, wallModels[0])
		w.quiet = true // keep no log of requests: that would be the test's memory, not the engine's
		e := New(Deps{Loader: w, Store: store, Outbox: w, Rand: rand.New(rand.NewPCG(42, 1))},
			Settings{Interval: 30 * time.Second, Searches: w.searches()})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { e.Run(ctx); close(done) }()
		cycles := 0
		debug.SetMemoryLimit(MemoryLimit) // as the app runs
		for mark := 100; mark <= 1000; mark += 50 {
			for cycles < mark {
				last := e.Snapshot().LastCycle
				for e.Snapshot().LastCycle.Equal(last) {
					time.Sleep(time.Second)
				}
				cycles++
			}
			// What the engine holds, not how far the runtime's scavenger
			// has got returning freed pages to the kernel: it runs at a
			// low priority, and on a busy machine it lagged by several MB
			// (peak 43 MB against 39 here on an idle one).
			debug.FreeOSMemory()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			t.Logf("heap %d kB sys %d kB; rss-kb %d %d anon %d (%s)", ms.HeapInuse>>10, ms.Sys>>10, cycles, rssKB(), statusKB("RssAnon"), rssParts())
		}
		cancel()
		<-done
	})
}

// meanBetween averages the values whose cycle lies in [from, to].
func meanBetween(cycles, values []int64, from, to int64) int64 {
	var sum, n int64
	for i, c := range cycles {
		if c >= from && c <= to {
			sum += values[i]
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / n
}

// rssParts names what the resident memory is: the process's own (anon)
// and mapped files (Badger's tables and logs).
// statusKB reads one kB field of this process's /proc/PID/status (0
// where there is none).
func statusKB(field string) int64 {
	kb, _ := testkit.KB(os.Getpid(), "status", field)
	return kb
}

func rssParts() string {
	anon, _ := testkit.KB(os.Getpid(), "status", "RssAnon")
	file, _ := testkit.KB(os.Getpid(), "status", "RssFile")
	return fmt.Sprintf("RssAnon: %d kB, RssFile: %d kB", anon, file)
}
