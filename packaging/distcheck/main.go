// Command distcheck checks the installers in a dist folder (see package
// rentwatch/packaging): `go run ./packaging/distcheck [-version V] dist`.
// It prints one line per artefact and exits 1 if anything is wrong.
package main

import (
	"flag"
	"fmt"
	"os"

	"rentwatch/packaging"
)

func main() {
	version := flag.String("version", "", "the version every artefact must carry")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: distcheck [-version V] DIST")
		os.Exit(2)
	}
	results, err := packaging.CheckDist(flag.Arg(0), *version)
	if err != nil {
		fmt.Fprintln(os.Stderr, "distcheck:", err)
		os.Exit(1)
	}
	failed := false
	for _, r := range results {
		if len(r.Problems) == 0 {
			fmt.Printf("ok   %s\n", r.Artefact)
			continue
		}
		failed = true
		for _, p := range r.Problems {
			fmt.Printf("FAIL %s: %s\n", r.Artefact, p)
		}
	}
	if failed {
		os.Exit(1)
	}
}
