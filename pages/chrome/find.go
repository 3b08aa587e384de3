package chrome

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
)

// ErrNotFound says no Chrome-family browser was found on the system.
var ErrNotFound = errors.New("no Chrome or Chromium found")

// Find returns the Chrome-family browser to drive. override (from
// --chrome, RENTWATCH_CHROME or the settings) wins when set, and must then
// exist: a path the user typed that is wrong is reported, not silently
// replaced by another browser. Otherwise the usual places of this OS are
// searched. When nothing is found the error wraps ErrNotFound and says how to
// install one.
func Find(override string) (string, error) {
	if override != "" {
		if p, err := usableBrowser(override); err == nil {
			return p, nil
		}
		return "", fmt.Errorf("browser %q (from --chrome, RENTWATCH_CHROME or settings): not found or not executable", override)
	}
	for _, c := range chromeCandidates() {
		if p, err := usableBrowser(c); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w: %s", ErrNotFound, installHint(runtime.GOOS))
}

// usableBrowser resolves a bare name on PATH, or checks that a path is a
// regular file (and, off Windows, executable).
func usableBrowser(p string) (string, error) {
	if !filepath.IsAbs(p) && filepath.Base(p) == p {
		return exec.LookPath(p)
	}
	st, err := os.Stat(p)
	if err != nil {
		return "", err
	}
	if st.IsDir() {
		return "", errors.New("is a folder")
	}
	if runtime.GOOS != "windows" && st.Mode().Perm()&0o111 == 0 {
		return "", errors.New("not executable")
	}
	return p, nil
}

// installHint tells the user how to get a browser on their OS.
func installHint(goos string) string {
	switch goos {
	case "linux":
		return "install Chromium (Debian/Ubuntu: `sudo apt-get install chromium`; Fedora: `sudo dnf install chromium`; Arch: `sudo pacman -S chromium`) or Google Chrome, or point --chrome / RENTWATCH_CHROME at one"
	case "darwin":
		return "install Google Chrome (https://www.google.com/chrome/) or `brew install --cask chromium`, or point --chrome / RENTWATCH_CHROME at one"
	case "windows":
		return "install Google Chrome (https://www.google.com/chrome/) or use Microsoft Edge, or point --chrome / RENTWATCH_CHROME at chrome.exe"
	}
	return "install Chrome or Chromium, or point --chrome / RENTWATCH_CHROME at one"
}
