package cli

import (
	"bytes"
	"strings"
	"testing"

	"rentwatch/blocks"
)

func TestCmdLadders(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantOut    []string // substrings of stdout
		wantErrOut string   // substring of stderr
	}{
		{"prints the table and sixteen ok lines", nil, 0, []string{
			"Backoff ladders (no jitter)\n",
			"   challenge     1.0m → 3.0m → 8.0m → 15.0m → 30.0m\n",
			"   error         30s → 2.0m → 5.0m\n",
			"\nChecks\n", "\nRegistry\n",
			"   ok    soonest() finds the host that comes due first\n",
		}, ""},
		{"global flags are accepted", []string{"--data", t.TempDir()}, 0, []string{"\nRegistry\n"}, ""},
		{"an argument is refused", []string{"extra"}, 2, nil, `unexpected argument "extra"`},
		{"an unknown flag is refused", []string{"--fast"}, 2, nil, "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Run(append([]string{"ladders"}, tt.args...), &stdout, &stderr)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.wantCode, stderr.String())
			}
			for _, s := range tt.wantOut {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout.String())
				}
			}
			if tt.wantCode == 0 {
				if n := strings.Count(stdout.String(), "\n   ok    "); n != 16 {
					t.Errorf("%d ok lines, want 16", n)
				}
				if strings.Contains(stdout.String(), "FAIL") {
					t.Errorf("a check failed:\n%s", stdout.String())
				}
			}
			if !strings.Contains(stderr.String(), tt.wantErrOut) {
				t.Errorf("stderr %q lacks %q", stderr.String(), tt.wantErrOut)
			}
		})
	}
}

func TestCmdLaddersFailExits1(t *testing.T) {
	defer func(f func() []blocks.CheckResult) { runLadderChecks = f }(runLadderChecks)
	runLadderChecks = func() []blocks.CheckResult {
		r := blocks.RunChecks()
		r[0].OK = false
		return r
	}
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"ladders"}, &stdout, &stderr); code != 1 {
		t.Fatalf("exit %d with a failing check, want 1", code)
	}
	if !strings.Contains(stdout.String(), "\n   FAIL  first challenge retry is one minute  1.0m\n") {
		t.Errorf("no FAIL line:\n%s", stdout.String())
	}
}
