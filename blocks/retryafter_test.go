package blocks

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	tests := []struct {
		name   string
		v      string
		want   time.Duration
		wantOK bool
	}{
		// delta-seconds
		{"zero", "0", 0, true},
		{"seconds", "120", 2 * time.Minute, true},
		{"leading zeros", "0005", 5 * time.Second, true},
		{"surrounding space", "  30 ", 30 * time.Second, true},
		{"exactly the cap", "3600", time.Hour, true},
		{"one past the cap", "3601", time.Hour, true},
		{"a day", "86400", time.Hour, true},
		{"past int64 seconds", "9223372036854775808", time.Hour, true},
		{"a thousand digits", strings.Repeat("9", 1000), time.Hour, true},

		// HTTP-date, all three forms net/http accepts
		{"IMF-fixdate", "Fri, 14 Mar 2025 14:07:00 GMT", 5 * time.Minute, true},
		{"RFC 850", "Friday, 14-Mar-25 14:07:00 GMT", 5 * time.Minute, true},
		{"asctime", "Fri Mar 14 14:07:00 2025", 5 * time.Minute, true},
		{"asctime single-digit day", "Sun Mar  2 14:02:00 2025", 0, true},
		{"date now", "Fri, 14 Mar 2025 14:02:00 GMT", 0, true},
		{"date in the past", "Fri, 14 Mar 2025 13:00:00 GMT", 0, true},
		{"date long past", "Thu, 01 Jan 1970 00:00:00 GMT", 0, true},
		{"date next year", "Sat, 14 Mar 2026 14:02:00 GMT", time.Hour, true},
		{"date far future", "Fri, 31 Dec 9999 23:59:59 GMT", time.Hour, true},

		// unusable
		{"empty", "", 0, false},
		{"blank", "   ", 0, false},
		{"negative", "-5", 0, false},
		{"plus sign", "+5", 0, false},
		{"fractional", "1.5", 0, false},
		{"unit", "5s", 0, false},
		{"words", "soon", 0, false},
		{"two numbers", "5, 10", 0, false},
		{"inner space", "1 0", 0, false},
		{"arabic-indic digits", "٣٠", 0, false},
		{"date without zone", "Fri, 14 Mar 2025 14:07:00", 0, false},
		{"ISO 8601", "2025-03-14T14:07:00Z", 0, false},
		{"bad day", "Fri, 32 Mar 2025 14:07:00 GMT", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := ParseRetryAfter(tt.v, now)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("ParseRetryAfter(%q) = %v, %v; want %v, %v", tt.v, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

// TestParseRetryAfterRoundTrip writes dates the way a server does and reads
// them back, at sub-second nows: the wait is the time to the date.
func TestParseRetryAfterRoundTrip(t *testing.T) {
	now := time.Date(2025, 3, 14, 14, 2, 0, 250e6, time.UTC)
	for _, ahead := range []time.Duration{time.Second, 90 * time.Second, 59 * time.Minute} {
		at := now.Add(ahead).Truncate(time.Second)
		got, ok := ParseRetryAfter(at.Format(http.TimeFormat), now)
		if !ok || got != at.Sub(now) {
			t.Errorf("date %v ahead: got %v, %v; want %v", ahead, got, ok, at.Sub(now))
		}
	}
}

func FuzzParseRetryAfter(f *testing.F) {
	for _, seed := range []string{
		"0", "120", "3601", "86400", "-5", "1.5", "", " 30 ", strings.Repeat("9", 40),
		"Fri, 14 Mar 2025 14:07:00 GMT", "Friday, 14-Mar-25 14:07:00 GMT", "Fri Mar 14 14:07:00 2025",
		"Fri, 31 Dec 9999 23:59:59 GMT", "Mon, 01 Jan 0001 00:00:00 GMT",
	} {
		f.Add(seed, int64(1741960920))
	}
	f.Fuzz(func(t *testing.T, v string, nowUnix int64) {
		now := time.Unix(nowUnix, 0)
		d, ok := ParseRetryAfter(v, now)
		if d < 0 || d > MaxWait {
			t.Fatalf("ParseRetryAfter(%q) = %v, outside [0, %v]", v, d, MaxWait)
		}
		if !ok && d != 0 {
			t.Fatalf("ParseRetryAfter(%q) = %v with ok false", v, d)
		}
	})
}
