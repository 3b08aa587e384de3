package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const secret = "tok-9f2kq7"

// A [push] table loads, saves back the same, and every problem with it
// is named by its place, never by the URL (a URL holds a secret).
func TestPushLoadsAndNeverShowsAURL(t *testing.T) {
	tests := []struct {
		name, file string
		wantURLs   []string
		wantErr    string
	}{
		{"two channels", "[push]\nurls = [\"ntfy://ntfy.sh/" + secret + "\", \"telegram://" + secret + "@telegram?chats=1\"]\n",
			[]string{"ntfy://ntfy.sh/" + secret, "telegram://" + secret + "@telegram?chats=1"}, ""},
		{"no scheme", "[push]\nurls = [\"ntfy.sh/" + secret + "\"]\n", nil, "push.urls[1]"},
		{"a space", "[push]\nurls = [\"ntfy://ntfy.sh/" + secret + " x\"]\n", nil, "space"},
		{"twice", "[push]\nurls = [\"ntfy://ntfy.sh/" + secret + "\", \"ntfy://ntfy.sh/" + secret + "\"]\n", nil, "the same URL as push.urls[1]"},
		{"not quoted", "[push]\nurls = [ntfy://ntfy.sh/" + secret + "]\n", nil, "cannot be read"},
		{"not a list", "[push]\nurls = \"ntfy://ntfy.sh/" + secret + "\"\n", nil, "must be a list"},
		{"unquoted on its own line", "[push]\nurls = [\n  \"ntfy://ntfy.sh/a\",\n  ntfy://ntfy.sh/" + secret + ",\n]\n", nil, "cannot be read"},
		{"an unknown key", "[push]\nurl = \"ntfy://ntfy.sh/" + secret + "\"\n", nil, "push.url"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.toml")
			if err := os.WriteFile(path, []byte(tt.file), 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := Load(path)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Load error %v, want one saying %q", err, tt.wantErr)
				}
				if strings.Contains(err.Error(), secret) {
					t.Errorf("the error shows the URL's secret: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Push == nil || strings.Join(s.Push.URLs, " ") != strings.Join(tt.wantURLs, " ") {
				t.Fatalf("push %+v, want %v", s.Push, tt.wantURLs)
			}
			if err := Save(path, s); err != nil {
				t.Fatal(err)
			}
			again, err := Load(path)
			if err != nil || strings.Join(again.Push.URLs, " ") != strings.Join(tt.wantURLs, " ") {
				t.Errorf("after a save: %+v, %v", again.Push, err)
			}
			if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
				t.Errorf("saved with mode %v, want 0600", st.Mode().Perm())
			}
		})
	}
}

func TestKeepPrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte("[push]\nurls = []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, 0o644)
	for i, want := range []bool{true, false} {
		fixed, err := KeepPrivate(path)
		if err != nil || fixed != want {
			t.Errorf("call %d: fixed %v err %v, want %v", i+1, fixed, err, want)
		}
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", st.Mode().Perm())
	}
}

// A new file explains [push] in a comment.
func TestDefaultFileExplainsPush(t *testing.T) {
	if text := render(Default()); !strings.Contains(text, "# [push]") || !strings.Contains(text, "rentwatch test-push") {
		t.Errorf("the default file does not explain [push]:\n%s", text)
	}
}
