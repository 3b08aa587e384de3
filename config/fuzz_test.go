package config

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoad: any file content gives settings or an error, never a panic, and
// good settings always survive a Save and Load unchanged.
func FuzzLoad(f *testing.F) {
	for _, seed := range []string{"", v0File, "version = 1\ninterval = \"1s\"\n",
		"[email]\nto = \"a@b.example\"\nfrom = \"a@b.example\"\nhost = \"h\"\n",
		"[[search]]\nname = \"A\"\nurl = \"https://a.example/\"\n", "a.\"b.c\".'d' = 1\n[x . \"y\"]\nz = '''\nq = 1\n'''\n",
		"version = 9\n", "search = [{name = \"A\", url = \"https://a.example\"}]\n"} {
		f.Add(seed)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, content string) {
		path := filepath.Join(dir, "config.toml")
		os.Remove(path + ".v0.bak")
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := Load(path)
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("Load error is not an *Error: %v", err)
		}
		if err != nil {
			return
		}
		if err := Save(path, s); err != nil {
			t.Fatalf("Save of loaded settings: %v", err)
		}
		again, err := Load(path)
		if err != nil {
			t.Fatalf("Load after Save: %v\n%s", err, render(s))
		}
		if render(again) != render(s) {
			t.Fatalf("round trip changed the settings:\n%s\n----\n%s", render(s), render(again))
		}
	})
}
