package main

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"rentwatch/internal/testkit"
)

// statusNotRunning is `rentwatch status`'s exit status when rentwatch is
// not running (the contract: as `systemctl status` says it).
const statusNotRunning = 3

// TestStatusOfTheRealApp runs `rentwatch status` (and --json) against the
// real app before it starts, while it watches, and after it stopped.
func TestStatusOfTheRealApp(t *testing.T) {
	bin := testkit.AppBinary(t)
	dir := t.TempDir()
	for _, k := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR"} {
		t.Setenv(k, dir)
	}
	portal := testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	testkit.WriteAppSettings(t, cfg, "10s", testkit.AppSearch{Name: "Kamerplein West", URL: portal.Search(t, "/huren/kamers-amsterdam",
		testkit.AppRooms(2345601, "Damrak", "Kinkerstraat")...)})
	env := testkit.AppEnv(t)
	status := func(args ...string) (string, int) {
		t.Helper()
		cmd := exec.Command(bin, append([]string{"status", "--config", cfg, "--data", data}, args...)...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), code
	}

	checkNotRunning := func(when string) {
		t.Helper()
		out, code := status()
		if code != statusNotRunning || !strings.Contains(out, "rentwatch is not running") {
			t.Errorf("%s: status exited %d and said:\n%s", when, code, out)
		}
		out, code = status("--json")
		var doc struct {
			Running *bool  `json:"running"`
			Message string `json:"message"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil || code != statusNotRunning || doc.Running == nil || *doc.Running {
			t.Errorf("%s: status --json exited %d and said %q (%v)", when, code, out, err)
		}
	}
	checkNotRunning("before the app started")

	app := testkit.StartApp(t, bin, data, env, "run", "--no-tray", "--config", cfg, "--data", data)
	app.WaitOutput(t, "msg=baseline", 1)
	testkit.ReadWindowURL(t, data)
	var out string
	testkit.Eventually(t, "status names the search with its next check", testkit.Patience, func() error {
		var code int
		out, code = status()
		if code != 0 || !strings.Contains(out, "Kamerplein West — ") || !strings.Contains(out, "next check in ") {
			return fmt.Errorf("exit %d:\n%s", code, out)
		}
		return nil
	})
	t.Logf("rentwatch status:\n%s", out)
	// No notification service runs in this test's session: no pop-ups,
	// and no other channel is set up, which status must say.
	for _, want := range []string{"rentwatch: ", "Searches:\n", "Alerts go to:\n  nowhere yet: "} {
		if !strings.Contains(out, want) {
			t.Errorf("status lacks %q:\n%s", want, out)
		}
	}
	js, code := status("--json")
	var doc struct {
		Running bool `json:"running"`
		State   struct {
			Searches []struct {
				Name string `json:"name"`
			} `json:"searches"`
		} `json:"state"`
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil || code != 0 || !doc.Running ||
		len(doc.State.Searches) != 1 || doc.State.Searches[0].Name != "Kamerplein West" {
		t.Errorf("status --json exited %d: %q (%v)", code, js, err)
	}

	app.Signal(t, syscall.SIGTERM)
	if code := app.ExitCode(t); code != 0 {
		t.Errorf("SIGTERM: exit status %d", code)
	}
	checkNotRunning("after it stopped")
}
