package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func settingsFile(interval string, comment string) string {
	return comment + "version = 1\ninterval = \"" + interval + "\"\n"
}

// byHand changes a settings file the ways real text editors do.
type byHand struct {
	t    *testing.T
	path string
}

// write saves in place (truncate, then write), like most simple editors.
func (e byHand) write(content string) func() {
	return func() {
		if err := os.WriteFile(e.path, []byte(content), 0o600); err != nil {
			e.t.Fatal(err)
		}
	}
}

// renameSave writes a new file beside the old one and renames it over it.
func (e byHand) renameSave(content string) func() {
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
func (e byHand) vimSave(content string) func() {
	return func() {
		backup := e.path + "~"
		if err := os.Rename(e.path, backup); err != nil {
			e.t.Fatal(err)
		}
		e.write(content)()
		os.Remove(backup)
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
