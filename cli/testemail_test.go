package cli

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCmdTestEmail(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedPort := l.Addr().(*net.TCPAddr).Port
	l.Close() // nothing listens there now
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	noEmail := write("no-email.toml", "version = 1\ninterval = \"30s\"\n")
	closed := write("closed.toml", fmt.Sprintf("version = 1\n[email]\nto = \"me@x.test\"\nhost = \"127.0.0.1\"\n"+
		"port = %d\nsecurity = \"tls\"\nusername = \"me@x.test\"\n", closedPort))
	tests := []struct {
		name     string
		args     []string
		password string
		code     int
		says     string
	}{
		{"no [email] section", []string{"--config", noEmail}, "hunter2-secret", 1, "has no [email] section"},
		{"no settings file", []string{"--config", filepath.Join(dir, "missing.toml")}, "hunter2-secret", 1, "no settings file at"},
		{"stray argument", []string{"--config", noEmail, "now"}, "hunter2-secret", 2, "takes no arguments"},
		{"nothing listening", []string{"--config", closed}, "hunter2-secret", 1, "connection refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("RENTWATCH_SMTP_PASSWORD", tt.password)
			var stdout, stderr bytes.Buffer
			code := cmdTestEmail(globals{}, tt.args, &stdout, &stderr)
			if code != tt.code || !strings.Contains(stderr.String(), tt.says) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr.String(), tt.code, tt.says)
			}
			if strings.Contains(stdout.String()+stderr.String(), tt.password) {
				t.Errorf("output shows the password")
			}
		})
	}
}
