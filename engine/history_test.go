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
	"rentwatch/config"
	"rentwatch/pages"
)

func TestPauseUntilResumesByItself(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		r := newRig(openStore(t), p, searches(fiveOnOneHost[:2]...), 29)
		running(t, r.e)
		time.Sleep(10 * time.Second)
		until := time.Now().Add(10 * time.Minute)
		r.e.PauseUntil(until)
		time.Sleep(time.Second)
		if s := r.e.Snapshot(); !s.Paused || !s.PausedUntil.Equal(until) || s.Overall != AllPaused {
			t.Fatalf("paused until %v: snapshot paused %v until %v (%q)", until, s.Paused, s.PausedUntil, s.Overall)
		}
		before := len(p.sent(kamernet))
		time.Sleep(time.Until(until) - time.Second)
		if n := len(p.sent(kamernet)); n != before {
			t.Errorf("%d requests while paused", n-before)
		}
		time.Sleep(5 * time.Second)
		if n := len(p.sent(kamernet)); n != before+2 {
			t.Errorf("the pause ended and %d requests went in within 4 s, want both searches checked at once", n-before)
		}
		if s := r.e.Snapshot(); s.Paused || !s.PausedUntil.IsZero() {
			t.Errorf("after the pause: paused %v until %v", s.Paused, s.PausedUntil)
		}
		var words []string
		for _, ev := range r.e.Activity(10) {
			words = append(words, ev.Text)
		}
		all := strings.Join(words, " | ")
		if !strings.Contains(all, "paused until") || !strings.Contains(all, "the pause ended: checking again") {
			t.Errorf("activity does not say paused and resumed: %s", all)
		}
		// Paused until resumed, then resumed by hand.
		r.e.PauseUntil(time.Time{})
		time.Sleep(time.Hour)
		if s := r.e.Snapshot(); !s.Paused || !s.PausedUntil.IsZero() {
			t.Errorf("paused until resumed: paused %v until %v", s.Paused, s.PausedUntil)
		}
		r.e.Resume("")
		time.Sleep(time.Second)
		if s := r.e.Snapshot(); s.Paused {
			t.Errorf("Resume left it paused")
		}
	})
}

// Every wall a host put up in the last 24 hours is in the snapshot, with
// an error counted once ERROR_GRACE made the host wait; older ones are not.
func TestWallHistoryKeepsADay(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		start := time.Now()
		p.answer(kamernet, func(n int, url string) (pages.Result, error) {
			switch n {
			case 1:
				return wall(blocks.Challenge, 0, always)(n, url)
			case 3, 4: // two errors in a row: the second makes it wait
				return pages.Result{}, errors.New("net::ERR_CONNECTION_RESET")
			}
			if time.Since(start) > 20*time.Hour && time.Since(start) < 20*time.Hour+time.Minute {
				return pages.Result{URL: url, Status: 403, Verdict: blocks.Verdict{Kind: blocks.Denied, Vendor: "akamai"}}, nil
			}
			return pages.Result{Verdict: blocks.Verdict{Kind: blocks.OK}}, nil
		})
		r := newRig(openStore(t), p, searches(fiveOnOneHost[0]), 30)
		running(t, r.e)
		time.Sleep(10 * time.Minute)
		walls := r.e.Snapshot().Walls[kamernet]
		if len(walls) != 2 || walls[0].Kind != blocks.Challenge || walls[0].Vendor != "test" || walls[1].Kind != blocks.Error {
			t.Fatalf("walls after a challenge and two errors: %+v, want the challenge and one error", walls)
		}
		time.Sleep(21 * time.Hour)
		walls = r.e.Snapshot().Walls[kamernet]
		if len(walls) != 3 || walls[2].Kind != blocks.Denied || walls[2].Vendor != "akamai" {
			t.Fatalf("walls 21 hours on: %+v, want the first two and the refusal at 20 h", walls)
		}
		time.Sleep(4 * time.Hour)
		if walls := r.e.Snapshot().Walls[kamernet]; len(walls) != 1 || walls[0].Kind != blocks.Denied {
			t.Errorf("walls a day after the first: %+v, want only the refusal", walls)
		}
	})
}

// The activity says what the watcher did, in words, by kind.
func TestActivitySaysWhatHappened(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		west := fiveOnOneHost[0]
		p.post(west, "a")
		p.answer(kamernet, wall(blocks.RateLimited, 0, func(n int) bool { return n == 3 }))
		r := newRig(openStore(t), p, searches(west), 31)
		r.mail.fail = func(_ context.Context, n int) error {
			if n == 1 {
				return errors.New("connection refused")
			}
			return nil
		}
		go func() { time.Sleep(40 * time.Second); p.post(west, "b") }()
		r.run(t, 5*time.Minute)
		want := map[EventKind][]string{
			EventFailure: {"failed: connection refused"},
			EventAlert:   {"1 new listing alerted: Room b"},
			EventWall:    {"asked us to slow down; next try in", "serving us again"},
		}
		events := r.e.Activity(ActivityMax)
		for kind, texts := range want {
			for _, text := range texts {
				if !slices.ContainsFunc(events, func(ev Event) bool { return ev.Kind == kind && strings.Contains(ev.Text, text) }) {
					t.Errorf("no %s event says %q in %+v", kind, text, events)
				}
			}
		}
		for _, ev := range events {
			if strings.Contains(ev.Text, "(s)") || strings.Contains(ev.Text, "(es)") {
				t.Errorf("the activity says %q: a room hunter reads words, not (s)", ev.Text)
			}
		}
		for i := 1; i < len(events); i++ {
			if events[i].At.After(events[i-1].At) {
				t.Fatalf("events not newest first: %+v", events)
			}
		}
	})
}

// A new listing the search's filter drops is never alerted, is not new
// again, and is listed with its reason.
func TestAFilteredListingIsLeftOutOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		store := openStore(t)
		west := fiveOnOneHost[0]
		p.post(west, "a")
		list := searches(west)
		list[0].Filter = config.Filter{Exclude: []string{"room b"}}
		r := newRig(store, p, list, 32)
		go func() { time.Sleep(40 * time.Second); p.post(west, "b", "c") }()
		r.run(t, 3*time.Minute)
		if got := r.mail.told(); !slices.Equal(got, []string{"c"}) {
			t.Fatalf("told %v, want only c (b is left out by the filter)", got)
		}
		snap, _, _ := store.Snapshot(west)
		if _, ok := snap.Listings["b"]; !ok {
			t.Errorf("the left-out listing is not in the search's snapshot: it would be new again: %v", snap.Listings)
		}
		left := r.e.Snapshot().LeftOut
		if len(left) != 1 || left[0].ID != "b" || left[0].SearchURL != west || !strings.Contains(left[0].Reason, `"room b"`) {
			t.Fatalf("left out: %+v, want b once, with the reason", left)
		}
		if !slices.ContainsFunc(r.e.Activity(ActivityMax), func(ev Event) bool {
			return strings.Contains(ev.Text, "left out by your filter: Room b")
		}) {
			t.Errorf("the activity does not say b was left out")
		}
		listed, err := store.Listed()
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range listed {
			switch l.ID {
			case "b":
				if !strings.Contains(l.LeftOut, `"room b"`) || !l.DeliveredAt.IsZero() {
					t.Errorf("the store lists b as %+v, want it left out, with the reason, never delivered", l)
				}
			case "c":
				if l.LeftOut != "" || l.DeliveredAt.IsZero() {
					t.Errorf("the store lists c as %+v, want it delivered", l)
				}
			}
		}
	})
}
