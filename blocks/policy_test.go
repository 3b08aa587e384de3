package blocks

import (
	"math"
	"slices"
	"testing"
	"time"
)

// justUnderOne is the largest draw a [0, 1) source can give.
var justUnderOne = math.Nextafter(1, 0)

func msd(v int64) time.Duration { return time.Duration(v) * time.Millisecond }

// TestLadders pins the ladders to DESIGN.md's numbers, typed in again here
// so a change to policy.go has to be made twice.
func TestLadders(t *testing.T) {
	want := map[Kind][]time.Duration{
		Challenge:   {msd(60_000), msd(180_000), msd(480_000), msd(900_000), msd(1_800_000)},
		RateLimited: {msd(120_000), msd(300_000), msd(900_000), msd(1_800_000)},
		Denied:      {msd(300_000), msd(900_000), msd(1_800_000), msd(3_600_000)},
		Error:       {msd(30_000), msd(120_000), msd(300_000)},
	}
	if got := Kinds(); !slices.Equal(got, []Kind{Challenge, RateLimited, Denied, Error}) {
		t.Fatalf("Kinds() = %v", got)
	}
	for _, k := range Kinds() {
		if got := Ladder(k); !slices.Equal(got, want[k]) {
			t.Errorf("Ladder(%s) = %v, want %v", k, got, want[k])
		}
	}
	for _, k := range []Kind{OK, "", "banana"} {
		if got := Ladder(k); !slices.Equal(got, want[Error]) {
			t.Errorf("Ladder(%q) = %v, want the error ladder", k, got)
		}
	}
	if MaxWait != time.Hour {
		t.Errorf("MaxWait = %v, want 1h", MaxWait)
	}
}

func TestLadderAndKindsAreCopies(t *testing.T) {
	l := Ladder(Challenge)
	l[0] = time.Hour
	if Ladder(Challenge)[0] != time.Minute {
		t.Fatal("changing the slice Ladder returned changed the ladder")
	}
	k := Kinds()
	k[0] = OK
	if Kinds()[0] != Challenge {
		t.Fatal("changing the slice Kinds returned changed the kinds")
	}
}

func TestDelayFor(t *testing.T) {
	tests := []struct {
		name       string
		kind       Kind
		failures   int
		retryAfter time.Duration
		r          float64
		want       time.Duration
	}{
		// Every step of every ladder, without jitter.
		{"challenge 1", Challenge, 1, 0, 0.5, time.Minute},
		{"challenge 2", Challenge, 2, 0, 0.5, 3 * time.Minute},
		{"challenge 3", Challenge, 3, 0, 0.5, 8 * time.Minute},
		{"challenge 4", Challenge, 4, 0, 0.5, 15 * time.Minute},
		{"challenge 5", Challenge, 5, 0, 0.5, 30 * time.Minute},
		{"rate_limited 1", RateLimited, 1, 0, 0.5, 2 * time.Minute},
		{"rate_limited 4", RateLimited, 4, 0, 0.5, 30 * time.Minute},
		{"denied 1", Denied, 1, 0, 0.5, 5 * time.Minute},
		{"denied 4", Denied, 4, 0, 0.5, time.Hour},
		{"error 1", Error, 1, 0, 0.5, 30 * time.Second},
		{"error 2", Error, 2, 0, 0.5, 2 * time.Minute},
		{"error 3", Error, 3, 0, 0.5, 5 * time.Minute},

		// Counts below 1 count as 1; counts past the end stay on the ceiling.
		{"failures 0", Challenge, 0, 0, 0.5, time.Minute},
		{"failures -3", Challenge, -3, 0, 0.5, time.Minute},
		{"failures MinInt", Denied, math.MinInt, 0, 0.5, 5 * time.Minute},
		{"one past the ceiling", Challenge, 6, 0, 0.5, 30 * time.Minute},
		{"failures MaxInt", Error, math.MaxInt, 0, 0.5, 5 * time.Minute},

		// Jitter: r=0 gives 0.85x, the largest r below 1 gives 1.15x.
		{"r 0", Challenge, 1, 0, 0, msd(51_000)},
		{"r just under 1", Challenge, 1, 0, justUnderOne, msd(69_000)},
		{"r 0 error", Error, 1, 0, 0, msd(25_500)},
		{"r just under 1 error", Error, 1, 0, justUnderOne, msd(34_500)},
		{"r 0.25", RateLimited, 1, 0, 0.25, msd(111_000)},
		{"rounded to the ms", Challenge, 1, 0, 0.123456, msd(53_222)},

		// Bad draws are clamped, never stretch the jitter.
		{"r negative", Challenge, 1, 0, -2, msd(51_000)},
		{"r exactly 1", Challenge, 1, 0, 1, msd(69_000)},
		{"r 7", Challenge, 1, 0, 7, msd(69_000)},
		{"r +Inf", Challenge, 1, 0, math.Inf(1), msd(69_000)},
		{"r -Inf", Challenge, 1, 0, math.Inf(-1), msd(51_000)},
		{"r NaN is no jitter", Challenge, 1, 0, math.NaN(), time.Minute},

		// Retry-After is a floor, never a ceiling.
		{"retry-after longer wins", RateLimited, 1, 10 * time.Minute, 0.5, 10 * time.Minute},
		{"retry-after just above jitter wins", Challenge, 1, msd(69_001), justUnderOne, msd(69_001)},
		{"retry-after shorter ignored", RateLimited, 1, 5 * time.Second, 0.5, 2 * time.Minute},
		{"retry-after shorter ignored at 0.85x", Challenge, 1, 50 * time.Second, 0, msd(51_000)},
		{"retry-after negative is none", Error, 1, -time.Hour, 0.5, 30 * time.Second},
		{"retry-after most negative", Error, 1, math.MinInt64, 0.5, 30 * time.Second},

		// The cap: an hour, whatever the ladder or the site says.
		{"retry-after a day", RateLimited, 1, 24 * time.Hour, 0.5, time.Hour},
		{"retry-after max duration", RateLimited, 1, math.MaxInt64, 0.5, time.Hour},
		{"retry-after exactly an hour", Challenge, 1, time.Hour, 0.5, time.Hour},
		{"denied ceiling jittered up is capped", Denied, 4, 0, justUnderOne, time.Hour},
		{"denied ceiling jittered down is not", Denied, 4, 0, 0, 51 * time.Minute},

		// Kinds without a ladder are treated as Error.
		{"OK as error", OK, 1, 0, 0.5, 30 * time.Second},
		{"empty kind as error", "", 2, 0, 0.5, 2 * time.Minute},
		{"unknown kind as error", "banana", 9, 0, 0.5, 5 * time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := DelayFor(tt.kind, tt.failures, tt.retryAfter, tt.r)
			if got != tt.want {
				t.Errorf("DelayFor(%q, %d, %v, %v) = %v, want %v",
					tt.kind, tt.failures, tt.retryAfter, tt.r, got, tt.want)
			}
		})
	}
}

// TestDelayForBounds sweeps draws across [0, 1) on every step: the wait is
// never below 0.85x, above 1.15x or above MaxWait, and never shrinks as r
// grows.
func TestDelayForBounds(t *testing.T) {
	for _, k := range Kinds() {
		for i, step := range Ladder(k) {
			prev := time.Duration(0)
			for j := 0; j <= 1000; j++ {
				r := min(float64(j)/1000, justUnderOne)
				d := DelayFor(k, i+1, 0, r)
				lo, hi := step*85/100, min(step*115/100, MaxWait)
				if d < lo || d > hi || d < prev {
					t.Fatalf("DelayFor(%s, %d, 0, %v) = %v, want in [%v, %v] and >= %v", k, i+1, r, d, lo, hi, prev)
				}
				prev = d
			}
		}
	}
}
