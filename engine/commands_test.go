package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/outbox"
	"rentwatch/pages"
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
		if _, waiting := r.hostWait(kamernet); !waiting {
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
			t.Fatalf("after the window closed the host got %d requests, want a probe and the 2 held searches: %v", len(sent)-before, sent)
		}
		if _, waiting := r.hostWait(kamernet); waiting {
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
		r.mail.fail = func(context.Context, int) error {
			return &outbox.DeliveryError{Permanent: true, Stage: "auth", Code: 535, Err: errors.New("bad password")}
		}
		go func() { time.Sleep(40 * time.Second); p.post(west, "b") }()
		stop := running(t, r.e)
		time.Sleep(100 * time.Second) // two cycles after the new listing
		if s := r.e.Snapshot(); !s.Delivery.Refused || !strings.Contains(s.Delivery.Reason, "bad password") || s.Overall != NeedsYou {
			t.Fatalf("after a refused login: delivery %+v, overall %q", s.Delivery, s.Overall)
		}
		list = slices.Clone(list) // the engine holds the first one
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

// While the user checks one site by hand, the others are watched as
// always; the site in the window gets nothing from us until it closes,
// then one probe; a window left open is remembered once, after ten minutes.
func TestWatchingGoesOnDuringACheckByHand(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		p.answer(kamernet, wall(blocks.Denied, 0, func(n int) bool { return n == 1 }))
		b, c := "https://pararius.test/huren/utrecht", "https://funda.test/huur/leiden"
		r := newRig(openStore(t), p, searches(fiveOnOneHost[0], fiveOnOneHost[1], b, c), 24)
		var opened, closed time.Time
		r.e.d.Manual = func(ctx context.Context, url string) error {
			opened = time.Now()
			time.Sleep(20 * time.Minute) // the user leaves the window open
			closed = time.Now()
			return nil
		}
		board := &noticeBoard{}
		r.e.d.Notices = board
		stop := running(t, r.e)
		time.Sleep(time.Minute) // refused: the host waits five minutes
		r.e.ManualCheck(fiveOnOneHost[0])
		time.Sleep(7 * time.Minute)
		posted := time.Now()
		p.post(b, "new-on-b")
		time.Sleep(14 * time.Minute) // the window closes at about 21 minutes
		time.Sleep(30 * time.Second)
		stop()

		if opened.IsZero() || closed.IsZero() {
			t.Fatalf("the window did not open and close")
		}
		var during, after []request
		for _, q := range p.sent(kamernet) {
			switch {
			case q.at.After(opened) && q.at.Before(closed):
				during = append(during, q)
			case !q.at.Before(closed):
				after = append(after, q)
			}
		}
		if len(during) != 0 {
			t.Errorf("the site in the window got %d requests while it was open: %v", len(during), during)
		}
		if len(after) == 0 || after[0].at.Sub(closed) > 5*time.Second {
			t.Fatalf("no probe at once after the window closed (at %v): %v", closed, after)
		}
		if len(after) > 1 && after[1].at.Sub(after[0].at) < p.loadTime+r.e.d.GapMin {
			t.Errorf("two requests after the window closed %v apart: not one probe first", after[1].at.Sub(after[0].at))
		}
		if !r.logs.has("Recovered 1 site(s), checking 1 held search(es)") {
			t.Errorf("the probe after the window was not followed by the held search")
		}
		for _, host := range []string{"pararius.test", "funda.test"} {
			n := 0
			for _, q := range p.sent(host) {
				if q.at.After(opened) && q.at.Before(closed) {
					n++
				}
			}
			if want := int(20*time.Minute/(33*time.Second)) - 1; n < want {
				t.Errorf("%s got %d requests in the 20 minutes of the window, want its cycles (at least %d)", host, n, want)
			}
		}
		if got := r.mail.told(); !slices.Equal(got, []string{"new-on-b"}) {
			t.Fatalf("told %v, want the listing on the other site", got)
		}
		r.mail.mu.Lock()
		n := len(r.mail.batches)
		r.mail.mu.Unlock()
		if n != 1 {
			t.Errorf("%d deliveries, want 1", n)
		}
		if at := r.e.Snapshot().Recent[0].Notified; at.Sub(posted) > 33*time.Second+p.loadTime {
			t.Errorf("the listing on the other site was alerted %v after it was posted, more than one interval", at.Sub(posted))
		}
		all, allAt := board.all()
		var notices []outbox.Notice
		var toldAt []time.Time
		for i, n := range all {
			if !strings.HasPrefix(n.Key, "needs-you ") { // the refusal's own notice, before the window
				notices, toldAt = append(notices, n), append(toldAt, allAt[i])
			}
		}
		if len(notices) != 1 || len(all) != 2 {
			t.Fatalf("told %d notices, want the refusal's and one reminder: %+v", len(all), all)
		}
		if d := toldAt[0].Sub(opened); d < ManualReminder || d > ManualReminder+time.Second {
			t.Errorf("the reminder came %v after the window opened, want %v", d, ManualReminder)
		}
		if n := notices[0]; n.Open != (outbox.Action{Kind: outbox.OpenManual, URL: fiveOnOneHost[0]}) || !strings.Contains(n.Body, "Kamernet") || n.Key == "" {
			t.Errorf("reminder %+v: want it about the search in the window", n)
		}
		// A nudge, not news: it follows the listings of a message and
		// waits for them in an email; once the window closed, no channel
		// still holding it tells it.
		if n := notices[0]; !n.Reminder {
			t.Errorf("reminder %+v: not marked a reminder, so it would lead a batch email", n)
		}
		board.mu.Lock()
		withdrawn, withdrawnAt := slices.Clone(board.withdrawn), slices.Clone(board.withdrawnAt)
		board.mu.Unlock()
		if len(withdrawn) != 1 || withdrawn[0] != notices[0].Key || withdrawnAt[0].Before(closed) || withdrawnAt[0].Sub(closed) > time.Second {
			t.Errorf("withdrawn %v at %v, want the reminder %q once the window closed at %v", withdrawn, withdrawnAt, notices[0].Key, closed)
		}
	})
}

// A load that fails while the browser goes to the user's window is nobody's
// fault: it does not count toward its host's ERROR_GRACE.
func TestALoadCutByTheWindowIsNobodysFault(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		opened := make(chan struct{})
		p.answer("funda.test", func(n int, url string) (pages.Result, error) {
			if n == 2 { // under way when the window opens
				<-opened
				return pages.Result{}, errors.New("net::ERR_ABORTED")
			}
			return pages.Result{Verdict: blocks.Verdict{Kind: blocks.OK}}, nil
		})
		r := newRig(openStore(t), p, searches(fiveOnOneHost[0], "https://funda.test/huur/leiden"), 33)
		r.e.d.Manual = func(ctx context.Context, url string) error {
			close(opened)
			time.Sleep(10 * time.Second)
			return nil
		}
		running(t, r.e)
		for len(p.sent("funda.test")) < 2 {
			time.Sleep(100 * time.Millisecond)
		}
		r.e.ManualCheck(fiveOnOneHost[0])
		time.Sleep(5 * time.Second) // the cut load's report is in; the window is still open
		var n int
		onEngine(r.e, func() { n = r.e.st.host("funda.test").errors })
		if n != 0 {
			t.Errorf("the cut load counted as %d error(s) against its host", n)
		}
		for _, v := range r.e.Snapshot().Searches {
			if v.Host == "funda.test" && v.Status == Failing {
				t.Errorf("the search whose load the window cut shows %q: %s", v.Status, v.LastError)
			}
		}
		time.Sleep(10 * time.Second) // the window closes
	})
}
