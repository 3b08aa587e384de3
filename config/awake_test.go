package config

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestKeepAwake(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		want       bool
		problem    string
	}{
		{"left out: off", "version = 1\n", false, ""},
		{"on", "version = 1\nkeep_awake = true\n", true, ""},
		{"in quotes", "version = 1\nkeep_awake = \"yes\"\n", false, `keep_awake: "yes" is not true or false`},
		{"in a table", "version = 1\n[browser]\nkeep_awake = true\n", false, "browser.keep_awake"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := load("config.toml", []byte(tc.file))
			if tc.problem != "" {
				if err == nil || !strings.Contains(err.Error(), tc.problem) {
					t.Errorf("error %v, want one naming %q", err, tc.problem)
				}
				return
			}
			if err != nil || s.KeepAwake != tc.want {
				t.Errorf("KeepAwake %v (%v), want %v", s.KeepAwake, err, tc.want)
			}
		})
	}
}

// TestKeepAwakeSurvivesASave: a file rentwatch writes says the setting,
// so a user finds it, and reads back the same.
func TestKeepAwakeSurvivesASave(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	for _, on := range []bool{false, true} {
		s := Default()
		s.KeepAwake = on
		if err := Save(path, s); err != nil {
			t.Fatal(err)
		}
		back, err := Load(path)
		if err != nil || back.KeepAwake != on {
			t.Errorf("saved keep_awake = %v, read back %v (%v)", on, back.KeepAwake, err)
		}
	}
}
