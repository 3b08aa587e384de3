package config

import (
	"fmt"

	"github.com/BurntSushi/toml"
)

// Load reads the settings file at path, migrates it if it is from an older
// rentwatch, fills defaults and validates it.
//
// A missing file gives an error matching errors.Is(err, fs.ErrNotExist): the
// caller decides whether to CreateDefault. A bad file gives an *Error listing
// every problem with its line and field (at most 20 of them, and how many
// more). A file over MaxFileSize, or nested past MaxNesting or MaxLevels,
// is refused before it is parsed, and no more than MaxFileSize of it is
// ever read. A file from a newer rentwatch gives
// an *Error matching ErrNewerVersion and is left untouched. An older file is
// archived beside itself (config.toml.v0.bak) and rewritten in the current
// layout before Load returns; nothing else is ever written.
func Load(path string) (Settings, error) {
	data, err := readFile(path)
	if err != nil {
		return Settings{}, fmt.Errorf("read settings: %w", err)
	}
	return load(path, data)
}

// load is Load on bytes already read (the Owner reads them itself, to know
// exactly which content it judged).
func load(path string, data []byte) (Settings, error) {
	if err := shapeProblem(path, data); err != nil {
		return Settings{}, err // the TOML reader is not safe on it
	}
	var m map[string]any
	if _, err := toml.Decode(string(data), &m); err != nil {
		return Settings{}, syntaxError(path, string(data), err)
	}
	lines := indexLines(string(data))
	version, err := fileVersion(m)
	if err != nil {
		var ps problems
		ps.add("version", "%v", err)
		return Settings{}, ps.err(path, lines)
	}
	switch {
	case version > CurrentVersion:
		var ps problems
		ps.add("version", "%d is newer than this rentwatch understands (%d); update rentwatch (the file is left as it is)",
			version, CurrentVersion)
		e := ps.err(path, lines).(*Error)
		e.newer = true
		return Settings{}, e
	case version < CurrentVersion:
		return migrate(path, data, m, version)
	}
	var ps problems
	s := decodeMap(m, &ps)
	s.validate(&ps)
	if err := ps.err(path, lines); err != nil {
		return Settings{}, err
	}
	return s, nil
}

// fileVersion reads the version key. A file without one is version 0 if it
// uses the version-0 keys, else it is taken as current: a hand-written file
// that simply left the line out is read, not migrated and rewritten.
func fileVersion(m map[string]any) (int, error) {
	v, ok := m["version"]
	if !ok {
		for _, k := range v0Marks {
			if _, old := m[k]; old {
				return 0, nil
			}
		}
		return CurrentVersion, nil
	}
	n, ok := v.(int64)
	if !ok {
		return 0, fmt.Errorf("%s is not a whole number", show(v))
	}
	if n < 0 {
		return 0, fmt.Errorf("%d is not a settings version", n)
	}
	return int(min(n, 1<<30)), nil
}
