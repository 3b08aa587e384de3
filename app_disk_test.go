package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// diskFullSays is how the app names a full disk, in the tray, the window
// and the log (the numbers follow).
const diskFullSays = "the disk holding rentwatch's data is full: "

// TestAppOnAFullDisk runs the real app with its data folder on a small
// disk of its own (a tmpfs) that another program fills up: the app goes
// on running and says why it does not watch, in the tray, the window and
// the log; a restart on the full disk starts and says the same; once space
// is freed it goes on by itself, and the room posted meanwhile reaches
// every channel once. Badger writes through memory-mapped files: on a full
// disk, before, the app died of SIGBUS while writing, and again in
// badger.Open at every start.
func TestAppOnAFullDisk(t *testing.T) {
	r := newPushRig(t, false, true)
	stopApp(t, r.App)
	testkit.CheckNoChrome(t, r.Data)
	mountSmallDisk(t, r.Data, "96m")
	r.Start(t)
	r.App.WaitOutput(t, "msg=baseline", 1)
	filler := filepath.Join(r.Data, "filler")
	fillDisk(t, filler)

	room := r.Post(t)
	r.App.WaitOutput(t, diskFullSays, 1)
	r.waitTray(t, diskFullSays)
	r.waitWindow(t, diskFullSays)
	time.Sleep(15 * time.Second) // a cycle and a half: the app lives on, and sends nothing
	for _, c := range r.Channels() {
		if n := c.Count(t, room.Title); n != 0 {
			t.Errorf("%s got %q %d time(s) on a full disk: the store could not keep it", c.Name, room.Title, n)
		}
	}

	stopApp(t, r.App)
	testkit.CheckNoChrome(t, r.Data)
	r.Start(t)
	r.App.WaitOutput(t, diskFullSays, 1)
	r.waitTray(t, diskFullSays)

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	r.WaitReach(t, room.Title, r.Channels()...)
	r.App.WaitOutput(t, "there is room on the disk again", 1)
	next := r.Post(t)
	r.WaitReach(t, next.Title, r.Channels()...)
	for _, c := range r.Channels() {
		if n := c.Count(t, room.Title); n != 1 {
			t.Errorf("%s got %q %d times, want once", c.Name, room.Title, n)
		}
	}
	stopApp(t, r.App)
	r.checkQueues(t, nil)
	for _, line := range strings.Split(r.App.Out.String(), "\n") {
		if strings.Contains(line, diskFullSays) || strings.Contains(line, "room on the disk") {
			t.Log(line) // what the user read, in the log
		}
	}
}

// stopApp ends the app with SIGTERM and wants it to exit cleanly.
func stopApp(t *testing.T, a *testkit.AppProc) {
	t.Helper()
	a.Signal(t, syscall.SIGTERM)
	if code := a.ExitCode(t); code != 0 {
		t.Fatalf("SIGTERM: exit status %d", code)
	}
}

// mountSmallDisk mounts a tmpfs of size at dir (hiding what it held) until
// the test ends; it needs root. The app must be stopped by then: a later
// cleanup (the rig's) kills it first if it is not.
func mountSmallDisk(t *testing.T, dir, size string) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("mounting a small disk needs root")
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size+",mode=0700", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs: %v %s", err, out)
	}
	t.Cleanup(func() {
		for _, pid := range testkit.ChromesOf(dir) { // if the test failed with the app running
			testkit.KillPID(pid)
		}
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			// Lazily, then: a process of the app's may still be ending.
			_ = exec.Command("umount", "-l", dir).Run()
			t.Logf("umount %s: %v %s", dir, err, out)
		}
	})
}

// fillDisk writes zeros to path until the disk holding it is full, as
// another program's files fill a disk.
func fillDisk(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zeros := make([]byte, 1<<20)
	for {
		if _, err := f.Write(zeros); errors.Is(err, syscall.ENOSPC) {
			return
		} else if err != nil {
			t.Fatal(err)
		}
	}
}

// waitTray waits until the tray's menu or tooltip holds s.
func (r *pushRig) waitTray(t *testing.T, s string) {
	t.Helper()
	testkit.Eventually(t, "the tray says "+s, testkit.Patience, func() error {
		labels := testkit.Labels(testkit.ReadMenu(t, r.Item))
		tip, err := r.Item.ToolTip()
		if err != nil {
			return err
		}
		if !strings.Contains(labels, s) && !strings.Contains(tip.Title+" "+tip.Text, s) {
			return fmt.Errorf("menu %s, tooltip %q %q", labels, tip.Title, tip.Text)
		}
		return nil
	})
}

// waitWindow waits until the window's state names s as the problem.
func (r *pushRig) waitWindow(t *testing.T, s string) {
	t.Helper()
	line := testkit.ReadWindowURL(t, r.Data)
	base, token, _ := strings.Cut(line, "/?token=")
	testkit.Eventually(t, "the window says "+s, testkit.Patience, func() error {
		req, _ := http.NewRequest("GET", base+"/api/state", nil)
		req.Header.Set("X-API-Key", token)
		res, err := (&http.Client{Timeout: time.Minute}).Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		var st struct {
			Problem string `json:"problem"`
			Status  string `json:"status"`
		}
		if err := json.Unmarshal(body, &st); err != nil {
			return fmt.Errorf("%s: %v", res.Status, err)
		}
		if !strings.Contains(st.Problem, s) {
			return fmt.Errorf("problem %q, status %q", st.Problem, st.Status)
		}
		return nil
	})
}
