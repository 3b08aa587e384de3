package blocks

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// seedReport is the output of seed 000, which `rentwatch ladders` must match.
const seedReport = `Backoff ladders (no jitter)

   challenge     1.0m → 3.0m → 8.0m → 15.0m → 30.0m
   rate_limited  2.0m → 5.0m → 15.0m → 30.0m
   denied        5.0m → 15.0m → 30.0m → 60.0m
   error         30s → 2.0m → 5.0m

Checks
   ok    first challenge retry is one minute  1.0m
   ok    challenge ladder tops out at 30 minutes  30.0m
   ok    a transient error waits half a minute
   ok    a flat refusal waits longer than a challenge
   ok    every wait grows with consecutive failures
   ok    jitter spreads retries out  40 distinct values of 40
   ok    jitter stays within 15% of the step  2.6m to 3.4m
   ok    a site's Retry-After wins when it is longer
   ok    a shorter Retry-After does not shorten our own wait
   ok    an absurd Retry-After is capped at an hour

Registry
   ok    a recorded host is waiting
   ok    an unrelated host is not
   ok    consecutive failures of one kind accumulate
   ok    a different kind of failure starts its own count
   ok    and uses its own ladder
   ok    soonest() finds the host that comes due first
`

func TestRunChecksAllPass(t *testing.T) {
	results := RunChecks()
	if len(results) != 16 {
		t.Fatalf("got %d checks, want 16", len(results))
	}
	for _, r := range results {
		if !r.OK {
			t.Errorf("FAIL %s: %s  %s", r.Section, r.Name, r.Figure)
		}
	}
	if !AllOK(results) {
		t.Error("AllOK = false")
	}
	if !reflect.DeepEqual(RunChecks(), results) {
		t.Error("two runs differ: the draws are not fixed")
	}
}

func TestReportMatchesSeed(t *testing.T) {
	if got := Report(RunChecks()); got != seedReport {
		t.Errorf("Report:\n%s\nwant (seed 000):\n%s", got, seedReport)
	}
}

func TestReportMarksFailure(t *testing.T) {
	results := RunChecks()
	results[3].OK = false
	results[12].OK = false
	if AllOK(results) {
		t.Error("AllOK = true with two failures")
	}
	got := Report(results)
	for _, line := range []string{
		"\n   FAIL  a flat refusal waits longer than a challenge\n",
		"\n   FAIL  consecutive failures of one kind accumulate\n",
		"\n   ok    a transient error waits half a minute\n",
	} {
		if !strings.Contains(got, line) {
			t.Errorf("report lacks %q:\n%s", line, got)
		}
	}
}

// oldLadders is the policy seed 000 replaced: one ladder, ten minutes to an
// hour, for every kind of wall.
var oldLadders = map[Kind][]time.Duration{
	Challenge:   {10 * time.Minute, 20 * time.Minute, 40 * time.Minute, time.Hour},
	RateLimited: {10 * time.Minute, 20 * time.Minute, 40 * time.Minute, time.Hour},
	Denied:      {10 * time.Minute, 20 * time.Minute, 40 * time.Minute, time.Hour},
	Error:       {10 * time.Minute, 20 * time.Minute, 40 * time.Minute, time.Hour},
}

// fakeLedger is a deliberately wrong registry, one fault at a time.
type fakeLedger struct {
	delay       delayFunc
	byURL       bool // key by the string given, not its host
	global      bool // one entry for every host: the whole watcher stands down
	sharedCount bool // a change of kind keeps counting
	noCount     bool // every failure counts as the first
	latest      bool // Soonest returns the host due last
	entries     map[string]Entry
}

func (f *fakeLedger) key(h string) string {
	if f.global {
		return "*"
	}
	if f.byURL {
		return h
	}
	return HostKey(h)
}

func (f *fakeLedger) Record(host string, kind Kind, ra time.Duration, now time.Time, r float64) Entry {
	e := Entry{Kind: kind, Failures: 1, Since: now}
	if prev, ok := f.entries[f.key(host)]; ok && !f.noCount && (prev.Kind == kind || f.sharedCount) {
		e.Failures = prev.Failures + 1
	}
	e.Wait = f.delay(kind, e.Failures, ra, r)
	e.NextRetryAt = now.Add(e.Wait)
	f.entries[f.key(host)] = e
	return e
}

func (f *fakeLedger) Waiting(host string, now time.Time) bool {
	e, ok := f.entries[f.key(host)]
	return ok && now.Before(e.NextRetryAt)
}

func (f *fakeLedger) Soonest() (string, time.Time, bool) {
	var host string
	var at time.Time
	for h, e := range f.entries {
		if host == "" || (e.NextRetryAt.Before(at) != f.latest) {
			host, at = h, e.NextRetryAt
		}
	}
	return host, at, host != ""
}

func withLedger(fault fakeLedger) subject {
	return subject{delay: DelayFor, newLedger: func(d delayFunc) ledger {
		f := fault
		f.delay, f.entries = d, map[string]Entry{}
		return &f
	}}
}

func withDelay(d delayFunc) subject {
	return subject{delay: d, newLedger: realSubject.newLedger}
}

// TestChecksCatchWrongPolicies runs the checks against deliberately wrong
// policies and registries: each check fails for at least one of them, and
// only the checks that should fail do.
func TestChecksCatchWrongPolicies(t *testing.T) {
	tests := []struct {
		name     string
		subject  subject
		draw     func() float64
		wantFail []string
	}{
		{"the old single ladder", withDelay(func(k Kind, n int, ra time.Duration, r float64) time.Duration {
			return delayOn(oldLadders, k, n, ra, r)
		}), nil, []string{
			"first challenge retry is one minute",
			"challenge ladder tops out at 30 minutes",
			"a transient error waits half a minute",
			"a flat refusal waits longer than a challenge",
			"every wait grows with consecutive failures",
			// 60m jittered up is capped at an hour: half the draws collide.
			"jitter spreads retries out",
			"jitter stays within 15% of the step",
			"a site's Retry-After wins when it is longer",
		}},
		{"a constant random source", realSubject, func() float64 { return 0.5 },
			[]string{"jitter spreads retries out"}},
		{"jitter ignores the draw", withDelay(func(k Kind, n int, ra time.Duration, _ float64) time.Duration {
			return DelayFor(k, n, ra, noJitter)
		}), nil, []string{"jitter spreads retries out"}},
		{"jitter of 50%", withDelay(func(k Kind, n int, ra time.Duration, r float64) time.Duration {
			return min(max(time.Duration(float64(Ladder(k)[min(max(n, 1), len(Ladder(k)))-1])*(0.5+r)), ra), MaxWait)
		}), nil, []string{
			"jitter stays within 15% of the step",
			"a shorter Retry-After does not shorten our own wait", // own wait below 0.85x
		}},
		{"Retry-After overrides verbatim", withDelay(func(k Kind, n int, ra time.Duration, r float64) time.Duration {
			if ra > 0 {
				return min(ra, MaxWait)
			}
			return DelayFor(k, n, 0, r)
		}), nil, []string{"a shorter Retry-After does not shorten our own wait"}},
		{"Retry-After ignored", withDelay(func(k Kind, n int, _ time.Duration, r float64) time.Duration {
			return DelayFor(k, n, 0, r)
		}), nil, []string{
			"a site's Retry-After wins when it is longer",
			"an absurd Retry-After is capped at an hour",
		}},
		{"no cap", withDelay(func(k Kind, n int, ra time.Duration, r float64) time.Duration {
			return max(DelayFor(k, n, 0, r), ra)
		}), nil, []string{"an absurd Retry-After is capped at an hour"}},
		{"keyed by search URL", withLedger(fakeLedger{byURL: true}), nil,
			[]string{"a recorded host is waiting"}},
		{"one entry for all hosts", withLedger(fakeLedger{global: true}), nil,
			[]string{"an unrelated host is not", "soonest() finds the host that comes due first"}},
		{"one count across kinds", withLedger(fakeLedger{sharedCount: true}), nil, []string{
			"a different kind of failure starts its own count",
			"and uses its own ladder",
		}},
		{"no count at all", withLedger(fakeLedger{noCount: true}), nil,
			[]string{"consecutive failures of one kind accumulate"}},
		{"soonest picks the latest", withLedger(fakeLedger{latest: true}), nil,
			[]string{"soonest() finds the host that comes due first"}},
		{"the fake with no fault passes", withLedger(fakeLedger{}), nil, nil},
	}
	caught := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			draw := tt.draw
			if draw == nil {
				draw = rand.New(rand.NewPCG(checkSeed[0], checkSeed[1])).Float64
			}
			var failed []string
			for _, r := range runChecks(tt.subject, draw) {
				if !r.OK {
					failed = append(failed, r.Name)
					caught[r.Name] = true
				}
			}
			if !slices.Equal(failed, tt.wantFail) {
				t.Errorf("failed checks:\n got %q\nwant %q", failed, tt.wantFail)
			}
		})
	}
	for _, c := range checks {
		if !caught[c.name] {
			t.Errorf("no wrong policy makes %q fail", c.name)
		}
	}
}

func TestLadderTableFollowsTheLadders(t *testing.T) {
	table := LadderTable()
	for _, k := range Kinds() {
		var steps []string
		for _, d := range Ladder(k) {
			steps = append(steps, FormatWait(d))
		}
		if !strings.Contains(table, string(k)+" ") || !strings.Contains(table, strings.Join(steps, " → ")+"\n") {
			t.Errorf("table lacks the %s ladder %v:\n%s", k, steps, table)
		}
	}
}

func TestFormatWait(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0s"},
		{30 * time.Second, "30s"},
		{1500 * time.Millisecond, "1.5s"},
		{59 * time.Second, "59s"},
		{time.Minute, "1.0m"},
		{90 * time.Second, "1.5m"},
		{8 * time.Minute, "8.0m"},
		{time.Hour, "60.0m"},
		{156 * time.Second, "2.6m"},
	}
	for _, tt := range tests {
		if got := FormatWait(tt.d); got != tt.want {
			t.Errorf("FormatWait(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}
