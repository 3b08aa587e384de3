//go:build windows

package chrome

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/windows/registry"
)

// chromeCandidates are where Windows installers put Chrome and Edge: the App
// Paths registry keys first (installers keep them current, wherever the
// browser went), then the usual folders under Program Files and LocalAppData.
func chromeCandidates() []string {
	var out []string
	for _, root := range []registry.Key{registry.LOCAL_MACHINE, registry.CURRENT_USER} {
		for _, exe := range []string{"chrome.exe", "msedge.exe"} {
			if p := appPath(root, exe); p != "" {
				out = append(out, p)
			}
		}
	}
	rel := []string{
		`Google\Chrome\Application\chrome.exe`,
		`Chromium\Application\chrome.exe`,
		`Microsoft\Edge\Application\msedge.exe`,
		`BraveSoftware\Brave-Browser\Application\brave.exe`,
	}
	for _, env := range []string{"ProgramFiles", "ProgramFiles(x86)", "LocalAppData"} {
		dir := os.Getenv(env)
		if dir == "" {
			continue
		}
		for _, r := range rel {
			out = append(out, filepath.Join(dir, r))
		}
	}
	return out
}

// appPath reads the default value of ...\App Paths\<exe>, or "".
func appPath(root registry.Key, exe string) string {
	k, err := registry.OpenKey(root, `SOFTWARE\Microsoft\Windows\CurrentVersion\App Paths\`+exe, registry.QUERY_VALUE)
	if err != nil {
		return ""
	}
	defer k.Close()
	v, _, err := k.GetStringValue("")
	if err != nil {
		return ""
	}
	return v
}
