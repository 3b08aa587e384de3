package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// The promises of the command line around the tray: `make run` on a fresh
// machine (no settings file, default folders) shows a tray offering "Add
// search…"; settings edits apply while running; no session bus, or no
// tray host yet, never stops the watching.

// TestAppFirstRunAndSettingsEdits is `make run` (`go run .`, no flags) on
// a fresh machine: the settings file is created with comments in the OS
// config folder, the data in the OS data folder, and the tray offers "Add
// search…". Then the user edits the file while the app runs.
func TestAppFirstRunAndSettingsEdits(t *testing.T) {
	bin := testkit.AppBinary(t)
	bus := testkit.StartSessionBus(t) // XDG_CONFIG_HOME, XDG_DATA_HOME, ... point at a fresh folder
	t.Setenv("XDG_STATE_HOME", bus.Dir)
	testkit.StartTrayWatcher(t, bus)
	cfg := filepath.Join(bus.Dir, "rentwatch", "config.toml") // os.UserConfigDir() on Linux
	data := filepath.Join(bus.Dir, "rentwatch")               // config.DataDir() on Linux
	env := testkit.AppEnv(t, "DBUS_SESSION_BUS_ADDRESS="+bus.Address)
	app := testkit.StartApp(t, bin, data, env)
	item := testkit.WaitTrayItem(t, bus, app.PID(), testkit.Patience)

	checkFirstRun(t, item, cfg, data)
	// With no searches, the first start opens the window at its Add a
	// search form.
	testkit.Eventually(t, "the window opens by itself", testkit.Patience, func() error {
		if got := testkit.AppOpened(t, env); len(got) != 1 || testkit.WindowLink(got[0], testkit.ReadWindowURL(t, data), "/", "add") != "" {
			return fmt.Errorf("opened %q, want a one-time address of the window's Add a search", got)
		}
		return nil
	})
	checkSettingsEdits(t, item, cfg)
	app.WaitOutput(t, "msg=baseline", 1) // the added search ran, so Chromium is up
	app.Signal(t, syscall.SIGTERM)
	if code := app.ExitCode(t); code != 0 {
		t.Errorf("SIGTERM: exit status %d", code)
	}
	testkit.CheckNoChrome(t, data)
}

// checkFirstRun: the settings file is made, with comments; the store is
// in the OS data folder; the menu opens with the hint and "Add search…".
func checkFirstRun(t *testing.T, item *testkit.TrayItem, cfg, data string) {
	t.Helper()
	text, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatalf("no settings file made on the first run: %v", err)
	}
	for _, want := range []string{"version = 1", "interval = ", "# "} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the new settings file lacks %q:\n%s", want, text)
		}
	}
	if _, err := os.Stat(filepath.Join(data, "store")); err != nil {
		t.Errorf("no store in the OS data folder: %v", err)
	}
	menu := testkit.ReadMenu(t, item)
	if len(menu) < 4 || menu[0].Label != "Open rentwatch…" || menu[1].Label != "No searches yet — add one to start watching" ||
		menu[3].Label != "Add search…" {
		t.Errorf("a fresh app's menu should open with Open rentwatch…, the hint and then Add search…:\n%s", testkit.Labels(menu))
	}
	for _, off := range []string{"Check now", "Pause"} {
		if e, ok := testkit.FindEntry(menu, off); !ok || e.Enabled {
			t.Errorf("%q should be shown disabled with no searches: %+v", off, e)
		}
	}
	if tip, err := item.ToolTip(); err != nil || tip.Title != "rentwatch — no searches yet" {
		t.Errorf("tooltip %+v, %v", tip, err)
	}

}

// checkSettingsEdits edits the settings file under the running app, the
// way a person does in an editor, and watches the menu follow.
func checkSettingsEdits(t *testing.T, item *testkit.TrayItem, cfg string) {
	t.Helper()
	portal := testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	first := testkit.AppSearch{Name: "Kamerplein Amsterdam", URL: portal.Search(t, "/huren/kamers-amsterdam",
		testkit.AppRooms(2345601, "Damrak", "Kinkerstraat", "Javastraat")...)}
	second := testkit.AppSearch{Name: "Kamerplein Utrecht", URL: portal.URL + "/huren/kamers-utrecht"}
	steps := []struct {
		name    string
		file    string
		status  string   // the status line starts with this; "": no problem shown
		entries []string // menu entries that must be there
		absent  []string // and must not
	}{
		{"a search added to the file shows up", settingsText("30s", first), "",
			[]string{first.Name + " — "}, nil},
		{"a bad edit is named and the last good settings stay", settingsText("1s", first, second),
			"Settings file: line 2: interval", []string{first.Name + " — "}, []string{second.Name}},
		{"the fix clears the problem", settingsText("30s", first), "", []string{first.Name + " — "}, nil},
	}
	for _, st := range steps {
		testkit.WriteAppFile(t, cfg, st.file)
		edited := time.Now()
		testkit.Eventually(t, st.name, testkit.Patience, func() error {
			menu, err := item.Menu()
			if err != nil {
				return err
			}
			status := menu[1].Label // after Open rentwatch…
			if st.status != "" && !strings.HasPrefix(status, st.status) {
				return fmt.Errorf("status line %q, want %q…", status, st.status)
			}
			if st.status == "" && strings.HasPrefix(status, "Settings file") {
				return fmt.Errorf("status line still shows a problem: %q", status)
			}
			for _, e := range st.entries {
				if _, ok := testkit.FindEntry(menu, e); !ok {
					return fmt.Errorf("no %q entry in:\n%s", e, testkit.Labels(menu))
				}
			}
			for _, e := range st.absent {
				if _, ok := testkit.FindEntry(menu, e); ok {
					return fmt.Errorf("a %q entry from the bad file in:\n%s", e, testkit.Labels(menu))
				}
			}
			return nil
		})
		tip, _ := item.ToolTip()
		if hasProblem := strings.Contains(tip.Title, "interval"); hasProblem != (st.status != "") {
			t.Errorf("%s: tooltip %q", st.name, tip.Title)
		}
		t.Logf("%-55s applied in %v", st.name, time.Since(edited).Round(10*time.Millisecond))
	}
}

func settingsText(interval string, searches ...testkit.AppSearch) string {
	var b strings.Builder
	fmt.Fprintf(&b, "version = 1\ninterval = %q\n", interval)
	for _, s := range searches {
		fmt.Fprintf(&b, "\n[[search]]\nname = %q\nurl = %q\n", s.Name, s.URL)
	}
	return b.String()
}

// TestAppWithoutTray: with no session bus the app says once that it runs
// without a tray icon and watches all the same; with a bus but no tray
// host it watches too. (A host that starts later: xfce4-panel picks the
// item up, see the screenshot test; status-notifier-watcher does not, as
// systray registers again before that watcher exports its object.)
func TestAppWithoutTray(t *testing.T) {
	bin := testkit.AppBinary(t)
	cases := []struct {
		name   string
		bus    func(t *testing.T) (env string, bus *testkit.Bus)
		viaEnv bool // RENTWATCH_CONFIG and RENTWATCH_DATA instead of --config and --data
	}{
		{"the bus address points at a missing socket", func(t *testing.T) (string, *testkit.Bus) {
			return "DBUS_SESSION_BUS_ADDRESS=unix:path=" + filepath.Join(t.TempDir(), "gone"), nil
		}, true},
		{"no bus address and none in XDG_RUNTIME_DIR", func(t *testing.T) (string, *testkit.Bus) {
			t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
			return "", nil
		}, false},
		{"a bus with no tray host", func(t *testing.T) (string, *testkit.Bus) {
			bus := testkit.StartSessionBus(t)
			return "DBUS_SESSION_BUS_ADDRESS=" + bus.Address, bus
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, k := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"} {
				t.Setenv(k, dir)
			}
			env, bus := c.bus(t)
			portal := testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
			cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
			testkit.WriteAppSettings(t, cfg, "10s", testkit.AppSearch{Name: "Kamerplein", URL: portal.Search(t, "/huren/kamers-amsterdam",
				testkit.AppRooms(2345601, "Damrak", "Kinkerstraat", "Javastraat")...)})
			// No subcommand: `rentwatch` alone starts the tray app.
			args, extra := []string{"--config", cfg, "--data", data}, []string{}
			if env != "" {
				extra = append(extra, env)
			}
			if c.viaEnv {
				args, extra = nil, append(extra, "RENTWATCH_CONFIG="+cfg, "RENTWATCH_DATA="+data)
			}
			app := testkit.StartApp(t, bin, data, testkit.AppEnv(t, extra...), args...)
			app.WaitOutput(t, "msg=baseline", 1)
			// The log file in the data folder has what stderr had (a moment
			// later: stderr is written first).
			testkit.Eventually(t, "the log file in the data folder has the baseline", testkit.Patience, func() error {
				log, err := os.ReadFile(filepath.Join(data, "logs", "rentwatch.log"))
				if err == nil && !strings.Contains(string(log), "msg=baseline") {
					err = fmt.Errorf("it reads:\n%s", log)
				}
				return err
			})
			checkSaidNoTray(t, app, bus)
			termed := time.Now()
			app.Signal(t, syscall.SIGTERM)
			if code := app.ExitCode(t); code != 0 {
				t.Errorf("SIGTERM: exit status %d", code)
			}
			t.Logf("SIGTERM to exit: %v", time.Since(termed).Round(time.Millisecond))
			if out := app.Out.String(); strings.Contains(out, "panic") || strings.Contains(out, "goroutine ") {
				t.Errorf("the app panicked:\n%s", out)
			}
			testkit.CheckNoChrome(t, data)
		})
	}
}

// checkSaidNoTray: with no bus (bus nil) the app says once, plainly, that
// it runs without a tray icon; on a bus with no tray host the tray library
// says once that it could not register, and the item waits on the bus
// under its own name for a host to come.
func checkSaidNoTray(t *testing.T, app *testkit.AppProc, bus *testkit.Bus) {
	t.Helper()
	out := app.Out.String()
	if bus == nil {
		// Said once, in one line that does not repeat itself.
		lines := linesWith(out, "without a tray icon")
		if len(lines) != 1 || strings.Count(lines[0], "running without a tray icon") != 1 {
			t.Errorf("the app should say once that it runs without a tray icon; it said:\n%s",
				strings.Join(lines, "\n"))
		}
	} else {
		// No host: systray says it could not register, once, and the
		// item waits on the bus under its own name for a host.
		if n := len(linesWith(out, "failed to register")); n != 1 {
			t.Errorf("with no tray host the app said %d times that it could not register, want once", n)
		}
		conn := testkit.Connect(t, bus)
		name := fmt.Sprintf("org.kde.StatusNotifierItem-%d-1", app.PID())
		var owned bool
		if err := conn.BusObject().Call("org.freedesktop.DBus.NameHasOwner", 0, name).Store(&owned); err != nil || !owned {
			t.Errorf("the tray item is not on the bus as %s: %v, %v", name, owned, err)
		}
	}
}

// linesWith is the lines of out that contain s.
func linesWith(out, s string) []string {
	var got []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, s) {
			got = append(got, l)
		}
	}
	return got
}
