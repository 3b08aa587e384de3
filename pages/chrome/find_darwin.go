//go:build darwin

package chrome

import (
	"os"
	"path/filepath"
)

// chromeCandidates are the app bundles macOS keeps Chrome-family browsers in,
// system-wide first, then the user's own ~/Applications.
func chromeCandidates() []string {
	apps := []struct{ bundle, binary string }{
		{"Google Chrome.app", "Google Chrome"},
		{"Chromium.app", "Chromium"},
		{"Microsoft Edge.app", "Microsoft Edge"},
		{"Brave Browser.app", "Brave Browser"},
	}
	roots := []string{"/Applications"}
	if home, err := os.UserHomeDir(); err == nil {
		roots = append(roots, filepath.Join(home, "Applications"))
	}
	var out []string
	for _, root := range roots {
		for _, a := range apps {
			out = append(out, filepath.Join(root, a.bundle, "Contents", "MacOS", a.binary))
		}
	}
	return out
}
