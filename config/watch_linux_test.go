//go:build linux

package config

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestWatchReadsOnlyOnChange: on Linux, a settings file nobody edits is not
// read again, where polling would read it every `every`; an edit, in
// place or by rename, and one through a symlink to another folder, is
// read and reported all the same.
func TestWatchReadsOnlyOnChange(t *testing.T) {
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
	events := make(chan event, 16)
	w := &watcher{path: path, onChange: func(s Settings, err error) { events <- event{s, err} }, missAfter: 50}
	ctx, cancel := context.WithCancel(context.Background())
	changes := fileChanges(ctx, path)
	if changes == nil {
		t.Fatal("no inotify on this Linux")
	}
	w.first()
	<-events
	done := make(chan struct{})
	go func() { w.follow(ctx, changes, every); close(done) }()

	time.Sleep(50 * every) // nothing changes: a poller would read 50 times
	ed := editor{t, real}
	for i, edit := range []func(){ed.write(settingsFile("1m", "")), ed.renameSave(settingsFile("2m", ""))} {
		edit()
		select {
		case ev := <-events:
			if want := time.Duration(i+1) * time.Minute; ev.err != nil || ev.s.Interval != want {
				t.Fatalf("edit %d: got %+v, want good settings with interval %v", i, ev, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("edit %d through the symlink: no report within 5s", i)
		}
	}
	cancel()
	<-done
	// Each edit: a read when the kernel tells, one `every` later to see it
	// settled, and perhaps one more for a burst of events.
	if w.polls > 8 {
		t.Errorf("%d reads of the file for two edits in %v, want a few", w.polls, 50*every)
	}
}
