//go:build linux

package main

import (
	"os"
	"slices"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// BenchmarkAppDay runs the real app (built into a temporary folder) the way
// a user does: the tray on a session bus with a StatusNotifierWatcher, 15
// searches on 5 loopback hosts, the default interval (30 s), for a window
// of 30 minutes (RENTWATCH_DAY_WINDOW) after its first cycle. It reports
// the CPU the whole app used over the window as a share of one core: the
// Go process and Chrome's whole tree, counted from /proc (user + system
// of every live process plus what the ones that exited used, which their
// parents were charged with when they reaped them), idle between cycles
// included; per Load, all in; and the PSS of Chrome's tree just before
// each cycle (the last sample, taken every second, before a cycle's first
// request). The fixture sites run in this test's process, so they are
// not counted.
//
// With RENTWATCH_BASELINE set to a git revision that revision is measured
// instead of the working tree (run two at once to compare in one run: the
// CPU time of a process does not depend much on what else runs).
//
//	go test -run '^$' -bench AppDay -benchtime 1x -timeout 2h -v .
func BenchmarkAppDay(b *testing.B) {
	if testing.Short() {
		b.Skip("runs the real app with Chromium for half an hour")
	}
	chrome := testkit.Chromium(b)
	window := benchWindow(b, "RENTWATCH_DAY_WINDOW", 30*time.Minute)
	name, bin := "this tree", buildRevision(b, "")
	if rev := os.Getenv("RENTWATCH_BASELINE"); rev != "" {
		name, bin = "baseline "+rev, buildRevision(b, rev)
	}
	searches, portals := idleSearches(b)
	for b.Loop() {
		r := runDay(b, name, bin, chrome, searches, portals, window)
		b.ReportMetric(r.cpuShare*100, "%-of-a-core")
		b.ReportMetric(r.goShare*100, "go-%-of-a-core")
		b.ReportMetric(r.chromeShare*100, "chrome-%-of-a-core")
		b.ReportMetric(r.perLoadMs, "cpu-ms/load")
		b.ReportMetric(float64(r.loads), "loads")
		b.ReportMetric(r.pssMedianMB, "chrome-pss-between-cycles-median-MB")
		b.ReportMetric(r.pssMaxMB, "chrome-pss-between-cycles-max-MB")
	}
}

// daySample is what one run measured over its window.
type daySample struct {
	cpuShare, goShare, chromeShare float64 // of one core
	perLoadMs                      float64
	loads                          int
	pssMedianMB, pssMaxMB          float64
}

func runDay(b *testing.B, name, bin, chrome string, searches []testkit.AppSearch, portals []*testkit.Portal, window time.Duration) daySample {
	b.Helper()
	app := startBenchApp(b, bin, chrome, "", searches, true)
	defer app.stop(b)
	cmd, out := app.cmd, app.out
	app.waitBaselines(b, len(searches))
	pid := cmd.Process.Pid
	start := time.Now()
	goBefore, chromeBefore := treeCPU(pid)
	type pssAt struct {
		at time.Time
		mb float64
	}
	var samples []pssAt
	for time.Since(start) < window {
		time.Sleep(time.Second)
		samples = append(samples, pssAt{time.Now(), float64(chromePSSKB(pid)) / 1024})
	}
	goAfter, chromeAfter := treeCPU(pid)
	sec := time.Since(start).Seconds()
	// A cycle starts with the first request after a quiet stretch longer
	// than any gap within a cycle (5 s at most between one host's checks,
	// and five hosts are checked side by side).
	var all, at []time.Time // every request; those in the window
	for _, p := range portals {
		for _, r := range p.Requests() {
			all = append(all, r.At)
			if !r.At.Before(start) {
				at = append(at, r.At)
			}
		}
	}
	slices.SortFunc(all, func(x, y time.Time) int { return x.Compare(y) })
	var before []float64
	for i, t := range all {
		if i == 0 || t.Before(start) || t.Sub(all[i-1]) < 8*time.Second {
			continue
		}
		// The last sample at least half a second before the cycle's first request.
		j, _ := slices.BinarySearchFunc(samples, t.Add(-500*time.Millisecond), func(s pssAt, t time.Time) int { return s.at.Compare(t) })
		if j > 0 {
			before = append(before, samples[j-1].mb)
		}
	}
	if len(before) == 0 {
		b.Fatalf("%s: no cycle started during the window:\n%s", name, out)
	}
	slices.Sort(before)
	r := daySample{
		goShare: float64(goAfter-goBefore) / 1e9 / sec, chromeShare: float64(chromeAfter-chromeBefore) / 1e9 / sec,
		loads: len(at), pssMedianMB: before[len(before)/2], pssMaxMB: before[len(before)-1],
	}
	r.cpuShare = r.goShare + r.chromeShare
	r.perLoadMs = float64(goAfter-goBefore+chromeAfter-chromeBefore) / 1e6 / float64(len(at))
	b.Logf("%s: %.0f s, %d requests, %d cycles; CPU %.2f%% of a core (Go %.2f%%, Chrome %.2f%%), %.0f ms a request; Chrome PSS before each cycle: min %.0f, median %.0f, max %.0f MB",
		name, sec, len(at), len(before), r.cpuShare*100, r.goShare*100, r.chromeShare*100, r.perLoadMs, before[0], r.pssMedianMB, r.pssMaxMB)
	return r
}

// treeCPU is the CPU time, in ns, of the process pid (goNs) and of all its
// descendants (chromeNs): user + system of each live one, plus what its
// reaped children used (cutime, cstime), which covers every process of
// the tree that has exited since it started.
func treeCPU(pid int) (goNs, chromeNs int64) {
	app, _ := testkit.ReadStat(pid)
	// The app's own cutime is Chrome trees it reaped.
	return int64(app.OwnCPU()), int64(testkit.TreeCPU(pid) - app.OwnCPU())
}

// chromePSSKB sums the Pss of every process below pid.
func chromePSSKB(pid int) int64 {
	var total int64
	for _, p := range testkit.Descendants(pid) {
		pss, _ := testkit.KB(p, "smaps_rollup", "Pss")
		total += pss
	}
	return total
}
