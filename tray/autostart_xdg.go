//go:build !windows && !darwin

package tray

import "os"

// AutostartEnabled reports whether rentwatch starts at login: here, whether
// an enabled XDG autostart file is in place.
func AutostartEnabled() bool {
	path, err := xdgAutostartPath(os.Getenv("XDG_CONFIG_HOME"), os.Getenv("HOME"))
	if err != nil {
		return false
	}
	b, err := os.ReadFile(path)
	return err == nil && desktopEnabled(string(b))
}

// SetAutostart makes the session start exe (this program when "") at login,
// or stops it, through $XDG_CONFIG_HOME/autostart/rentwatch.desktop.
func SetAutostart(on bool, exe string) error {
	path, err := xdgAutostartPath(os.Getenv("XDG_CONFIG_HOME"), os.Getenv("HOME"))
	if err != nil {
		return err
	}
	if !on {
		return removeFile(path)
	}
	exe, err = resolveExe(exe)
	if err != nil {
		return err
	}
	return writeFileAtomic(path, desktopEntry(exe))
}
