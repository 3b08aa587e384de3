package read

import (
	"net/url"
	"testing"
)

// TestPairIDRule: two listings of one office, whose ids share the first
// number, are two listings; a segment that is more than two numbers, or
// a slug, is read as before.
func TestPairIDRule(t *testing.T) {
	id := func(raw string) string {
		u, _ := url.Parse(raw)
		return shapeOf(u).id
	}
	a := id("https://www.hepsiemlak.com/istanbul-besiktas-ortakoy-satilik/daire/41756-17967")
	b := id("https://www.hepsiemlak.com/istanbul-besiktas-ortakoy-satilik/daire/41756-17752")
	if a == b || a != "41756-17967" {
		t.Errorf("ids %q and %q, want 41756-17967 and 41756-17752", a, b)
	}
	for _, r := range []string{"1500-2000", "100000-250000"} {
		if got := pairIDOf(r); got != "" {
			t.Errorf("range %q read as id %q", r, got)
		}
	}
	if got := id("https://www.example.com/ad/1770-27696-9998.html"); got != "1770-27696-9998" {
		t.Errorf("three-group id %q", got)
	}
	if got := id("https://www.example.com/wohnung/berlin-mitte-3-zimmer-12345678/"); got != "12345678" {
		t.Errorf("slug id %q", got)
	}
}

func pairIDOf(seg string) string {
	id, _ := pairID(seg)
	return id
}
