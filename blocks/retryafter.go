package blocks

import (
	"net/http"
	"strings"
	"time"
)

// ParseRetryAfter reads a Retry-After header value (RFC 9110 section
// 10.2.3): delta-seconds ("120") or an HTTP-date in any of the three forms
// net/http accepts (IMF-fixdate, RFC 850, asctime), measured from now.
//
// ok is false, with 0, for anything else: empty, negative ("-5"),
// fractional ("1.5"), signed ("+5") or garbage; the caller then goes by its
// own ladder. A value longer than MaxWait comes back as MaxWait (with ok),
// so a huge number never overflows and never puts a host to sleep for a
// day. A date in the past, or now, gives (0, true): the site sent a valid
// header saying "come back whenever", and since Retry-After is only ever a
// floor on our own wait, 0 adds nothing to it. The result is never negative.
func ParseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if isDigits(v) {
		return deltaSeconds(v), true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	d := t.Sub(now) // saturates rather than overflows for far-off dates
	if d <= 0 {
		return 0, true
	}
	return min(d, MaxWait), true
}

// deltaSeconds converts a string of ASCII digits, stopping at MaxWait so a
// thousand-digit number cannot overflow.
func deltaSeconds(digits string) time.Duration {
	const capSeconds = int64(MaxWait / time.Second)
	var secs int64
	for i := 0; i < len(digits); i++ {
		secs = secs*10 + int64(digits[i]-'0')
		if secs > capSeconds {
			return MaxWait
		}
	}
	return time.Duration(secs) * time.Second
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
