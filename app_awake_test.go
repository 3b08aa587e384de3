package main

import (
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"rentwatch/awake"
	"rentwatch/internal/testkit"
)

// TestAppKeepsTheComputerAwakeWhileWatching runs the real app with
// keep_awake = true against a loopback logind on a private bus (standing
// in for the system bus): it takes one sleep:idle block inhibitor, says so
// in its state (`rentwatch status`), and the hold ends when it stops. This
// machine has no battery, which counts as mains.
func TestAppKeepsTheComputerAwakeWhileWatching(t *testing.T) {
	bin := testkit.AppBinary(t)
	bus := testkit.StartSessionBus(t) // sets the XDG folders to a temporary one
	logind := testkit.StartLogind(t, bus)
	dir := t.TempDir()
	portal := testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	search := portal.Search(t, "/huren/kamers-amsterdam", testkit.AppRooms(2345601, "Damrak")...)
	testkit.WriteAppFile(t, cfg, fmt.Sprintf("version = 1\ninterval = \"10s\"\nkeep_awake = true\n\n[[search]]\nname = \"Kamerplein\"\nurl = %q\n", search))
	env := testkit.AppEnv(t, "DBUS_SYSTEM_BUS_ADDRESS="+bus.Address)
	app := testkit.StartApp(t, bin, data, env, "run", "--no-tray", "--config", cfg, "--data", data)
	app.WaitOutput(t, "msg=\"keep awake\" holding=true", 1)
	logind.Answered() // the app has its answer: now only it holds the inhibitor
	if calls := logind.Calls(); len(calls) != 1 || calls[0] != [4]string{"sleep:idle", "rentwatch", awake.Why, "block"} {
		t.Errorf("Inhibit calls %q, want one sleep:idle block", calls)
	}
	testkit.ReadWindowURL(t, data)
	testkit.Eventually(t, "status says the computer is kept awake", testkit.Patience, func() error {
		cmd := exec.Command(bin, "status", "--config", cfg, "--data", data)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), awake.Holding) {
			return fmt.Errorf("%v:\n%s", err, out)
		}
		return nil
	})

	app.Signal(t, syscall.SIGTERM)
	if code := app.ExitCode(t); code != 0 {
		t.Errorf("SIGTERM: exit status %d", code)
	}
	read := logind.Read(0)
	read.SetReadDeadline(time.Now().Add(time.Minute)) // bounds a hang
	if n, err := read.Read(make([]byte, 1)); n != 0 || !errors.Is(err, io.EOF) {
		t.Errorf("the app stopped and the inhibitor is still held (%d, %v)", n, err)
	}
}
