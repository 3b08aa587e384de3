//go:build !race

package tray

const raceEnabled = false
