package engine

import (
	"context"
	"errors"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/listing"
	"rentwatch/outbox"
)

func TestTypicalDelay(t *testing.T) {
	s := time.Second
	tests := []struct {
		delays []time.Duration
		want   time.Duration
	}{
		{nil, 0},
		{[]time.Duration{7 * s}, 7 * s},
		{[]time.Duration{30 * s, 10 * s}, 10 * s}, // the lower of the two in the middle
		{[]time.Duration{90 * s, 10 * s, 20 * s}, 20 * s},
		{[]time.Duration{5 * s, 600 * s, 6 * s, 7 * s}, 6 * s}, // one slow alert does not make it typical
	}
	for _, tt := range tests {
		if got := TypicalDelay(tt.delays); got != tt.want {
			t.Errorf("TypicalDelay(%v) = %v, want %v", tt.delays, got, tt.want)
		}
	}
}

// The time to alert runs from the listing's first sighting to its
// delivery, across failed tries; a search keeps its latest DelaysKept.
func TestTimeToAlertRunsFromTheFirstSighting(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPortal()
		west := fiveOnOneHost[0]
		p.post(west, "a")
		r := newRig(openStore(t), p, searches(west), 25)
		r.mail.fail = func(_ context.Context, n int) error {
			if n <= 2 { // the first listing's first two tries
				return &outbox.DeliveryError{Stage: "connect", Err: errors.New("connection refused")}
			}
			return nil
		}
		go func() {
			time.Sleep(40 * time.Second)
			p.post(west, "slow") // found at ~60 s, delivered at ~120 s
			time.Sleep(2 * time.Minute)
			p.post(west, "quick") // found and delivered in the same check
		}()
		r.run(t, 4*time.Minute)
		if got := r.mail.told(); !slices.Equal(got, []string{"slow", "quick"}) {
			t.Fatalf("told %v", got)
		}
		snap := r.e.Snapshot()
		v := snap.Searches[0]
		quick, slow := snap.Recent[0], snap.Recent[1]
		if len(v.Delays) != 2 || v.Delays[0] != slow.Delay() || v.Delays[1] != quick.Delay() {
			t.Fatalf("delays %v, want the slow alert's %v then the quick one's %v", v.Delays, slow.Delay(), quick.Delay())
		}
		if slow.Delay() < 50*time.Second || quick.Delay() != 0 {
			t.Errorf("slow alert %v (two failed tries, want about a minute), quick one %v (want 0: told in its check)", slow.Delay(), quick.Delay())
		}
		if v.Delay != quick.Delay() {
			t.Errorf("typical delay %v, want the median of %v", v.Delay, v.Delays)
		}

		// A restart on the same store shows the same delays.
		r2 := newRig(r.store, p, searches(west), 26)
		running(t, r2.e)
		time.Sleep(time.Second)
		if v2 := r2.e.Snapshot().Searches[0]; len(v2.Delays) != 2 || v2.Delay != v.Delay.Truncate(time.Millisecond) {
			t.Errorf("after a restart: delays %v, typical %v; want %v, %v", v2.Delays, v2.Delay, v.Delays, v.Delay)
		}
	})
}

func TestASearchKeepsItsLatestDelays(t *testing.T) {
	e := New(Deps{}, Settings{Searches: searches(fiveOnOneHost[0])})
	t0 := time.Date(2026, 12, 2, 14, 0, 0, 0, time.UTC)
	for i := range DelaysKept + 5 {
		e.alerted([]listing.Alert{{SearchURL: fiveOnOneHost[0], FoundAt: t0}}, t0.Add(time.Duration(i)*time.Second))
	}
	got := e.st.searches[fiveOnOneHost[0]].delays
	if len(got) != DelaysKept || got[0] != 5*time.Second || got[DelaysKept-1] != time.Duration(DelaysKept+4)*time.Second {
		t.Errorf("kept %v, want the latest %d", got, DelaysKept)
	}
}
