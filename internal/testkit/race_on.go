//go:build race

package testkit

// RaceEnabled: fyne.io/systray v1.12.2 races with itself (its menu
// refresh against GetLayout), so the tests of the real app on D-Bus stay
// out of -race runs; `make test` runs them without -race.
const RaceEnabled = true
