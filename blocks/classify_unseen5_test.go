package blocks

import (
	"testing"
	"time"
)

// unseen5Dir holds round 5 of issue 23's walls: pages in other alphabets
// measured in letters, connection checks, JSON refusals, captchas to copy
// from a picture, and ordinary pages that say the same words.
const unseen5Dir = "testdata/walls_unseen5"

func TestClassifyUnseen5(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	for _, sp := range loadServed(t, unseen5Dir) {
		t.Run(sp.file, func(t *testing.T) {
			v := Classify(Page{URL: sp.page.URL, HTML: sp.page.HTML}, now)
			checkVerdict(t, sp.file, v, sp.htmlOnly, unseenVendor)
		})
	}
}

// TestEndsCheck: a connection phrase ends its sentence or names the site
// it checks for; anything else goes on about something else.
func TestEndsCheck(t *testing.T) {
	tests := []struct {
		rest string
		want bool
	}{
		{"", true},
		{"…", true},
		{"...", true},
		{" to rent.example.org", true},
		{" com imoveis.example.com.br", true},
		{" rent.example.org", true},
		{" speed", false},
		{" to the server", false},
		{" to 1.5 mbit", false},
		{"? here is why", false},
	}
	for _, tt := range tests {
		if got := endsCheck(tt.rest); got != tt.want {
			t.Errorf("endsCheck(%q) = %v, want %v", tt.rest, got, tt.want)
		}
	}
}
