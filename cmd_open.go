package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"

	"rentwatch/pages"
	"rentwatch/window"
)

// openDeadline bounds the question to the running app: it answers on
// loopback in milliseconds, or it is not there.
const openDeadline = 20 * time.Second

// cmdOpen opens the running app's window in the default browser, or with
// --print prints its address (with the token: treat it as a password).
func cmdOpen(g globals, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("open", &g, stderr)
	print := fs.Bool("print", false, "print the window's address instead of opening it")
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
	addr, err := runningWindow(data)
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch open: %v\n", err)
		if errors.Is(err, window.ErrNotRunning) {
			fmt.Fprintln(stderr, "Start it first (run `rentwatch`, or pick rentwatch in your applications menu); its window opens from the tray, or with `rentwatch open`.")
		}
		return 1
	}
	if *print {
		fmt.Fprintln(stdout, addr)
		return 0
	}
	if err := pages.OpenDefault(addr); err != nil { // http and https only
		fmt.Fprintf(stderr, "rentwatch open: the default browser did not open (%v); `rentwatch open --print` gives the address to paste into one\n", err)
		return 1
	}
	return 0
}

// runningWindow is the window's address when rentwatch runs on data. The
// single-instance lock answers first: while rentwatch is not running,
// whatever listens on the port in window.url now is not asked anything
// (and is not sent the token).
func runningWindow(data string) (string, error) {
	lock := flock.New(filepath.Join(data, "rentwatch.lock"))
	if ok, err := lock.TryLock(); err != nil || ok {
		if ok {
			lock.Unlock()
		}
		return "", fmt.Errorf("%w (data folder %s)", window.ErrNotRunning, data)
	}
	ctx, cancel := context.WithTimeout(context.Background(), openDeadline)
	defer cancel()
	return window.Find(ctx, data)
}
