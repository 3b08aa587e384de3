package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"rentwatch/blocks"
)

// runLadderChecks is blocks.RunChecks; a test swaps it to see a FAIL
// turn into exit status 1.
var runLadderChecks = blocks.RunChecks

// cmdLadders prints the backoff ladders and runs the policy's checks
// against the real code: exit 1 if any check fails, 2 on a bad command line.
func cmdLadders(g globals, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("ladders", &g, stderr)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "rentwatch ladders: unexpected argument %q (it takes none)\n", fs.Arg(0))
		return 2
	}
	results := runLadderChecks()
	fmt.Fprint(stdout, blocks.Report(results))
	if !blocks.AllOK(results) {
		fmt.Fprintln(stderr, "rentwatch ladders: some checks failed")
		return 1
	}
	return 0
}
