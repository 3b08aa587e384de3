package pages

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// cpuIdea is one way of running Chrome, weighed against the others.
type cpuIdea struct {
	name  string
	flags []string // more switches (BrowserOptions.ExtraFlags)
	off   []string // chromedp's default switches left out
	setup func(*Browser)
}

// cpuIdeas are what BenchmarkChromeIdeas weighs; the first is the
// baseline. RENTWATCH_IDEAS (names, comma-separated) picks some.
var cpuIdeas = []cpuIdea{
	{name: "baseline", setup: func(b *Browser) { b.tune.noReuse, b.tune.noHeld = true, true }},
	{name: "reuse", setup: func(b *Browser) { b.tune.noHeld = true }},
	{name: "held", setup: func(b *Browser) { b.tune.noReuse = true }},
	{name: "reuse+held"},
	{name: "disable-gpu", flags: []string{"--disable-gpu"}},
	{name: "in-process-gpu", flags: []string{"--in-process-gpu"}},
	{name: "renderer-process-limit=1", flags: []string{"--renderer-process-limit=1"}},
	{name: "process-per-site", flags: []string{"--process-per-site"}},
	{name: "low-end-device-mode", flags: []string{"--enable-low-end-device-mode"}},
	{name: "features-off", flags: []string{"--disable-features=OptimizationHints,MediaRouter,AutofillServerCommunication," +
		"CertificateTransparencyComponentUpdater,Prerender2,PaintHolding,SpareRendererForSitePerProcess"}},
	{name: "backgrounding-on", off: []string{"disable-background-timer-throttling", "disable-backgrounding-occluded-windows",
		"disable-renderer-backgrounding"}},
}

// BenchmarkChromeIdeas weighs cpuIdeas in one run: a Browser per idea, all
// started at once, and their Loads of the benchmark page taken in turns
// (each round in a new order), so that every idea meets the same machine.
// For each Load the CPU of that Browser's Chrome tree is taken from before
// the Load until a second after it (the tab's close and the next tab's
// making included); Go's CPU in the same window. At the end, the idle CPU
// per second and the PSS of each tree, all idle at once. b.N Loads each;
// run with -benchtime=20x -v.
func BenchmarkChromeIdeas(b *testing.B) {
	testkit.NeedProc(b)
	ideas := pickIdeas(b)
	// Five hosts, loaded in turn, as the engine's 15 searches on 5 hosts.
	pages := benchHosts(b, os.Getenv("RENTWATCH_BENCH_PAGE") == "small")
	pageURL := pages[0]
	ctx := context.Background()
	browsers := make([]*Browser, len(ideas))
	for i, id := range ideas {
		br, _ := newTestBrowser(b, BrowserOptions{ExtraFlags: id.flags})
		br.tune.flagsOff = id.off
		if id.setup != nil {
			id.setup(br)
		}
		for range 2 { // Chrome starts, one page warms it
			if _, err := br.Load(ctx, pageURL); err != nil {
				b.Fatalf("%s: %v", id.name, err)
			}
		}
		browsers[i] = br
	}
	chrome := make([]int64, len(ideas))
	goCPU := make([]int64, len(ideas))
	early := make([]int, len(ideas))
	order := make([]int, len(ideas))
	for i := range order {
		order[i] = i
	}
	b.ResetTimer()
	for n := range b.N {
		pageURL := pages[n%len(pages)]
		rand.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			pid := browsers[i].chromePID()
			c0, g0 := testkit.TreeCPU(pid).Milliseconds(), selfCPUms()
			res, err := browsers[i].Load(ctx, pageURL)
			if err != nil {
				b.Fatalf("%s: %v", ideas[i].name, err)
			}
			if res.Early {
				early[i]++
			}
			time.Sleep(time.Second)
			if browsers[i].chromePID() != pid {
				b.Fatalf("%s: Chrome restarted during the run", ideas[i].name)
			}
			chrome[i] += testkit.TreeCPU(pid).Milliseconds() - c0
			goCPU[i] += selfCPUms() - g0
		}
	}
	b.StopTimer()
	idle := idleCPU(browsers, 10*time.Second)
	var out strings.Builder
	out.WriteString("\n| idea | Chrome CPU/Load ms | Go CPU/Load ms | idle Chrome ms/s | PSS idle MB | procs | early |\n|---|---|---|---|---|---|---|\n")
	for i, id := range ideas {
		mem := testkit.TreeMem(idlePID(browsers[i]))
		fmt.Fprintf(&out, "| %s | %.0f | %.0f | %.1f | %.0f | %d | %d/%d |\n", id.name,
			float64(chrome[i])/float64(b.N), float64(goCPU[i])/float64(b.N), idle[i],
			float64(mem.PSS)/1024, mem.Procs, early[i], b.N)
		b.ReportMetric(float64(chrome[i])/float64(b.N), "ms-cpu-"+id.name)
	}
	b.Log(out.String())
}

func pickIdeas(b *testing.B) []cpuIdea {
	want := os.Getenv("RENTWATCH_IDEAS")
	if want == "" {
		return cpuIdeas
	}
	var out []cpuIdea
	for _, id := range cpuIdeas {
		if id.name == "baseline" || slices.Contains(strings.Split(want, ","), id.name) {
			out = append(out, id)
		}
	}
	if len(out) < 2 {
		b.Fatalf("RENTWATCH_IDEAS=%q names no idea but the baseline", want)
	}
	return out
}

// idleCPU is each Browser's Chrome CPU, in ms a second, over d with all of
// them idle.
func idleCPU(browsers []*Browser, d time.Duration) []float64 {
	before := make([]int64, len(browsers))
	for i, br := range browsers {
		before[i] = testkit.TreeCPU(idlePID(br)).Milliseconds()
	}
	time.Sleep(d)
	out := make([]float64, len(browsers))
	for i, br := range browsers {
		out[i] = float64(testkit.TreeCPU(br.chromePID()).Milliseconds()-before[i]) / d.Seconds()
	}
	return out
}

// selfCPUms is the CPU time this process used (its children's not
// counted), in ms.
func selfCPUms() int64 {
	s, _ := testkit.ReadStat(os.Getpid())
	return s.OwnCPU().Milliseconds()
}

// benchHosts starts the benchmark page on five hosts (127.0.0.2 to .6)
// and returns its URL on each; small: the test portal's plain list of 20
// rooms (testkit.ListPage: 5 KB, no stylesheet, script or image) instead.
func benchHosts(b *testing.B, small bool) []string {
	var pages []string
	for h := 2; h <= 6; h++ {
		host := fmt.Sprintf("127.0.0.%d", h)
		if !small {
			pages = append(pages, benchPortalOn(b, host, 100*time.Millisecond).URL+"/page")
			continue
		}
		pages = append(pages, smallPage(b, host))
	}
	return pages
}

// smallPage serves the test portal's plain list of 20 rooms on host.
func smallPage(tb testing.TB, host string) string {
	p := testkit.StartPortal(tb, host, testkit.ListPage)
	rooms := make([]testkit.Room, 20)
	for i := range rooms {
		rooms[i] = testkit.Room{ID: 5000 + i, Title: fmt.Sprintf("Kamer %d aan de gracht", i), Area: "Centrum", Price: 700 + i}
	}
	return p.Search(tb, "/kamers", rooms...)
}

func smallPages(tb testing.TB) []string {
	var out []string
	for h := 2; h <= 6; h++ {
		out = append(out, smallPage(tb, fmt.Sprintf("127.0.0.%d", h)))
	}
	return out
}
