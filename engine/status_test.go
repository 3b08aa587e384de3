package engine

import (
	"testing"
	"time"

	"rentwatch/blocks"
)

func TestStatusOf(t *testing.T) {
	t0 := time.Date(2026, 12, 2, 14, 0, 0, 0, time.UTC)
	challenge := blocks.Entry{Kind: blocks.Challenge, Failures: 1, NextRetryAt: t0.Add(time.Minute)}
	errWait := blocks.Entry{Kind: blocks.Error, Failures: 1, NextRetryAt: t0.Add(30 * time.Second)}
	tests := []struct {
		name    string
		f       searchFacts
		entry   blocks.Entry
		blocked bool
		want    Status
	}{
		{"never checked", searchFacts{}, blocks.Entry{}, false, Pending},
		{"clean", searchFacts{last: nothingNew}, blocks.Entry{}, false, Idle},
		{"new listings", searchFacts{last: foundNew}, blocks.Entry{}, false, NewListings},
		{"soft block", searchFacts{last: softBlock}, blocks.Entry{}, false, SoftBlock},
		{"failed", searchFacts{last: failed}, blocks.Entry{}, false, Failing},
		{"met a wall that came down since", searchFacts{last: walledIn}, blocks.Entry{}, false, Idle},
		{"its host has a wall", searchFacts{last: walledIn}, challenge, true, Waiting},
		{"clean, but another search met a wall on its host", searchFacts{last: nothingNew}, challenge, true, Waiting},
		{"a host waiting out errors keeps each search's own state", searchFacts{last: nothingNew}, errWait, true, Idle},
		{"the search that failed on a host waiting out errors", searchFacts{last: failed}, errWait, true, Failing},
		{"loading", searchFacts{checking: true, last: nothingNew}, blocks.Entry{}, false, Checking},
		{"the probe loading on a walled host", searchFacts{checking: true, last: walledIn}, challenge, true, Checking},
		{"paused while loading", searchFacts{paused: true, checking: true}, blocks.Entry{}, false, Paused},
		{"paused on a walled host", searchFacts{paused: true, last: walledIn}, challenge, true, Paused},
		{"a reply waits over a quiet state", searchFacts{replying: true, last: nothingNew}, blocks.Entry{}, false, Replying},
		{"a reply waits after new listings", searchFacts{replying: true, last: foundNew}, blocks.Entry{}, false, Replying},
		{"a reply never hides a wall", searchFacts{replying: true, last: foundNew}, challenge, true, Waiting},
		{"a reply never hides an error", searchFacts{replying: true, last: failed}, blocks.Entry{}, false, Failing},
		{"a reply never hides a soft block", searchFacts{replying: true, last: softBlock}, blocks.Entry{}, false, SoftBlock},
	}
	for _, tt := range tests {
		if got := statusOf(tt.f, tt.entry, tt.blocked); got != tt.want {
			t.Errorf("%s: statusOf = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// Every search on a host shows the host's wall and countdown, whichever of
// them met it, and nothing of it once the host is clear.
func TestViewDerivesTheWallFromTheHost(t *testing.T) {
	t0 := time.Date(2026, 12, 2, 14, 0, 0, 0, time.UTC)
	st := newState(Settings{Searches: searches(fiveOnOneHost[0], fiveOnOneHost[1])})
	st.nextCycle = t0.Add(30 * time.Second)
	met, other := st.searches[fiveOnOneHost[0]], st.searches[fiveOnOneHost[1]]
	met.found(walledIn, "")
	other.found(nothingNew, "")
	entry := st.registry.Record(kamernet, blocks.Denied, 0, t0, 0.5)
	st.host(kamernet).vendor = "cloudflare"
	for _, s := range []*searchState{met, other} {
		v := st.view(s, t0)
		if v.Status != Waiting || v.Wall != blocks.Denied || !v.NeedsUser || !v.Until.Equal(entry.NextRetryAt) ||
			!v.NextCheck.Equal(entry.NextRetryAt) || v.Vendor != "cloudflare" || v.LastError == "" {
			t.Errorf("%s on a refusing host: %+v", s.url, v)
		}
	}
	st.registry.Clear(kamernet)
	for _, s := range []*searchState{met, other} {
		v := st.view(s, t0)
		if v.Status != Idle || v.Wall != "" || v.NeedsUser || !v.Until.IsZero() || !v.NextCheck.Equal(st.nextCycle) || v.LastError != "" {
			t.Errorf("%s once the host is clear: %+v", s.url, v)
		}
	}
}
