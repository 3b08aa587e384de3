package engine

import (
	"errors"
	"testing"

	"rentwatch/blocks"
	"rentwatch/pages"
)

func TestOutcomeOf(t *testing.T) {
	ok := blocks.Verdict{Kind: blocks.OK}
	tests := []struct {
		name string
		r    report
		want outcome
	}{
		{"a clean page", report{result: pages.Result{Status: 200, Verdict: ok}}, clean},
		{"a saved page (status unknown)", report{result: pages.Result{Verdict: ok}}, clean},
		{"no verdict at all", report{result: pages.Result{Status: 200}}, clean},
		{"a clean page with no listings where some are expected", report{result: pages.Result{Status: 200, Verdict: ok, SoftBlock: true}}, softBlocked},
		{"a network error", report{err: errors.New("net::ERR_CONNECTION_RESET")}, hardError},
		{"an error while we stop or the window takes the browser", report{err: errors.New("context canceled"), interrupted: true}, interrupted},
		{"a page that loaded while the window opened", report{result: pages.Result{Status: 200, Verdict: ok}, interrupted: true}, clean},
		{"a server error", report{result: pages.Result{Status: 503, Verdict: ok}}, hardError},
		{"a missing page", report{result: pages.Result{Status: 404, Verdict: ok}}, missingPage},
		{"a gone page", report{result: pages.Result{Status: 410, Verdict: ok}}, missingPage},
		{"a challenge", report{result: pages.Result{Status: 403, Verdict: blocks.Verdict{Kind: blocks.Challenge}}}, walled},
		{"a rate limit with a 200", report{result: pages.Result{Status: 200, Verdict: blocks.Verdict{Kind: blocks.RateLimited}}}, walled},
		{"a refusal on a 503", report{result: pages.Result{Status: 503, Verdict: blocks.Verdict{Kind: blocks.Denied}}}, walled},
		{"a wall that is also a soft block is a wall", report{result: pages.Result{Status: 200, SoftBlock: true, Verdict: blocks.Verdict{Kind: blocks.Challenge}}}, walled},
	}
	for _, tt := range tests {
		if got := outcomeOf(tt.r); got != tt.want {
			t.Errorf("%s: outcomeOf = %d, want %d", tt.name, got, tt.want)
		}
	}
}
