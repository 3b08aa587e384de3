package config

import (
	"bytes"
	"fmt"
	"io"
	"os"
)

// MaxFileSize is the largest settings file rentwatch reads: a file of
// fifteen searches with every comment is a few kilobytes, and anything
// bigger is another file saved in its place. Only this much is ever read.
const MaxFileSize = 1 << 20

// MaxNesting is how deep a settings file may nest lists ([ ]), inline
// tables ({ }) and dotted names (a.b.c) within one line of settings. The
// settings themselves go three deep at most (search = [{ require = [...] }]).
// The TOML reader's time and memory grow with the square of the depth:
// a file nested 20,000 deep took it minutes and gigabytes.
const MaxNesting = 8

// MaxLevels is how many levels (MaxNesting) a settings file may open in
// all: every list, { } table and dot of a name counts one. Settings use a
// few dozen. Within a megabyte, the TOML reader spends ~5 KB for each
// one: a megabyte of dotted names took it seconds and 270 MB.
const MaxLevels = 2000

// readFile is os.ReadFile that never reads more than MaxFileSize+1 bytes:
// a device or a huge file saved in the settings' place costs a megabyte,
// and load says the file is too big.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, MaxFileSize+1))
}

// shapeProblem says what is wrong with a file too big or too deeply
// nested to be handed to the TOML reader, naming the line where it goes
// past the limit; nil when the file may be read.
func shapeProblem(path string, data []byte) error {
	if len(data) > MaxFileSize {
		line := bytes.Count(data[:MaxFileSize], []byte("\n")) + 1
		return &Error{Path: path, Problems: []Problem{{Line: line, Message: fmt.Sprintf(
			"the file goes on past 1 MB here; rentwatch's settings take a few kilobytes, so this is not read. "+
				"Was another file saved over the settings? Keep the settings only (at most %d KB)", MaxFileSize>>10)}}}
	}
	line, deep := nesting(data, MaxNesting, MaxLevels)
	switch {
	case line > 0 && deep:
		return &Error{Path: path, Problems: []Problem{{Line: line, Message: fmt.Sprintf(
			"this line nests lists, { } tables or dotted names more than %d deep, so it is not read; "+
				"settings never go more than 3 deep. Was another file saved over the settings?", MaxNesting)}}}
	case line > 0:
		return &Error{Path: path, Problems: []Problem{{Line: line, Message: fmt.Sprintf(
			"by this line the file has more than %d lists, { } tables and dotted names, so it is not read; "+
				"settings have a few dozen. Was another file saved over the settings?", MaxLevels)}}}
	}
	return nil
}

// nesting returns the line (from 1) on which src first nests deeper than
// limit (deep), or has opened more than budget levels in all; 0 when it
// does neither. It scans as TOML is written, without parsing it: brackets
// and braces in values each open a level, and so does every dot of a key
// (a.b.c = 1 is three tables deep), in a [table] header too; text in
// quotes and comments is skipped. A file that is not TOML still gets an
// answer, and the TOML reader then says what is wrong with it.
func nesting(src []byte, limit, budget int) (line int, deep bool) {
	type frame struct {
		table bool // { }; else [ ]
		keys  int  // the levels its own key added, given back when it closes
	}
	var (
		stack   []frame
		base    int // levels the open frames add: one each, plus their keys
		dots    int // dots in the key being read
		pending int // the levels of the key whose value is being read
		opened  int // levels opened so far, in all
		inKey   = true
	)
	line = 1
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			line++
			if len(stack) == 0 {
				inKey, dots, pending = true, 0, 0
			}
		case c == '#':
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case c == '"' || c == '\'':
			var lines int
			i, lines = skipString(src, i)
			line += lines
		case (c == ']' || c == '}') && len(stack) > 0:
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			base -= 1 + top.keys
			inKey = false // what follows belongs to the value that closed
		case inKey && c == '.':
			dots++
			if opened++; base+dots+1 > limit || opened > budget {
				return line, base+dots+1 > limit
			}
		case inKey && c == '=':
			inKey, pending = false, dots
		case inKey:
			// a key's own letters, or a [table] header's brackets
		case c == '[' || c == '{':
			stack = append(stack, frame{table: c == '{', keys: pending})
			base += 1 + pending
			if opened++; base+1 > limit || opened > budget {
				return line, base+1 > limit
			}
			pending = 0
			if c == '{' {
				inKey, dots = true, 0
			}
		case c == ',' && len(stack) > 0 && stack[len(stack)-1].table:
			inKey, dots = true, 0
		}
	}
	return 0, false
}

// skipString returns the index of the last byte of the string that opens
// at src[i] (in double or single quotes, on one line or opened with three
// quotes) and how many line breaks it holds.
// An unclosed one-line string ends at its line's end.
func skipString[T string | []byte](src T, i int) (end, lines int) {
	q := src[i]
	if i+2 < len(src) && src[i+1] == q && src[i+2] == q {
		return skipMultiline(src, i+3, q)
	}
	for i++; i < len(src); i++ {
		switch {
		case src[i] == '\n':
			return i - 1, 0 // the line break is the caller's to count
		case src[i] == '\\' && q == '"':
			if i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case src[i] == q:
			return i, 0
		}
	}
	return len(src) - 1, 0
}

// skipMultiline is skipString for a string opened with three quotes q,
// its content starting at src[i].
func skipMultiline[T string | []byte](src T, i int, q byte) (end, lines int) {
	for ; i < len(src); i++ {
		switch {
		case src[i] == '\n':
			lines++
		case src[i] == '\\' && q == '"':
			i++
			if i < len(src) && src[i] == '\n' {
				lines++
			}
		case src[i] == q && i+2 < len(src) && src[i+1] == q && src[i+2] == q:
			// """"" closes with up to two quotes of content before it
			for i+3 < len(src) && src[i+3] == q {
				i++
			}
			return i + 2, lines
		}
	}
	return len(src) - 1, lines
}
