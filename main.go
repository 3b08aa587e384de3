// Command rentwatch watches rental search pages from the user's own machine
// and tells them the moment a new listing appears, without getting them banned
// and without ever losing a listing.
//
// main only wires: the commands are package cli, the running app (`rentwatch
// run`, or no command) is package app.
package main

import (
	"os"

	"rentwatch/cli"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

func main() {
	os.Exit(cli.Main(version))
}
