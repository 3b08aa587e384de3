//go:build !windows && !darwin

package tray

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSetAutostartXDG runs the real thing against a temp XDG_CONFIG_HOME.
func TestSetAutostartXDG(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	for _, k := range []string{"GOBIN", "GOPATH", "PATH"} {
		t.Setenv(k, "") // nothing installed
	}
	t.Setenv("HOME", t.TempDir())
	path := filepath.Join(cfg, "autostart", "rentwatch.desktop")
	exe := "/opt/rent watch/rentwatch"
	steps := []struct {
		on      bool
		exe     string
		err     string
		enabled bool
	}{
		{false, "", "", false}, // off when it was never on is fine
		{true, "relative", "not absolute", false},
		// After `make run`: go run's build is refused, nothing written.
		{true, "/tmp/go-build42/b001/exe/rentwatch", "temporary copy", false},
		{true, exe, "", true},
		{true, exe, "", true}, // again: same file
		{false, "", "", false},
	}
	for i, st := range steps {
		err := SetAutostart(st.on, st.exe)
		if (err == nil) != (st.err == "") || (err != nil && !strings.Contains(err.Error(), st.err)) {
			t.Fatalf("step %d: SetAutostart(%v, %q) = %v, want %q", i, st.on, st.exe, err, st.err)
		}
		if got := AutostartEnabled(); got != st.enabled {
			t.Fatalf("step %d: AutostartEnabled = %v, want %v", i, got, st.enabled)
		}
		b, err := os.ReadFile(path)
		if st.enabled != (err == nil) {
			t.Fatalf("step %d: file there = %v, want %v", i, err == nil, st.enabled)
		}
		if st.enabled {
			for _, want := range []string{"[Desktop Entry]\n", "\nType=Application\n", "\nExec=\"/opt/rent watch/rentwatch\"\n", "\nX-GNOME-Autostart-enabled=true\n"} {
				if !strings.Contains(string(b), want) {
					t.Errorf("step %d: file lacks %q:\n%s", i, want, b)
				}
			}
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 0 {
		t.Errorf("left behind in autostart/: %v", entries)
	}
}
