//go:build windows

package tray

import (
	"errors"
	"fmt"

	"golang.org/x/sys/windows/registry"
)

// AutostartEnabled reports whether rentwatch starts at login: here, whether
// the current user's Run key has a rentwatch value.
func AutostartEnabled() bool {
	k, err := registry.OpenKey(registry.CURRENT_USER, runKeyPath, registry.QUERY_VALUE)
	if err != nil {
		return false
	}
	defer k.Close()
	v, _, err := k.GetStringValue(runValueName)
	return err == nil && v != ""
}

// SetAutostart makes Windows start exe (this program when "") at login, or
// stops it, through HKCU\Software\Microsoft\Windows\CurrentVersion\Run.
func SetAutostart(on bool, exe string) error {
	k, _, err := registry.CreateKey(registry.CURRENT_USER, runKeyPath, registry.QUERY_VALUE|registry.SET_VALUE)
	if err != nil {
		return fmt.Errorf("start at login: open the Run key: %w", err)
	}
	defer k.Close()
	if !on {
		if err := k.DeleteValue(runValueName); err != nil && !errors.Is(err, registry.ErrNotExist) {
			return fmt.Errorf("start at login: %w", err)
		}
		return nil
	}
	exe, err = resolveExe(exe)
	if err != nil {
		return err
	}
	v, err := runValue(exe)
	if err != nil {
		return err
	}
	if err := k.SetStringValue(runValueName, v); err != nil {
		return fmt.Errorf("start at login: %w", err)
	}
	return nil
}
