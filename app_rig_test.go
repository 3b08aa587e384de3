package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// The rig for the tests of the real app (app_*_test.go): the rentwatch
// binary built once per test run, a fixture rental site on a loopback
// address of its own, and the app as a child process whose output the
// test can wait on.

// appBinDir holds the binary for this test run; TestMain removes it.
var appBinDir string

func TestMain(m *testing.M) {
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

// appBinary builds the real rentwatch once per test run (the first test
// that needs it pays), without -race: the tray library races with itself.
func appBinary(t *testing.T) string {
	t.Helper()
	if appRaceEnabled {
		t.Skip("the tray library (fyne.io/systray) races with itself: the app's D-Bus tests run without -race")
	}
	if testing.Short() {
		t.Skip("the real app with Chromium and D-Bus takes tens of seconds")
	}
	appBuild.once.Do(func() {
		p := filepath.Join(appBinDir, "rentwatch")
		out, err := exec.Command("go", "build", "-o", p, ".").CombinedOutput()
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

// appRooms are rooms on the Amsterdam search page of a fixture site,
// one per street.
func appRooms(first int, streets ...string) []testkit.Room {
	out := make([]testkit.Room, len(streets))
	for i, s := range streets {
		out[i] = testkit.Room{ID: first + i, Title: "Room " + s, Street: strings.ToLower(strings.ReplaceAll(s, " ", "-")),
			Area: "West", Price: 650 + 40*i}
	}
	return out
}

// appSearch is one [[search]] block of a settings file.
type appSearch struct{ Name, URL string }

// writeAppSettings writes a settings file by hand, in the key names of
// DESIGN.md (the contract), the way a user or a script would.
func writeAppSettings(t *testing.T, path, interval string, searches ...appSearch) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "version = 1\ninterval = %q\n", interval)
	for _, s := range searches {
		fmt.Fprintf(&b, "\n[[search]]\nname = %q\nurl = %q\nenabled = true\n", s.Name, s.URL)
	}
	writeAppFile(t, path, b.String())
}

// writeAppFile replaces a file the way an editor saving it does: a new
// file renamed over the old, so a watcher never reads it half written.
func writeAppFile(t *testing.T, path, text string) {
	t.Helper()
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// appProc is the real app running as a child process.
type appProc struct {
	cmd     *exec.Cmd
	out     *testkit.Output // stdout and stderr together
	done    chan struct{}
	waitErr error
	Data    string // its --data folder
}

// appEnv is the environment the app runs in: the test's own (with the
// XDG_* folders pointing at temporary ones), no display (nothing may open
// a window on the desktop of whoever runs the tests), real Chromium, a
// stand-in for the default browser (see appOpened), and extra (e.g.
// DBUS_SESSION_BUS_ADDRESS).
func appEnv(t *testing.T, extra ...string) []string {
	t.Helper()
	bin, opened := fakeOpener(t)
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
	env = append(env, "RENTWATCH_CHROME="+testkit.Chromium(t), openedEnv+"="+opened)
	return append(env, extra...)
}

// openedEnv names, in the environment appEnv makes, the file where the
// stand-in for the default browser notes what it was asked to open (for
// appOpened: the app hands it to no child).
const openedEnv = "RENTWATCH_TEST_OPENED"

// fakeOpener is a folder with an xdg-open that notes what it was asked to
// open, one line each, in the file opened, and opens nothing. Put first
// on PATH, it is what the app's "open in the default browser" (and "open
// the settings file") finds first. The file's path is written into the
// script: the app hands its children none of its RENTWATCH_ variables.
func fakeOpener(t *testing.T) (bin, opened string) {
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

// appOpened is what the app in env asked the default browser to open, in
// order.
func appOpened(t *testing.T, env []string) []string {
	t.Helper()
	for _, kv := range env {
		if file, ok := strings.CutPrefix(kv, openedEnv+"="); ok {
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
	t.Fatal("no " + openedEnv + " in the environment: not made by appEnv")
	return nil
}

// startApp runs bin with args in env; it is killed by PID when the test
// ends if it is still running.
func startApp(t *testing.T, bin, data string, env []string, args ...string) *appProc {
	t.Helper()
	a := &appProc{cmd: exec.Command(bin, args...), out: &testkit.Output{}, done: make(chan struct{}), Data: data}
	a.cmd.Env = env
	a.cmd.Stdout, a.cmd.Stderr = a.out, a.out
	if err := a.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	go func() { a.waitErr = a.cmd.Wait(); close(a.done) }()
	t.Cleanup(func() {
		select {
		case <-a.done:
		default:
			_ = a.cmd.Process.Kill()
			<-a.done
			// Killed, the app cannot close its Chromium: kill what it
			// started on its own profile, so nothing outlives the test.
			for _, pid := range chromesOf(data) {
				killPID(pid)
			}
		}
		if t.Failed() {
			t.Logf("the app's output:\n%s", a.out)
		}
	})
	return a
}

func (a *appProc) pid() int { return a.cmd.Process.Pid }

// waitOutput waits until the app's output holds s at least n times.
func (a *appProc) waitOutput(t *testing.T, s string, n int) {
	t.Helper()
	testkit.Eventually(t, fmt.Sprintf("the app logs %q %d time(s)", s, n), testkit.Patience, func() error {
		select {
		case <-a.done:
			return fmt.Errorf("the app exited (%v)", a.waitErr)
		default:
		}
		if got := strings.Count(a.out.String(), s); got < n {
			return fmt.Errorf("seen %d time(s)", got)
		}
		return nil
	})
}

// exitCode waits for the app to exit and returns its status; -1 when it
// was killed by a signal.
func (a *appProc) exitCode(t *testing.T) int {
	t.Helper()
	select {
	case <-a.done:
	case <-time.After(testkit.Patience):
		t.Fatalf("the app did not exit within %v", testkit.Patience)
	}
	return a.cmd.ProcessState.ExitCode()
}

func (a *appProc) signal(t *testing.T, sig syscall.Signal) {
	t.Helper()
	if err := a.cmd.Process.Signal(sig); err != nil {
		t.Fatalf("signal %v: %v", sig, err)
	}
}

// killPID kills the process pid (SIGKILL on unix), which the app under
// test started; gone already, nothing happens.
func killPID(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		_ = p.Kill()
	}
}

// chromesOf lists the PIDs of processes whose command line names the
// app's browser profile: its Chromium and every Chromium helper.
func chromesOf(dataDir string) []int {
	return testkit.Matching(filepath.Join(dataDir, "chrome-profile"))
}

// checkNoChrome fails the test when any Chromium on the app's profile
// stays alive after the app exited (helpers take a moment to follow their
// parent, longer on a busy machine). Zombies are not alive.
func checkNoChrome(t *testing.T, dataDir string) {
	t.Helper()
	var left []int
	deadline := time.Now().Add(testkit.Patience)
	for {
		left = left[:0]
		for _, pid := range chromesOf(dataDir) {
			if testkit.Alive(pid) {
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
		killPID(pid)
	}
	t.Errorf("Chromium processes left behind on %s: %v", dataDir, left)
}
