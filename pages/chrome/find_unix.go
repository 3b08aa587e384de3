//go:build !darwin && !windows

package chrome

// chromeCandidates are the names Linux and the BSDs install a
// Chrome-family browser under, looked up on PATH, most common first.
// Debian's chromium-headless-shell is not one, though it takes a third of
// the CPU per page: a site sees no Accept-Language, no plugins and an
// unreduced user agent from it, which no person's browser sends
// (docs/BENCHMARKS.md, "chromium-headless-shell against chromium
// --headless=new"). [browser] path can still name it.
func chromeCandidates() []string {
	return []string{
		"chromium", "chromium-browser", "google-chrome", "google-chrome-stable",
		"/usr/bin/chromium", "/snap/bin/chromium",
	}
}
