package blocks

import (
	"math"
	"time"
)

// MaxWait is the longest any host is made to wait, whatever the ladder or
// the site's Retry-After says. Retry-After is a number from somebody else's
// server: a header saying 86400 must not put a search to sleep for a day.
const MaxWait = time.Hour

// ladders holds the wait after each consecutive failure of a kind; the last
// entry is the ceiling.
//
//   - challenge: an interstitial we could not get through. Usually transient,
//     and by the time it is recorded pages/ has already tried to wait it out,
//     so the first retry comes quickly.
//   - rate_limited: the site asked us to slow down. Its own Retry-After wins
//     whenever it asks for longer.
//   - denied: a flat refusal. The user has to go and pass a check by hand,
//     so retrying hard achieves nothing and waiting costs nothing.
//   - error: network or browser trouble, most likely at our end.
//
// They are far shorter than the flat ten-minutes-to-an-hour ladder they
// replace (seed 000): ten minutes of not looking at a rental site is ten
// minutes of rooms going to somebody else.
var ladders = map[Kind][]time.Duration{
	Challenge:   ms(60_000, 180_000, 480_000, 900_000, 1_800_000),
	RateLimited: ms(120_000, 300_000, 900_000, 1_800_000),
	Denied:      ms(300_000, 900_000, 1_800_000, 3_600_000),
	Error:       ms(30_000, 120_000, 300_000),
}

// kinds is the order of the ladder table.
var kinds = []Kind{Challenge, RateLimited, Denied, Error}

func ms(values ...int64) []time.Duration {
	out := make([]time.Duration, len(values))
	for i, v := range values {
		out[i] = time.Duration(v) * time.Millisecond
	}
	return out
}

// Kinds returns the four kinds that have a ladder, in the order the ladder
// table prints them: challenge, rate_limited, denied, error. OK has none.
func Kinds() []Kind {
	return append([]Kind(nil), kinds...)
}

// Ladder returns a copy of the waits after the 1st, 2nd, ... consecutive
// failure of kind k; the last entry is the ceiling. A kind without a ladder
// (OK, or anything unknown) gets the error ladder, as in DelayFor.
func Ladder(k Kind) []time.Duration {
	return append([]time.Duration(nil), ladders[wallKind(k)]...)
}

// wallKind maps a kind without a ladder to Error: something went wrong that
// nobody classified, and "trouble, probably ours" is the honest reading. It
// also keeps a caller's mistake from turning into no wait at all.
func wallKind(k Kind) Kind {
	if _, ok := ladders[k]; ok {
		return k
	}
	return Error
}

// DelayFor is how long to leave a host alone after its failures-th
// consecutive failure of kind, given the site's own Retry-After (0 if none)
// and a random draw r in [0, 1).
//
// The step is the ladder entry for failures (counts below 1 count as 1,
// counts past the ladder's end stay on its ceiling). It is jittered to
// between 0.85 and 1.15 times itself, rounded to the millisecond: several
// hosts blocked in one cycle must not all come back in the same instant,
// which is the burst that got them blocked. Then retryAfter is a floor,
// never a ceiling (a site asking us back in five seconds does not shorten a
// wait we chose for our own reasons), and the whole is capped at MaxWait.
//
// Bad input never panics: a negative retryAfter counts as none, r is
// clamped into [0, 1) (NaN counts as 0.5, no jitter), and a kind without a
// ladder (OK or unknown) is treated as Error.
func DelayFor(kind Kind, failures int, retryAfter time.Duration, r float64) time.Duration {
	return delayOn(ladders, kind, failures, retryAfter, r)
}

// delayOn is DelayFor over any set of ladders, so tests can show that the
// checks catch a wrong one (such as the old single ladder).
func delayOn(set map[Kind][]time.Duration, kind Kind, failures int, retryAfter time.Duration, r float64) time.Duration {
	ladder := set[wallKind(kind)]
	var step time.Duration
	if len(ladder) > 0 {
		step = ladder[min(max(failures, 1)-1, len(ladder)-1)]
	}
	f := 0.85 + clampDraw(r)*0.3
	jittered := time.Duration(math.Round(float64(step)/float64(time.Millisecond)*f)) * time.Millisecond
	return min(max(jittered, retryAfter, 0), MaxWait)
}

// clampDraw keeps a random draw in [0, 1) so a bad source cannot stretch
// the jitter past 15%.
func clampDraw(r float64) float64 {
	switch {
	case math.IsNaN(r):
		return 0.5
	case r < 0:
		return 0
	case r >= 1:
		return math.Nextafter(1, 0)
	}
	return r
}
