package engine

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/pages"
)

// A preview is a request to its host like any other: it waits its turn in
// the host's lane, keeps the gap, records the wall it meets, and is not
// made at all while the host stands us down; nothing goes to the store.
func TestAPreviewIsARequestUnderTheUsualRules(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		store := openStore(t)
		west, other := fiveOnOneHost[0], "https://kamernet.test/huren/utrecht"
		p.post(other, "x", "y")
		r := newRig(store, p, searches(fiveOnOneHost[:3]...), 26)
		running(t, r.e)
		time.Sleep(500 * time.Millisecond) // the first cycle is loading kamernet

		res, err := r.e.Preview(context.Background(), other)
		if err != nil || res.Held || len(res.Page.Listings) != 2 || res.Page.Verdict.Kind != blocks.OK || res.LoadedAt.IsZero() {
			t.Fatalf("preview: %+v, %v; want the page's two listings", res, err)
		}
		if _, had, _ := store.Snapshot(other); had {
			t.Errorf("a preview left a snapshot in the store")
		}
		time.Sleep(20 * time.Second)
		checkHostGaps(t, p, r.e.d.GapMin, &strings.Builder{})

		// A wall met by a preview is the host's wall.
		p.answer(kamernet, wall(blocks.Denied, 0, always))
		res, err = r.e.Preview(context.Background(), other)
		if err != nil || res.Page.Verdict.Kind != blocks.Denied {
			t.Fatalf("preview of a refusing host: %+v, %v", res, err)
		}
		entry, waiting := r.hostWait(kamernet)
		if !waiting || entry.Kind != blocks.Denied {
			t.Fatalf("the preview's wall was not recorded: %+v", entry)
		}
		time.Sleep(time.Second)
		snap := r.e.Snapshot()
		if v := snap.Searches[0]; v.Status != Waiting || !v.NeedsUser {
			t.Errorf("the host's searches after the preview's wall: %+v", v)
		}
		if w := snap.Walls[kamernet]; len(w) != 1 || w[0].Kind != blocks.Denied {
			t.Errorf("wall history %+v, want the preview's refusal", w)
		}

		// While it waits, a preview sends nothing and says why.
		before := len(p.sent(kamernet))
		res, err = r.e.Preview(context.Background(), west)
		if err != nil || !res.Held || !res.Until.Equal(entry.NextRetryAt) || res.Wall != blocks.Denied ||
			!strings.Contains(res.Words, "waiting until "+entry.NextRetryAt.Local().Format("15:04")+", after a refusal") {
			t.Errorf("preview of a waiting host: %+v, %v", res, err)
		}
		if n := len(p.sent(kamernet)); n != before {
			t.Errorf("the preview of a waiting host sent %d request(s)", n-before)
		}
	})
}

// A clean preview clears the host as a clean check does (rule 4); a
// failed one counts toward ERROR_GRACE.
func TestAPreviewCountsForItsHost(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		host := "pararius.test"
		fail := true
		p.answer(host, func(n int, url string) (pages.Result, error) {
			if fail {
				return pages.Result{}, errors.New("net::ERR_CONNECTION_RESET")
			}
			return pages.Result{Verdict: blocks.Verdict{Kind: blocks.OK}}, nil
		})
		r := newRig(openStore(t), p, searches(fiveOnOneHost[0]), 27)
		running(t, r.e)
		u := "https://pararius.test/huren/utrecht"
		for range ErrorGrace {
			if _, err := r.e.Preview(context.Background(), u); err == nil {
				t.Fatal("a failed load gave no error")
			}
		}
		if entry, waiting := r.hostWait(host); !waiting || entry.Kind != blocks.Error {
			t.Fatalf("after %d failed previews: %+v, want the host waiting on the error ladder", ErrorGrace, entry)
		}
		time.Sleep(time.Minute) // the error wait is over
		fail = false
		if res, err := r.e.Preview(context.Background(), u); err != nil || res.Held {
			t.Fatalf("preview after the wait: %+v, %v", res, err)
		}
		if _, waiting := r.hostWait(host); waiting {
			t.Errorf("a clean preview left the host waiting")
		}
	})
}

// A preview of the site in the window of a check by hand sends nothing;
// one nobody waits for any more is not loaded.
func TestAPreviewLeavesTheUserAlone(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		r := newRig(openStore(t), p, searches(fiveOnOneHost[0], "https://funda.test/huur/leiden"), 28)
		closeWindow := make(chan struct{})
		r.e.d.Manual = func(ctx context.Context, url string) error { <-closeWindow; return nil }
		running(t, r.e)
		time.Sleep(10 * time.Second)
		r.e.ManualCheck(fiveOnOneHost[0])
		time.Sleep(time.Second)
		before := len(p.sent(kamernet))
		res, err := r.e.Preview(context.Background(), fiveOnOneHost[1])
		if err != nil || !res.Held || !res.ByHand || !strings.Contains(res.Words, "checked by hand") {
			t.Errorf("preview of the site in the window: %+v, %v", res, err)
		}
		if n := len(p.sent(kamernet)); n != before {
			t.Errorf("the preview of the site in the window sent %d request(s)", n-before)
		}
		close(closeWindow)

		// The caller gives up while the preview waits for the host's gap.
		if _, err := r.e.Preview(context.Background(), "https://funda.test/huur/delft"); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		go func() { time.Sleep(time.Second); cancel() }() // the gap is 2 s at least
		if _, err := r.e.Preview(ctx, "https://funda.test/huur/gouda"); !errors.Is(err, context.Canceled) {
			t.Errorf("a cancelled preview: %v", err)
		}
		time.Sleep(10 * time.Second)
		for _, q := range p.sent("funda.test") {
			if strings.HasSuffix(q.url, "gouda") {
				t.Errorf("a preview nobody waited for was loaded")
			}
		}
		if n := len(p.sent(kamernet)); n != before+1 {
			t.Errorf("after the window closed the host got %d requests, want its probe", n-before)
		}
	})
}
