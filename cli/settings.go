package cli

import (
	"errors"
	"fmt"
	"io/fs"

	"rentwatch/config"
)

// readSettings is how every command but run reads the settings file (run
// has the file's owner, config.Open): the file named by --config /
// RENTWATCH_CONFIG or the default one, its path for messages, and whether
// it was created just now. A missing file is created with comments when
// create is set, else it is an error saying how to get one. A bad file's
// error names the file and then each problem with its line and field.
func readSettings(g globals, create bool) (path string, s config.Settings, created bool, err error) {
	if path, err = settingsPath(g); err != nil {
		return "", config.Settings{}, false, err
	}
	s, err = config.Load(path)
	if errors.Is(err, fs.ErrNotExist) {
		if !create {
			return path, s, false, fmt.Errorf("no settings file at %s yet: start rentwatch once to create it, "+
				"or add a search with `rentwatch searches add URL`", path)
		}
		s, err = config.CreateDefault(path)
		created = err == nil
	}
	return path, s, created, inFile(path, err)
}

// inFile names the settings file in front of its problems, which name
// only their lines.
func inFile(path string, err error) error {
	var bad *config.Error
	if errors.As(err, &bad) {
		return fmt.Errorf("the settings file %s has a problem; fix it and try again:\n%w", path, err)
	}
	return err
}
