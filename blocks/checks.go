package blocks

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"
)

// CheckResult is the outcome of one of the sixteen checks of the backoff
// policy (DESIGN.md, "The backoff policy").
type CheckResult struct {
	Section string // "Checks" for the ladders and DelayFor, "Registry" for the ledger
	Name    string
	OK      bool
	Figure  string // the number behind the check, "" when it has none
}

// delayFunc has DelayFor's shape; the checks take one so a test can run
// them against a wrong policy and watch them fail.
type delayFunc func(kind Kind, failures int, retryAfter time.Duration, r float64) time.Duration

// ledger is the part of Registry the checks use; a test swaps in a wrong
// one (keyed by URL, say) to show the registry checks can fail.
type ledger interface {
	Record(host string, kind Kind, retryAfter time.Duration, now time.Time, r float64) Entry
	Waiting(host string, now time.Time) bool
	Soonest() (host string, at time.Time, ok bool)
}

// subject is what the checks run against: the real policy, or in tests a
// deliberately wrong one.
type subject struct {
	delay     delayFunc
	newLedger func(delayFunc) ledger
}

func (s subject) ledger() ledger { return s.newLedger(s.delay) }

// realSubject is DelayFor and Registry.
var realSubject = subject{
	delay:     DelayFor,
	newLedger: func(d delayFunc) ledger { return &Registry{delay: d} },
}

// check is one claim about the policy, as data.
type check struct {
	section string
	name    string
	run     func(s subject, draw func() float64) (ok bool, figure string)
}

// noJitter is the draw that leaves a step as it is: 0.85 + 0.5*0.3 = 1.
const noJitter = 0.5

// checkSeed fixes the random draws, so `rentwatch ladders` prints the same
// figures on every run.
var checkSeed = [2]uint64{2, 0}

// RunChecks runs the sixteen checks against the real ladders, DelayFor and
// Registry, with random draws from a fixed seed, in the order the ladder
// report prints them.
func RunChecks() []CheckResult {
	rng := rand.New(rand.NewPCG(checkSeed[0], checkSeed[1]))
	return runChecks(realSubject, rng.Float64)
}

func runChecks(s subject, draw func() float64) []CheckResult {
	out := make([]CheckResult, 0, len(checks))
	for _, c := range checks {
		ok, fig := c.run(s, draw)
		out = append(out, CheckResult{Section: c.section, Name: c.name, OK: ok, Figure: fig})
	}
	return out
}

var checks = []check{
	{"Checks", "first challenge retry is one minute", checkFirstChallenge},
	{"Checks", "challenge ladder tops out at 30 minutes", checkChallengeCeiling},
	{"Checks", "a transient error waits half a minute", checkErrorFirst},
	{"Checks", "a flat refusal waits longer than a challenge", checkDeniedLonger},
	{"Checks", "every wait grows with consecutive failures", checkGrows},
	{"Checks", "jitter spreads retries out", checkSpread},
	{"Checks", "jitter stays within 15% of the step", checkJitterBounds},
	{"Checks", "a site's Retry-After wins when it is longer", checkRetryAfterLonger},
	{"Checks", "a shorter Retry-After does not shorten our own wait", checkRetryAfterShorter},
	{"Checks", "an absurd Retry-After is capped at an hour", checkRetryAfterCapped},
	{"Registry", "a recorded host is waiting", checkRecordedWaiting},
	{"Registry", "an unrelated host is not", checkUnrelatedHost},
	{"Registry", "consecutive failures of one kind accumulate", checkAccumulate},
	{"Registry", "a different kind of failure starts its own count", checkKindRestarts},
	{"Registry", "and uses its own ladder", checkKindOwnLadder},
	{"Registry", "soonest() finds the host that comes due first", checkSoonest},
}

func checkFirstChallenge(s subject, _ func() float64) (bool, string) {
	delay := s.delay
	d := delay(Challenge, 1, 0, noJitter)
	return d == time.Minute, FormatWait(d)
}

func checkChallengeCeiling(s subject, _ func() float64) (bool, string) {
	delay := s.delay
	var top time.Duration
	for _, n := range []int{1, 2, 3, 4, 5, 6, 10, 100, math.MaxInt} {
		top = max(top, delay(Challenge, n, 0, noJitter))
	}
	return top == 30*time.Minute && delay(Challenge, math.MaxInt, 0, noJitter) == top, FormatWait(top)
}

func checkErrorFirst(s subject, _ func() float64) (bool, string) {
	delay := s.delay
	return delay(Error, 1, 0, noJitter) == 30*time.Second, ""
}

func checkDeniedLonger(s subject, _ func() float64) (bool, string) {
	delay := s.delay
	for n := 1; n <= len(Ladder(Challenge))+1; n++ {
		if delay(Denied, n, 0, noJitter) <= delay(Challenge, n, 0, noJitter) {
			return false, fmt.Sprintf("not at failure %d", n)
		}
	}
	return true, ""
}

func checkGrows(s subject, _ func() float64) (bool, string) {
	delay := s.delay
	for _, k := range Kinds() {
		for n := 1; n < len(Ladder(k)); n++ {
			if delay(k, n+1, 0, noJitter) <= delay(k, n, 0, noJitter) {
				return false, fmt.Sprintf("%s stops growing at failure %d", k, n+1)
			}
		}
	}
	return true, ""
}

// checkSpread draws 40 waits at the challenge ceiling, where the jitter has
// 540,000 distinct milliseconds to land on.
func checkSpread(s subject, draw func() float64) (bool, string) {
	delay := s.delay
	const n = 40
	seen := make(map[time.Duration]bool, n)
	for range n {
		seen[delay(Challenge, len(Ladder(Challenge)), 0, draw())] = true
	}
	return len(seen) == n, fmt.Sprintf("%d distinct values of %d", len(seen), n)
}

// checkJitterBounds draws 40 waits at every step of every ladder; the figure
// is the range seen at the second challenge step (3.0m).
func checkJitterBounds(s subject, draw func() float64) (bool, string) {
	delay := s.delay
	ok := true
	var lo, hi time.Duration
	for _, k := range Kinds() {
		for i, step := range Ladder(k) {
			for range 40 {
				d := delay(k, i+1, 0, draw())
				ok = ok && d >= step*85/100 && d <= step*115/100
				if k == Challenge && i == 1 {
					lo, hi = minNonZero(lo, d), max(hi, d)
				}
			}
		}
	}
	return ok, FormatWait(lo) + " to " + FormatWait(hi)
}

func minNonZero(a, b time.Duration) time.Duration {
	if a == 0 {
		return b
	}
	return min(a, b)
}

func checkRetryAfterLonger(s subject, draw func() float64) (bool, string) {
	delay := s.delay
	for _, k := range Kinds() {
		ra := Ladder(k)[0] * 2 // beyond any jitter of the first step
		if delay(k, 1, ra, draw()) != ra {
			return false, fmt.Sprintf("%s ignored %s", k, FormatWait(ra))
		}
	}
	return true, ""
}

func checkRetryAfterShorter(s subject, draw func() float64) (bool, string) {
	delay := s.delay
	for _, k := range Kinds() {
		r := draw()
		own := delay(k, 1, 0, r)
		if own < Ladder(k)[0]*85/100 || delay(k, 1, 5*time.Second, r) != own {
			return false, fmt.Sprintf("%s shortened to %s", k, FormatWait(delay(k, 1, 5*time.Second, r)))
		}
	}
	return true, ""
}

// checkRetryAfterCapped feeds a day, both parsed from a header and raw, and
// the largest duration there is.
func checkRetryAfterCapped(s subject, draw func() float64) (bool, string) {
	delay := s.delay
	parsed, _ := ParseRetryAfter("86400", time.Unix(0, 0))
	for _, ra := range []time.Duration{parsed, 24 * time.Hour, math.MaxInt64} {
		if delay(RateLimited, 1, ra, draw()) != time.Hour {
			return false, ""
		}
	}
	return true, ""
}

// checkT0 is the registry checks' clock: any fixed time will do.
var checkT0 = time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)

func checkRecordedWaiting(s subject, _ func() float64) (bool, string) {
	g := s.ledger()
	g.Record("https://kamernet.nl/huren/kamers-amsterdam", Challenge, 0, checkT0, noJitter)
	// Another search on the same site is held back too: that is the point
	// of keying by host (seed 000, mistake one).
	later := checkT0.Add(time.Second)
	return g.Waiting("kamernet.nl", later) && g.Waiting("https://kamernet.nl/huren/kamers-utrecht", later), ""
}

func checkUnrelatedHost(s subject, _ func() float64) (bool, string) {
	g := s.ledger()
	g.Record("kamernet.nl", Denied, 0, checkT0, noJitter)
	return !g.Waiting("funda.nl", checkT0.Add(time.Second)), ""
}

func checkAccumulate(s subject, _ func() float64) (bool, string) {
	delay := s.delay
	g := s.ledger()
	var e Entry
	for i := range 3 {
		e = g.Record("kamernet.nl", Challenge, 0, checkT0.Add(time.Duration(i)*time.Hour), noJitter)
	}
	return e.Failures == 3 && e.Wait == delay(Challenge, 3, 0, noJitter), ""
}

func checkKindRestarts(s subject, _ func() float64) (bool, string) {
	e := threeChallengesThenRateLimit(s)
	return e.Kind == RateLimited && e.Failures == 1, ""
}

func checkKindOwnLadder(s subject, _ func() float64) (bool, string) {
	delay := s.delay
	e := threeChallengesThenRateLimit(s)
	return e.Wait == delay(RateLimited, 1, 0, noJitter) && e.Wait != delay(Challenge, 4, 0, noJitter), ""
}

func threeChallengesThenRateLimit(s subject) Entry {
	g := s.ledger()
	for i := range 3 {
		g.Record("kamernet.nl", Challenge, 0, checkT0.Add(time.Duration(i)*time.Hour), noJitter)
	}
	return g.Record("kamernet.nl", RateLimited, 0, checkT0.Add(3*time.Hour), noJitter)
}

// checkSoonest records four hosts at different times and kinds; the one due
// first is worked out from the policy, not from the registry.
func checkSoonest(s subject, _ func() float64) (bool, string) {
	delay := s.delay
	g := s.ledger()
	if _, _, ok := g.Soonest(); ok {
		return false, "empty registry had a soonest host"
	}
	failures := []struct {
		host string
		kind Kind
		at   time.Duration
	}{
		{"funda.nl", Denied, 0},
		{"kamernet.nl", Challenge, 30 * time.Second},
		{"pararius.nl", RateLimited, 0},
		{"idealista.com", Error, 2 * time.Minute},
	}
	var want string
	var wantAt time.Time
	for _, f := range failures {
		g.Record(f.host, f.kind, 0, checkT0.Add(f.at), noJitter)
		due := checkT0.Add(f.at + delay(f.kind, 1, 0, noJitter))
		if want == "" || due.Before(wantAt) {
			want, wantAt = f.host, due
		}
	}
	host, at, ok := g.Soonest()
	return ok && host == want && at.Equal(wantAt), ""
}

// FormatWait writes a wait the way the ladder table does: whole seconds
// under a minute ("30s"), else minutes with one decimal ("2.0m", "60.0m").
func FormatWait(d time.Duration) string {
	if d < time.Minute {
		if d%time.Second == 0 {
			return fmt.Sprintf("%ds", d/time.Second)
		}
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return fmt.Sprintf("%.1fm", d.Minutes())
}

// LadderTable is the ladders without jitter, one line a kind, computed from
// the ladders themselves.
func LadderTable() string {
	var b strings.Builder
	b.WriteString("Backoff ladders (no jitter)\n\n")
	for _, k := range Kinds() {
		var steps []string
		for _, step := range Ladder(k) {
			steps = append(steps, FormatWait(step))
		}
		fmt.Fprintf(&b, "   %-14s%s\n", k, strings.Join(steps, " → "))
	}
	return b.String()
}

// Report is what `rentwatch ladders` prints: the ladder table, then each
// result as "ok" or "FAIL" under its section heading.
func Report(results []CheckResult) string {
	var b strings.Builder
	b.WriteString(LadderTable())
	section := ""
	for _, r := range results {
		if r.Section != section {
			section = r.Section
			fmt.Fprintf(&b, "\n%s\n", section)
		}
		status := "ok"
		if !r.OK {
			status = "FAIL"
		}
		line := fmt.Sprintf("   %-6s%s", status, r.Name)
		if r.Figure != "" {
			line += "  " + r.Figure
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// AllOK reports whether every result passed.
func AllOK(results []CheckResult) bool {
	for _, r := range results {
		if !r.OK {
			return false
		}
	}
	return true
}
