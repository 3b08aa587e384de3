package engine

import (
	"context"
	"fmt"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/config"
)

// tenOnPararius are searches on a site whose pass takes longer than the
// interval: with its gap between two requests, one is always under way.
func tenOnPararius() []string {
	var out []string
	for i := range 10 {
		out = append(out, fmt.Sprintf("https://pararius.test/huren/stad-%d", i))
	}
	return out
}

// Closing the window of a check by hand sends the site's probe at once,
// and its held searches right after it comes back clean, even while a
// long pass over another site is under way. The probe waited for that
// pass to end: 23 s and more after the user closed the window, during
// which the tray said nothing had happened.
func TestClosingTheWindowProbesAtOnceDuringAPass(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		start := time.Now()
		passed := start.Add(2 * time.Minute) // the user passes the check in the window
		p.answer(kamernet, refuseBetween(start, passed))
		list := searches(append(fiveOnOneHost[:2], tenOnPararius()...)...)
		r := newRig(openStore(t), p, list, 44)
		r.e.d.Manual = func(ctx context.Context, url string) error {
			time.Sleep(time.Until(passed.Add(7 * time.Second))) // then closes the window
			return nil
		}
		stop := running(t, r.e)
		time.Sleep(40 * time.Second)
		if _, waiting := r.hostWait(kamernet); !waiting {
			t.Fatal("kamernet's refusal was not recorded")
		}
		r.e.ManualCheck(fiveOnOneHost[0])
		time.Sleep(time.Until(passed.Add(7 * time.Second)))
		closed := time.Now()
		var inPass bool
		onEngine(r.e, func() { inPass = r.e.st.pass != nil })
		time.Sleep(90 * time.Second)
		stop()
		if !inPass {
			t.Fatal("no pass was under way when the window closed: the test shows nothing")
		}
		var after []request
		for _, q := range p.sent(kamernet) {
			if !q.at.Before(closed) {
				after = append(after, q)
			}
		}
		if len(after) < 2 {
			t.Fatalf("after the window closed kamernet got %d requests, want the probe and its held search", len(after))
		}
		// Virtual time: the probe goes in as soon as the window is
		// closed, the held search one gap after it comes back.
		if d := after[0].at.Sub(closed); d > time.Second {
			t.Errorf("the probe went in %v after the window closed, want at once", d)
		}
		if d := after[1].at.Sub(after[0].at); d > p.loadTime+r.e.d.GapMax+time.Second {
			t.Errorf("the held search went in %v after the probe, want right after it (one gap)", d)
		}
		var back []SiteBack
		onEngine(r.e, func() { back = r.e.st.backs(time.Now()) })
		if len(back) != 1 || back[0].Host != kamernet {
			t.Errorf("back: %+v, want kamernet", back)
		}
	})
}

// Two sites checked by hand one after the other are both back: each
// probe after its window comes back clean, and the snapshot holds both.
func TestTwoSitesCheckedByHandAreBothBack(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		start := time.Now()
		const funda = "funda.test"
		fundaURL := "https://funda.test/huur/amsterdam"
		p.answer(kamernet, refuseBetween(start, start.Add(2*time.Minute)))
		p.answer(funda, refuseBetween(start, start.Add(4*time.Minute)))
		list := append(searches(fiveOnOneHost[:2]...), config.Search{Name: "Funda", URL: fundaURL, Enabled: true})
		list = append(list, searches(tenOnPararius()[:3]...)...)
		r := newRig(openStore(t), p, list, 45)
		r.e.d.Manual = func(ctx context.Context, url string) error {
			time.Sleep(90 * time.Second)
			return nil
		}
		stop := running(t, r.e)
		time.Sleep(40 * time.Second)
		r.e.ManualCheck(fiveOnOneHost[0]) // closes at 2:10, after kamernet's wall came down
		time.Sleep(2 * time.Minute)
		r.e.ManualCheck(fundaURL) // closes at 4:10
		time.Sleep(2 * time.Minute)
		s := r.e.Snapshot()
		stop()
		hosts := map[string]bool{}
		for _, b := range s.Back {
			hosts[b.Host] = true
		}
		if len(s.Back) != 2 || !hosts[kamernet] || !hosts[funda] {
			t.Errorf("back: %+v, want kamernet and funda", s.Back)
		}
	})
}
