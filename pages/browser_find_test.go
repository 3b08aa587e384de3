package pages

import (
	"errors"
	"strings"
	"testing"
)

func TestFindChrome(t *testing.T) {
	chrome := needChrome(t)
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
			got, err := FindChrome(tc.override)
			switch {
			case tc.want == "" && err == nil:
				t.Errorf("FindChrome(%q) = %q, want an error", tc.override, got)
			case tc.want == "any" && (err != nil || got == ""):
				t.Errorf("FindChrome(%q) = %q, %v", tc.override, got, err)
			case tc.want != "" && tc.want != "any" && got != tc.want:
				t.Errorf("FindChrome(%q) = %q, %v; want %q", tc.override, got, err, tc.want)
			}
		})
	}
	if hint := installHint("linux"); !strings.Contains(hint, "apt-get install chromium") {
		t.Errorf("linux install hint %q does not say apt-get install chromium", hint)
	}
}

func TestOpenDefaultRefusesNonWeb(t *testing.T) {
	for _, u := range []string{"file:///etc/passwd", "javascript:alert(1)", "/usr/bin/xterm", "ftp://x/y"} {
		if err := OpenDefault(u, nil); !errors.Is(err, ErrBadURL) {
			t.Errorf("OpenDefault(%q) = %v, want ErrBadURL", u, err)
		}
	}
}

func TestOpenVisibleWithoutDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	b := NewBrowser(BrowserOptions{})
	defer b.Close()
	if err := b.OpenVisible(t.Context(), "https://example.com/"); !errors.Is(err, ErrNoDisplay) {
		t.Errorf("OpenVisible = %v, want ErrNoDisplay", err)
	}
}
