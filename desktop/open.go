// Package desktop starts the user's own programs — the default browser, the
// program for a file — without ever waiting on them, and gives every
// program rentwatch starts an environment without rentwatch's secrets.
package desktop

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
)

// Opening a page or a file never waits for the program that opens it. On a
// desktop whose xdg-open does not know it (i3, Openbox, a bare startx: no
// XDG_CURRENT_DESKTOP), xdg-open runs the browser itself and returns only
// when the user closes it: whoever waited for it would wait for hours (the
// app's first start watched nothing until the browser closed). So the
// opener is started, and waited for on a goroutine of its own, which reaps
// it and hands its end to the caller.

// ErrNoOpener is matched by the error of OpenURL and OpenFile when this
// computer has no program to open things with.
var ErrNoOpener = errors.New("no program to open it with was found")

// OpenURL starts the user's default browser on pageURL and returns as soon
// as the opener runs: nil, or an error in plain words when it could not
// start. ended, when not nil, is called once, on a goroutine of its own,
// when the opener exits: nil when it ended well, or what went wrong, in
// words that follow "… did not open: ". The
// caller checks pageURL: anything handed to the OS opener may run a
// program (byhand.OpenDefault lets through http and https only).
func OpenURL(pageURL string, ended func(error)) error {
	cmd, err := opener(pageURL)
	if err != nil {
		return err
	}
	return start(cmd, ended)
}

// OpenFile starts the user's own program for the file at path (a text
// editor, a viewer), as OpenURL does.
func OpenFile(path string, ended func(error)) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	cmd, err := opener(abs)
	if err != nil {
		return err
	}
	return start(cmd, ended)
}

// Command is exec.Command with the environment every child of rentwatch
// gets (Environ): use it for any program rentwatch starts.
func Command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Env = Environ()
	return cmd
}

// start runs cmd without waiting for it. It gets none of our output
// streams (its own go nowhere): the browser it starts would inherit them,
// and whoever reads ours to their end (a script running `rentwatch open`,
// a service manager) would wait for the browser to close.
func start(cmd *exec.Cmd, ended func(error)) error {
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, nil, nil
	detach(cmd)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s could not be started: %w", filepath.Base(cmd.Path), err)
	}
	go func() {
		err := cmd.Wait()
		if err != nil {
			err = failure(filepath.Base(cmd.Path), err)
		}
		if ended != nil {
			ended(err)
		}
	}()
	return nil
}

// failure says in words how the opener named name failed: xdg-open's exit
// codes have meanings of their own.
func failure(name string, err error) error {
	var exit *exec.ExitError
	if errors.As(err, &exit) && name == "xdg-open" {
		switch exit.ExitCode() {
		case 3:
			return fmt.Errorf("no program on this computer is set up to open it (xdg-open found none: %w)", err)
		case 4:
			return fmt.Errorf("the program set up to open it failed (xdg-open: %w)", err)
		}
	}
	return fmt.Errorf("%s ended with %w", name, err)
}
