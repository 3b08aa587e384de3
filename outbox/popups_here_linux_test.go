package outbox

import (
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// servicesIn makes a folder for XDG_DATA_DIRS whose session services are
// the given names (each started by /bin/true), so a private bus lists
// what it can start independently of what this computer has installed.
func servicesIn(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	svc := filepath.Join(dir, "dbus-1", "services")
	if err := os.MkdirAll(svc, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		body := "[D-BUS Service]\nName=" + n + "\nExec=/bin/true\n"
		if err := os.WriteFile(filepath.Join(svc, n+".service"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// bareBus runs a session bus that can start only the services in data's
// dbus-1/services (a --session bus always adds the computer's own, where
// a notification service may be installed), killed by PID when the test
// ends, and returns its address.
func bareBus(t *testing.T, data string) string {
	t.Helper()
	bin := testkit.Need(t, "dbus-daemon")
	dir := t.TempDir()
	sock := filepath.Join(dir, "bus")
	conf := `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:path=` + sock + `</listen>
<servicedir>` + filepath.Join(data, "dbus-1", "services") + `</servicedir>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>`
	cfg := filepath.Join(dir, "bus.conf")
	if err := os.WriteFile(cfg, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--config-file="+cfg, "--nofork", "--nopidfile")
	if err := cmd.Start(); err != nil {
		t.Fatalf("start dbus-daemon: %v", err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	for range 500 {
		if c, err := net.Dial("unix", sock); err == nil {
			c.Close()
			return "unix:path=" + sock
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("dbus-daemon made no socket at %s", sock)
	return ""
}

// Pop-ups are there where a notification service runs on the session bus
// or can be started by it, and not on a server with no session bus or a
// bus with no notification service (run --no-tray over ssh).
func TestPopUpsHere(t *testing.T) {
	cases := []struct {
		name  string
		setUp func(t *testing.T)
		shown bool
	}{
		{"no session bus", func(t *testing.T) {
			t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
			t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
		}, false},
		{"a bus with no notification service", func(t *testing.T) {
			t.Setenv("DBUS_SESSION_BUS_ADDRESS", bareBus(t, servicesIn(t, "org.example.Other")))
		}, false},
		{"a bus that can start one", func(t *testing.T) {
			t.Setenv("DBUS_SESSION_BUS_ADDRESS", bareBus(t, servicesIn(t, notificationsName)))
		}, true},
		{"a bus on which one runs", func(t *testing.T) {
			addr := bareBus(t, servicesIn(t))
			t.Setenv("DBUS_SESSION_BUS_ADDRESS", addr)
			testkit.RecordNotifications(t, &testkit.Bus{Address: addr})
		}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.setUp(t)
			err := PopUpsHere()
			if c.shown && err != nil {
				t.Errorf("PopUpsHere = %v, want pop-ups", err)
			}
			if !c.shown && !errors.Is(err, ErrNoPopUps) {
				t.Errorf("PopUpsHere = %v, want ErrNoPopUps", err)
			}
		})
	}
}

// Without pop-ups there is no desktop channel, and notices go to the
// channels there are.
func TestNoPopUpsNoDesktopChannel(t *testing.T) {
	o := New(nil, nil)
	o.SetPush([]string{"generic://127.0.0.1:1/hook"})
	ids := func() []string {
		var out []string
		for _, c := range o.Channels() {
			out = append(out, c.ID())
		}
		return out
	}
	if !slices.Contains(ids(), "desktop") {
		t.Fatalf("channels %v: no desktop channel by default", ids())
	}
	o.SetPopUps(false)
	if got := ids(); slices.Contains(got, "desktop") || len(got) != 1 {
		t.Errorf("channels without pop-ups = %v, want the push channel alone", got)
	}
}
