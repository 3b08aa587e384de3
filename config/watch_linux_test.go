//go:build linux

package config

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestOwnerReadsOnlyOnChange: on Linux, a settings file nobody edits is not
// read again, where polling would read it every `every`; an edit, in
// place or by rename, and one through a symlink to another folder, is
// read and put in force all the same.
func TestOwnerReadsOnlyOnChange(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	real := filepath.Join(elsewhere, "config.toml")
	path := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(real, []byte(settingsFile("30s", "")), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, path); err != nil {
		t.Fatal(err)
	}
	every := 20 * time.Millisecond
	tr := &trail{}
	o := Open(path, Options{Every: every, trace: tr.add})
	defer o.Close()

	time.Sleep(50 * every) // nothing changes: a poller would read 50 times
	if n := reads(tr.since(0)); n != 0 {
		t.Errorf("the file was read %d times while nobody edited it", n)
	}
	ed := byHand{t, real}
	mark := tr.len()
	for i, edit := range []func(){ed.write(settingsFile("1m", "")), ed.renameSave(settingsFile("2m", ""))} {
		d := time.Duration(i+1) * time.Minute
		runStep(t, tr, "edit through the symlink "+d.String(), act(edit), "", []string{published(d.String(), 0, "")}, readJudged)
	}
	// Each edit: a read when the kernel tells, one `every` later to see it
	// settled, and perhaps one more for a burst of events.
	if n := reads(tr.since(mark)); n > 8 {
		t.Errorf("%d reads of the file for two edits, want a few", n)
	}
}

// reads counts the reads of the file in a trace.
func reads(lines []string) int {
	n := 0
	for _, l := range lines {
		if slices.Contains([]string{readUnchanged, readSettling, readMissing, readJudged}, l) {
			n++
		}
	}
	return n
}
