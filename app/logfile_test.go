package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLogFileRotates(t *testing.T) {
	dir := t.TempDir()
	l, err := openLogFile(dir)
	if err != nil {
		t.Fatal(err)
	}
	l.maxSize = 100
	line := strings.Repeat("x", 39) + "\n"
	for range 20 { // 800 bytes: eight files' worth, three kept
		if _, err := l.Write([]byte(line)); err != nil {
			t.Fatal(err)
		}
	}
	l.Close()
	for _, name := range []string{"rentwatch.log", "rentwatch.log.1", "rentwatch.log.2", "rentwatch.log.3"} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if st.Size() > 100 {
			t.Errorf("%s is %d bytes, over the 100-byte limit", name, st.Size())
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "rentwatch.log.4")); !os.IsNotExist(err) {
		t.Errorf("a fourth old log was kept: %v", err)
	}
}

// TestLogFileCutsALineLongerThanTheLimit: one write of 6 MB (a page quoted
// whole in an error) does not make a 6 MB log: the line is cut, says so,
// and the files keep to the 5 MB rotation; the lines around it are whole.
func TestLogFileCutsALineLongerThanTheLimit(t *testing.T) {
	dir := t.TempDir()
	l, err := openLogFile(dir)
	if err != nil {
		t.Fatal(err)
	}
	huge := "level=WARN msg=\"load failed\" err=\"" + strings.Repeat("é<div>", 6<<20/7) + "\"\n"
	for i, line := range []string{"level=INFO msg=before\n", huge, "level=INFO msg=after\n"} {
		if n, err := l.Write([]byte(line)); err != nil || n != len(line) {
			t.Fatalf("write %d: %d, %v; want all %d bytes taken", i+1, n, err, len(line))
		}
	}
	l.Close()
	var all strings.Builder
	for _, name := range []string{"rentwatch.log.1", "rentwatch.log"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if len(b) > 5<<20 {
			t.Errorf("%s is %d bytes, over the 5 MB limit", name, len(b))
		}
		all.Write(b)
	}
	lines := strings.Split(strings.TrimSuffix(all.String(), "\n"), "\n")
	if len(lines) != 3 || lines[0] != "level=INFO msg=before" || lines[2] != "level=INFO msg=after" {
		t.Fatalf("the log holds %d lines, want before, the cut one, after: %.300q", len(lines), lines)
	}
	cut := lines[1]
	if !strings.HasPrefix(cut, huge[:1000]) || !strings.HasSuffix(cut, "… [line cut: it was 6.0 MB long; the rest is left out]") ||
		len(cut) > 64<<10 || !utf8.ValidString(cut) {
		t.Errorf("the long line was kept as %d bytes: %.100q … %q", len(cut), cut, cut[max(0, len(cut)-80):])
	}
}
