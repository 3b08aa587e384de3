package config

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
)

// DataDir is where rentwatch keeps what it must not lose: the store of seen
// listings and the browser profile (with cookies earned by hand). It is
// data, not cache: on Linux $XDG_DATA_HOME (~/.local/share), on macOS
// ~/Library/Application Support, on Windows %LocalAppData%.
func DataDir() (string, error) {
	var base string
	switch runtime.GOOS {
	case "windows":
		base = os.Getenv("LocalAppData")
	case "darwin":
		dir, err := os.UserConfigDir() // ~/Library/Application Support
		if err != nil {
			return "", err
		}
		base = dir
	default:
		base = os.Getenv("XDG_DATA_HOME")
		if base == "" {
			home, err := os.UserHomeDir()
			if err != nil {
				return "", err
			}
			base = filepath.Join(home, ".local", "share")
		}
	}
	if base == "" {
		return "", errors.New("no folder for rentwatch's data: set --data or RENTWATCH_DATA")
	}
	return filepath.Join(base, "rentwatch"), nil
}

// LogDir is the OS's place for an app's logs: ~/Library/Logs on macOS,
// $XDG_STATE_HOME (~/.local/state) on Linux, and the data folder on
// Windows. dataOverride, when set (--data), keeps logs beside the data.
func LogDir(dataOverride string) (string, error) {
	if dataOverride != "" {
		return filepath.Join(dataOverride, "logs"), nil
	}
	home, err := os.UserHomeDir()
	switch runtime.GOOS {
	case "darwin":
		if err != nil {
			return "", err
		}
		return filepath.Join(home, "Library", "Logs", "rentwatch"), nil
	case "windows":
		data, err := DataDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(data, "logs"), nil
	default:
		base := os.Getenv("XDG_STATE_HOME")
		if base == "" {
			if err != nil {
				return "", err
			}
			base = filepath.Join(home, ".local", "state")
		}
		return filepath.Join(base, "rentwatch"), nil
	}
}
