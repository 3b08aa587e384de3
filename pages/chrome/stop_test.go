package chrome

import (
	"context"
	"sync"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// A quit while Chrome is still starting (the app told to stop a moment
// after it started) ends that Chrome at once: it is not asked to close,
// which waited out stopTimeout twice for a Chrome not yet listening (10 s
// measured; the app is to be gone within 2 s of a Quit). The bound below
// is that wait, not a speed: a start given up never waits for an answer
// that cannot come. No Chrome is left on the profile when Start returns.
func TestAQuitWhileChromeStartsDoesNotWaitForIt(t *testing.T) {
	testkit.NeedProc(t)
	path := testkit.Chromium(t)
	for _, after := range []time.Duration{time.Millisecond, 5 * time.Millisecond, 20 * time.Millisecond} {
		profile := t.TempDir() + "/profile"
		ctx, cancel := context.WithCancel(context.Background())
		type started struct {
			p   *Process
			err error
		}
		done := make(chan started, 1)
		go func() {
			p, err := Start(ctx, Options{Path: path, Profile: profile})
			done <- started{p, err}
		}()
		time.Sleep(after)
		quit := time.Now()
		cancel()
		var got started
		select {
		case got = <-done:
		case <-time.After(testkit.Patience):
			t.Fatalf("a start given up after %v has not returned in %v", after, testkit.Patience)
		}
		took := time.Since(quit)
		if got.err == nil {
			// Chrome answered within after: nothing was given up.
			got.p.Stop()
			t.Logf("quit %v into the start: Chrome had started already", after)
			continue
		}
		t.Logf("quit %v into the start: Start returned in %v (%v)", after, took.Round(time.Millisecond), got.err)
		if took >= stopTimeout {
			t.Errorf("quit %v into the start: %v before Start returned, waiting for a Chrome asked to close", after, took)
		}
		if procs := testkit.Matching("--user-data-dir=" + profile + "\x00"); len(procs) != 0 {
			t.Errorf("quit %v into the start: Chrome processes left on the profile: %v", after, procs)
		}
	}
}

// Two stops of one Chrome at the same moment (the check by hand's window
// closing while the app quits) end it once: chromedp's Cancel closed a
// channel twice ("close of closed channel") before Stop ran once.
func TestTwoStopsAtOnce(t *testing.T) {
	p, err := Start(context.Background(), Options{Path: testkit.Chromium(t), Profile: t.TempDir() + "/profile"})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(p.Stop)
	}
	wg.Wait()
	if p.Ctx.Err() == nil {
		t.Error("Chrome's context is not done after Stop")
	}
}
