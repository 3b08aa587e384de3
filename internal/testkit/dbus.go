package testkit

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

// Bus is a private D-Bus session bus, so pop-ups and tray items in a test
// never reach the desktop of whoever runs it.
type Bus struct {
	Address string // unix:path=...; what DBUS_SESSION_BUS_ADDRESS would hold
	Dir     string // the temporary folder the XDG_* variables point to
	Log     string // the daemon's own output (services it activated, errors)
}

// StartSessionBus runs a private dbus-daemon, killed by PID when the test
// ends. It first points XDG_RUNTIME_DIR, XDG_CONFIG_HOME, XDG_DATA_HOME and
// XDG_CACHE_HOME at a temporary folder (with t.Setenv), because services
// the bus starts inherit the bus's environment. It does NOT set
// DBUS_SESSION_BUS_ADDRESS: the caller does, with t.Setenv, when the code
// under test should use this bus.
func StartSessionBus(t testing.TB) *Bus {
	t.Helper()
	bin := Need(t, "dbus-daemon")
	dir := t.TempDir()
	for _, v := range []string{"XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"} {
		t.Setenv(v, dir)
	}
	sock := filepath.Join(dir, "bus")
	b := &Bus{Address: "unix:path=" + sock, Dir: dir, Log: filepath.Join(dir, "dbus-daemon.log")}
	logFile, err := os.Create(b.Log)
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close() // the daemon has its own copy
	cmd := exec.Command(bin, "--session", "--nofork", "--nopidfile", "--address="+b.Address)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatalf("start dbus-daemon: %v", err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	deadline := time.Now().Add(Patience)
	for time.Now().Before(deadline) {
		// Dial, not stat: the socket file exists a moment before the
		// daemon listens on it.
		if c, err := net.Dial("unix", sock); err == nil {
			c.Close()
			return b
		}
		time.Sleep(20 * time.Millisecond)
	}
	out, _ := os.ReadFile(b.Log)
	t.Fatalf("dbus-daemon did not make its socket in %v; its output:\n%s", Patience, out)
	return nil
}

// Notification is one Notify call a notification server received.
type Notification struct {
	App, Summary, Body string
	Icon               string // the app_icon argument: a name or path, often ""
	HasImage           bool   // an image-data hint came along (the icon as pixels)
}

// Notifications is a notification server that records every pop-up
// instead of showing it. Safe for concurrent use.
type Notifications struct {
	conn *dbus.Conn

	// mu guards got and actions.
	mu      sync.Mutex
	got     []Notification
	actions map[string]clickable // by summary: the latest pop-up with it
}

// clickable is a pop-up's id and the action keys it offered.
type clickable struct {
	id   uint32
	keys []string
}

// Click plays the user clicking the latest pop-up titled summary, as a
// notification server does: it emits ActionInvoked with the pop-up's id
// and its "default" action. It fails when no such pop-up offered one.
func (n *Notifications) Click(summary string) error {
	n.mu.Lock()
	c, ok := n.actions[summary]
	n.mu.Unlock()
	if !ok || !slices.Contains(c.keys, "default") {
		return fmt.Errorf("no pop-up titled %q offered a default action", summary)
	}
	return n.conn.Emit("/org/freedesktop/Notifications", "org.freedesktop.Notifications.ActionInvoked", c.id, "default")
}

// RecordNotifications owns org.freedesktop.Notifications on bus and
// records each Notify call until the test ends. It answers
// GetCapabilities and GetServerInformation like a real server, since
// clients ask those before they notify.
func RecordNotifications(t testing.TB, bus *Bus) *Notifications {
	t.Helper()
	conn, err := dbus.Connect(bus.Address)
	if err != nil {
		t.Fatalf("connect to %s: %v", bus.Address, err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	n := &Notifications{conn: conn, actions: map[string]clickable{}}
	const path, name = "/org/freedesktop/Notifications", "org.freedesktop.Notifications"
	if err := conn.Export(server{n}, path, name); err != nil {
		t.Fatal(err)
	}
	reply, err := conn.RequestName(name, dbus.NameFlagDoNotQueue)
	if err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("own %s: reply %v, %v", name, reply, err)
	}
	return n
}

// All returns every pop-up recorded so far, oldest first.
func (n *Notifications) All() []Notification {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]Notification(nil), n.got...)
}

// Take returns the pop-ups recorded since the last Take and forgets them.
func (n *Notifications) Take() []Notification {
	n.mu.Lock()
	defer n.mu.Unlock()
	got := n.got
	n.got = nil
	return got
}

// server is the D-Bus face of Notifications; its exported methods are
// the org.freedesktop.Notifications interface, kept off Notifications so
// tests see only All and Take.
type server struct{ n *Notifications }

func (s server) Notify(app string, replaces uint32, icon, summary, body string,
	actions []string, hints map[string]dbus.Variant, timeout int32) (uint32, *dbus.Error) {
	s.n.mu.Lock()
	defer s.n.mu.Unlock()
	_, img := hints["image-data"]
	s.n.got = append(s.n.got, Notification{App: app, Summary: summary, Body: body, Icon: icon, HasImage: img})
	id := uint32(len(s.n.got))
	var keys []string
	for i := 0; i+1 < len(actions); i += 2 {
		keys = append(keys, actions[i])
	}
	s.n.actions[summary] = clickable{id: id, keys: keys}
	return id, nil
}

func (server) GetCapabilities() ([]string, *dbus.Error) {
	return []string{"body", "body-markup"}, nil
}

func (server) GetServerInformation() (string, string, string, string, *dbus.Error) {
	return "testkit", "rentwatch-test", "1", "1.2", nil
}

func (server) CloseNotification(uint32) *dbus.Error { return nil }
