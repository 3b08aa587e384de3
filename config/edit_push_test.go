package config

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const (
	ntfyA = "ntfy://ntfy.sh/rooms-7f3kq9x2"
	ntfyB = "ntfy://127.0.0.1:8080/flat?scheme=http"
	tgram = "telegram://123456:ABC-bot-token@telegram?chats=12345678"
)

// pushFile is a [push] table written one URL per line, with a comment on
// each and between them: the user's notes stay through every edit.
const pushFile = `version = 1
# my phones
[push]
urls = [
  "` + ntfyA + `",  # my phone
  # the old tablet:
  "` + tgram + `"
]  # end of list

[browser]
path = ""
`

func TestPushEdits(t *testing.T) {
	type step struct {
		add, remove string
		want        []string // the URLs after it
		keep        []string // text that must still be in the file
		wantErr     error
	}
	cases := []struct {
		name  string
		start string // "" for the default file
		steps []step
	}{
		{"the default file gets a table under its example", "", []step{
			{add: ntfyA, want: []string{ntfyA}, keep: []string{"# [push]", "# Check them with: rentwatch test-push"}},
			{add: ntfyB, want: []string{ntfyA, ntfyB}},
			{remove: ntfyA, want: []string{ntfyB}},
			{remove: ntfyB, want: nil, keep: []string{"[push]"}},
			{add: tgram, want: []string{tgram}},
		}},
		{"one URL per line: lines and comments kept", pushFile, []step{
			{add: ntfyB, want: []string{ntfyA, tgram, ntfyB}, keep: []string{"# my phone", "# the old tablet:", "# end of list", "# my phones"}},
			{remove: tgram, want: []string{ntfyA, ntfyB}, keep: []string{"# my phone", "# end of list"}},
			{remove: ntfyA, want: []string{ntfyB}, keep: []string{"# end of list"}},
		}},
		{"one line", "version = 1\n[push]\nurls = [\"" + ntfyA + "\"] # mine\n", []step{
			{add: tgram, want: []string{ntfyA, tgram}, keep: []string{"# mine"}},
			{remove: ntfyA, want: []string{tgram}, keep: []string{"# mine"}},
		}},
		{"a table without urls", "version = 1\n[push]\n# none yet\n", []step{
			{add: ntfyA, want: []string{ntfyA}, keep: []string{"# none yet"}},
		}},
		{"refusals", pushFile, []step{
			{add: ntfyA, wantErr: ErrDuplicatePush, want: []string{ntfyA, tgram}},
			{add: "ntfy://", wantErr: ErrBadPushURL, want: []string{ntfyA, tgram}},
			{add: "telegram://nonsense@telegram", wantErr: ErrBadPushURL, want: []string{ntfyA, tgram}},
			{add: "https://example.org/hook", wantErr: ErrBadPushURL, want: []string{ntfyA, tgram}},
			{remove: ntfyB, wantErr: ErrNoSuchPush, want: []string{ntfyA, tgram}},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.toml")
			if c.start == "" {
				if _, err := CreateDefault(path); err != nil {
					t.Fatal(err)
				}
			} else if err := os.WriteFile(path, []byte(c.start), 0o644); err != nil {
				t.Fatal(err)
			}
			e := editor{path: path}
			for i, st := range c.steps {
				var err error
				if st.add != "" {
					err = e.AddPush(st.add)
				} else {
					err = e.RemovePush(st.remove)
				}
				if !errors.Is(err, st.wantErr) {
					t.Fatalf("step %d: error %v, want %v", i+1, err, st.wantErr)
				}
				s, lerr := Load(path)
				if lerr != nil {
					t.Fatalf("step %d: the file does not load: %v", i+1, lerr)
				}
				var got []string
				if s.Push != nil {
					got = s.Push.URLs
				}
				if !slices.Equal(got, st.want) {
					t.Errorf("step %d: urls %q, want %q", i+1, got, st.want)
				}
				text, _ := os.ReadFile(path)
				for _, k := range st.keep {
					if !strings.Contains(string(text), k) {
						t.Errorf("step %d: the file lost %q:\n%s", i+1, k, text)
					}
				}
				if err == nil {
					if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
						t.Errorf("step %d: the file is %v, want 0600: it holds push URLs", i+1, fi.Mode().Perm())
					}
				}
				if err != nil && strings.Contains(err.Error(), "nonsense") {
					t.Errorf("step %d: the error shows the URL: %v", i+1, err)
				}
			}
		})
	}
}

func TestCheckPushURL(t *testing.T) {
	for _, ok := range []string{ntfyA, ntfyB, tgram} {
		if err := CheckPushURL(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "ntfy://", "nosuch://x", "https://example.org/hook", "telegram://nonsense@telegram"} {
		err := CheckPushURL(bad)
		if !errors.Is(err, ErrBadPushURL) {
			t.Errorf("%q: %v, want ErrBadPushURL", bad, err)
		}
		if bad != "" && err != nil && strings.Contains(err.Error(), strings.TrimPrefix(bad, "telegram://")) && strings.Contains(bad, "nonsense") {
			t.Errorf("%q: the error shows the URL: %v", bad, err)
		}
	}
}
