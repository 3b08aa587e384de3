package pages

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestLoadRestartsChrome: after restartAfter pages Chrome is restarted when
// idle, on the same profile (a persistent cookie survives), and Loads
// around the restart, two at a time as the engine runs them, all succeed.
func TestLoadRestartsChrome(t *testing.T) {
	portal := newFixturePortal(t, "127.0.0.1", 0)
	b, rec := newTestBrowser(t, BrowserOptions{PageTimeout: 15 * time.Second, ChallengeWait: -1})
	b.tune.restartAfter = 3
	token := "restart-" + time.Now().Format("150405.000")
	if _, err := b.Load(context.Background(), portal.URL+"/clearance?token="+token); err != nil {
		t.Fatalf("Load that sets the cookie: %v", err)
	}
	first := b.chromePID()

	var wg sync.WaitGroup
	for w := range 2 {
		wg.Go(func() {
			for i := range 5 {
				if _, err := b.Load(context.Background(), portal.URL+"/results"); err != nil {
					t.Errorf("worker %d, Load %d: %v", w, i, err)
				}
			}
		})
	}
	wg.Wait()
	for end := time.Now().Add(2 * time.Minute); rec.count(restarted) == 0 && time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
	}
	if rec.count(restarted) == 0 {
		t.Fatalf("no restart after %d pages with restartAfter %d", portal.count("html"), b.tune.restartAfter)
	}
	res, err := b.Load(context.Background(), portal.URL+"/results")
	if err != nil || res.Status != 200 {
		t.Fatalf("Load after the restart: %+v, %v", res.Verdict, err)
	}
	if pid := b.chromePID(); pid == first || pid == 0 {
		t.Errorf("Chrome pid %d after the restart, %d before", pid, first)
	}
	portal.mu.Lock()
	cookie := portal.lastCookie
	portal.mu.Unlock()
	if !strings.Contains(cookie, "cf_clearance="+token) {
		t.Errorf("after the restart the page got Cookie %q, want cf_clearance=%s", cookie, token)
	}
}
