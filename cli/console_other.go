//go:build !windows

package cli

// attachConsole is needed only on Windows (console_windows.go).
func attachConsole() {}
