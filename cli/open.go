package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"rentwatch/app"
	"rentwatch/pages/byhand"
	"rentwatch/window"
)

// openDeadline bounds the question to the running app: it answers on
// loopback in milliseconds, or it is not there.
const openDeadline = 20 * time.Second

// cmdOpen opens the running app's window in the default browser with a
// one-time address, or with --print prints a fresh one. Neither ever
// holds the API key: a command line is readable by every user of the
// computer, and a browser keeps what it opened in its history.
func cmdOpen(g globals, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("open", &g, stderr)
	print := fs.Bool("print", false, "print a one-time address of the window (good for a minute) instead of opening it")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "rentwatch open: unexpected argument %q (it takes only --print)\n", rest[0])
		return 2
	}
	data, err := runDataDir(g)
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch open: %v\n", err)
		return 1
	}
	link, err := runningWindow(data)
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch open: %v\n", err)
		if errors.Is(err, window.ErrNotRunning) {
			fmt.Fprintln(stderr, "Start it first (run `rentwatch`, or pick rentwatch in your applications menu); its window opens from the tray, or with `rentwatch open`.")
		}
		return 1
	}
	if *print {
		fmt.Fprintln(stdout, link)
		return 0
	}
	err = app.StartAndSee(func(ended func(error)) error { return byhand.OpenDefault(link, ended) }, nil) // http and https only
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch open: the browser did not open: %v; `rentwatch open --print` gives an address to paste into a browser\n", err)
		return 1
	}
	return 0
}

// runningWindow is a one-time address of the window when rentwatch runs on
// data. The single-instance lock answers first: while rentwatch is not
// running, whatever listens on the port in window.url now is not asked
// anything (and is not sent the key).
func runningWindow(data string) (string, error) {
	if !app.Running(data) {
		return "", fmt.Errorf("%w (data folder %s)", window.ErrNotRunning, data)
	}
	ctx, cancel := context.WithTimeout(context.Background(), openDeadline)
	defer cancel()
	addr, err := window.Find(ctx, data)
	if err != nil {
		return "", err
	}
	return window.Link(ctx, addr, "/")
}
