package packaging

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Result is the verdict on one artefact: no problems means it passed.
type Result struct {
	Artefact string
	Problems []string
}

// CheckDist checks every installer in dir. An empty dir is an error: a
// check that finds nothing to check must not pass.
func CheckDist(dir, version string) ([]Result, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var results []Result
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		var problems []string
		switch name := e.Name(); {
		case strings.HasSuffix(name, ".exe"):
			info, err := InspectPE(path)
			if err != nil {
				problems = []string{err.Error()}
			} else {
				problems = CheckPE(info, version)
			}
		case strings.HasSuffix(name, ".deb"):
			problems = CheckDeb(path, version)
		case strings.HasSuffix(name, ".app") && e.IsDir():
			problems = CheckBundle(path, version)
		default:
			continue
		}
		results = append(results, Result{Artefact: e.Name(), Problems: problems})
	}
	if len(results) == 0 {
		return nil, fmt.Errorf("%s holds no .exe, .deb or .app", dir)
	}
	sort.Slice(results, func(i, j int) bool { return results[i].Artefact < results[j].Artefact })
	return results, nil
}
