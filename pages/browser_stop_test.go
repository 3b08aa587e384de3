package pages

import (
	"context"
	"fmt"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// A Load cancelled while its Chrome is still starting returns, and leaves
// no Chrome behind. (The real app, sent SIGTERM a second after it started
// on a busy machine, never exited: the start was given up, and the stop
// waited for a Chrome to exit that only the allocator's stop, called after
// that wait, would have ended.)
func TestALoadCancelledWhileChromeStartsReturns(t *testing.T) {
	portal := newFixturePortal(t, "127.0.0.1", 0)
	profile := t.TempDir() + "/profile"
	b, _ := newTestBrowser(t, BrowserOptions{ProfileDir: profile, PageTimeout: 20 * time.Second})
	// Chrome takes from a few tens of milliseconds (on an idle machine, a
	// warm disk) to seconds to answer: one of these lands in its start.
	for _, after := range []time.Duration{5 * time.Millisecond, 20 * time.Millisecond, 60 * time.Millisecond,
		150 * time.Millisecond, 400 * time.Millisecond} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(after, cancel)
		done := make(chan struct{})
		go func() {
			defer close(done)
			_, _ = b.Load(ctx, portal.URL+"/results")
		}()
		select {
		case <-done:
		case <-time.After(testkit.Patience):
			t.Fatalf("a Load cancelled after %v has not returned in %v", after, testkit.Patience)
		}
		cancel()
		closed := make(chan struct{})
		go func() { b.Release(); close(closed) }()
		<-closed
	}
	done := make(chan struct{})
	go func() { _ = b.Close(); close(done) }()
	select {
	case <-done:
	case <-time.After(testkit.Patience):
		t.Fatalf("Close has not returned in %v", testkit.Patience)
	}
	testkit.Eventually(t, "no Chrome on the profile", testkit.Patience, func() error {
		if procs := profileProcs(profile); len(procs) != 0 {
			return fmt.Errorf("Chrome processes left on the profile: %v", procs)
		}
		return nil
	})
}

// A quit while Chrome is still starting (the app told to stop a moment
// after it started, on its first start) ends that Chrome at once: it is
// not asked to close, which waited out stopTimeout twice for a Chrome not
// yet listening (10 s measured; the app was to be gone within 2 s). The
// bound below is that wait, not a speed: a start given up never waits for
// an answer that cannot come.
func TestAQuitWhileChromeStartsDoesNotWaitForIt(t *testing.T) {
	portal := newFixturePortal(t, "127.0.0.1", 0)
	path, err := FindChrome("")
	if err != nil {
		t.Skip(err)
	}
	for _, after := range []time.Duration{time.Millisecond, 5 * time.Millisecond, 20 * time.Millisecond} {
		profile := t.TempDir() + "/profile"
		forgetIdentity(path, profile) // a first start: Chrome is learned, then started
		b, _ := newTestBrowser(t, BrowserOptions{ProfileDir: profile, PageTimeout: 20 * time.Second})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); _, _ = b.Load(ctx, portal.URL+"/results") }()
		time.Sleep(after)
		quit := time.Now()
		cancel()
		select {
		case <-done:
		case <-time.After(testkit.Patience):
			t.Fatalf("a Load cancelled after %v has not returned in %v", after, testkit.Patience)
		}
		_ = b.Close()
		took := time.Since(quit)
		t.Logf("quit %v into the start: Load returned and the browser closed in %v", after, took.Round(time.Millisecond))
		if took >= stopTimeout {
			t.Errorf("quit %v into the start: %v before the browser closed, waiting for a Chrome asked to close", after, took)
		}
		if procs := profileProcs(profile); len(procs) != 0 {
			t.Errorf("quit %v into the start: Chrome processes left on the profile: %v", after, procs)
		}
	}
}
