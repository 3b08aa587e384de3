package engine

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/outbox"
)

// TestByHandInPageHoldsTheHostThenProbes is a check by hand passed from
// the window's page (ManualCheckWith): the opener given is the one called,
// not Deps.Manual (the visible window); the host gets nothing while it is
// open, a second check by hand meanwhile is refused, and when the user
// presses Done one probe goes in at once, followed by the held searches.
func TestByHandInPageHoldsTheHostThenProbes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		p.answer(kamernet, wall(blocks.Denied, 0, func(n int) bool { return n == 1 }))
		r := newRig(store, p, searches(fiveOnOneHost[:3]...), 12)
		r.e.d.Manual = func(ctx context.Context, url string) error {
			t.Errorf("the visible window opened for %s", url)
			return nil
		}
		opened := make(chan string, 2)
		done := make(chan struct{})
		inPage := func(ctx context.Context, url string) error {
			opened <- url
			<-done // the user passes the check and presses Done
			return nil
		}
		stop := running(t, r.e)
		time.Sleep(10 * time.Second) // refused: five minutes' wait ahead
		r.e.ManualCheckWith(fiveOnOneHost[0], inPage)
		if got := <-opened; got != fiveOnOneHost[0] {
			t.Fatalf("opened %q", got)
		}
		r.e.ManualCheckWith(fiveOnOneHost[1], inPage)
		r.e.ManualCheck(fiveOnOneHost[1])
		time.Sleep(time.Second)
		if s := r.e.Snapshot(); s.Manual != fiveOnOneHost[0] {
			t.Errorf("the snapshot shows %q open, want the first search's", s.Manual)
		}
		before := len(p.sent(kamernet))
		time.Sleep(20 * time.Minute) // far past the host's wait: it stays shut
		if n := len(p.sent(kamernet)) - before; n != 0 {
			t.Fatalf("the host got %d request(s) while its check by hand was open", n)
		}
		select {
		case u := <-opened:
			t.Fatalf("a second check by hand opened (%s) while one was open", u)
		default:
		}
		close(done)
		time.Sleep(30 * time.Second)
		if n := len(p.sent(kamernet)) - before; n != 3 {
			t.Fatalf("after Done the host got %d request(s), want a probe and the 2 held searches", n)
		}
		if !r.logs.has("Recovered 1 site(s), checking 2 held search(es)") {
			t.Errorf("the first request after Done was not a probe followed by the held searches")
		}
		stop()
	})
}

// TestByHandNoticeLinksToTheCheckPage: the needs-you notice of a wall
// carries the window's check page for the search (Deps.CheckPage), where
// the check can be passed from any browser, and says so; the pop-up's
// click still opens the site's real window (Open).
func TestByHandNoticeLinksToTheCheckPage(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		west := fiveOnOneHost[0]
		p.answer(kamernet, wall(blocks.Denied, 0, func(n int) bool { return true }))
		out, notices := newDeskAndEmail()
		r := newRig(openStore(t), p, searches(west), 42)
		r.e.d.Outbox, r.e.d.Notices = out, notices
		r.e.d.CheckPage = func(u string) string { return "http://127.0.0.1:17345/check/for-" + u }
		stop := running(t, r.e)
		time.Sleep(time.Minute)
		stop()
		pops, _ := out.desk.told("Kamernet needs you")
		if len(pops) != 1 {
			t.Fatalf("told in %d pop-up message(s), want one", len(pops))
		}
		for _, n := range pops[0].Notices {
			if n.CheckPage != "http://127.0.0.1:17345/check/for-"+west {
				t.Errorf("the notice links to %q, want the window's check page of %s", n.CheckPage, west)
			}
			if n.Open.Kind != outbox.OpenManual || n.Open.URL != west {
				t.Errorf("the pop-up's click does %+v, want the site's real window", n.Open)
			}
			if !strings.Contains(n.Body, "from any browser") {
				t.Errorf("the notice does not say the check can be passed from any browser: %s", n.Body)
			}
		}
	})
}
