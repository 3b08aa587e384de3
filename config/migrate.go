package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"
)

// migration brings a parsed file up to version target. renames maps the old
// layout's key paths to the new ones, so a problem found after migrating can
// still point at the line the user wrote.
type migration struct {
	target  int
	fn      func(map[string]any) error
	renames map[string]string
}

// migrations run in order; each one whose target is above the file's
// version runs. Add a row for every change of layout and bump CurrentVersion.
var migrations = []migration{
	{target: 1, fn: migrate0to1, renames: map[string]string{
		"interval_seconds": "interval",
		"searches":         "search",
	}},
}

// v0Marks are keys only a version-0 file has; one of them and no version
// key means the file is version 0.
var v0Marks = []string{"interval_seconds", "searches"}

// migrate0to1 handles the first layout, which counted the interval in whole
// seconds (interval_seconds = 30) and named the search tables [[searches]].
func migrate0to1(m map[string]any) error {
	if v, ok := m["interval_seconds"]; ok {
		n, isInt := v.(int64)
		if !isInt {
			return fmt.Errorf("interval_seconds: %s is not a whole number of seconds", show(v))
		}
		if _, both := m["interval"]; both {
			return errors.New("both interval_seconds and interval are set; keep one")
		}
		m["interval"] = (time.Duration(n) * time.Second).String()
		delete(m, "interval_seconds")
	}
	if v, ok := m["searches"]; ok {
		if _, both := m["search"]; both {
			return errors.New("both [[searches]] and [[search]] tables are present; keep one")
		}
		m["search"] = v
		delete(m, "searches")
	}
	return nil
}

// migrate upgrades a parsed file of version from, and only when the result
// is valid archives the original and rewrites the file. A file that cannot
// be upgraded cleanly is reported and left exactly as it is.
func migrate(path string, data []byte, m map[string]any, from int) (Settings, error) {
	lines := indexLines(string(data))
	for _, mg := range migrations {
		if mg.target <= from || mg.target > CurrentVersion {
			continue
		}
		for old, renamed := range mg.renames {
			lines.alias(old, renamed)
		}
		if err := mg.fn(m); err != nil {
			return Settings{}, &Error{Path: path, Problems: []Problem{{Message: fmt.Sprintf(
				"cannot bring this version-%d file up to version %d: %v", from, mg.target, err)}}}
		}
	}
	m["version"] = int64(CurrentVersion)
	var ps problems
	s := decodeMap(m, &ps)
	s.validate(&ps)
	if err := ps.err(path, lines); err != nil {
		e := err.(*Error)
		note := Problem{Message: fmt.Sprintf(
			"this version-%d file was not upgraded to version %d because of the problems below; it is left as it is",
			from, CurrentVersion)}
		e.Problems = append([]Problem{note}, e.Problems...)
		return Settings{}, e
	}
	if _, err := archive(path, data, from); err != nil {
		return Settings{}, err
	}
	if err := Save(path, s); err != nil {
		return Settings{}, fmt.Errorf("rewrite migrated settings: %w", err)
	}
	return s, nil
}

// archive keeps the old file as path.vN.bak (path.vN.1.bak, ... if that is
// taken: an earlier archive is never overwritten) and returns its name.
func archive(path string, data []byte, version int) (string, error) {
	for i := 0; i < 100; i++ {
		name := fmt.Sprintf("%s.v%d.bak", path, version)
		if i > 0 {
			name = fmt.Sprintf("%s.v%d.%d.bak", path, version, i)
		}
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("archive old settings: %w", err)
		}
		_, werr := f.Write(data)
		serr := f.Sync()
		cerr := f.Close()
		if err := errors.Join(werr, serr, cerr); err != nil {
			return "", fmt.Errorf("archive old settings: %w", err)
		}
		return name, nil
	}
	return "", fmt.Errorf("archive old settings: too many archives beside %s", path)
}

// alias makes the lines of keys under old findable under renamed too.
func (ix *lineIndex) alias(old, renamed string) {
	add := map[string]int{} // collected first: never add to a map being ranged over
	for k, n := range ix.at {
		if k == old || strings.HasPrefix(k, old+".") || strings.HasPrefix(k, old+"[") {
			add[renamed+k[len(old):]] = n
		}
	}
	for k, n := range add {
		ix.set(k, n)
	}
}
