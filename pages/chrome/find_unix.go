//go:build !darwin && !windows

package chrome

// chromeCandidates are the names Linux and the BSDs install a
// Chrome-family browser under, looked up on PATH, most common first.
func chromeCandidates() []string {
	return []string{
		"chromium", "chromium-browser", "google-chrome", "google-chrome-stable",
		"/usr/bin/chromium", "/snap/bin/chromium",
	}
}
