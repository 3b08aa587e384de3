package tray

import (
	"testing"
	"time"

	"rentwatch/engine"
)

func TestSearchTooltipSaysTheTimeToAlert(t *testing.T) {
	s := time.Second
	tests := []struct {
		name   string
		delays []time.Duration
		err    string
		want   string
	}{
		{"no alert yet", nil, "", kamerWest},
		{"one alert", []time.Duration{25 * s}, "",
			"Alerted 25 s after a listing is first seen (typical of one alert so far) — " + kamerWest},
		{"several", []time.Duration{2 * s, 125 * s, 4 * s}, "",
			"Alerted 4 s after a listing is first seen (typical of the last 3 alerts) — " + kamerWest},
		{"an error comes first", []time.Duration{90 * time.Minute}, "net::ERR_NAME_NOT_RESOLVED",
			"net::ERR_NAME_NOT_RESOLVED — Alerted 1 h 30 min after a listing is first seen (typical of one alert so far) — " + kamerWest},
	}
	for _, tt := range tests {
		snap := allGood()
		v := &snap.Searches[0]
		v.Delays, v.Delay, v.LastError = tt.delays, engine.TypicalDelay(tt.delays), tt.err
		it, ok := line(Menu(snap, t0), "search:"+kamerWest)
		if !ok {
			t.Fatalf("%s: no line for the search", tt.name)
		}
		if it.Tooltip != tt.want {
			t.Errorf("%s: tooltip %q, want %q", tt.name, it.Tooltip, tt.want)
		}
	}
}

func TestSpell(t *testing.T) {
	for d, want := range map[time.Duration]string{
		300 * time.Millisecond:                   "under a second",
		25 * time.Second:                         "25 s",
		125 * time.Second:                        "2 min 5 s",
		12*time.Minute + 5*time.Second:           "12 min",
		time.Hour:                                "1 h",
		time.Hour + 20*time.Minute + time.Second: "1 h 20 min",
	} {
		if got := spell(d); got != want {
			t.Errorf("spell(%v) = %q, want %q", d, got, want)
		}
	}
}
