package pages

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
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
	if _, err := os.Stat("/proc/self/status"); err != nil {
		b.Skip("needs /proc")
	}
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
	br.restartAfter = 1 << 30 // a restart would mix a new tree's start into a cycle's CPU
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
			c0 := treeCPUms(pid)
			took := runCycle(b, br, hosts[:c[1]], c[0])
			time.Sleep(time.Second)
			if br.chromePID() != pid {
				b.Fatal("Chrome restarted during the cycle: raise restartAfter or run fewer")
			}
			cpu := treeCPUms(pid) - c0
			mem := treeMemKB(idlePID(br))
			fmt.Fprintf(&out, "| %d | %d | %.1f | %v | %.0f | %.2f | %.0f |\n", c[0], c[1], took.Seconds(),
				took <= 30*time.Second, float64(cpu)/float64(c[0]), float64(cpu)/1000, float64(mem.pss)/1024)
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
// RENTWATCH_SCALE_MINUTES (10 unless set), and reports the CPU of Chrome's
// whole tree and of this process (the Browser's Go side, and the test's
// own five servers with it) as a share of one core, idle between cycles
// included. Run with -benchtime=1x -v.
func BenchmarkCyclesAtInterval(b *testing.B) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		b.Skip("needs /proc")
	}
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
	br, _ := newTestBrowser(b, BrowserOptions{})
	if _, err := br.Load(context.Background(), hosts[0]); err != nil {
		b.Fatal(err)
	}
	const interval = 30 * time.Second
	for range b.N {
		// The whole tree of this process (live, and the reaped: a Chrome
		// a restart ended) less this process itself is Chrome's.
		var longest time.Duration
		all0, g0, began := treeCPUms(os.Getpid()), selfCPUms(), time.Now()
		cycles := 0
		for time.Since(began) < time.Duration(minutes)*time.Minute {
			start := time.Now()
			longest = max(longest, runCycle(b, br, hosts, 15))
			cycles++
			time.Sleep(time.Until(start.Add(interval)))
		}
		wall := time.Since(began)
		all, self := treeCPUms(os.Getpid()), selfCPUms()
		chrome := time.Duration((all-self)-(all0-g0)) * time.Millisecond
		goCPU := time.Duration(self-g0) * time.Millisecond
		b.Logf("%d cycles in %v (longest %v): Chrome %v of CPU (%.2f%% of a core, %.0f ms a Load), Go %v (%.2f%%)",
			cycles, wall.Round(time.Second), longest.Round(100*time.Millisecond), chrome,
			100*chrome.Seconds()/wall.Seconds(), float64(chrome.Milliseconds())/float64(15*cycles),
			goCPU, 100*goCPU.Seconds()/wall.Seconds())
	}
}
