package config

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// event is one onChange call.
type event struct {
	s   Settings
	err error
}

func settingsFile(interval string, comment string) string {
	return comment + "version = 1\ninterval = \"" + interval + "\"\n"
}

// editor changes a settings file the ways real editors do.
type editor struct {
	t    *testing.T
	path string
}

// write saves in place (truncate, then write), like most simple editors.
func (e editor) write(content string) func() {
	return func() {
		if err := os.WriteFile(e.path, []byte(content), 0o600); err != nil {
			e.t.Fatal(err)
		}
	}
}

// renameSave writes a new file beside the old one and renames it over it.
func (e editor) renameSave(content string) func() {
	return func() {
		tmp := e.path + ".swp"
		if err := os.WriteFile(tmp, []byte(content), 0o600); err != nil {
			e.t.Fatal(err)
		}
		if err := os.Rename(tmp, e.path); err != nil {
			e.t.Fatal(err)
		}
	}
}

// vimSave moves the old file to a backup, writes a new one, drops the backup.
func (e editor) vimSave(content string) func() {
	return func() {
		backup := e.path + "~"
		if err := os.Rename(e.path, backup); err != nil {
			e.t.Fatal(err)
		}
		e.write(content)()
		os.Remove(backup)
	}
}

// TestWatchRealEdits runs Watch in its goroutine against real edits of a
// real file, including a save by rename and a vim-style save.
func TestWatchRealEdits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	ed := editor{t, path}
	write, renameSave, vimSave := ed.write, ed.renameSave, ed.vimSave
	steps := []struct {
		name     string
		do       func()
		interval time.Duration // a good report with this interval
		errHas   string        // a bad report containing this
		quiet    bool          // no report at all
	}{
		{name: "edit in place", do: write(settingsFile("1m", "")), interval: time.Minute},
		{name: "bad edit", do: write(settingsFile("1s", "")), errHas: "line 2: interval: 1s is under the 10s minimum"},
		{name: "same bad content again", do: write(settingsFile("1s", "")), quiet: true},
		{name: "another bad edit", do: write(settingsFile("2s", "")), errHas: "interval: 2s is under"},
		{name: "fix back to the settings in force", do: write(settingsFile("1m", "")), interval: time.Minute},
		{name: "comment-only edit", do: write(settingsFile("1m", "# hello\n")), quiet: true},
		{name: "save by rename", do: renameSave(settingsFile("2m", "")), interval: 2 * time.Minute},
		{name: "vim-style save", do: vimSave(settingsFile("3m", "")), interval: 3 * time.Minute},
		{name: "syntax error", do: renameSave("interval = \n"), errHas: "line 1: interval has no value after the ="},
		{name: "deleted for over a second", do: func() { os.Remove(path) }, errHas: "no such file"},
		{name: "back again", do: write(settingsFile("3m", "")), interval: 3 * time.Minute},
	}

	write(settingsFile("30s", ""))()
	every := 20 * time.Millisecond
	events := make(chan event, 16)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		Watch(ctx, path, every, func(s Settings, err error) { events <- event{s, err} })
		close(done)
	}()
	defer func() { cancel(); <-done }()

	if ev := <-events; ev.err != nil || ev.s.Interval != 30*time.Second {
		t.Fatalf("first report = %+v, want the file as it was (30s)", ev)
	}
	quietFor := 15 * every
	for _, st := range steps {
		st.do()
		if st.quiet {
			select {
			case ev := <-events:
				t.Fatalf("step %q: want no report, got %+v", st.name, ev)
			case <-time.After(quietFor):
			}
			continue
		}
		var ev event
		select {
		case ev = <-events:
		case <-time.After(testkit.Patience):
			t.Fatalf("step %q: no report within %v", st.name, testkit.Patience)
		}
		switch {
		case st.errHas != "":
			if ev.err == nil || !strings.Contains(ev.err.Error(), st.errHas) {
				t.Fatalf("step %q: got %+v, want an error containing %q", st.name, ev, st.errHas)
			}
		case ev.err != nil || ev.s.Interval != st.interval:
			t.Fatalf("step %q: got %+v, want good settings with interval %v", st.name, ev, st.interval)
		}
		// Each change is reported once: nothing more may follow.
		select {
		case extra := <-events:
			t.Fatalf("step %q: a second report %+v", st.name, extra)
		case <-time.After(5 * every):
		}
	}
	cancel()
	select {
	case <-done:
	case <-time.After(testkit.Patience):
		t.Fatal("Watch did not return after its context was cancelled")
	}
}

// TestWatcherPollSteps drives one poll at a time, so the settling and the
// missing-file rules are checked without any timing.
func TestWatcherPollSteps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	good := settingsFile("1m", "")
	full := settingsFile("2m", "# a longer file, caught half written\n")
	steps := []struct {
		name    string
		content string // "" removes the file
		want    string // "" no report; "good <interval>"; "bad"; "missing"
	}{
		{"first sight of a change waits", good, ""},
		{"same bytes again: reported", good, "good 1m0s"},
		{"unchanged", good, ""},
		{"half written", full[:len(full)/2], ""},
		{"now whole: not settled yet", full, ""},
		{"settled", full, "good 2m0s"},
		{"gone once: a rename-save's gap", "", ""},
		{"back, same content", full, ""},
		{"gone", "", ""},
		{"still gone: reported once", "", "missing"},
		{"still gone: not again", "", ""},
		{"back", full, ""},
		{"back, settled: reported even though equal", full, "good 2m0s"},
		{"truncated mid-save", "<empty>", ""},
		{"written again", full, ""},
		{"emptied", "<empty>", ""},
		{"still empty: reported, not taken as defaults", "<empty>", "empty"},
		{"filled: not settled yet", full, ""},
		{"filled, settled", full, "good 2m0s"},
	}
	var got []string
	os.WriteFile(path, []byte(settingsFile("30s", "")), 0o600)
	w := &watcher{path: path, onChange: func(s Settings, err error) {
		switch {
		case errors.Is(err, fs.ErrNotExist):
			got = append(got, "missing")
		case errors.Is(err, errEmpty):
			got = append(got, "empty")
		case err != nil:
			got = append(got, "bad")
		default:
			got = append(got, "good "+s.Interval.String())
		}
	}}
	w.first()
	if len(got) != 1 || got[0] != "good 30s" {
		t.Fatalf("first() reports %v, want [good 30s]", got)
	}
	for _, st := range steps {
		if st.content == "" {
			os.Remove(path)
		} else if st.content == "<empty>" {
			os.WriteFile(path, nil, 0o600)
		} else if err := os.WriteFile(path, []byte(st.content), 0o600); err != nil {
			t.Fatal(err)
		}
		got = nil
		w.poll()
		want := []string(nil)
		if st.want != "" {
			want = []string{st.want}
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("step %q: reports %v, want %v", st.name, got, want)
		}
	}
}

// BenchmarkWatchPoll measures one poll of an unchanged settings file with
// 15 searches: the cost Watch pays every second.
func BenchmarkWatchPoll(b *testing.B) {
	path := filepath.Join(b.TempDir(), "config.toml")
	s := Default()
	for i := 0; i < MaxSearches; i++ {
		if err := s.AddSearch("https://example.com/rooms/city-"+string(rune('a'+i)), ""); err != nil {
			b.Fatal(err)
		}
	}
	if err := Save(path, s); err != nil {
		b.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	b.SetBytes(int64(len(data)))
	w := &watcher{path: path, onChange: func(Settings, error) { b.Fatal("unexpected report") }}
	w.known = hashOf(data)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.poll()
	}
}
