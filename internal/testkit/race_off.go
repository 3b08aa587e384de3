//go:build !race

package testkit

// RaceEnabled says whether the tests run with -race (race_on.go says why
// the real app then is not run).
const RaceEnabled = false
