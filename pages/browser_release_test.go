package pages

import (
	"context"
	"net/http"
	"rentwatch/internal/testkit"
	"sync"
	"testing"
	"time"
)

// waitGone waits (minutes at most: it bounds a hang) until none of pids lives.
func waitGone(t *testing.T, pids []int) {
	t.Helper()
	for end := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		left := 0
		for _, p := range pids {
			if testkit.Alive(p) {
				left++
			}
		}
		if left == 0 {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("%d of Chrome's %d processes still run", left, len(pids))
		}
	}
}

// TestReleaseStopsChrome: after Release, Chrome's whole process tree is
// gone; the next Load starts a new Chrome and reads the page.
func TestReleaseStopsChrome(t *testing.T) {
	testkit.NeedProc(t)
	portal := newFixturePortal(t, "127.0.0.1", 0)
	b, rec := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute})
	if _, err := b.Load(context.Background(), portal.URL+"/results"); err != nil {
		t.Fatalf("Load: %v", err)
	}
	pid := idlePID(b)
	tree := testkit.Tree(pid)
	if pid == 0 || len(tree) < 2 {
		t.Fatalf("Chrome's pid %d, %d processes in its tree", pid, len(tree))
	}
	b.Release()
	waitGone(t, tree)
	if got := b.chromePID(); got != 0 {
		t.Errorf("after Release the Browser still has Chrome %d", got)
	}
	res, err := b.Load(context.Background(), portal.URL+"/results")
	if err != nil || len(res.Listings) == 0 {
		t.Fatalf("Load after Release: %d listings, %v", len(res.Listings), err)
	}
	if next := b.chromePID(); next == 0 || next == pid {
		t.Errorf("Chrome's pid %d after Release and a Load, %d before", next, pid)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if n := rec.count(released); n != 1 {
		t.Errorf("%d releases, want 1", n)
	}
}

// TestReleaseWaitsForLoad: a Release while a Load is in flight stops
// nothing under it: the Load reads its page, and Chrome stops once it is
// over.
func TestReleaseWaitsForLoad(t *testing.T) {
	testkit.NeedProc(t)
	hold := make(chan struct{})
	asked := make(chan struct{}, 1)
	mux := http.NewServeMux()
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case asked <- struct{}{}:
		default:
		}
		<-hold
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(`<!DOCTYPE html><html><head><title>Rooms</title></head><body><ul class="results">` + dialogRooms(3) + `</ul></body></html>`))
	})
	testkit.ServePage(mux, "/fast", `<!DOCTYPE html><html><head><title>Rooms</title></head><body><ul class="results">`+dialogRooms(3)+`</ul></body></html>`)
	site := testkit.StartSite(t, "127.0.0.23", mux)
	var unhold sync.Once
	t.Cleanup(func() { unhold.Do(func() { close(hold) }) }) // before the server's close: its handler must end
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: 2 * time.Minute, ChallengeWait: -1})
	if _, err := b.Load(context.Background(), site.URL+"/fast"); err != nil {
		t.Fatal(err)
	}
	pid := idlePID(b)
	tree := testkit.Tree(pid)
	done := make(chan error, 1)
	go func() {
		res, err := b.Load(context.Background(), site.URL+"/slow")
		if err == nil && len(res.Listings) != 3 {
			t.Errorf("Load: %d listings, want 3", len(res.Listings))
		}
		done <- err
	}()
	select {
	case <-asked:
	case <-time.After(2 * time.Minute): // bounds a hang only
		t.Fatal("the page was never asked for")
	}
	b.Release()
	// Longer than release's retry: it looked at least once, and found the Load.
	time.Sleep(2 * releaseRetry)
	if !testkit.Alive(pid) {
		t.Fatal("Release stopped Chrome under a Load in flight")
	}
	unhold.Do(func() { close(hold) })
	if err := <-done; err != nil {
		t.Fatalf("the Load in flight during Release: %v", err)
	}
	waitGone(t, tree)
}

// TestReleaseDuringLoads: Releases among Loads two at a time, as an engine
// that goes idle and busy again would call it: every Load reads its page.
func TestReleaseDuringLoads(t *testing.T) {
	portal := newFixturePortal(t, "127.0.0.1", 0)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute})
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for i := range 6 {
				if _, err := b.Load(context.Background(), portal.URL+"/results"); err != nil {
					t.Errorf("Load %d: %v", i+1, err)
				}
				b.Release()
			}
		})
	}
	wg.Wait()
	b.Release()
	for end := time.Now().Add(2 * time.Minute); b.chromePID() != 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) { // bounds a hang only
			t.Fatal("Chrome still runs after the last Release")
		}
	}
}
