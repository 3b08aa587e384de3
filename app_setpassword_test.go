package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rentwatch/config"
	"rentwatch/internal/testkit"
)

// TestSetPasswordAtATerminal: at a terminal (a real pty, through
// script(1)) the password is asked twice and never echoed; two that
// differ change nothing.
func TestSetPasswordAtATerminal(t *testing.T) {
	bin := testkit.AppBinary(t)
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("script(1) is not installed: no terminal to type at")
	}
	for _, c := range []struct {
		name          string
		first, second string
		wantSet       bool
	}{
		{"the same twice", "my phone password", "my phone password", true},
		{"two that differ", "my phone password", "my other password", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := filepath.Join(dir, "config.toml")
			// -E never: script itself would echo what it is fed when its
			// own stdin is not a terminal; only the pty's echo may show.
			cmd := exec.Command(script, "-E", "never", "-qefc", bin+" set-password --config "+cfg+" --data "+filepath.Join(dir, "data"), "/dev/null")
			cmd.Env = append(os.Environ(), "TERM=dumb")
			in, _ := cmd.StdinPipe()
			outPipe, _ := cmd.StdoutPipe()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			var out strings.Builder
			r := bufio.NewReader(outPipe)
			// upTo reads the terminal's output until it holds s (a prompt).
			upTo := func(s string) {
				deadline := time.AfterFunc(time.Minute, func() { _ = cmd.Process.Kill() })
				defer deadline.Stop()
				for !strings.Contains(out.String(), s) {
					b, err := r.ReadByte()
					if err != nil {
						t.Fatalf("the terminal never showed %q; it shows:\n%s", s, out.String())
					}
					out.WriteByte(b)
				}
			}
			upTo("New password")
			io.WriteString(in, c.first+"\r")
			upTo("The same again")
			io.WriteString(in, c.second+"\r")
			rest, _ := io.ReadAll(r)
			out.Write(rest)
			err := cmd.Wait()
			if strings.Contains(out.String(), c.first) || strings.Contains(out.String(), c.second) {
				t.Errorf("the terminal echoed the password:\n%s", out.String())
			}
			s, lerr := config.Load(cfg)
			set := lerr == nil && config.PasswordMatches(s.Window.PasswordHash, c.first)
			if set != c.wantSet || (err == nil) != c.wantSet {
				t.Errorf("set %v (exit %v), want %v; the terminal:\n%s", set, err, c.wantSet, out.String())
			}
			if !c.wantSet && !strings.Contains(out.String(), "the two passwords differ") {
				t.Errorf("two that differ, and the terminal says:\n%s", out.String())
			}
		})
	}
}

// TestSetPasswordTooShort: a short password piped in is refused in words,
// and the file keeps no hash.
func TestSetPasswordTooShort(t *testing.T) {
	bin := testkit.AppBinary(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.toml")
	cmd := exec.Command(bin, "set-password", "--config", cfg, "--data", filepath.Join(dir, "data"))
	cmd.Stdin = strings.NewReader("short\n")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "too short: use at least 8 characters") {
		t.Fatalf("a short password: %v\n%s", err, out)
	}
	if s, err := config.Load(cfg); err != nil || s.Window.PasswordHash != "" {
		t.Fatalf("the settings after a refused password: %+v, %v", s.Window, err)
	}
}
