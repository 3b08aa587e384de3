package engine

import (
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/pages"
	"rentwatch/seen"
)

// A search whose page answers 404 at every check is one episode: the
// Activity says it once, not once a cycle; a clean check ends it, and the
// next 404 is a new one, said again.
func TestAProblemIsSaidOncePerEpisode(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store, err := seen.OpenInMemory()
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		p := newPortal()
		west := fiveOnOneHost[0]
		p.post(west, "a")
		var missing atomic.Bool
		missing.Store(true)
		okVerdict := blocks.Verdict{Kind: blocks.OK}
		p.answer(kamernet, func(n int, url string) (pages.Result, error) {
			if missing.Load() {
				return pages.Result{URL: url, Status: 404, Verdict: okVerdict}, nil
			}
			return pages.Result{URL: url, Status: 200, Verdict: okVerdict}, nil
		})
		r := newRig(store, p, searches(west), 41)
		stop := running(t, r.e)
		time.Sleep(10 * time.Minute) // some twenty cycles
		missing.Store(false)
		time.Sleep(2 * time.Minute)
		missing.Store(true)
		time.Sleep(5 * time.Minute)
		stop()
		said := 0
		for _, ev := range r.e.Activity(ActivityMax) {
			if ev.Kind == EventFailure && strings.Contains(ev.Text, "answered 404") {
				said++
			}
		}
		if n := len(p.sent(kamernet)); n < 20 {
			t.Fatalf("only %d checks", n)
		}
		if said != 2 {
			t.Errorf("the 404 was said %d times in %d checks, want twice (two episodes)", said, len(p.sent(kamernet)))
		}
	})
}
