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

func TestStatusLineSaysWhenAPauseEnds(t *testing.T) {
	snap := allGood()
	snap.Overall, snap.Paused = engine.AllPaused, true
	for i := range snap.Searches {
		snap.Searches[i].Status = engine.Paused
	}
	for _, tt := range []struct {
		until time.Time
		want  string
	}{
		{time.Time{}, "Paused — choose Resume to watch again"},
		{t0.Add(time.Hour), "Paused until 15:02 — choose Resume to watch again sooner"},
		{t0.Add(20 * time.Hour), "Paused until Jun 4 10:02 — choose Resume to watch again sooner"},
	} {
		snap.PausedUntil = tt.until
		if got := statusLine(snap, t0); got != tt.want {
			t.Errorf("paused until %v: %q, want %q", tt.until, got, tt.want)
		}
	}
}
