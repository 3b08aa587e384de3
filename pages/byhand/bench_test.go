package byhand

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"rentwatch/internal/testkit"
	"rentwatch/pages"
)

// BenchmarkOpen is how long a check by hand takes to show the site:
// from Open until the window's request for the page reaches the
// site (open-ms), with the headless Chrome running, as in the app. Each op
// then closes the window and waits for Open to return (ns/op is
// the whole op), and loads a page headless again (as the watcher does).
func BenchmarkOpen(b *testing.B) {
	display := testkit.StartXvfb(b)
	b.Setenv("DISPLAY", display)
	b.Setenv("WAYLAND_DISPLAY", "")
	hit := make(chan struct{}, 16)
	mux := http.NewServeMux()
	testkit.ServePage(mux, "/rooms", `<!DOCTYPE html><html><head><title>Rooms</title></head><body>Rooms</body></html>`)
	mux.HandleFunc("/window", func(w http.ResponseWriter, r *http.Request) {
		hit <- struct{}{}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(`<!DOCTYPE html><html><head><title>Window</title></head><body>Window</body></html>`))
	})
	site := testkit.StartSite(b, "127.0.0.26", mux)
	br, win := newWatcher(b, pages.BrowserOptions{PageTimeout: time.Minute, ChallengeWait: -1})
	if _, err := br.Load(context.Background(), site.URL+"/rooms"); err != nil {
		b.Fatal(err)
	}
	var open time.Duration
	for b.Loop() {
		start := time.Now()
		done := make(chan error, 1)
		go func() { done <- win.Open(context.Background(), site.URL+"/window") }()
		select {
		case <-hit:
		case err := <-done:
			b.Fatalf("Open: %v", err)
		}
		open += time.Since(start)
		closeWindowTabs(b, win)
		if err := <-done; err != nil {
			b.Fatalf("Open: %v", err)
		}
		if _, err := br.Load(context.Background(), site.URL+"/rooms"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(open.Milliseconds())/float64(b.N), "open-ms/op")
}

// closeWindowTabs closes the window's tabs once its page has its title.
func closeWindowTabs(b *testing.B, win *Window) {
	run := shownRun(win)
	if run == nil {
		b.Fatal("no window")
	}
	ctx, cancel := context.WithTimeout(run.Ctx, time.Minute)
	defer cancel()
	for {
		targets, err := chromedp.Targets(ctx)
		if err != nil {
			b.Fatalf("the window's tabs: %v", err)
		}
		shown := false
		for _, tg := range targets {
			shown = shown || (tg.Type == "page" && tg.Title == "Window")
		}
		if shown {
			for _, tg := range targets {
				if tg.Type == "page" {
					_, _ = chromedp.CallBrowser(ctx, target.CloseTarget, target.CloseTargetParams{TargetID: tg.TargetID})
				}
			}
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}
