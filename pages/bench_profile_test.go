package pages

import (
	"context"
	"fmt"
	"os"
	"rentwatch/internal/testkit"
	"slices"
	"strings"
	"testing"
	"time"
)

// Where Chrome's CPU goes, phase by phase and process by process. The
// profile drives one Load's steps by hand (make the tab, load and read the
// page, close the tab), each followed by a quiet pause, and samples the
// CPU time of every process of Chrome's tree at each step's start and at
// the end of its pause: what a step sets off in the background (a
// renderer starting, a tab going away) lands in that step. The pauses'
// own idle cost is measured on its own and taken off.

// procKind names a Chrome process by what it does: "browser", "renderer",
// "gpu-process", "zygote", or "utility:<sub-type>" (network, storage...).
func procKind(pid, root int) string {
	if pid == root {
		return "browser"
	}
	if testkit.Args(pid) == nil {
		return "gone"
	}
	kind, sub := testkit.ChromeType(pid)
	if kind == "" {
		kind = "other"
	}
	if sub != "" {
		sub = strings.TrimSuffix(sub, "Service")
		if i := strings.LastIndexByte(sub, '.'); i >= 0 {
			sub = sub[i+1:]
		}
		kind += ":" + sub
	}
	return kind
}

// cpuSample is the CPU time (ms) of Chrome's tree by process kind, and
// what exited children of each kind's processes used ("<kind> reaped":
// a closed tab's renderer is reaped by the zygote).
type cpuSample struct {
	at    time.Time
	byKey map[string]int64
	self  int64 // this process (the Go side)
}

func sampleCPU(root int) cpuSample {
	s := cpuSample{at: time.Now(), byKey: map[string]int64{}}
	for _, p := range testkit.Tree(root) {
		st, ok := testkit.ReadStat(p)
		if !ok {
			continue
		}
		kind := procKind(p, root)
		s.byKey[kind] += st.OwnCPU().Milliseconds()
		if r := (st.CUTime + st.CSTime).Milliseconds(); r > 0 {
			s.byKey[kind+" reaped"] += r
		}
	}
	s.self = testkit.TreeCPU(os.Getpid()).Milliseconds() - testkit.TreeCPU(root).Milliseconds()
	return s
}

// minus is s - o, by key.
func (s cpuSample) minus(o cpuSample) map[string]int64 {
	out := map[string]int64{}
	for k, v := range s.byKey {
		out[k] = v - o.byKey[k]
	}
	for k, v := range o.byKey {
		if _, ok := s.byKey[k]; !ok {
			out[k] = -v // a process that went away: its time is in someone's reaped
		}
	}
	out["go (rentwatch)"] = s.self - o.self
	return out
}

// profilePhase is one step of the profile, summed over the Loads.
type profilePhase struct {
	name  string
	cpu   map[string]int64
	wall  time.Duration // the step itself, without its pause
	pause time.Duration
}

// BenchmarkChromePhases profiles b.N Loads of the benchmark page step by
// step and logs a table: ms of CPU per Load by phase and process kind,
// with the idle cost of the pauses taken off. Run with -benchtime=20x -v.
func BenchmarkChromePhases(b *testing.B) {
	testkit.NeedProc(b)
	srv := benchPortal(b, 100*time.Millisecond)
	pageURL := srv.URL + "/page"
	br, _ := newTestBrowser(b, BrowserOptions{})
	// RENTWATCH_PROFILE_OLD: the early read from the renderer's copy, as
	// before the held read (the page is parsed before the read).
	br.tune.noHeld = os.Getenv("RENTWATCH_PROFILE_OLD") != ""
	ctx := context.Background()
	if _, err := br.Load(ctx, pageURL); err != nil { // Chrome starts, and one page warms it
		b.Fatal(err)
	}
	br.mu.Lock()
	run := br.run
	br.mu.Unlock()
	root := run.proc.PID
	const pause = 700 * time.Millisecond
	time.Sleep(2 * time.Second)
	idle0 := sampleCPU(root)
	time.Sleep(10 * time.Second)
	idle := phaseOf("idle, per second", idle0, sampleCPU(root), 0, 0)
	for k, v := range idle.cpu {
		idle.cpu[k] = v / 10
	}
	phases := []*profilePhase{{name: "tab: create, attach, set up"}, {name: "load: navigate to early read"},
		{name: "after the read (stop loading)"}, {name: "close the tab"}}
	add := func(i int, from cpuSample, stepEnd time.Time) {
		time.Sleep(pause)
		to := sampleCPU(root)
		p := phaseOf("", from, to, stepEnd.Sub(from.at), to.at.Sub(stepEnd))
		phases[i].wall += p.wall
		phases[i].pause += p.pause
		if phases[i].cpu == nil {
			phases[i].cpu = map[string]int64{}
		}
		for k, v := range p.cpu {
			phases[i].cpu[k] += v
		}
	}
	early := 0
	// RENTWATCH_PROFILE_REUSE: the tab is parked for the next Load instead
	// of closed (after every Load: the Browser itself parks only a tab that
	// left its blank page, so this overstates the reuse's close).
	reuse := os.Getenv("RENTWATCH_PROFILE_REUSE") != ""
	var t *tab
	b.ResetTimer()
	for range b.N {
		s := sampleCPU(root)
		var err error
		if t == nil {
			if t, err = br.openTab(run); err != nil {
				b.Fatal(err)
			}
		}
		add(0, s, time.Now())
		s = sampleCPU(root)
		res, _, err := (&pageLoad{b: br, run: run, t: t, url: pageURL}).do(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if res.Early {
			early++
		}
		loaded := time.Now()
		add(1, s, loaded)
		s = sampleCPU(root)
		add(2, s, time.Now())
		s = sampleCPU(root)
		if reuse {
			if !parkTab(t) {
				b.Fatal("cannot park the tab")
			}
		} else {
			run.closeTarget(t.id)
			t.kill(nil)
			t.close()
			t = nil
		}
		add(3, s, time.Now())
	}
	b.StopTimer()
	logProfile(b, idle, phases, b.N)
	b.ReportMetric(float64(early)/float64(b.N), "early/load")
}

func phaseOf(name string, from, to cpuSample, wall, pause time.Duration) *profilePhase {
	return &profilePhase{name: name, cpu: to.minus(from), wall: wall, pause: pause}
}

// logProfile logs the table: one row per phase, one column per process
// kind, ms of CPU per Load with the pauses' idle cost taken off.
func logProfile(b *testing.B, idle *profilePhase, phases []*profilePhase, n int) {
	keys := map[string]bool{}
	for _, p := range append([]*profilePhase{idle}, phases...) {
		for k := range p.cpu {
			keys[k] = true
		}
	}
	cols := make([]string, 0, len(keys))
	for k := range keys {
		cols = append(cols, k)
	}
	slices.Sort(cols)
	var out strings.Builder
	fmt.Fprintf(&out, "\n| phase | wall ms | total |")
	for _, c := range cols {
		fmt.Fprintf(&out, " %s |", c)
	}
	fmt.Fprintf(&out, "\n|---|---|---|%s\n", strings.Repeat("---|", len(cols)))
	row := func(name string, wall float64, vals map[string]float64) {
		total := 0.0
		for _, v := range vals {
			total += v
		}
		fmt.Fprintf(&out, "| %s | %.0f | %.1f |", name, wall, total)
		for _, c := range cols {
			fmt.Fprintf(&out, " %.1f |", vals[c])
		}
		out.WriteString("\n")
	}
	idleVals := map[string]float64{}
	for k, v := range idle.cpu {
		idleVals[k] = float64(v)
	}
	row(idle.name, 1000, idleVals)
	sum := map[string]float64{}
	for _, p := range phases {
		vals := map[string]float64{}
		pauseSec := p.pause.Seconds() / float64(n)
		for k, v := range p.cpu {
			vals[k] = float64(v)/float64(n) - idleVals[k]*pauseSec
			sum[k] += vals[k]
		}
		row(p.name, float64(p.wall.Milliseconds())/float64(n), vals)
	}
	row("one Load, all phases", 0, sum)
	b.Log(out.String())
}

// memByKind is the PSS (kB) of Chrome's tree by process kind.
func memByKind(root int) map[string]int64 {
	out := map[string]int64{}
	for _, p := range testkit.Tree(root) {
		pss, ok := testkit.KB(p, "smaps_rollup", "Pss")
		if ok {
			out[procKind(p, root)] += pss
		}
	}
	return out
}

// BenchmarkChromeMemByKind logs the PSS of each kind of Chrome process
// when idle after b.N Loads of the benchmark page.
func BenchmarkChromeMemByKind(b *testing.B) {
	srv := benchPortal(b, 0)
	br, _ := newTestBrowser(b, BrowserOptions{})
	for range b.N {
		if _, err := br.Load(context.Background(), srv.URL+"/page"); err != nil {
			b.Fatal(err)
		}
	}
	time.Sleep(2 * time.Second)
	pid := idlePID(br)
	b.Logf("%v", memByKind(pid))
	for _, p := range testkit.Tree(pid) {
		pss, _ := testkit.KB(p, "smaps_rollup", "Pss")
		anon, _ := testkit.KB(p, "smaps_rollup", "Pss_Anon")
		file, _ := testkit.KB(p, "smaps_rollup", "Pss_File")
		shm, _ := testkit.KB(p, "smaps_rollup", "Pss_Shmem")
		b.Logf("%d %s pss %d kB: anon %d file %d shmem %d", p, procKind(p, pid), pss, anon, file, shm)
	}
}
