package app

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/gofrs/flock"
)

// The single-instance lock: one rentwatch runs on a data folder, and the
// one that runs holds this file locked. Every command asks it here: run
// takes it, check and reply use the watcher's browser profile only when
// they can take it, open asks the window only while it is held.
const lockFile = "rentwatch.lock"

// ErrRunning is Lock's error when a rentwatch already runs on the folder.
var ErrRunning = errors.New("rentwatch is already running")

// Lock takes the single-instance lock of the data folder data, making the
// folder (private) when missing. unlock releases it. When it is taken
// already (or cannot be taken), the error is ErrRunning.
func Lock(data string) (unlock func(), err error) {
	if err := os.MkdirAll(data, 0o700); err != nil {
		return nil, fmt.Errorf("data folder: %w", err)
	}
	l := flock.New(filepath.Join(data, lockFile))
	if ok, err := l.TryLock(); err != nil || !ok {
		return nil, fmt.Errorf("%w (data folder %s)", ErrRunning, data)
	}
	return func() { l.Unlock() }, nil
}

// Running says whether a rentwatch runs on the data folder data: whether
// another holds its lock. It makes nothing: no folder, no running app.
func Running(data string) bool {
	l := flock.New(filepath.Join(data, lockFile))
	ok, err := l.TryLock()
	if ok {
		l.Unlock()
	}
	return err == nil && !ok
}
