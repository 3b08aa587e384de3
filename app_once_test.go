package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"rentwatch/internal/testkit"
)

// `rentwatch run --once` as the real binary: what it says when it checked
// nothing.

// TestRunOnceWithNothingToCheckSaysSo: `run --once` with no search on
// says there is nothing to check and how to add one, instead of nothing.
func TestRunOnceWithNothingToCheckSaysSo(t *testing.T) {
	bin := testkit.AppBinary(t)
	tests := []struct {
		name, file string
		code       int
		says       []string
	}{
		{"no settings file yet", "", 0, []string{"nothing to check: no searches yet", "rentwatch searches add URL"}},
		{"every search off", "version = 1\n\n[[search]]\nname = \"West\"\nurl = \"https://kamernet.test/west\"\nenabled = false\n",
			0, []string{"nothing to check: every search is turned off", "enabled = true"}},
		{"a bad settings file", "version = 1\ninterval = \"1s\"\n", 1, []string{"nothing to check until the settings file is fixed", "interval"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := filepath.Join(dir, "config.toml")
			if tt.file != "" {
				if err := os.WriteFile(cfg, []byte(tt.file), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command(bin, "--config", cfg, "--data", filepath.Join(dir, "data"), "run", "--once")
			cmd.Env = testkit.AppEnv(t)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			if code := cmd.ProcessState.ExitCode(); code != tt.code {
				t.Errorf("exit %d (%v), want %d; stderr:\n%s", code, err, tt.code, &stderr)
			}
			for _, s := range tt.says {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, &stderr)
				}
			}
		})
	}
}

// TestRunOnceSaysTheBrowserFailed: `run --once` whose browser cannot
// start checked nothing: it says so in plain words and exits 1, not 0.
func TestRunOnceSaysTheBrowserFailed(t *testing.T) {
	bin := testkit.AppBinary(t)
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("the page was loaded (%s) without a browser", r.URL)
	}))
	defer site.Close()
	dies := filepath.Join(t.TempDir(), "chromium")
	if err := os.WriteFile(dies, []byte("#!/bin/sh\necho 'cannot open the profile' >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, chrome, says string }{
		{"no browser there", "/nonexistent/chromium", `browser "/nonexistent/chromium" (from --chrome, RENTWATCH_CHROME or settings): not found or not executable`},
		{"a browser that will not start", dies, "rentwatch run --once: the browser failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := filepath.Join(dir, "config.toml")
			file := "version = 1\n\n[[search]]\nname = \"West\"\nurl = \"" + site.URL + "/west\"\n"
			if err := os.WriteFile(cfg, []byte(file), 0o600); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, "--config", cfg, "--data", filepath.Join(dir, "data"), "--chrome", tt.chrome, "run", "--once")
			cmd.Env = testkit.AppEnv(t)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			if code := cmd.ProcessState.ExitCode(); code != 1 {
				t.Errorf("exit %d (%v), want 1; stderr:\n%s", code, err, &stderr)
			}
			for _, s := range []string{"rentwatch run --once: the browser failed, so 1 of 1 page(s) were not checked", tt.says, "--chrome PATH"} {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, &stderr)
				}
			}
		})
	}
}
