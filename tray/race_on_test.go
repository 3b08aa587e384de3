//go:build race

package tray

// raceEnabled: fyne.io/systray v1.12.2 races with itself (refresh against
// GetLayout), so the D-Bus test stays out of -race runs.
const raceEnabled = true
