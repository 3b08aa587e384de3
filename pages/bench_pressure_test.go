package pages

import (
	"context"
	"rentwatch/internal/testkit"
	"testing"
	"time"

	"github.com/chromedp/cdproto/memory"
	"github.com/chromedp/chromedp"
)

// BenchmarkChromeIdleMemory weighs what Chrome could give back between
// two cycles, after 20 Loads of the benchmark page on five hosts: its PSS
// idle (warm tabs kept), after a simulated critical memory-pressure
// notification in all its processes (Memory.simulatePressureNotification:
// caches dropped, garbage collected, nothing a site sees), and after the
// warm tabs are closed too. Run with -benchtime=3x -v.
func BenchmarkChromeIdleMemory(b *testing.B) {
	testkit.NeedProc(b)
	pages := benchHosts(b, false)
	var idle, pressed, noTabs int64
	for range b.N {
		br, _ := newTestBrowser(b, BrowserOptions{})
		for n := range 20 {
			if _, err := br.Load(context.Background(), pages[n%len(pages)]); err != nil {
				b.Fatal(err)
			}
		}
		time.Sleep(2 * time.Second)
		pid := idlePID(br)
		idle += testkit.TreeMem(pid).PSS
		br.mu.Lock()
		run := br.run
		br.mu.Unlock()
		t := run.warm.take()
		if t == nil {
			b.Fatal("no warm tab")
		}
		ctx, cancel := context.WithTimeout(t.ctx, callTimeout)
		_, err := chromedp.Call(ctx, memory.SimulatePressureNotification,
			memory.SimulatePressureNotificationParams{Level: memory.PressureLevelCritical})
		cancel()
		if err != nil {
			b.Fatalf("pressure: %v", err)
		}
		run.warm.offer(t, func() {})
		time.Sleep(3 * time.Second)
		pressed += testkit.TreeMem(pid).PSS
		for t := run.warm.take(); t != nil; t = run.warm.take() {
			run.closeTab(t)
		}
		time.Sleep(2 * time.Second)
		noTabs += testkit.TreeMem(pid).PSS
		_ = br.Close()
	}
	n := float64(b.N) * 1024
	b.ReportMetric(float64(idle)/n, "MB-pss-idle")
	b.ReportMetric(float64(pressed)/n, "MB-pss-after-pressure")
	b.ReportMetric(float64(noTabs)/n, "MB-pss-no-warm-tabs")
}
