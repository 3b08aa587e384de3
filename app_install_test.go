package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMakeRunInstalls: after the README's `make run`, the README's own
// `rentwatch ...` lines work from a shell: `make run` installs the binary
// into a folder on PATH (BINDIR; /usr/local/bin as root, ~/.local/bin
// otherwise) and starts that binary, not a temporary one of `go run`.
func TestMakeRunInstalls(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make here")
	}
	bin := t.TempDir()
	dry, err := exec.Command("make", "-n", "run", "BINDIR="+bin).CombinedOutput()
	if err != nil {
		t.Fatalf("make -n run: %v\n%s", err, dry)
	}
	if !strings.Contains(string(dry), "scripts/install.sh") || !strings.Contains(string(dry), `"`+bin+`/rentwatch"`) ||
		strings.Contains(string(dry), "go run") {
		t.Errorf("make run does not install rentwatch and start the installed one:\n%s", dry)
	}
	out, err := exec.Command("make", "install", "BINDIR="+bin).CombinedOutput()
	if err != nil {
		t.Fatalf("make install: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "installed rentwatch") || !strings.Contains(string(out), bin+"/rentwatch") {
		t.Errorf("make install does not say where it put rentwatch:\n%s", out)
	}

	// The README's terminal lines, as a user types them.
	dir := t.TempDir()
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"RENTWATCH_CONFIG="+filepath.Join(dir, "config.toml"), "RENTWATCH_DATA="+filepath.Join(dir, "data"))
	lines := readmeCommands(t)
	if len(lines) < 4 {
		t.Fatalf("the README's terminal lines: %q", lines)
	}
	for _, line := range lines {
		cmd := exec.Command("sh", "-c", line)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit) && exit.ExitCode() == 127:
			t.Errorf("%s: the shell does not find rentwatch:\n%s", line, out)
		case err != nil && !strings.HasPrefix(line, "rentwatch test-"): // a test with nothing set up fails, and says why
			t.Errorf("%s: %v\n%s", line, err, out)
		}
	}
}

// readmeCommands are the README's lines that run one rentwatch command
// on the settings alone ("Or from a terminal").
func readmeCommands(t *testing.T) []string {
	f, err := os.Open("README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(sc.Text(), "    rentwatch searches ") || l == "rentwatch test-email" {
			lines = append(lines, l)
		}
	}
	return lines
}
