//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"

	"rentwatch/internal/testkit"
)

// BenchmarkIdle runs the real app (built into a temporary folder) on 15
// searches on 5 loopback hosts with a 10-minute interval, waits for the
// first cycle's 15 baselines, lets it settle, and then counts, over a
// window, how often the Go process's threads were put on a CPU (the third
// field of /proc/PID/task/*/schedstat: every wakeup of a thread is one)
// and the CPU they used. Chrome's process tree is counted apart, for
// information: it is other processes, woken by its own timers.
//
// "no-tray" runs `run --no-tray`; "tray" runs the tray app on a private
// session bus with a StatusNotifierWatcher and a stand-in for the panel
// that reads the whole menu whenever the app says it changed, as panels
// do (the menu itself stays closed); "tray-countdown" is the same with one
// of the 5 hosts answering 429, so its 3 searches count down in the menu.
//
// With RENTWATCH_BASELINE set to a git revision, that revision is built
// too (from `git archive`, so the working tree is not touched) and
// measured in the same run, before the working tree's build; its metrics
// are prefixed "baseline-". RENTWATCH_IDLE_WINDOW sets the window (30s).
//
//	RENTWATCH_BASELINE=main go test -run '^$' -bench Idle -benchtime 1x .
func BenchmarkIdle(b *testing.B) {
	if testing.Short() {
		b.Skip("runs the real app with Chromium for a minute or more")
	}
	chrome := testkit.Chromium(b)
	window := benchWindow(b, "RENTWATCH_IDLE_WINDOW", 30*time.Second)
	type build struct{ prefix, bin string }
	var builds []build
	if rev := os.Getenv("RENTWATCH_BASELINE"); rev != "" {
		builds = append(builds, build{"baseline-", buildRevision(b, rev)})
	}
	builds = append(builds, build{"", buildRevision(b, "")})
	searches, _ := idleSearches(b)
	// A host that answers 429 (Retry-After: 120) stands in for the fifth:
	// its searches count down in the menu until it may be asked again.
	walled := testkit.StartPortal(b, "127.0.0.7", testkit.CardPage)
	walled.Limit()
	counting := append(append([]testkit.AppSearch(nil), searches[:12]...), testkit.AppSearch{Name: "Walled 0", URL: walled.URL + "/huren/0"},
		testkit.AppSearch{Name: "Walled 1", URL: walled.URL + "/huren/1"}, testkit.AppSearch{Name: "Walled 2", URL: walled.URL + "/huren/2"})
	for _, mode := range []struct {
		name     string
		tray     bool
		searches []testkit.AppSearch
		fine     int // searches whose first check is a baseline
	}{
		{"no-tray", false, searches, 15},
		{"tray", true, searches, 15},
		{"tray-countdown", true, counting, 12},
	} {
		tray := mode.tray
		b.Run(mode.name, func(b *testing.B) {
			results := map[string]idleSample{}
			for b.Loop() {
				for _, bl := range builds {
					name := map[string]string{"": "this tree", "baseline-": "baseline"}[bl.prefix]
					results[bl.prefix] = runIdle(b, idleRun{name: name, bin: bl.bin, chrome: chrome, searches: mode.searches,
						baselines: mode.fine, window: window, tray: tray})
				}
			}
			for _, bl := range builds {
				r := results[bl.prefix]
				b.ReportMetric(r.goWakeups, bl.prefix+"go-wakeups/s")
				b.ReportMetric(r.goCPU, bl.prefix+"go-cpu-ms/s")
				b.ReportMetric(r.goThreads, bl.prefix+"go-threads")
				b.ReportMetric(r.chromeWakeups, bl.prefix+"chrome-wakeups/s")
				b.ReportMetric(r.chromeCPU, bl.prefix+"chrome-cpu-ms/s")
				b.ReportMetric(r.chromeProcs, bl.prefix+"chrome-procs")
				if tray {
					b.ReportMetric(r.menuReads, bl.prefix+"menu-reads/s")
				}
			}
		})
	}
}

// benchWindow is how long a benchmark measures: the environment variable
// name, or def unset.
func benchWindow(b *testing.B, name string, def time.Duration) time.Duration {
	w := os.Getenv(name)
	if w == "" {
		return def
	}
	d, err := time.ParseDuration(w)
	if err != nil {
		b.Fatalf("%s=%q: %v", name, w, err)
	}
	return d
}

// buildRevision builds rentwatch from the working tree (rev "") or from a
// git revision exported into a temporary folder, and returns the binary.
func buildRevision(b *testing.B, rev string) string {
	b.Helper()
	dir, src := b.TempDir(), "."
	if rev != "" {
		src = filepath.Join(dir, "src")
		if err := os.Mkdir(src, 0o700); err != nil {
			b.Fatal(err)
		}
		cmd := exec.Command("sh", "-c", `git archive "$1" | tar -x -C "$2"`, "sh", rev, src)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("export %s: %v\n%s", rev, err, out)
		}
	}
	bin := filepath.Join(dir, "rentwatch")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("build %q: %v\n%s", rev, err, out)
	}
	return bin
}

// idleSearches starts 5 fixture sites on loopback addresses of their own,
// with 3 search pages each, and returns the settings' [[search]] blocks
// and the sites.
func idleSearches(b *testing.B) ([]testkit.AppSearch, []*testkit.Portal) {
	var out []testkit.AppSearch
	var portals []*testkit.Portal
	for h := 0; h < 5; h++ {
		portal := testkit.StartPortal(b, fmt.Sprintf("127.0.0.%d", 2+h), testkit.CardPage)
		portals = append(portals, portal)
		for s := 0; s < 3; s++ {
			path := fmt.Sprintf("/huren/kamers-amsterdam-%d", s)
			rooms := testkit.AppRooms(100000*(h*3+s+1), "Damrak", "Kinkerstraat", "Javastraat", "Overtoom")
			out = append(out, testkit.AppSearch{Name: fmt.Sprintf("Site %d search %d", h, s), URL: portal.Search(b, path, rooms...)})
		}
	}
	return out, portals
}

// idleSample is what one run measured, per second of the window.
type idleSample struct {
	goWakeups, goCPU, goThreads           float64
	chromeWakeups, chromeCPU, chromeProcs float64
	menuReads                             float64
}

// idleRun is one run of the app: which binary, on what, for how long.
type idleRun struct {
	name        string // for the log: "baseline" or "this tree"
	bin, chrome string
	searches    []testkit.AppSearch
	baselines   int // how many of them the first cycle takes a baseline of
	window      time.Duration
	tray        bool
}

// runIdle starts the app, waits out its first cycle and measures the
// window after it; the app is stopped with SIGTERM.
func runIdle(b *testing.B, r idleRun) idleSample {
	b.Helper()
	app := startBenchApp(b, r.bin, r.chrome, "10m", r.searches, r.tray)
	defer app.stop(b)
	cmd, out, bus := app.cmd, app.out, app.bus
	var reads *atomic.Int64
	if r.tray {
		reads = readMenuOnChange(b, bus, testkit.WaitTrayItem(b, bus, cmd.Process.Pid, 20*time.Second))
	}
	app.waitBaselines(b, r.baselines)
	// The cycle ends after its last judgement; Chrome closes the tabs and
	// makes its spare one. Idle is what comes after.
	time.Sleep(5 * time.Second)
	pid := cmd.Process.Pid
	goBefore, chromeBefore := taskCounts(pid, false), taskCounts(pid, true)
	var readsBefore int64
	if reads != nil {
		readsBefore = reads.Load()
	}
	time.Sleep(r.window)
	goAfter, chromeAfter := taskCounts(pid, false), taskCounts(pid, true)
	if strings.Count(out.String(), "msg=baseline") != r.baselines || strings.Count(out.String(), "msg=wall") > 1 {
		b.Fatalf("a second cycle ran during the window:\n%s", out)
	}
	sec := r.window.Seconds()
	g, c := goAfter.since(goBefore), chromeAfter.since(chromeBefore)
	var procs []string
	for name, runs := range chromeAfter.byProcess(chromeBefore) {
		procs = append(procs, fmt.Sprintf("%s %.1f", name, float64(runs)/sec))
	}
	slices.Sort(procs)
	b.Logf("%s: Chrome's wakeups/s by process: %s", r.name, strings.Join(procs, ", "))
	sample := idleSample{
		goWakeups: float64(g.runs) / sec, goCPU: float64(g.cpuNs) / 1e6 / sec, goThreads: float64(goAfter.tasks),
		chromeWakeups: float64(c.runs) / sec, chromeCPU: float64(c.cpuNs) / 1e6 / sec, chromeProcs: float64(chromeAfter.procs),
	}
	if reads != nil {
		sample.menuReads = float64(reads.Load()-readsBefore) / sec
	}
	return sample
}

// readMenuOnChange is the panel: it reads the whole menu each time the
// item says its layout changed (com.canonical.dbusmenu LayoutUpdated) and
// counts the reads.
func readMenuOnChange(b *testing.B, bus *testkit.Bus, item *testkit.TrayItem) *atomic.Int64 {
	b.Helper()
	conn := testkit.Connect(b, bus)
	if err := conn.AddMatchSignal(dbus.WithMatchInterface("com.canonical.dbusmenu"), dbus.WithMatchMember("LayoutUpdated")); err != nil {
		b.Fatal(err)
	}
	signals := make(chan *dbus.Signal, 64)
	conn.Signal(signals)
	n := &atomic.Int64{}
	go func() {
		for range signals {
			if _, err := item.Layout(); err == nil {
				n.Add(1)
			}
		}
	}()
	return n
}

// benchApp is the real app, started by a benchmark on settings of its own.
type benchApp struct {
	cmd  *exec.Cmd
	done chan struct{} // closed when it exited
	out  *testkit.Output
	data string
	bus  *testkit.Bus // the private session bus with a tray watcher; nil without the tray
}

// startBenchApp runs bin on searches, checked every interval ("" for the
// default), with a temporary home of its own; with tray, on a private
// session bus with a StatusNotifierWatcher, else with --no-tray.
func startBenchApp(b *testing.B, bin, chrome, interval string, searches []testkit.AppSearch, tray bool) *benchApp {
	b.Helper()
	dir := b.TempDir()
	cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	var s strings.Builder
	s.WriteString("version = 1\n")
	if interval != "" {
		fmt.Fprintf(&s, "interval = %q\n", interval)
	}
	for _, se := range searches {
		fmt.Fprintf(&s, "\n[[search]]\nname = %q\nurl = %q\nenabled = true\n", se.Name, se.URL)
	}
	if err := os.WriteFile(cfg, []byte(s.String()), 0o600); err != nil {
		b.Fatal(err)
	}
	var env []string
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "RENTWATCH_CONFIG", "RENTWATCH_DATA", "GODEBUG":
			continue
		}
		env = append(env, kv)
	}
	for _, k := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"} {
		env = append(env, k+"="+dir)
	}
	app := &benchApp{done: make(chan struct{}), out: &testkit.Output{}, data: data}
	args := []string{"run", "--no-tray", "--config", cfg, "--data", data}
	if tray {
		app.bus = testkit.StartSessionBus(b)
		testkit.StartTrayWatcher(b, app.bus)
		env = append(env, "DBUS_SESSION_BUS_ADDRESS="+app.bus.Address)
		args = []string{"run", "--config", cfg, "--data", data}
	}
	app.cmd = exec.Command(bin, args...)
	app.cmd.Env = append(env, "RENTWATCH_CHROME="+chrome)
	app.cmd.Stdout, app.cmd.Stderr = app.out, app.out
	if err := app.cmd.Start(); err != nil {
		b.Fatal(err)
	}
	go func() { _ = app.cmd.Wait(); close(app.done) }()
	return app
}

// waitBaselines waits for the first cycle's n baselines.
func (a *benchApp) waitBaselines(b *testing.B, n int) {
	b.Helper()
	testkit.Eventually(b, "the first cycle's baselines", 3*time.Minute, func() error {
		if got := strings.Count(a.out.String(), "msg=baseline"); got < n {
			return fmt.Errorf("%d so far", got)
		}
		return nil
	})
}

// stop ends the app with SIGTERM, and whatever of its Chrome outlived it.
func (a *benchApp) stop(b *testing.B) {
	_ = a.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-a.done:
	case <-time.After(time.Minute):
		_ = a.cmd.Process.Kill()
		<-a.done
		b.Errorf("the app did not stop within a minute of SIGTERM:\n%s", a.out)
	}
	for _, pid := range testkit.ChromesOf(a.data) {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

// taskTotals sums the schedstat of a set of threads: runs is how many
// times they were put on a CPU, cpuNs the time they spent there. Each
// thread's numbers are kept, so a thread that appears later counts from 0.
type taskTotals struct {
	perTask      map[string][2]int64 // "pid/tid" -> cpu ns, runs
	runs, cpuNs  int64
	tasks, procs int
}

func (a taskTotals) since(before taskTotals) taskTotals {
	var d taskTotals
	for id, v := range a.perTask {
		w := before.perTask[id]
		d.cpuNs += v[0] - w[0]
		d.runs += v[1] - w[1]
	}
	return d
}

// byProcess is the runs since before of each process, named by its
// Chrome --type (the browser process has none) and pid.
func (a taskTotals) byProcess(before taskTotals) map[string]int64 {
	out := map[string]int64{}
	for id, v := range a.perTask {
		pid, _, _ := strings.Cut(id, "/")
		n, _ := strconv.Atoi(pid)
		kind, sub := testkit.ChromeType(n)
		switch {
		case sub != "":
			kind = sub
		case kind == "":
			kind = "browser"
		}
		out[kind+" "+pid] += v[1] - before.perTask[id][1]
	}
	return out
}

// taskCounts reads the threads of pid (children false) or of all pid's
// descendant processes (children true: Chrome's tree).
func taskCounts(pid int, children bool) taskTotals {
	pids := []int{pid}
	if children {
		pids = testkit.Descendants(pid)
	}
	t := taskTotals{perTask: map[string][2]int64{}, procs: len(pids)}
	for _, p := range pids {
		for _, th := range testkit.Threads(p) {
			t.perTask[fmt.Sprintf("%d/%d", p, th.TID)] = [2]int64{int64(th.CPU), th.Runs}
			t.tasks++
		}
	}
	return t
}
