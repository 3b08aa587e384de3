package pages

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"rentwatch/internal/testkit"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// benchPortal serves a realistic search page: about 300 KB of HTML with
// 20 images, 2 web fonts, a stylesheet and a script, every response
// delayed like a real server's.
func benchPortal(tb testing.TB, delay time.Duration) *httptest.Server {
	return benchPortalOn(tb, "127.0.0.1", delay)
}

// benchPortalOn is benchPortal on host (an IP of 127.0.0.0/8).
func benchPortalOn(tb testing.TB, host string, delay time.Duration) *httptest.Server {
	var page strings.Builder
	page.WriteString(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>Rooms in Amsterdam</title>` +
		`<link rel="stylesheet" href="/static/site.css"><script src="/static/app.js"></script></head><body><ul class="results">`)
	for i := 0; page.Len() < 300_000; i++ {
		img := ""
		if i < 20 {
			img = fmt.Sprintf(`<img src="/img/%d.jpg" alt="">`, i)
		}
		fmt.Fprintf(&page, `<li class="listing" data-id="%d"><a href="/room/%d">%s<h2>Bright room %d near the park</h2></a>`+
			`<span class="price">€ %d per month</span><span class="place">Amsterdam West</span>`+
			`<p class="blurb">%s</p></li>`, 9000+i, 9000+i, img, i, 600+i, strings.Repeat("Furnished, bills included, close to tram. ", 12))
	}
	page.WriteString(`</ul><script>document.body.dataset.done = "1"</script></body></html>`)
	body := []byte(page.String())
	css, _ := os.ReadFile(filepath.Join("..", "testdata", "site", "site.css"))
	l, err := net.Listen("tcp", host+":0")
	if err != nil {
		tb.Fatalf("listen on %s: %v", host, err)
	}
	srv := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(delay)
		switch p := r.URL.Path; {
		case p == "/page":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write(body)
		case p == "/static/site.css":
			w.Header().Set("Content-Type", "text/css")
			_, _ = w.Write(css)
		case p == "/static/app.js":
			w.Header().Set("Content-Type", "text/javascript")
			_, _ = io.WriteString(w, "window.portal = {ready: true};")
		default: // images and fonts: 30 KB each
			_, _ = w.Write(make([]byte, 30_000))
		}
	})}}
	srv.Start()
	tb.Cleanup(srv.Close)
	return srv
}

// BenchmarkPageLoad compares, in one run, a plain GET of the page (the
// floor), Browser.Load, and a naive chromedp load (a new browser per page,
// nothing blocked). Each reports its median.
func BenchmarkPageLoad(b *testing.B) {
	srv := benchPortal(b, 100*time.Millisecond)
	pageURL := srv.URL + "/page"
	b.Run("plain-get", func(b *testing.B) {
		medianOf(b, func() error {
			resp, err := http.Get(pageURL)
			if err != nil {
				return err
			}
			defer resp.Body.Close()
			_, err = io.ReadAll(resp.Body)
			return err
		})
	})
	// Back to back, each Load waits for the tab the last one freed (the
	// spare is made after a Load, not during it); spaced 300 ms apart, as
	// the engine's loads are, the spare is ready. The pause is not timed.
	// The -full runs turn the early read off (DOMContentLoaded and settle,
	// as before it), for a before/after in one run.
	for _, mode := range []struct {
		name    string
		pause   time.Duration
		noEarly bool
	}{
		{"browser-load", 0, false}, {"browser-load-spaced", 300 * time.Millisecond, false},
		{"browser-load-full", 0, true}, {"browser-load-spaced-full", 300 * time.Millisecond, true},
	} {
		b.Run(mode.name, func(b *testing.B) {
			br, _ := newTestBrowser(b, BrowserOptions{})
			br.tune.noEarly = mode.noEarly
			if _, err := br.Load(context.Background(), pageURL); err != nil { // Chrome starts once
				b.Fatal(err)
			}
			var phases []Phases
			early := 0
			pid := br.chromePID()
			cpu0 := testkit.TreeCPU(pid).Milliseconds()
			medianOf(b, func() error {
				res, err := br.Load(context.Background(), pageURL)
				if err == nil && res.Status != 200 {
					err = fmt.Errorf("status %d", res.Status)
				}
				phases = append(phases, res.Phases)
				if res.Early {
					early++
				}
				return err
			}, mode.pause)
			reportPhases(b, phases)
			b.ReportMetric(float64(early)/float64(b.N), "early/load")
			if br.chromePID() == pid { // no restart in between
				b.ReportMetric(float64(testkit.TreeCPU(pid).Milliseconds()-cpu0)/float64(b.N), "ms-chrome-cpu/load")
			}
		})
	}
	b.Run("naive-chromedp", func(b *testing.B) {
		path := needChrome(b)
		medianOf(b, func() error {
			actx, stop := chromedp.NewExecAllocator(context.Background(),
				append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path))...)
			defer stop()
			ctx, cancel := chromedp.NewContext(actx)
			defer cancel()
			if err := chromedp.Do(ctx, chromedp.Navigate(pageURL)); err != nil {
				return err
			}
			_, err := chromedp.Run(ctx, chromedp.OuterHTML(chromedp.CSS("html")))
			return err
		})
	})
}

// BenchmarkEarlyRead times the page of TestLoadEarlyRead, listings in its
// HTML behind a stylesheet that takes a second, read early and (-full)
// with the early read off, in one run: the early read's gain is that
// second.
func BenchmarkEarlyRead(b *testing.B) {
	srv := earlyPortal(b, newSlowCSS(time.Second))
	for _, mode := range []struct {
		name    string
		noEarly bool
	}{{"early", false}, {"full", true}} {
		b.Run(mode.name, func(b *testing.B) {
			br, _ := newTestBrowser(b, BrowserOptions{})
			br.tune.noEarly = mode.noEarly
			if _, err := br.Load(context.Background(), srv.URL+"/results"); err != nil { // Chrome starts once
				b.Fatal(err)
			}
			medianOf(b, func() error {
				res, err := br.Load(context.Background(), srv.URL+"/results")
				if err == nil && (res.Early == mode.noEarly || len(res.Listings) != 12) {
					err = fmt.Errorf("early %v, %d listings", res.Early, len(res.Listings))
				}
				return err
			}, 300*time.Millisecond)
		})
	}
}

// medianOf runs f b.N times, with an untimed pause after each (none
// when no pause is given), and reports the median in ms.
func medianOf(b *testing.B, f func() error, pause ...time.Duration) {
	b.Helper()
	took := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		if err := f(); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
		if len(pause) > 0 && pause[0] > 0 {
			b.StopTimer()
			time.Sleep(pause[0])
			b.StartTimer()
		}
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "ms-median")
}

// reportPhases reports the median of each phase of the Loads, in ms.
func reportPhases(b *testing.B, phases []Phases) {
	for _, p := range []struct {
		unit string
		of   func(Phases) time.Duration
	}{
		{"ms-tab", func(p Phases) time.Duration { return p.Tab }},
		{"ms-commit", func(p Phases) time.Duration { return p.Commit }},
		{"ms-body", func(p Phases) time.Duration { return p.Body }},
		{"ms-domready", func(p Phases) time.Duration { return p.DOMReady }},
		{"ms-settle", func(p Phases) time.Duration { return p.Settle }},
		{"ms-read", func(p Phases) time.Duration { return p.Read }},
	} {
		took := make([]time.Duration, 0, len(phases))
		for _, ph := range phases {
			took = append(took, p.of(ph))
		}
		slices.Sort(took)
		b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, p.unit)
	}
}

// BenchmarkChromeRSS loads 200 pages through one Browser and reports the
// resident memory of Chrome's whole process tree at page 20 and page 200:
// with every tab closed after its page and Chrome restarted every
// restartAfterPages, it must not grow. Run with
// -benchtime=1x; Linux only (it reads /proc).
func BenchmarkChromeRSS(b *testing.B) {
	testkit.NeedProc(b)
	srv := benchPortal(b, 0)
	br, rec := newTestBrowser(b, BrowserOptions{})
	var at20, at200 testkit.Mem
	for range b.N {
		for i := 1; i <= 200; i++ {
			if _, err := br.Load(context.Background(), srv.URL+"/page"); err != nil {
				b.Fatal(err)
			}
			switch i {
			case 20:
				at20 = testkit.TreeMem(idlePID(br))
			case 200:
				at200 = testkit.TreeMem(idlePID(br))
			}
		}
	}
	b.ReportMetric(float64(at20.RSS)/1024, "MB-rss-page20")
	b.ReportMetric(float64(at200.RSS)/1024, "MB-rss-page200")
	b.ReportMetric(float64(at20.PSS)/1024, "MB-pss-page20")
	b.ReportMetric(float64(at200.PSS)/1024, "MB-pss-page200")
	b.ReportMetric(float64(at200.Procs), "procs-page200")
	b.ReportMetric(float64(rec.count(restarted)), "restarts")
}

// idlePID waits until br is idle (no restart under way, no tab closing)
// and returns Chrome's pid, so memory is read in a steady state.
func idlePID(br *Browser) int {
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		br.mu.Lock()
		run := br.run
		br.mu.Unlock()
		if !br.restarting.Load() && run != nil && run.closing.Load() == 0 {
			break
		}
	}
	return br.chromePID()
}
