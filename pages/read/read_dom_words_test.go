package read

import (
	"strings"
	"testing"
)

// TestHasWord: a class or id is cut into words as the old regexp split
// cut it, lowercased, and only whole words count.
func TestHasWord(t *testing.T) {
	words := map[string]bool{"ads": true, "sponsored": true, "rail": true}
	tests := []struct {
		v    string
		want bool
	}{
		{"premium_ads", true},
		{"Card Sponsored-Block", true},
		{"ADS", true},
		{"headsup loads", false},
		{"rail2 trail", false},
		{"", false},
		{strings.Repeat("x", 40) + " ads", true},
		{strings.Repeat("a", 29) + "ads", false},
		{"Ädsx-ads", true},
	}
	for _, tt := range tests {
		if got := hasWord(tt.v, words); got != tt.want {
			t.Errorf("hasWord(%q) = %v, want %v", tt.v, got, tt.want)
		}
	}
}
