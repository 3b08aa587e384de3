package cli

import (
	"fmt"
	"io"

	"rentwatch/app"
)

// cmdRun starts the app (package app) with the paths and flags of the
// command line.
func cmdRun(g globals, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("run", &g, stderr)
	noTray := fs.Bool("no-tray", false, "run without a tray icon (logs to stderr)")
	once := fs.Bool("once", false, "run one cycle, deliver its alerts, and exit")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "rentwatch run: unexpected argument %q\n", rest[0])
		return 2
	}
	o := app.Options{Chrome: g.chrome, Version: version, NoTray: *noTray, Once: *once}
	if o.Settings, o.Data, o.Logs, err = g.paths(); err != nil {
		return app.NotStarted(o, err, stderr)
	}
	return app.Run(o, stderr)
}
