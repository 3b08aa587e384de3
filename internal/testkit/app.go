package testkit

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The rig for the tests of the real app (the app_*_test.go at the
// module's root): the rentwatch binary built once per test run, a fixture
// rental site on a loopback address of its own, and the app as a child
// process whose output the test can wait on.

// appBinDir holds the binary for this test run; AppTestMain removes it.
var appBinDir string

// AppTestMain is the TestMain of a package whose tests run the real app
// (AppBinary): it runs them and removes the binary they built.
func AppTestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "rentwatch-apptest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	appBinDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

var appBuild struct {
	once sync.Once
	path string
	err  error
}

// AppBinary builds the real rentwatch (the module's main package) once per
// test run (the first test that needs it pays), without -race: the tray
// library races with itself. The package's TestMain must be AppTestMain.
func AppBinary(t *testing.T) string {
	t.Helper()
	if RaceEnabled {
		t.Skip("the tray library (fyne.io/systray) races with itself: the app's D-Bus tests run without -race")
	}
	if testing.Short() {
		t.Skip("the real app with Chromium and D-Bus takes tens of seconds")
	}
	if appBinDir == "" {
		t.Fatal("testkit.AppBinary needs TestMain to be testkit.AppTestMain")
	}
	appBuild.once.Do(func() {
		p := filepath.Join(appBinDir, "rentwatch")
		out, err := exec.Command("go", "build", "-o", p, "rentwatch").CombinedOutput()
		if err != nil {
			appBuild.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
		appBuild.path = p
	})
	if appBuild.err != nil {
		t.Fatal(appBuild.err)
	}
	return appBuild.path
}

// AppRooms are rooms on the Amsterdam search page of a fixture site,
// one per street.
func AppRooms(first int, streets ...string) []Room {
	out := make([]Room, len(streets))
	for i, s := range streets {
		out[i] = Room{ID: first + i, Title: "Room " + s, Street: strings.ToLower(strings.ReplaceAll(s, " ", "-")),
			Area: "West", Price: 650 + 40*i}
	}
	return out
}

// AppSearch is one [[search]] block of a settings file.
type AppSearch struct{ Name, URL string }

// WriteAppSettings writes a settings file by hand, in the key names of
// DESIGN.md (the contract), the way a user or a script would.
func WriteAppSettings(t *testing.T, path, interval string, searches ...AppSearch) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "version = 1\ninterval = %q\n", interval)
	for _, s := range searches {
		fmt.Fprintf(&b, "\n[[search]]\nname = %q\nurl = %q\nenabled = true\n", s.Name, s.URL)
	}
	WriteAppFile(t, path, b.String())
}

// WriteAppFile replaces a file the way an editor saving it does: a new
// file renamed over the old, so a watcher never reads it half written.
func WriteAppFile(t *testing.T, path, text string) {
	t.Helper()
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// AppProc is the real app running as a child process.
type AppProc struct {
	Cmd     *exec.Cmd
	Out     *Output       // stdout and stderr together
	Done    chan struct{} // closed when it exited
	WaitErr error         // how it exited, once Done is closed
	Data    string        // its --data folder
}

// AppEnv is the environment the app runs in: the test's own (with the
// XDG_* folders pointing at temporary ones), no display (nothing may open
// a window on the desktop of whoever runs the tests), real Chromium, a
// stand-in for the default browser (see AppOpened), and extra (e.g.
// DBUS_SESSION_BUS_ADDRESS).
func AppEnv(t *testing.T, extra ...string) []string {
	t.Helper()
	bin, opened := FakeOpener(t)
	var env []string
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "RENTWATCH_CONFIG", "RENTWATCH_DATA":
			continue
		case "PATH":
			kv = "PATH=" + bin + string(os.PathListSeparator) + v
		}
		env = append(env, kv)
	}
	env = append(env, "RENTWATCH_CHROME="+Chromium(t), OpenedEnv+"="+opened)
	return append(env, extra...)
}

// OpenedEnv names, in the environment appEnv makes, the file where the
// stand-in for the default browser notes what it was asked to open (for
// appOpened: the app hands it to no child).
const OpenedEnv = "RENTWATCH_TEST_OPENED"

// FakeOpener is a folder with an xdg-open that notes what it was asked to
// open, one line each, in the file opened, and opens nothing. Put first
// on PATH, it is what the app's "open in the default browser" (and "open
// the settings file") finds first. The file's path is written into the
// script: the app hands its children none of its RENTWATCH_ variables.
func FakeOpener(t *testing.T) (bin, opened string) {
	t.Helper()
	dir := t.TempDir()
	bin, opened = filepath.Join(dir, "bin"), filepath.Join(dir, "opened")
	script := "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '" + opened + "'\n"
	if err := os.Mkdir(bin, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "xdg-open"), []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	return bin, opened
}

// AppOpened is what the app in env asked the default browser to open, in
// order.
func AppOpened(t *testing.T, env []string) []string {
	t.Helper()
	for _, kv := range env {
		if file, ok := strings.CutPrefix(kv, OpenedEnv+"="); ok {
			b, err := os.ReadFile(file)
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			if err != nil {
				t.Fatal(err)
			}
			return strings.Fields(string(b))
		}
	}
	t.Fatal("no " + OpenedEnv + " in the environment: not made by appEnv")
	return nil
}

// StartApp runs bin with args in env; it is killed by PID when the test
// ends if it is still running.
func StartApp(t *testing.T, bin, data string, env []string, args ...string) *AppProc {
	t.Helper()
	a := &AppProc{Cmd: exec.Command(bin, args...), Out: &Output{}, Done: make(chan struct{}), Data: data}
	a.Cmd.Env = env
	a.Cmd.Stdout, a.Cmd.Stderr = a.Out, a.Out
	if err := a.Cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	go func() { a.WaitErr = a.Cmd.Wait(); close(a.Done) }()
	t.Cleanup(func() {
		select {
		case <-a.Done:
		default:
			_ = a.Cmd.Process.Kill()
			<-a.Done
			// Killed, the app cannot close its Chromium: kill what it
			// started on its own profile, so nothing outlives the test.
			for _, pid := range ChromesOf(data) {
				KillPID(pid)
			}
		}
		if t.Failed() {
			t.Logf("the app's output:\n%s", a.Out)
		}
	})
	return a
}

// PID is the app's process ID.
func (a *AppProc) PID() int { return a.Cmd.Process.Pid }

// WaitOutput waits until the app's output holds s at least n times.
func (a *AppProc) WaitOutput(t *testing.T, s string, n int) {
	t.Helper()
	Eventually(t, fmt.Sprintf("the app logs %q %d time(s)", s, n), Patience, func() error {
		select {
		case <-a.Done:
			return fmt.Errorf("the app exited (%v)", a.WaitErr)
		default:
		}
		if got := strings.Count(a.Out.String(), s); got < n {
			return fmt.Errorf("seen %d time(s)", got)
		}
		return nil
	})
}

// ExitCode waits for the app to exit and returns its status; -1 when it
// was killed by a signal.
func (a *AppProc) ExitCode(t *testing.T) int {
	t.Helper()
	select {
	case <-a.Done:
	case <-time.After(Patience):
		t.Fatalf("the app did not exit within %v", Patience)
	}
	return a.Cmd.ProcessState.ExitCode()
}

// Signal sends the app sig.
func (a *AppProc) Signal(t *testing.T, sig syscall.Signal) {
	t.Helper()
	if err := a.Cmd.Process.Signal(sig); err != nil {
		t.Fatalf("signal %v: %v", sig, err)
	}
}

// KillPID kills the process pid (SIGKILL on unix), which the app under
// test started; gone already, nothing happens.
func KillPID(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		_ = p.Kill()
	}
}

// ChromesOf lists the PIDs of processes whose command line names the
// app's browser profile: its Chromium and every Chromium helper.
func ChromesOf(dataDir string) []int {
	return Matching(filepath.Join(dataDir, "chrome-profile"))
}

// CheckNoChrome fails the test when any Chromium on the app's profile
// stays alive after the app exited (helpers take a moment to follow their
// parent, longer on a busy machine). Zombies are not alive.
func CheckNoChrome(t *testing.T, dataDir string) {
	t.Helper()
	var left []int
	deadline := time.Now().Add(Patience)
	for {
		left = left[:0]
		for _, pid := range ChromesOf(dataDir) {
			if Alive(pid) {
				left = append(left, pid)
			}
		}
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, pid := range left { // ours: started by the app under test
		KillPID(pid)
	}
	t.Errorf("Chromium processes left behind on %s: %v", dataDir, left)
}

// The window of the app under test, as it says where it listens.

// WindowURLRe is the one line of window.url: the window's address and its
// key; the port is its first group.
var WindowURLRe = regexp.MustCompile(`^http://127\.0\.0\.1:(\d+)/\?token=[A-Za-z0-9_-]{43}$`)

// ReadWindowURL waits for data/window.url and returns its one line,
// failing the test unless it is private (0600) and an address the window
// writes.
func ReadWindowURL(t *testing.T, data string) string {
	t.Helper()
	path := filepath.Join(data, "window.url")
	var line string
	Eventually(t, "window.url is written", Patience, func() error {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		line = strings.TrimSuffix(string(b), "\n")
		return nil
	})
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("window.url: %v, mode %v; want 0600 (it holds the token)", err, fi.Mode().Perm())
	}
	if !WindowURLRe.MatchString(line) {
		t.Fatalf("window.url holds %q, want one line http://127.0.0.1:PORT/?token=T", line)
	}
	return line
}

// WindowLink says what is wrong with opened as the one-time address of
// the window at path#fragment whose window.url is addr, or "": the app
// hands a browser a code good once, never the key (a command line is
// readable by every user, a browser keeps what it opened in its history).
func WindowLink(opened, addr, path, fragment string) string {
	base, key, _ := strings.Cut(addr, "/?token=")
	want := `^` + regexp.QuoteMeta(base+path) + `\?code=[A-Za-z0-9_-]{43}`
	if fragment != "" {
		want += "#" + regexp.QuoteMeta(fragment)
	}
	if strings.Contains(opened, key) || !regexp.MustCompile(want+`$`).MatchString(opened) {
		return fmt.Sprintf("%q is not a one-time address of the window at %s (%s)", opened, path+"#"+fragment, base)
	}
	return ""
}
