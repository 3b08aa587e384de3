package config

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// ErrNewerVersion is matched (errors.Is) by the error Load returns for a
// file written by a newer rentwatch. Such a file is never rewritten.
var ErrNewerVersion = errors.New("settings file is from a newer rentwatch")

// Problem is one thing wrong with the settings file.
type Problem struct {
	// Line is the 1-based line in the file the problem is on; 0 when it is
	// about the file as a whole or the line could not be found.
	Line int
	// Field names the setting in the file's own terms: "interval",
	// "email.port", "search[2].url" (searches count from 1, in file order).
	// Empty when the problem is not about one known setting (an unknown key,
	// a syntax error, too many searches).
	Field string
	// Message says what is wrong, in words for the user.
	Message string
}

// String renders the problem without the file name: "search[2].url: ...".
func (p Problem) String() string {
	if p.Field == "" {
		return p.Message
	}
	return p.Field + ": " + p.Message
}

// Error is everything wrong with one settings file, all at once, so the user
// can fix the file in one go. The tray shows Problems one per row.
type Error struct {
	Path     string // the settings file; may be empty (settings not from a file)
	Problems []Problem
	newer    bool // the file is from a newer rentwatch (errors.Is ErrNewerVersion)
}

// Error renders one problem per line, each with its line in words:
// "line 12: search[2].url: "ftp://x" is not an http or https URL". The
// file's name is the caller's to say ("Settings file: ..."); a line number
// after a colon ("config.toml:12:") is a programmer's shorthand.
func (e *Error) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.prefix(p))
		b.WriteString(p.String())
	}
	return b.String()
}

func (e *Error) prefix(p Problem) string {
	if e.Path == "" || p.Line <= 0 {
		return ""
	}
	return fmt.Sprintf("line %d: ", p.Line)
}

// Is lets errors.Is(err, ErrNewerVersion) pick out a too-new file.
func (e *Error) Is(target error) bool {
	return target == ErrNewerVersion && e.newer
}

// problems collects Problems while a file is read, remembering which fields
// already have one so a later check does not pile a second, derived
// complaint on the same field.
type problems struct {
	list []finding
	bad  map[string]bool
	more int // found beyond maxProblems, counted only
}

// maxProblems is the most problems one file is told of: a file with
// thousands (another file saved in the settings' place) would otherwise
// make a message of megabytes and a tray menu of thousands of rows.
const maxProblems = 20

// finding is a Problem before its line is known; key is the path the line
// index is searched for (the Field, or the unknown key's own path).
type finding struct {
	Problem
	key string
}

func (ps *problems) add(field, format string, args ...any) {
	ps.addAt(field, field, format, args...)
}

// addAt records a problem whose line is found under key rather than under
// its Field (an unknown key has no Field, but it has a place in the file).
func (ps *problems) addAt(key, field, format string, args ...any) {
	if ps.bad == nil {
		ps.bad = map[string]bool{}
	}
	ps.bad[field] = true
	if ps.full() {
		ps.more++
		return
	}
	p := Problem{Field: field, Message: fmt.Sprintf(format, args...)}
	ps.list = append(ps.list, finding{Problem: p, key: key})
}

// full says whether maxProblems have been found: later ones are counted,
// not worded.
func (ps *problems) full() bool { return len(ps.list) >= maxProblems }

// has reports whether field already has a problem, so a check that would
// only repeat it in other words ("empty" after "not text") can stay quiet.
func (ps *problems) has(field string) bool { return ps.bad[field] }

// err returns nil when nothing was found, else an *Error with each
// problem's line looked up in lines (nil lines: no line numbers).
func (ps *problems) err(path string, lines *lineIndex) error {
	if len(ps.list) == 0 {
		return nil
	}
	e := &Error{Path: path}
	for _, f := range ps.list {
		p := f.Problem
		if lines != nil && p.Line == 0 {
			p.Line = lines.find(f.key)
		}
		e.Problems = append(e.Problems, p)
	}
	// In file order, as the user reads it; problems about the whole file
	// (line 0) first.
	sort.SliceStable(e.Problems, func(i, j int) bool { return e.Problems[i].Line < e.Problems[j].Line })
	if ps.more > 0 {
		e.Problems = append(e.Problems, Problem{Message: fmt.Sprintf("and %d more problems: fix these first, or start again from a new settings file", ps.more)})
	}
	return e
}
