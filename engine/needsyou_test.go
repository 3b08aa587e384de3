package engine

import (
	"context"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/outbox"
	"rentwatch/pages"
)

// recorder is one delivery channel that keeps every message and when it
// went out.
type recorder struct {
	id   string
	kind outbox.Kind
	mu   sync.Mutex // guards msgs and at
	msgs []outbox.Message
	at   []time.Time
}

func (c *recorder) ID() string        { return c.id }
func (c *recorder) Name() string      { return c.id }
func (c *recorder) Kind() outbox.Kind { return c.kind }
func (c *recorder) Send(ctx context.Context, m outbox.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.msgs, c.at = append(c.msgs, m), append(c.at, time.Now())
	return nil
}

// told is every message that carried a notice titled title, and when.
func (c *recorder) told(title string) (msgs []outbox.Message, at []time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, m := range c.msgs {
		for _, n := range m.Notices {
			if n.Title == title {
				msgs, at = append(msgs, m), append(at, c.at[i])
			}
		}
	}
	return msgs, at
}

// deskAndEmail is an outbox of a desktop and an email channel that record,
// with a real *outbox.Outbox keeping the notices per channel.
type deskAndEmail struct{ desk, email *recorder }

func (o deskAndEmail) Channels() []outbox.Channel { return []outbox.Channel{o.desk, o.email} }

func newDeskAndEmail() (deskAndEmail, *outbox.Outbox) {
	return deskAndEmail{&recorder{id: "desktop", kind: "desktop"}, &recorder{id: "email", kind: "email"}},
		outbox.New(&outbox.EmailSettings{To: "me@x.test"}, nil)
}

// refuseBetween answers a flat refusal to every request from from to to.
func refuseBetween(from, to time.Time) answer {
	return func(n int, url string) (pages.Result, error) {
		if now := time.Now(); !now.Before(from) && now.Before(to) {
			return pages.Result{URL: url, Status: 403, Verdict: blocks.Verdict{Kind: blocks.Denied, Vendor: "test"}}, nil
		}
		return pages.Result{Verdict: blocks.Verdict{Kind: blocks.OK}}, nil
	}
}

// A site that refuses us is told once per episode: one pop-up at once,
// one email of its own a few minutes later when no listing goes out
// meanwhile, however many probes it refuses; when it serves us again the
// tray says so for BackShown, with what appeared while it was blocked.
func TestASiteThatNeedsYouIsToldOncePerEpisode(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		west, oost, b := fiveOnOneHost[0], fiveOnOneHost[1], "https://pararius.test/huren/utrecht"
		start := time.Now()
		blockTo := start.Add(12 * time.Minute)
		p.answer(kamernet, refuseBetween(start.Add(20*time.Second), blockTo))
		out, notices := newDeskAndEmail()
		r := newRig(openStore(t), p, searches(west, oost, b), 41)
		r.e.d.Outbox, r.e.d.Notices = out, notices
		stop := running(t, r.e)
		time.Sleep(5 * time.Minute)
		p.post(west, "w1", "w2")
		p.post(oost, "o1")
		var firstBack, lastBack time.Time
		found := 0
		for range 60 * 60 / 5 { // an hour, looking every 5 s
			time.Sleep(5 * time.Second)
			s := r.e.Snapshot()
			if len(s.Back) == 0 {
				continue
			}
			// Snapshots are published when something happens: one
			// published at At says what was true then.
			firstBack, lastBack, found = s.Back[0].At, s.At, s.Back[0].Found
			if s.Back[0].Host != kamernet || len(s.Back) != 1 {
				t.Errorf("back: %+v, want kamernet alone", s.Back)
			}
		}
		stop()

		walls := 0
		for _, w := range r.e.Snapshot().Walls[kamernet] {
			if w.Kind == blocks.Denied {
				walls++
			}
		}
		if walls < 2 {
			t.Fatalf("kamernet refused %d times, want the first check and at least one probe", walls)
		}
		title := "Kamernet needs you"
		pops, popAt := out.desk.told(title)
		mails, mailAt := out.email.told(title)
		if len(pops) != 1 || len(mails) != 1 {
			t.Fatalf("told in %d pop-up message(s) and %d email(s) over %d refusals, want one each", len(pops), len(mails), walls)
		}
		wallAt := r.e.Snapshot().Walls[kamernet][0].At
		if d := popAt[0].Sub(wallAt); d < 0 || d > 5*time.Second {
			t.Errorf("the pop-up came %v after the refusal, want at once", d)
		}
		if d := mailAt[0].Sub(wallAt); d < NoticeHold || d > NoticeHold+5*time.Second {
			t.Errorf("the email came %v after the refusal, want on its own after %v (no listing went out)", d, NoticeHold)
		}
		if len(mails[0].Alerts) != 0 || len(mails[0].Notices) != 1 {
			t.Errorf("the email carried %d listing(s) and %d notice(s), want the notice alone", len(mails[0].Alerts), len(mails[0].Notices))
		}
		n := pops[0].Notices[0]
		name := map[string]string{west: "search 1", oost: "search 2"}[n.Open.URL]
		for _, want := range []string{"refused", wallAt.Local().Format("15:04"), "other site is still watched", `click "` + name + `" in the rentwatch menu`} {
			if !strings.Contains(n.Body, want) {
				t.Errorf("the notice says %q, want it to say %q", n.Body, want)
			}
		}
		if n.Open != (outbox.Action{Kind: outbox.OpenManual, URL: west}) && n.Open != (outbox.Action{Kind: outbox.OpenManual, URL: oost}) {
			t.Errorf("a click on the notice opens %+v, want the check by hand of a search on the site", n.Open)
		}
		if firstBack.Before(blockTo) {
			t.Fatalf("the site was said back at %v, before it served us at %v", firstBack, blockTo)
		}
		if found != 3 {
			t.Errorf("back with %d listings found, want the 3 posted while it was blocked", found)
		}
		if d := lastBack.Sub(firstBack); d < BackShown-time.Minute || d >= BackShown {
			t.Errorf("the last snapshot saying the site was back was %v after it came back, want just under %v", d, BackShown)
		}
		if got := len(r.mail.told()); got != 0 {
			t.Errorf("the rig's mailbox got %d listings: the test's outbox was not used", got)
		}
	})
}

// A notice that may wait rides in the email of the listings that go out
// within NoticeHold: one email, not two a minute apart. And a check by
// hand that does not get the site to serve us again is still the same
// episode: no second notice when the probe after the window is refused.
func TestANeedsYouNoticeRidesInTheNextEmail(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		west, b := fiveOnOneHost[0], "https://pararius.test/huren/utrecht"
		start := time.Now()
		p.answer(kamernet, refuseBetween(start.Add(20*time.Second), start.Add(24*time.Hour)))
		out, notices := newDeskAndEmail()
		r := newRig(openStore(t), p, searches(west, b), 42)
		r.e.d.Outbox, r.e.d.Notices = out, notices
		r.e.d.Manual = func(ctx context.Context, url string) error {
			time.Sleep(time.Minute) // the user gives up
			return nil
		}
		stop := running(t, r.e)
		time.Sleep(40 * time.Second) // refused at about 30 s
		p.post(b, "b1")
		time.Sleep(time.Minute)
		r.e.ManualCheck(west)
		time.Sleep(10 * time.Minute)
		stop()

		mails, _ := out.email.told("Kamernet needs you")
		if len(mails) != 1 {
			t.Fatalf("the notice went out in %d emails, want 1", len(mails))
		}
		if len(mails[0].Alerts) != 1 || mails[0].Alerts[0].ID != "b1" {
			t.Errorf("the email with the notice carried %+v, want the listing found meanwhile", mails[0].Alerts)
		}
		out.email.mu.Lock()
		sent := len(out.email.msgs)
		out.email.mu.Unlock()
		if sent != 1 {
			t.Errorf("%d emails, want one with both the listing and the notice", sent)
		}
		if pops, _ := out.desk.told("Kamernet needs you"); len(pops) != 1 {
			t.Errorf("%d pop-ups of the notice after a check by hand that did not work, want 1", len(pops))
		}
		refused := 0
		for _, q := range p.sent(kamernet) {
			if q.at.After(start.Add(20 * time.Second)) {
				refused++
			}
		}
		if refused < 2 {
			t.Errorf("kamernet was asked %d times after it began refusing, want the check and the probe after the window", refused)
		}
	})
}

func TestNoticeWait(t *testing.T) {
	at := time.Date(2026, 3, 2, 14, 2, 0, 0, time.UTC)
	for _, c := range []struct {
		name      string
		kind      outbox.Kind
		held, now time.Time
		want      time.Duration
	}{
		{"a pop-up goes at once", "desktop", time.Time{}, at, 0},
		{"a push goes at once", "ntfy", time.Time{}, at, 0},
		{"email waits for listings", "email", time.Time{}, at, NoticeHold},
		{"email held a minute ago", "email", at, at.Add(time.Minute), NoticeHold - time.Minute},
		{"email held long enough goes alone", "email", at, at.Add(NoticeHold), 0},
		{"email held too long goes at once", "email", at, at.Add(time.Hour), 0},
	} {
		if got := noticeWait(c.kind, c.held, c.now); got != c.want {
			t.Errorf("%s: wait %v, want %v", c.name, got, c.want)
		}
	}
}

// A host whose searches are all removed (or turned off) forgets its
// episode, in the store too: added back later and refused, it is told
// again. A host still watched keeps its own.
func TestAnEpisodeEndsWithTheLastSearchOnItsHost(t *testing.T) {
	west, b := fiveOnOneHost[0], "https://pararius.test/huren/utrecht"
	at := time.Date(2026, 3, 2, 14, 2, 0, 0, time.UTC)
	store := openStore(t)
	r := newRig(store, newPortal(), searches(west, b), 1)
	for _, h := range []string{kamernet, "pararius.test"} {
		r.e.st.host(h).needs = needsEpisode{since: at}
		r.e.keepEpisode(h)
	}
	off := searches(west, b)
	off[0].Enabled = false
	r.e.st.setSearches(Settings{Searches: off})
	r.e.endUnwatchedEpisodes()
	if !r.e.st.host(kamernet).needs.since.IsZero() {
		t.Errorf("kamernet, no longer watched, keeps its episode")
	}
	if r.e.st.host("pararius.test").needs.since.IsZero() {
		t.Errorf("pararius, still watched, lost its episode")
	}
	if eps, err := store.Episodes(); err != nil || len(eps) != 1 || !eps["pararius.test"].Equal(at) {
		t.Errorf("the store's episodes: %v, %v; want pararius's alone", eps, err)
	}
}

// A restart in the middle of a refusal does not tell the user again: the
// episode, once told, is in the store, and the same wall after the
// restart continues it (it said "needs you" again, pop-up and push, at
// every start). Once the site serves us the episode ends, in the store
// too, and the next refusal is told as new.
func TestAnEpisodeOutlivesARestart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		west, b := fiveOnOneHost[0], "https://pararius.test/huren/utrecht"
		start := time.Now()
		firstEnds := start.Add(30 * time.Minute)
		second := start.Add(time.Hour)
		p.answer(kamernet, func(n int, url string) (pages.Result, error) {
			if now := time.Now(); now.After(start.Add(20*time.Second)) && now.Before(firstEnds) || now.After(second) {
				return pages.Result{URL: url, Status: 403, Verdict: blocks.Verdict{Kind: blocks.Denied, Vendor: "test"}}, nil
			}
			return pages.Result{Verdict: blocks.Verdict{Kind: blocks.OK}}, nil
		})
		store := openStore(t)
		out, _ := newDeskAndEmail()
		// Each run is a start of the app: a new engine and a new outbox
		// (which remembers nothing told) over the same store.
		run := func(until time.Time) {
			r := newRig(store, p, searches(west, b), 43)
			r.e.d.Outbox, r.e.d.Notices = out, outbox.New(&outbox.EmailSettings{To: "me@x.test"}, nil)
			stop := running(t, r.e)
			time.Sleep(time.Until(until))
			stop()
		}
		told := func() int { pops, _ := out.desk.told("Kamernet needs you"); return len(pops) }
		run(start.Add(5 * time.Minute))
		if n := told(); n != 1 {
			t.Fatalf("before the restart: told %d times, want once", n)
		}
		if eps, _ := store.Episodes(); eps[kamernet].IsZero() {
			t.Fatalf("the episode told is not in the store: %v", eps)
		}
		run(start.Add(15 * time.Minute)) // restarted; the site still refuses
		if n := told(); n != 1 {
			t.Errorf("after a restart in the same refusal: told %d times, want still once", n)
		}
		if mails, _ := out.email.told("Kamernet needs you"); len(mails) != 1 {
			t.Errorf("%d emails of the notice over the restart, want 1", len(mails))
		}
		run(start.Add(50 * time.Minute)) // restarted; the site serves us again at 30 min
		if eps, _ := store.Episodes(); len(eps) != 0 {
			t.Errorf("the site served us, yet the store keeps %v", eps)
		}
		run(start.Add(70 * time.Minute)) // restarted; refused again from 60 min: a new episode
		if n := told(); n != 2 {
			t.Errorf("a new refusal after the site served us: told %d times in all, want 2", n)
		}
	})
}
