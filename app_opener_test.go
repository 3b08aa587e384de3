package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/gofrs/flock"

	"rentwatch/internal/testkit"
)

// childSecret is a password in the app's environment that no program the
// app starts may see.
const childSecret = "smtp-secret-51f0c2"

// recorder is a folder of stand-ins for programs the app (or a library of
// its) starts: each notes its arguments and environment, one file each per
// run (NAME.args.PID, NAME.env.PID), and, when it waits, stays until
// release exists (as xdg-open does on a desktop it does not know: until
// the browser it started closes), noting NAME.ended.PID when it goes.
type recorder struct{ dir string }

func newRecorder(t *testing.T) *recorder {
	t.Helper()
	r := &recorder{dir: t.TempDir()}
	if err := os.Mkdir(r.bin(), 0o700); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.release) // a test that fails early still lets its stand-ins go
	return r
}

func (r *recorder) bin() string { return filepath.Join(r.dir, "bin") }

// add puts a stand-in for name on the recorder's bin; it exits with code.
// Its paths are written into it: the app hands its children no variable
// of the test's.
func (r *recorder) add(t *testing.T, name string, wait bool, code int) {
	t.Helper()
	q := func(s string) string { return "'" + filepath.Join(r.dir, s) + "'" }
	script := "#!/bin/sh\n" +
		"printf '%s\\n' \"$*\" > " + q(name+".args.") + "$$\n" +
		"/usr/bin/env > " + q(name+".env.") + "$$\n"
	if wait {
		script += "while [ ! -e " + q("release") + " ]; do /bin/sleep 0.1; done\n"
	}
	script += ": > " + q(name+".ended.") + "$$\nexit " + strconv.Itoa(code) + "\n"
	if err := os.WriteFile(filepath.Join(r.bin(), name), []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
}

func (r *recorder) release() { _ = os.WriteFile(filepath.Join(r.dir, "release"), nil, 0o600) }

// runs are the files name's runs wrote of kind ("args", "env", "ended"),
// by PID.
func (r *recorder) runs(name, kind string) map[string]string {
	out := map[string]string{}
	files, _ := filepath.Glob(filepath.Join(r.dir, name+"."+kind+".*"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err == nil {
			out[f[strings.LastIndexByte(f, '.')+1:]] = string(b)
		}
	}
	return out
}

// checkEnvs fails where a run of a stand-in saw the secret, or saw no PATH
// (what a program needs stays).
func (r *recorder) checkEnvs(t *testing.T, names ...string) {
	t.Helper()
	for _, name := range names {
		envs := r.runs(name, "env")
		if len(envs) == 0 {
			t.Errorf("%s was never started", name)
		}
		for pid, env := range envs {
			if strings.Contains(env, childSecret) {
				t.Errorf("%s (%s) was started with the secret in its environment", name, pid)
			}
			if !strings.Contains("\n"+env, "\nPATH=") {
				t.Errorf("%s (%s) was started without PATH", name, pid)
			}
		}
	}
}

// setEnv is env with name set to value (in place of any it had); value ""
// leaves name out.
func setEnv(env []string, name, value string) []string {
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	if value != "" {
		out = append(out, name+"="+value)
	}
	return out
}

// childrenOf are the PIDs and states (R, S, Z, ...) of pid's children.
func childrenOf(pid int) map[int]string {
	out := map[int]string{}
	for _, c := range testkit.Children(pid) {
		if st, ok := testkit.ReadStat(c); ok {
			out[c] = string(st.State)
		}
	}
	return out
}

// TestAppFirstStartDoesNotWaitForTheBrowser is the first start on a desktop
// whose xdg-open does not know it (i3, Openbox, startx: no
// XDG_CURRENT_DESKTOP), where xdg-open returns only when the browser it
// started closes. While it waits, the tray registers, a search added in
// the window is checked, and the window's "Open settings file", the
// tray's "Open rentwatch…" and `rentwatch open` each start an opener and
// answer. Every opener is handed a one-time address, never the key, and
// no secret in its environment; when they end, the app reaps them.
func TestAppFirstStartDoesNotWaitForTheBrowser(t *testing.T) {
	bin := testkit.AppBinary(t)
	bus := testkit.StartSessionBus(t)
	t.Setenv("XDG_STATE_HOME", bus.Dir)
	testkit.StartTrayWatcher(t, bus)
	portal := testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	search := portal.Search(t, "/huren/kamers-amsterdam", testkit.AppRooms(2345601, "Damrak", "Kinkerstraat")...)
	dir := t.TempDir()
	cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	testkit.WriteAppFile(t, cfg, "version = 1\ninterval = \"10s\"\n") // no searches: the window opens by itself
	rec := newRecorder(t)
	rec.add(t, "xdg-open", true, 0)
	env := testkit.AppEnv(t, "DBUS_SESSION_BUS_ADDRESS="+bus.Address, "RENTWATCH_SMTP_PASSWORD="+childSecret)
	env = setEnv(env, "XDG_CURRENT_DESKTOP", "")
	env = setEnv(env, "PATH", rec.bin()+string(os.PathListSeparator)+os.Getenv("PATH"))
	app := testkit.StartApp(t, bin, data, env, "--config", cfg, "--data", data)
	t.Cleanup(rec.release) // before the app is stopped, should the test end early

	testkit.Eventually(t, "the window's opener is started", testkit.Patience, func() error {
		if len(rec.runs("xdg-open", "env")) == 0 {
			return errors.New("not yet")
		}
		return nil
	})
	item := testkit.WaitTrayItem(t, bus, app.PID(), testkit.Patience)
	addr := testkit.ReadWindowURL(t, data)
	key := strings.SplitN(addr, "?token=", 2)[1]
	base := strings.TrimSuffix(strings.SplitN(addr, "?", 2)[0], "/")
	api := func(path, body string) (int, string) {
		req, _ := http.NewRequest("POST", base+path, strings.NewReader(body))
		req.Header.Set("X-API-Key", key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var answer map[string]any
		_ = json.NewDecoder(res.Body).Decode(&answer)
		return res.StatusCode, fmt.Sprint(answer)
	}
	if code, answer := api("/api/searches", `{"url":"`+search+`"}`); code != 201 {
		t.Fatalf("adding a search: %d %s", code, answer)
	}
	testkit.Eventually(t, "the search is checked", testkit.Patience, func() error {
		if len(portal.Loads(search)) == 0 {
			return errors.New("not loaded yet")
		}
		return nil
	})
	if code, answer := api("/api/open/settings-file", ""); code != 200 {
		t.Errorf("Open settings file while the browser's opener waits: %d %s", code, answer)
	}
	// The tray's Open rentwatch… and `rentwatch open` each start an
	// opener of their own (which waits too), and neither waits for it.
	if err := item.Click("Open rentwatch…"); err != nil {
		t.Fatal(err)
	}
	open := exec.Command(bin, "open", "--data", data)
	open.Env = env
	if out, err := open.CombinedOutput(); err != nil {
		t.Errorf("rentwatch open while the openers wait: %v\n%s", err, out)
	}
	testkit.Eventually(t, "four openers run", testkit.Patience, func() error {
		if n := len(rec.runs("xdg-open", "env")); n != 4 {
			return fmt.Errorf("%d openers started", n)
		}
		return nil
	})
	if menu := testkit.ReadMenu(t, item); len(menu) == 0 {
		t.Error("the tray's menu is empty while the openers wait")
	}
	// All the while, the first opener waits for its browser.
	args := rec.runs("xdg-open", "args")
	ended := rec.runs("xdg-open", "ended")
	var windowOpeners int
	for _, a := range args {
		if a, ok := strings.CutPrefix(a, "http://"); ok {
			windowOpeners++
			fragment := ""
			if strings.Contains(a, "#") {
				fragment = "add" // the first start's
			}
			if wrong := testkit.WindowLink("http://"+strings.TrimSpace(a), addr, "/", fragment); wrong != "" {
				t.Errorf("an opener was handed %s", wrong)
			}
		}
	}
	if windowOpeners != 3 || len(ended) != 0 {
		t.Fatalf("openers given the window's address: %d, want 3; ended: %d, want none yet (%q)", windowOpeners, len(ended), args)
	}
	rec.checkEnvs(t, "xdg-open") // the browser's opener and the settings file's

	// Let the browser "close": the app reaps its opener.
	rec.release()
	testkit.Eventually(t, "the openers end and are reaped", testkit.Patience, func() error {
		if len(rec.runs("xdg-open", "ended")) != len(rec.runs("xdg-open", "args")) {
			return errors.New("an opener still runs")
		}
		for pid, state := range childrenOf(app.PID()) {
			if state == "Z" {
				return fmt.Errorf("child %d of the app is a zombie", pid)
			}
		}
		return nil
	})
	app.Signal(t, syscall.SIGTERM)
	if code := app.ExitCode(t); code != 0 {
		t.Errorf("SIGTERM: exit status %d", code)
	}
	testkit.CheckNoChrome(t, data)
}

// TestAppChildrenGetNoSecret: a program a library starts for the app gets
// no secret either. Started from a menu while another rentwatch runs,
// the app says "rentwatch did not start" in a pop-up; on a machine without
// a session bus the notification library starts dbus-launch (godbus), then
// notify-send, then kdialog (beeep), none of which the app can hand an
// environment.
func TestAppChildrenGetNoSecret(t *testing.T) {
	bin := testkit.AppBinary(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	lock := flock.New(filepath.Join(data, "rentwatch.lock")) // as the running rentwatch holds it
	if ok, err := lock.TryLock(); !ok || err != nil {
		t.Fatalf("lock: %v %v", ok, err)
	}
	defer lock.Unlock()
	rec := newRecorder(t)
	for _, name := range []string{"dbus-launch", "notify-send", "kdialog"} {
		rec.add(t, name, false, 1)
	}
	runtimeDir := filepath.Join(dir, "run") // no bus socket in it
	if err := os.Mkdir(runtimeDir, 0o700); err != nil {
		t.Fatal(err)
	}
	env := testkit.AppEnv(t, "RENTWATCH_SMTP_PASSWORD="+childSecret, "SOME_API_TOKEN="+childSecret)
	env = setEnv(env, "DBUS_SESSION_BUS_ADDRESS", "")
	env = setEnv(env, "XDG_RUNTIME_DIR", runtimeDir)
	env = setEnv(env, "PATH", rec.bin()+string(os.PathListSeparator)+os.Getenv("PATH"))
	app := testkit.StartApp(t, bin, data, env, "--config", filepath.Join(dir, "config.toml"), "--data", data)
	if code := app.ExitCode(t); code != 1 || !strings.Contains(app.Out.String(), "rentwatch is already running") {
		t.Errorf("exit %d, output:\n%s\nwant 1 and already running", code, app.Out)
	}
	rec.checkEnvs(t, "dbus-launch", "notify-send", "kdialog")
}
