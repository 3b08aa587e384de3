package config

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// A file too big or nested too deep is refused before the TOML reader
// sees it, naming the line where it goes past the limit; files that only
// look deep (brackets in quotes, comments, multi-line strings) are read.
func TestLoadRefusesHugeAndDeepFiles(t *testing.T) {
	deep := func(open, close string, n int) string {
		return strings.Repeat(open, n) + "1" + strings.Repeat(close, n)
	}
	dotted := func(n int) string { return strings.Repeat("a.", n-1) + "a" }
	search := "[[search]]\nname = \"West\"\nurl = \"https://kamernet.nl/huren/kamers-amsterdam\"\n"
	huge := "version = 1\n" + strings.Repeat("# a long comment line, again and again\n", MaxFileSize/39) + search
	hugeLine := strings.Count(huge[:MaxFileSize], "\n") + 1 // the line the megabyte ends on
	lists := func(n int) string {
		var b strings.Builder
		b.WriteString("version = 1\n")
		for i := range n {
			fmt.Fprintf(&b, "k%d = [1] # one\n", i)
		}
		return b.String()
	}
	tests := []struct {
		name, file string
		line       int    // 0: no problem with the file's shape
		says       string // in the problem
	}{
		{"one list too many", lists(MaxLevels + 1), MaxLevels + 2, "more than 2000 lists, { } tables and dotted names"},
		{"50,000 dotted names", "version = 1\n" + strings.Repeat("a.b.c.d.e.f.g = 1\n", 50000), 2 + MaxLevels/6, "more than 2000 lists"},
		{"as many lists as allowed", lists(MaxLevels), 0, ""},
		{"arrays 20,000 deep", "version = 1\n\nx = " + deep("[", "]", 20000) + "\n", 3, "more than 8 deep"},
		{"inline tables 20,000 deep", "version = 1\nx = " + deep("{a = ", "}", 20000) + "\n", 2, "more than 8 deep"},
		{"a dotted name 20,000 long", "version = 1\n# a comment\n" + dotted(20000) + " = 1\n", 3, "more than 8 deep"},
		{"a table header 20,000 long", "version = 1\n[" + dotted(20000) + "]\nb = 1\n", 2, "more than 8 deep"},
		{"arrays one too deep", "x = [\n  " + deep("[", "]", MaxNesting) + ",\n]\n", 2, "more than 8 deep"},
		{"a dotted name inside a table inside a list", "x = [{ " + dotted(MaxNesting-1) + " = 1 }]\n", 1, "more than 8 deep"},
		{"past 1 MB", huge, hugeLine, "past 1 MB"},

		{"arrays as deep as allowed", "x = " + deep("[", "]", MaxNesting-1) + "\n", 0, ""},
		{"brackets in quotes", search + "require = [\"[[[[[[[[[[[[[[[[[[[[[[[[\", '{{{{{{{{{{{{{{{{{{{{{{{{{{{{', \"\\\"[[[[[[[[[[[[[[[[[[[[[[\"]\n", 0, ""},
		{"brackets in comments and long strings", "# [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n[reply]\nmessage = \"\"\"\n{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{\na.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s = 1\n\"\"\"\nname = '''x.y\n[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['''\n", 0, ""},
		{"dots in values", "x = [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5, 16.5, 17.5]\n", 0, ""},
		{"many lists side by side", "x = [" + strings.Repeat("[1], {a = 1}, ", 100) + "]\n", 0, ""},
		{"the settings written inline", "search = [{ name = \"A\", url = \"https://a.example/\", require = [\"balcony\"] }]\nemail.to = \"a@b.example\"\n", 0, ""},
		{"exactly 1 MB", "version = 1\n" + strings.Repeat("#", MaxFileSize-len("version = 1\n\n")) + "\n", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(writeFile(t, tt.file))
			var e *Error
			shape := errors.As(err, &e) && (strings.Contains(err.Error(), "deep") || strings.Contains(err.Error(), "1 MB") ||
				strings.Contains(err.Error(), "lists, { } tables"))
			if tt.line == 0 {
				if shape {
					t.Fatalf("Load refused the file's shape: %v", err)
				}
				return
			}
			if !shape || len(e.Problems) != 1 {
				t.Fatalf("Load = %.300v; want one problem about the file's shape", err)
			}
			if p := e.Problems[0]; p.Line != tt.line || !strings.Contains(p.Message, tt.says) {
				t.Errorf("problem on line %d: %q; want line %d saying %q", p.Line, p.Message, tt.line, tt.says)
			}
		})
	}
}

// Only the first MaxFileSize+1 bytes of a settings file are ever read:
// a device in its place is refused, not read until memory runs out.
func TestLoadReadsAtMostAMegabyte(t *testing.T) {
	_, err := Load("/dev/zero")
	var e *Error
	if !errors.As(err, &e) || !strings.Contains(err.Error(), "past 1 MB") {
		t.Fatalf("Load(/dev/zero) = %.200v; want it refused as too big", err)
	}
}

// A search's name has at most MaxNameLength characters, in the file as
// anywhere else, and a long one is not quoted back whole.
func TestLoadRefusesLongNames(t *testing.T) {
	named := func(name string) string {
		return "version = 1\n\n[[search]]\nname = \"" + name + "\"\nurl = \"https://kamernet.nl/huren/kamers-amsterdam\"\n"
	}
	checkLoadErrors(t, []loadError{
		{"60,000 characters", named(strings.Repeat("x", 60000)),
			`line 4: search[1].name: "xxxxxxxxxxxxxxxxxxxx"… is 60000 characters long; a name has at most 100 (menus and alerts show it): shorten it`},
		{"101 characters", named(strings.Repeat("ü", 101)),
			`line 4: search[1].name: "üüüüüüüüüüüüüüüüüüüü"… is 101 characters long; a name has at most 100 (menus and alerts show it): shorten it`},
	})
	if _, err := Load(writeFile(t, named(strings.Repeat("ü", 100)))); err != nil {
		t.Errorf("a name of 100 characters: %v", err)
	}
}

// A file with thousands of mistakes is told of its first few, in file
// order, and how many more there are: not a message of megabytes.
func TestLoadTellsOfTwentyProblemsAtMost(t *testing.T) {
	var file strings.Builder
	file.WriteString("version = 1\n")
	for i := range 5000 {
		fmt.Fprintf(&file, "emial%d = 1\n", i)
	}
	_, err := Load(writeFile(t, file.String()))
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Load = %.200v; want an *Error", err)
	}
	if len(e.Problems) != maxProblems+1 || len(err.Error()) > 4000 {
		t.Fatalf("%d problems, %d bytes of message; want %d and a count of the rest", len(e.Problems), len(err.Error()), maxProblems+1)
	}
	if last := e.Problems[maxProblems]; last.Message != "and 4980 more problems: fix these first, or start again from a new settings file" {
		t.Errorf("the last problem says %q", last.Message)
	}
	for i, p := range e.Problems[:maxProblems] {
		if p.Line < 2 || i > 0 && p.Line < e.Problems[i-1].Line {
			t.Errorf("problem %d on line %d: %s", i+1, p.Line, p)
		}
	}
}
