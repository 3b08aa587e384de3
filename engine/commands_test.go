package engine

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/outbox"
)

func TestManualCheckClearsTheHostAndProbesAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		p.answer(kamernet, wall(blocks.Denied, 0, func(n int) bool { return n == 1 }))
		r := newRig(store, p, searches(fiveOnOneHost[:3]...), 12)
		opened := make(chan string, 1)
		r.e.d.Manual = func(ctx context.Context, url string) error {
			opened <- url
			time.Sleep(20 * time.Second) // the user passes the check
			return nil
		}
		stop := running(t, r.e)
		time.Sleep(10 * time.Second) // refused: five minutes' wait ahead
		if _, waiting := r.e.st.registry.Get(kamernet); !waiting {
			t.Fatal("the refusal was not recorded")
		}
		r.e.ManualCheck(fiveOnOneHost[0])
		if got := <-opened; got != fiveOnOneHost[0] {
			t.Fatalf("opened %q", got)
		}
		time.Sleep(time.Second)
		if s := r.e.Snapshot(); s.Manual != fiveOnOneHost[0] {
			t.Errorf("snapshot does not show the open window: %+v", s.Manual)
		}
		before := len(p.sent(kamernet))
		time.Sleep(40 * time.Second) // the window closes after 20 s
		sent := p.sent(kamernet)
		if len(sent) != before+3 {
			t.Fatalf("after the window closed the host got %d requests, want a probe and the 2 held searches", len(sent)-before)
		}
		if _, waiting := r.e.st.registry.Get(kamernet); waiting {
			t.Errorf("the host still waits after a clean probe")
		}
		if !r.logs.has("Recovered 1 site(s), checking 2 held search(es)") {
			t.Errorf("the first request after the window was not a probe followed by the held searches")
		}
		stop()
	})
}

func TestPauseStopsChecksAndResumeChecksAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		r := newRig(store, p, searches(fiveOnOneHost[:2]...), 13)
		stop := running(t, r.e)
		time.Sleep(10 * time.Second)
		r.e.Pause("")
		time.Sleep(time.Second)
		if s := r.e.Snapshot(); s.Overall != AllPaused || s.Searches[0].Status != Paused {
			t.Errorf("paused snapshot: %q / %q", s.Overall, s.Searches[0].Status)
		}
		before := len(p.sent(kamernet))
		time.Sleep(5 * time.Minute)
		if n := len(p.sent(kamernet)); n != before {
			t.Errorf("%d requests while paused", n-before)
		}
		r.e.Resume("")
		time.Sleep(10 * time.Second)
		if n := len(p.sent(kamernet)); n != before+2 {
			t.Errorf("resume sent %d requests within 10 s, want both searches checked at once", n-before)
		}
		stop()
	})
}

func TestUnchangedSettingsSendNoExtraRequests(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		list := searches(fiveOnOneHost[:2]...)
		r := newRig(store, p, list, 14)
		stop := running(t, r.e)
		time.Sleep(10 * time.Second) // the first cycle is over
		r.e.SetSettings(Settings{Interval: 30 * time.Second, Searches: list})
		time.Sleep(10 * time.Second)
		if n := len(p.sent(kamernet)); n != 2 {
			t.Errorf("the same settings again sent %d requests in the first 20 s, want the first cycle's 2", n)
		}
		r.e.SetSettings(Settings{Interval: 30 * time.Second, Searches: searches(fiveOnOneHost[:3]...)})
		time.Sleep(5 * time.Second)
		if n := len(p.sent(kamernet)); n < 3 {
			t.Errorf("a new search was not checked at once (%d requests)", n)
		}
		stop()
	})
}

func TestASearchEditKeepsTheEmailProblemNewEmailSettingsClearIt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		p := newPortal()
		west := fiveOnOneHost[0]
		p.post(west, "a")
		list := searches(west)
		r := newRig(store, p, list, 19)
		r.mail.fail = func(int) error {
			return &outbox.DeliveryError{Permanent: true, Stage: "auth", Code: 535, Err: errors.New("bad password")}
		}
		go func() { time.Sleep(40 * time.Second); p.post(west, "b") }()
		stop := running(t, r.e)
		time.Sleep(100 * time.Second) // two cycles after the new listing
		if s := r.e.Snapshot(); !s.Delivery.Refused || !strings.Contains(s.Delivery.Reason, "bad password") || s.Overall != NeedsYou {
			t.Fatalf("after a refused login: delivery %+v, overall %q", s.Delivery, s.Overall)
		}
		list[0].Name = "renamed"
		r.e.SetSettings(Settings{Interval: 30 * time.Second, Searches: list})
		time.Sleep(time.Second)
		if s := r.e.Snapshot(); !s.Delivery.Refused {
			t.Errorf("renaming a search cleared the email problem: %+v", s.Delivery)
		}
		r.e.SetOutbox(&mailbox{})
		time.Sleep(time.Second)
		if s := r.e.Snapshot(); s.Delivery != (Delivery{}) || s.Overall == NeedsYou {
			t.Errorf("new email settings left the problem: %+v, overall %q", s.Delivery, s.Overall)
		}
		stop()
	})
}
