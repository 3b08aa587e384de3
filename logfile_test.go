package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
