package engine

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/outbox"
)

// A temporary email failure is shown once it has lasted (two failed
// attempts in a row, or five minutes), with what fails and since when; the
// next delivery clears it. A refusal for good is shown at once, and the
// log says truly when it is tried again. The channel retries on its own
// backoff (30 s, 1 min, 2 min, ...; the first no later than the next
// cycle), never sooner than a server's Retry-After.
func TestLastingMailTroubleIsShownAndClearsOnDelivery(t *testing.T) {
	down := &outbox.DeliveryError{Stage: outbox.StageDial, Err: errors.New("connection refused")}
	refused := &outbox.DeliveryError{Permanent: true, Stage: outbox.StageAuth, Code: 535, Err: errors.New("bad password")}
	slowDown := &outbox.SendError{Status: 429, RetryAfter: 10 * time.Minute, Reason: "ntfy: the server asked us to slow down (429 Too Many Requests)"}
	type step struct {
		at        time.Duration // from the start
		want      string        // "": nothing shown; "failing"; "refused"
		sinceStep int           // the failure the shown Since must be, counted in failed tries from 1
	}
	tests := []struct {
		name     string
		interval time.Duration
		fail     func(n int) error // the n-th delivery attempt, from 1
		steps    []step
		logs     []string
	}{
		{"two failed attempts in a row", 30 * time.Second, func(n int) error {
			if n <= 3 {
				return down
			}
			return nil
		}, []step{
			{45 * time.Second, "", 0},         // the first try (~30 s) failed: maybe a blip
			{75 * time.Second, "failing", 1},  // the second (~30 s later) too
			{130 * time.Second, "failing", 1}, // the third (~1 min later) too
			{5 * time.Minute, "", 0},          // the fourth (~2 min later) got through
		}, []string{"Keeping listings unseen on alerts, will retry in 30s", "will retry in 1m"}},
		{"five minutes with one try (the server asked for ten)", 10 * time.Minute, func(n int) error {
			if n == 1 {
				return slowDown
			}
			return nil
		}, []step{
			{12 * time.Minute, "", 0},                    // one try at ~10 min failed
			{15*time.Minute + time.Second, "failing", 1}, // five minutes on, before the next try
			{21 * time.Minute, "", 0},                    // the next try (Retry-After: ~20 min) got through
		}, []string{"will retry in 10m0s"}},
		{"a refusal for good at once", 30 * time.Second, func(int) error { return refused }, []step{
			{45 * time.Second, "refused", 1},
		}, []string{"will retry when the email settings change (or in 10m0s)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				p := newPortal()
				west := fiveOnOneHost[0]
				p.post(west, "a")
				r := newRig(openStore(t), p, searches(west), 17)
				r.e.st.settings.Interval = tt.interval
				var tries []time.Time
				r.mail.fail = func(_ context.Context, n int) error {
					tries = append(tries, time.Now())
					return tt.fail(n)
				}
				start := time.Now()
				go func() { time.Sleep(tt.interval / 2); p.post(west, "b") }()
				stop := running(t, r.e)
				for _, st := range tt.steps {
					time.Sleep(time.Until(start.Add(st.at)))
					s := r.e.Snapshot()
					d := s.Delivery
					switch st.want {
					case "":
						if d != (Delivery{}) {
							t.Errorf("at %v: shows %+v, want nothing", st.at, d)
						}
					case "failing", "refused":
						if d.Failing != (st.want == "failing") || d.Refused != (st.want == "refused") || d.Email == (tt.fail(1) == slowDown) || s.Overall != NeedsYou {
							t.Errorf("at %v: shows %+v (overall %q), want %s", st.at, d, s.Overall, st.want)
						}
						r.mail.mu.Lock() // fail runs under it
						if len(tries) < st.sinceStep || !d.Since.Equal(tries[st.sinceStep-1]) {
							t.Errorf("at %v: since %v, want the first failed try of the run (tries %v)", st.at, d.Since, tries)
						}
						r.mail.mu.Unlock()
						if d.Reason == "" {
							t.Errorf("at %v: no reason given", st.at)
						}
					}
				}
				stop()
				for _, l := range tt.logs {
					if !r.logs.has(l) {
						t.Errorf("no log line says %q:\n%s", l, strings.Join(r.logs.lines, ""))
					}
				}
				if tt.name == "a refusal for good at once" && r.logs.has("will retry next poll") {
					t.Errorf("a refusal for good says it retries next poll")
				}
			})
		})
	}
}
