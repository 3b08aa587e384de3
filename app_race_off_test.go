//go:build !race

package main

const appRaceEnabled = false
