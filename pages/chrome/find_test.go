package chrome

import (
	"strings"
	"testing"

	"rentwatch/internal/testkit"
)

func TestFind(t *testing.T) {
	chrome := testkit.Chromium(t)
	tests := []struct {
		name     string
		override string
		want     string // "" means an error
	}{
		{"override that exists", chrome, chrome},
		{"override that does not exist", "/nonexistent/chrome", ""},
		{"override that is a folder", t.TempDir(), ""},
		{"none: searched on the system", "", "any"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Find(tc.override)
			switch {
			case tc.want == "" && err == nil:
				t.Errorf("Find(%q) = %q, want an error", tc.override, got)
			case tc.want == "any" && (err != nil || got == ""):
				t.Errorf("Find(%q) = %q, %v", tc.override, got, err)
			case tc.want != "" && tc.want != "any" && got != tc.want:
				t.Errorf("Find(%q) = %q, %v; want %q", tc.override, got, err, tc.want)
			}
		})
	}
	if hint := installHint("linux"); !strings.Contains(hint, "apt-get install chromium") {
		t.Errorf("linux install hint %q does not say apt-get install chromium", hint)
	}
}
