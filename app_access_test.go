package main

import (
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"rentwatch/internal/testkit"
)

// TestAppTestEmailKeepsTheStoredPassword: the window's test email sends
// the stored password to the saved mail server only. Another server a
// caller names (a real one, which would accept that password: so what it
// receives shows whether it was sent) gets nothing without a password of
// the caller's own, and then gets that one. The real binary, its password
// in RENTWATCH_SMTP_PASSWORD, its window driven as a script does.
func TestAppTestEmailKeepsTheStoredPassword(t *testing.T) {
	bin := testkit.AppBinary(t)
	saved, other := testkit.StartMailpit(t), testkit.StartMailpit(t)
	dir := t.TempDir()
	cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	testkit.WriteAppFile(t, cfg, fmt.Sprintf("version = 1\n[email]\nto = \"me@example.test\"\nhost = %q\nport = %d\nsecurity = %q\n"+
		"username = %q\nca_file = %q\n", saved.Host, saved.SMTPPort, saved.Security, testkit.MailpitUser, saved.CAFile))
	env := testkit.AppEnv(t, "RENTWATCH_SMTP_PASSWORD="+testkit.MailpitPassword) // the stored password
	app := testkit.StartApp(t, bin, data, env, "run", "--no-tray", "--config", cfg, "--data", data)
	addr := testkit.ReadWindowURL(t, data)
	base, key, _ := strings.Cut(addr, "/?token=")
	otherServer := fmt.Sprintf(`{"email": {"to": "me@example.test", "host": %q, "port": %d, "security": %q, "username": %q, "ca_file": %q}`,
		other.Host, other.SMTPPort, other.Security, testkit.MailpitUser, other.CAFile)
	steps := []struct {
		name             string
		body             string
		want             int
		toSaved, toOther int // messages each server holds after the step
	}{
		{"the saved settings, with the stored password", "", 200, 1, 0},
		{"another server, no password", otherServer + `}`, 400, 1, 0},
		{"another server, a wrong password typed", otherServer + `, "password": "guess"}`, 502, 1, 0},
		{"another server, its password typed", otherServer + `, "password": "` + testkit.MailpitPassword + `"}`, 200, 1, 1},
	}
	for _, st := range steps {
		req, _ := http.NewRequest("POST", base+"/api/test-email", strings.NewReader(st.body))
		req.Header.Set("X-API-Key", key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		answer, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != st.want {
			t.Errorf("%s: %s %s, want %d", st.name, res.Status, answer, st.want)
		}
		if n, m := len(saved.Messages(t)), len(other.Messages(t)); n != st.toSaved || m != st.toOther {
			t.Errorf("%s: the saved server holds %d messages, the other %d; want %d and %d", st.name, n, m, st.toSaved, st.toOther)
		}
	}
	app.Signal(t, syscall.SIGTERM)
	if code := app.ExitCode(t); code != 0 {
		t.Errorf("SIGTERM: exit status %d", code)
	}
}
