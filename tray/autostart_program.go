package tray

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// errTemporaryBuild is the refusal to start at login a program that will
// not be there at the next login: `go run` (and so `make run`) builds
// rentwatch into a temporary folder or the go command's build cache, and
// that copy goes once it quits or the cache is cleaned.
var errTemporaryBuild = errors.New("start at login: this rentwatch is a temporary copy that `go run` (or `make run`) made, " +
	"gone once it quits, and no installed rentwatch was found to start instead: install it with `go install .` in its " +
	"folder (or `make install`), start that one, and turn this on again")

// loginProgram is the program to start at login for exe, already
// absolute: exe itself, or, when exe is a temporary build, an installed
// rentwatch found where the go command installs programs or on the PATH.
// With none, it refuses (errTemporaryBuild): a login item pointing at a
// copy that is gone starts nothing, and the user would never know why.
func loginProgram(exe string, getenv func(string) string) (string, error) {
	if !temporaryBuild(exe, getenv) {
		return exe, nil
	}
	for _, c := range installedCandidates(getenv) {
		if c == "" || !filepath.IsAbs(c) || temporaryBuild(c, getenv) {
			continue
		}
		if real, err := filepath.EvalSymlinks(c); err == nil {
			c = real
		}
		if fi, err := os.Stat(c); err == nil && fi.Mode().IsRegular() && (runtime.GOOS == "windows" || fi.Mode().Perm()&0o111 != 0) {
			return c, nil
		}
	}
	return "", errTemporaryBuild
}

// temporaryBuild reports whether exe is a program the go command built
// only to run it: under a "go-build…" folder (its temporary work folder,
// and the default build cache, ~/.cache/go-build), under GOTMPDIR, or
// under GOCACHE.
func temporaryBuild(exe string, getenv func(string) string) bool {
	for _, part := range strings.Split(filepath.ToSlash(filepath.Clean(exe)), "/") {
		if strings.HasPrefix(part, "go-build") {
			return true
		}
	}
	for _, dir := range []string{getenv("GOTMPDIR"), getenv("GOCACHE")} {
		if dir != "" && filepath.IsAbs(dir) && within(exe, dir) {
			return true
		}
	}
	return false
}

// within reports whether path is inside dir.
func within(path, dir string) bool {
	rel, err := filepath.Rel(filepath.Clean(dir), filepath.Clean(path))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && rel != "."
}

// installedCandidates are where an installed rentwatch may be, in order:
// on the PATH, then where `go install` puts it (GOBIN, else the first
// GOPATH's bin, else ~/go/bin).
func installedCandidates(getenv func(string) string) []string {
	name := "rentwatch"
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	var out []string
	if p, err := exec.LookPath(name); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			out = append(out, abs)
		}
	}
	if bin := getenv("GOBIN"); bin != "" {
		out = append(out, filepath.Join(bin, name))
	}
	if gopath := filepath.SplitList(getenv("GOPATH")); len(gopath) > 0 && gopath[0] != "" {
		out = append(out, filepath.Join(gopath[0], "bin", name))
	} else if home := getenv("HOME"); home != "" {
		out = append(out, filepath.Join(home, "go", "bin", name))
	}
	return out
}
