package pages

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"rentwatch/internal/testkit"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// BenchmarkCycleScale runs one cycle of the engine's checks through one
// Browser for each of 1, 5, 15 and 30 searches on 1 and on 5 hosts, with
// the engine's rules (engine/lane.go, engine.go): two Loads at once at
// most, and one host's next request no sooner than a gap of 2 to 5 s
// (uniform) after its last ended. Real Chrome, the benchmark page (100 ms
// per response). It logs how long each cycle took (does it fit in 30 s?),
// Chrome's CPU per Load and for the cycle, and the tree's PSS at its end.
// RENTWATCH_SCALE ("searches/hosts,...", e.g. "15/5,30/5") picks cycles.
// Run with -benchtime=1x -v.
func BenchmarkCycleScale(b *testing.B) {
	testkit.NeedProc(b)
	cycles := [][2]int{{1, 1}, {5, 1}, {15, 1}, {30, 1}, {1, 5}, {5, 5}, {15, 5}, {30, 5}}
	if v := os.Getenv("RENTWATCH_SCALE"); v != "" {
		cycles = nil
		for _, f := range strings.Split(v, ",") {
			var s, h int
			if _, err := fmt.Sscanf(f, "%d/%d", &s, &h); err != nil || s < 1 || h < 1 || h > 5 {
				b.Fatalf("RENTWATCH_SCALE: %q is not searches/hosts (hosts 1 to 5)", f)
			}
			cycles = append(cycles, [2]int{s, h})
		}
	}
	var hosts []string
	for h := 2; h <= 6; h++ {
		hosts = append(hosts, benchPortalOn(b, fmt.Sprintf("127.0.0.%d", h), 100*time.Millisecond).URL+"/page")
	}
	br, _ := newTestBrowser(b, BrowserOptions{})
	br.tune.restartAfter = 1 << 30 // a restart would mix a new tree's start into a cycle's CPU
	for range 2 {
		if _, err := br.Load(context.Background(), hosts[0]); err != nil {
			b.Fatal(err)
		}
	}
	var out strings.Builder
	out.WriteString("\n| searches | hosts | cycle s | fits 30 s | Chrome CPU/Load ms | Chrome CPU/cycle s | PSS at end MB |\n|---|---|---|---|---|---|---|\n")
	for range b.N {
		for _, c := range cycles {
			time.Sleep(2 * time.Second)
			pid := idlePID(br)
			c0 := testkit.TreeCPU(pid).Milliseconds()
			took := runCycle(b, br, hosts[:c[1]], c[0])
			time.Sleep(time.Second)
			if br.chromePID() != pid {
				b.Fatal("Chrome restarted during the cycle: raise restartAfter or run fewer")
			}
			cpu := testkit.TreeCPU(pid).Milliseconds() - c0
			mem := testkit.TreeMem(idlePID(br))
			fmt.Fprintf(&out, "| %d | %d | %.1f | %v | %.0f | %.2f | %.0f |\n", c[0], c[1], took.Seconds(),
				took <= 30*time.Second, float64(cpu)/float64(c[0]), float64(cpu)/1000, float64(mem.PSS)/1024)
		}
	}
	b.Log(out.String())
}

// runCycle checks searches spread evenly over hosts, as the engine's lanes
// do, and returns how long the cycle took.
func runCycle(b *testing.B, br *Browser, hosts []string, searches int) time.Duration {
	var mu sync.Mutex
	left := make([]int, len(hosts))
	free := make([]time.Time, len(hosts))
	busy := make([]bool, len(hosts))
	for i := range searches {
		left[i%len(hosts)]++
	}
	// next takes the host free soonest, nil-ish (-1) when none is left.
	next := func() (int, time.Time) {
		mu.Lock()
		defer mu.Unlock()
		best := -1
		for h := range hosts {
			if left[h] > 0 && !busy[h] && (best < 0 || free[h].Before(free[best])) {
				best = h
			}
		}
		if best >= 0 {
			left[best]--
			busy[best] = true
			return best, free[best]
		}
		return -1, time.Time{}
	}
	began := time.Now()
	var wg sync.WaitGroup
	for range 2 { // engine.Deps.Parallel's default
		wg.Go(func() {
			for {
				h, at := next()
				if h < 0 {
					mu.Lock()
					done := true
					for i := range hosts {
						done = done && left[i] == 0
					}
					mu.Unlock()
					if done {
						return
					}
					time.Sleep(20 * time.Millisecond) // the one host left is busy
					continue
				}
				time.Sleep(time.Until(at))
				if _, err := br.Load(context.Background(), hosts[h]); err != nil {
					b.Errorf("Load: %v", err)
				}
				mu.Lock()
				busy[h] = false
				free[h] = time.Now().Add(2*time.Second + rand.N(3*time.Second))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return time.Since(began)
}

// BenchmarkCyclesAtInterval runs the engine's cycles of 15 searches on 5
// hosts (runCycle's rules) every 30 s, the default interval, for
// RENTWATCH_SCALE_MINUTES (10 unless set), in two Browsers at once, their
// cycles 15 s apart: warm tabs kept warmFor (closed between cycles) and
// kept 90 s (kept across them). It reports the CPU of each Chrome tree as
// a share of one core, idle between cycles included, its PSS just before
// each cycle (between cycles), and this process's CPU (both Browsers' Go
// side, and the test's own five servers with them). Restarts are off: a
// tree a restart ends could not be told apart. Run with -benchtime=1x -v.
func BenchmarkCyclesAtInterval(b *testing.B) {
	testkit.NeedProc(b)
	minutes := 10
	if v := os.Getenv("RENTWATCH_SCALE_MINUTES"); v != "" {
		if _, err := fmt.Sscanf(v, "%d", &minutes); err != nil || minutes < 1 {
			b.Fatalf("RENTWATCH_SCALE_MINUTES=%q: want a number of minutes", v)
		}
	}
	var hosts []string
	for h := 2; h <= 6; h++ {
		hosts = append(hosts, benchPortalOn(b, fmt.Sprintf("127.0.0.%d", h), 100*time.Millisecond).URL+"/page")
	}
	names := []string{"warm tabs closed between cycles (warmFor)", "warm tabs kept 90 s"}
	brs := make([]*Browser, 2)
	for i := range brs {
		brs[i], _ = newTestBrowser(b, BrowserOptions{})
		brs[i].tune.restartAfter = 1 << 30
		if i == 1 {
			brs[i].tune.warmFor = 90 * time.Second
		}
		if _, err := brs[i].Load(context.Background(), hosts[0]); err != nil {
			b.Fatal(err)
		}
	}
	const interval = 30 * time.Second
	for range b.N {
		g0, began := selfCPUms(), time.Now()
		var wg sync.WaitGroup
		var out [2]string
		for i, br := range brs {
			wg.Go(func() {
				time.Sleep(time.Duration(i) * interval / 2)
				pid := br.chromePID()
				c0, t0 := testkit.TreeCPU(pid).Milliseconds(), time.Now()
				var longest time.Duration
				var pss []int64
				cycles := 0
				for time.Since(began) < time.Duration(minutes)*time.Minute {
					start := time.Now()
					if cycles > 0 {
						pss = append(pss, testkit.TreeMem(pid).PSS/1024)
					}
					longest = max(longest, runCycle(b, br, hosts, 15))
					cycles++
					time.Sleep(time.Until(start.Add(interval)))
				}
				if br.chromePID() != pid {
					b.Errorf("%s: Chrome restarted", names[i])
				}
				cpu, wall := testkit.TreeCPU(pid).Milliseconds()-c0, time.Since(t0)
				out[i] = fmt.Sprintf("%s: %d cycles in %v (longest %v): Chrome %d ms of CPU, %.2f%% of a core, %.0f ms a Load; PSS between cycles %d to %d MB (%v)",
					names[i], cycles, wall.Round(time.Second), longest.Round(100*time.Millisecond), cpu,
					float64(cpu)/10/wall.Seconds(), float64(cpu)/float64(15*cycles), slices.Min(pss), slices.Max(pss), pss)
			})
		}
		wg.Wait()
		wall := time.Since(began)
		for _, o := range out {
			b.Log(o)
		}
		b.Logf("Go (both Browsers and the servers): %d ms of CPU, %.2f%% of a core", selfCPUms()-g0, float64(selfCPUms()-g0)/10/wall.Seconds())
	}
}
