//go:build darwin

package tray

import (
	"fmt"
	"os"
	"path/filepath"
)

func agentPath() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("start at login: %w", err)
	}
	return filepath.Join(home, "Library", "LaunchAgents", agentFileName), nil
}

// AutostartEnabled reports whether rentwatch starts at login: here, whether
// its LaunchAgent is in ~/Library/LaunchAgents.
func AutostartEnabled() bool {
	path, err := agentPath()
	if err != nil {
		return false
	}
	_, err = os.Stat(path)
	return err == nil
}

// SetAutostart makes launchd start exe (this program when "") at login, or
// stops it, through ~/Library/LaunchAgents/app.rentwatch.plist.
func SetAutostart(on bool, exe string) error {
	path, err := agentPath()
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
	return writeFileAtomic(path, launchAgentPlist(exe))
}
