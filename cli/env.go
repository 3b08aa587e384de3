package cli

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"rentwatch/app"
	"rentwatch/config"
)

// The environment every command shares: where the settings, the data and
// the logs are (the global flags, else the environment, else the
// platform's defaults), the settings as read (settings.go) and the
// single-instance lock (app.Lock).

// paths are the settings file, the data folder and the log folder.
func (g globals) paths() (settings, data, logs string, err error) {
	if settings, err = settingsPath(g); err != nil {
		return "", "", "", err
	}
	if data, err = runDataDir(g); err != nil {
		return "", "", "", err
	}
	if logs, err = config.LogDir(g.data); err != nil {
		return "", "", "", err
	}
	return settings, data, logs, nil
}

func settingsPath(g globals) (string, error) {
	if g.config != "" {
		return g.config, nil
	}
	return config.DefaultPath()
}

func runDataDir(g globals) (string, error) {
	if g.data != "" {
		return g.data, nil
	}
	return config.DataDir()
}

// watcherProfile is the browser profile a one-off command (check, reply)
// should use: the watcher's own, with the cookies the user earned by hand,
// unless the watcher is running and holds it (two Chromes cannot share a
// profile); then none (a fresh temporary one), and the user is told.
// Call release when done.
func watcherProfile(g globals, cmd string, stderr io.Writer) (profile string, release func(), err error) {
	data, err := runDataDir(g)
	if err != nil {
		return "", nil, err
	}
	unlock, err := app.Lock(data)
	switch {
	case errors.Is(err, app.ErrRunning):
		fmt.Fprintf(stderr, "rentwatch %s: rentwatch is running and has the browser profile; using a fresh one (no cookies)\n", cmd)
		return "", func() {}, nil
	case err != nil:
		return "", nil, err
	}
	return filepath.Join(data, "chrome-profile"), unlock, nil
}
