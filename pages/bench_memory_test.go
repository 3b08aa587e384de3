package pages

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"rentwatch/internal/testkit"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// BenchmarkChromeMemoryDay loads the benchmark page (no delay) on five
// hosts in turn, RENTWATCH_BENCH_LOADS times (2,000 unless set: about a
// day of the engine's cycles, 15 searches every 30 s being 43,200 Loads,
// of which 2,000 cover 20 of Chrome's restarts), and every 100 Loads logs
// the PSS and RSS of Chrome's whole tree once it is idle, as between two
// cycles (the warm tabs kept). RENTWATCH_BENCH_RESTART_AFTER sets how many
// Loads one Chrome serves (restartAfterPages). Run with -benchtime=1x -v.
func BenchmarkChromeMemoryDay(b *testing.B) {
	testkit.NeedProc(b)
	loads := benchLoads(b, 2000, 100)
	var pages []string
	for h := 2; h <= 6; h++ {
		pages = append(pages, benchPortalOn(b, fmt.Sprintf("127.0.0.%d", h), 0).URL+"/page")
	}
	br, rec := newTestBrowser(b, BrowserOptions{})
	br.tune.restartAfter = benchRestartAfter(b, restartAfterPages)
	var out strings.Builder
	out.WriteString("\n| Loads | PSS MB | RSS MB | procs |\n|---|---|---|---|\n")
	var minPSS, maxPSS, first, last int64
	for range b.N {
		for i := 1; i <= loads; i++ {
			if _, err := br.Load(context.Background(), pages[i%len(pages)]); err != nil {
				b.Fatalf("Load %d: %v", i, err)
			}
			if i%100 != 0 {
				continue
			}
			time.Sleep(time.Second) // the tabs go back to the pool, the page's work ends
			m := testkit.TreeMem(idlePID(br))
			fmt.Fprintf(&out, "| %d | %.0f | %.0f | %d |\n", i, float64(m.PSS)/1024, float64(m.RSS)/1024, m.Procs)
			if first == 0 {
				first, minPSS = m.PSS, m.PSS
			}
			last, minPSS, maxPSS = m.PSS, min(minPSS, m.PSS), max(maxPSS, m.PSS)
		}
	}
	b.Log(out.String())
	b.ReportMetric(float64(first)/1024, "MB-pss-load100")
	b.ReportMetric(float64(last)/1024, "MB-pss-last")
	b.ReportMetric(float64(minPSS)/1024, "MB-pss-min")
	b.ReportMetric(float64(maxPSS)/1024, "MB-pss-max")
	b.ReportMetric(float64(rec.count(restarted)), "restarts")
}

// BenchmarkReleaseRestart weighs what Release saves and what the next
// Load pays: per round, a Load in the running Chrome, then Release, then
// the Load that starts Chrome again. Wall time of each Load, Chrome's CPU
// for it (the new tree's whole CPU from its start for the second), and
// the PSS freed. Run with -benchtime=10x -v.
func BenchmarkReleaseRestart(b *testing.B) {
	testkit.NeedProc(b)
	pageURL := benchPortal(b, 100*time.Millisecond).URL + "/page"
	br, _ := newTestBrowser(b, BrowserOptions{})
	ctx := context.Background()
	for range 2 { // Chrome starts, learns its identity, one page warms it
		if _, err := br.Load(ctx, pageURL); err != nil {
			b.Fatal(err)
		}
	}
	var warmWall, coldWall time.Duration
	var warmCPU, coldCPU, pss int64
	b.ResetTimer()
	for range b.N {
		time.Sleep(time.Second)
		pid := idlePID(br)
		pss += testkit.TreeMem(pid).PSS
		c0, began := testkit.TreeCPU(pid).Milliseconds(), time.Now()
		if _, err := br.Load(ctx, pageURL); err != nil {
			b.Fatal(err)
		}
		warmWall += time.Since(began)
		time.Sleep(time.Second)
		warmCPU += testkit.TreeCPU(pid).Milliseconds() - c0
		br.Release()
		for end := time.Now().Add(time.Minute); br.chromePID() != 0; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(end) {
				b.Fatal("Chrome still runs a minute after Release")
			}
		}
		began = time.Now()
		if _, err := br.Load(ctx, pageURL); err != nil {
			b.Fatal(err)
		}
		coldWall += time.Since(began)
		time.Sleep(time.Second)
		coldCPU += testkit.TreeCPU(br.chromePID()).Milliseconds()
	}
	b.StopTimer()
	n := float64(b.N)
	b.ReportMetric(float64(warmWall.Milliseconds())/n, "ms-wall-warm")
	b.ReportMetric(float64(coldWall.Milliseconds())/n, "ms-wall-after-release")
	b.ReportMetric(float64(warmCPU)/n, "ms-cpu-warm")
	b.ReportMetric(float64(coldCPU)/n, "ms-cpu-after-release")
	b.ReportMetric(float64(pss)/1024/n, "MB-pss-freed")
}

// memIdeas are what BenchmarkChromeMemIdeas weighs, on top of cpuIdeas.
var memIdeas = []cpuIdea{
	{name: "single-process", flags: []string{"--single-process"}},
	{name: "network-in-process", flags: []string{"--enable-features=NetworkServiceInProcess"}},
	{name: "in-process-gpu+network", flags: []string{"--in-process-gpu", "--enable-features=NetworkServiceInProcess"}},
	{name: "no-spare-renderer", flags: []string{"--disable-features=SpareRendererForSitePerProcess"}},
	{name: "lean", flags: []string{"--in-process-gpu", "--renderer-process-limit=1",
		"--disable-features=SpareRendererForSitePerProcess"}},
}

// BenchmarkChromeMemIdeas weighs the PSS of Chrome's tree, idle after 20
// Loads of the benchmark page on five hosts, for each of cpuIdeas and
// memIdeas: one Browser at a time (another Chrome running would take its
// share of the pages they both map), b.N rounds in a new order each.
// RENTWATCH_IDEAS picks some, as for BenchmarkChromeIdeas. Run with
// -benchtime=2x -v.
func BenchmarkChromeMemIdeas(b *testing.B) {
	testkit.NeedProc(b)
	all := append(append([]cpuIdea(nil), cpuIdeas...), memIdeas...)
	ideas := all
	if want := os.Getenv("RENTWATCH_IDEAS"); want != "" {
		ideas = nil
		for _, id := range all {
			if id.name == "baseline" || strings.Contains(","+want+",", ","+id.name+",") {
				ideas = append(ideas, id)
			}
		}
	}
	pages := benchHosts(b, false)
	pss := make([][]int64, len(ideas))
	order := make([]int, len(ideas))
	for i := range order {
		order[i] = i
	}
	for range b.N {
		rand.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			br, _ := newTestBrowser(b, BrowserOptions{ExtraFlags: ideas[i].flags})
			br.tune.flagsOff = ideas[i].off
			if ideas[i].setup != nil {
				ideas[i].setup(br)
			}
			for n := range 20 {
				if _, err := br.Load(context.Background(), pages[n%len(pages)]); err != nil {
					b.Fatalf("%s: %v", ideas[i].name, err)
				}
			}
			// Between cycles: the warm tabs have been closed.
			time.Sleep(warmFor + 3*time.Second)
			pss[i] = append(pss[i], testkit.TreeMem(idlePID(br)).PSS/1024)
			_ = br.Close()
		}
	}
	var out strings.Builder
	out.WriteString("\n| idea | PSS idle MB, each round |\n|---|---|\n")
	for i, id := range ideas {
		fmt.Fprintf(&out, "| %s | %v |\n", id.name, pss[i])
	}
	b.Log(out.String())
}

// BenchmarkChromeAge asks whether a Load costs Chrome more as Chrome (and
// its home tab) grow old: cycles of 15 Loads of the small pages on five
// hosts, two at once, a pause between cycles, RENTWATCH_BENCH_LOADS Loads
// in all (600 unless set), with Chrome restarted every
// RENTWATCH_BENCH_RESTART_AFTER Loads (restartAfterPages unless set). It
// logs Chrome's CPU per Load (the whole tree, reaped processes included,
// so restarts count) for every 60 Loads. Run alone, or two at once in
// separate processes to compare.
func BenchmarkChromeAge(b *testing.B) {
	loads := benchLoads(b, 600, 60)
	pages := smallPages(b)
	br, rec := newTestBrowser(b, BrowserOptions{})
	br.tune.restartAfter = benchRestartAfter(b, restartAfterPages)
	chromeMs := func() int64 {
		self, _ := testkit.ReadStat(os.Getpid())
		return (testkit.TreeCPU(os.Getpid()) - self.OwnCPU()).Milliseconds()
	}
	var out strings.Builder
	out.WriteString("\n| Loads | Chrome CPU per Load |\n|---|---|\n")
	for range b.N {
		from, start := chromeMs(), 0
		for n := 0; n < loads; n += 15 {
			var wg sync.WaitGroup
			for half := range 2 {
				wg.Go(func() {
					for i := half; i < 15; i += 2 {
						if _, err := br.Load(context.Background(), pages[(n+i)%len(pages)]); err != nil {
							b.Errorf("Load: %v", err)
						}
					}
				})
			}
			wg.Wait()
			time.Sleep(1500 * time.Millisecond)
			if done := n + 15; done%60 == 0 {
				now := chromeMs()
				fmt.Fprintf(&out, "| %d-%d | %.0f ms |\n", start+1, done, float64(now-from)/float64(done-start))
				from, start = now, done
			}
		}
	}
	fmt.Fprintf(&out, "restarts: %d\n", rec.count(restarted))
	b.Log(out.String())
}

// benchLoads is RENTWATCH_BENCH_LOADS (least or more), or def unset.
func benchLoads(b *testing.B, def, least int) int {
	return benchCount(b, "RENTWATCH_BENCH_LOADS", def, least)
}

// benchRestartAfter is RENTWATCH_BENCH_RESTART_AFTER: how many Loads one
// Chrome serves before a restart; def unset.
func benchRestartAfter(b *testing.B, def int) int {
	return benchCount(b, "RENTWATCH_BENCH_RESTART_AFTER", def, 1)
}

// benchCount reads a count of Loads from the environment variable name.
func benchCount(b *testing.B, name string, def, least int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < least {
		b.Fatalf("%s=%q: want a number of Loads, %d or more", name, v, least)
	}
	return n
}
