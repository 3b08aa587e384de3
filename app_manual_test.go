package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// TestAppManualCheckKeepsWatching is a check by hand with the real app in
// a private desktop session (a session bus with a tray watcher and a
// pop-up recorder, a virtual screen, mailpit, two fixture sites): one site
// refuses flatly (Cloudflare's Error 1020), the user clicks its search in
// the tray menu, a real Chromium window opens on it; while that window is
// open a room posted on the other site arrives by email. Then the user
// closes the window, and the window's Chrome and its profile are gone.
func TestAppManualCheckKeepsWatching(t *testing.T) {
	bin := testkit.AppBinary(t)
	bus := testkit.StartSessionBus(t)
	t.Setenv("XDG_STATE_HOME", bus.Dir)
	testkit.RecordNotifications(t, bus)
	testkit.StartTrayWatcher(t, bus)
	display := testkit.StartXvfb(t)
	mail := testkit.StartMailpit(t)
	home := testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	homeURL := home.Search(t, "/huren/kamers-amsterdam", testkit.AppRooms(4567801, "Damrak", "Javastraat")...)
	wall := testkit.StartPortal(t, "127.0.0.5", testkit.CardPage)
	wallURL := wall.Search(t, "/huren/kamers-leiden", testkit.AppRooms(4567901, "Breestraat")...)
	wall.Deny()
	const homeName, wallName = "Kamerplein Amsterdam", "Kamerhuis Leiden"

	dir := t.TempDir()
	cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	testkit.WriteAppFile(t, cfg, fmt.Sprintf("version = 1\ninterval = \"10s\"\n"+
		"\n[email]\nto = \"bob@example.test\"\nfrom = %q\nhost = %q\nport = %d\nsecurity = %q\nusername = %q\nca_file = %q\n"+
		"\n[[search]]\nname = %q\nurl = %q\nenabled = true\n\n[[search]]\nname = %q\nurl = %q\nenabled = true\n",
		testkit.MailpitUser, mail.Host, mail.SMTPPort, mail.Security, testkit.MailpitUser, mail.CAFile,
		homeName, homeURL, wallName, wallURL))
	env := testkit.AppEnv(t, "DBUS_SESSION_BUS_ADDRESS="+bus.Address, "RENTWATCH_SMTP_PASSWORD="+testkit.MailpitPassword,
		"DISPLAY="+display)
	app := testkit.StartApp(t, bin, data, env, "run", "--config", cfg, "--data", data)
	item := testkit.WaitTrayItem(t, bus, app.PID(), testkit.Patience)
	app.WaitOutput(t, "msg=baseline", 1)
	app.WaitOutput(t, "msg=wall", 1)

	clicked := time.Now()
	if err := item.Click(wallName + " — "); err != nil {
		t.Fatal(err)
	}
	testkit.Eventually(t, "a Chromium window on the screen", testkit.Patience, func() error {
		if len(chromiumWindows(t, display)) == 0 {
			return fmt.Errorf("no Chromium window on %s", display)
		}
		return nil
	})
	testkit.Eventually(t, "the tray says the window is open", testkit.Patience, func() error {
		if !checkingByHand(t, item) {
			return fmt.Errorf("the menu:\n%s", testkit.Labels(testkit.ReadMenu(t, item)))
		}
		return nil
	})
	testkit.Eventually(t, "the window asks the site for its page", testkit.Patience, func() error {
		if wall.RequestsSince(clicked) == 0 {
			return fmt.Errorf("no request since the click:\n%s", wall.Log())
		}
		return nil
	})

	room := testkit.Room{ID: 4567899, Title: "Room Overtoom by the park", Street: "overtoom", Area: "West", Price: 815}
	home.Post(homeURL, room)
	posted := time.Now()
	testkit.Eventually(t, "an email names the room posted while the window is open", testkit.Patience, func() error {
		if len(mail.Containing(t, room.Title)) == 0 {
			return fmt.Errorf("%d message(s), none names %q", len(mail.Messages(t)), room.Title)
		}
		return nil
	})
	took := time.Since(posted)
	if len(chromiumWindows(t, display)) == 0 || !checkingByHand(t, item) {
		t.Fatalf("the email came %v after the room was posted, but the window had closed by then", took.Round(time.Millisecond))
	}
	t.Logf("posted to email, with the window open: %v", took.Round(time.Millisecond))

	closeWindows(t, display) // the user closes the window
	testkit.Eventually(t, "the window's Chromium and its profile are gone", testkit.Patience, func() error {
		left, _ := filepath.Glob(filepath.Join(data, "rentwatch-window-*"))
		if ids, pids := chromiumWindows(t, display), windowChromes(data); len(ids) > 0 || len(pids) > 0 || len(left) > 0 {
			return fmt.Errorf("windows %v, Chromium %v, profile %v", ids, pids, left)
		}
		return nil
	})
	testkit.Eventually(t, "the tray no longer says the window is open", testkit.Patience, func() error {
		if checkingByHand(t, item) {
			return fmt.Errorf("the menu:\n%s", testkit.Labels(testkit.ReadMenu(t, item)))
		}
		return nil
	})

	if err := item.ClickQuit("Quit"); err != nil {
		t.Fatal(err)
	}
	if code := app.ExitCode(t); code != 0 {
		t.Errorf("Quit: the app exited %d", code)
	}
	testkit.CheckNoChrome(t, data)
}

// checkingByHand reports whether the menu's status line says a window of
// a check by hand is open.
func checkingByHand(t *testing.T, item *testkit.TrayItem) bool {
	_, ok := testkit.FindEntry(testkit.ReadMenu(t, item), "Checking by hand")
	return ok
}

// windowChromes lists the live Chromium processes on a profile of a check
// by hand's window (made in the data folder dir): its Chromium and helpers.
func windowChromes(dir string) []int {
	var pids []int
	for _, pid := range testkit.Matching("--user-data-dir=" + filepath.Join(dir, "rentwatch-window-")) {
		if testkit.Alive(pid) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// chromiumWindows lists the Chromium windows shown on display (the test's
// own screen: only the window of a check by hand draws there).
func chromiumWindows(t *testing.T, display string) []string {
	t.Helper()
	cmd := exec.Command(testkit.Need(t, "xdotool"), "search", "--onlyvisible", "--class", "chromium")
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	out, _ := cmd.Output() // exits 1 when it finds none
	return strings.Fields(string(out))
}

// closeWindows closes every Chromium window on display with Ctrl+Shift+W,
// as the user closing the window (its guide tab and the site's).
func closeWindows(t *testing.T, display string) {
	t.Helper()
	ids := chromiumWindows(t, display)
	if len(ids) == 0 {
		t.Fatalf("no Chromium window on %s", display)
	}
	for _, id := range ids {
		cmd := exec.Command(testkit.Need(t, "xdotool"), "windowfocus", "--sync", id, "key", "--clearmodifiers", "ctrl+shift+w")
		cmd.Env = append(os.Environ(), "DISPLAY="+display)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("close window %s: %v: %s", id, err, out)
		}
	}
}
