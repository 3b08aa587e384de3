//go:build linux

package chrome

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
	"time"
)

// KillLeftovers kills processes still running with our profile as
// their --user-data-dir after the main Chrome process is gone. Chrome's
// children (zygote, network service) can outlive a killed parent, and while
// they do they hold the profile: the next Chrome on it would refuse to start.
// Every process matched was started by us, for this profile.
//
// It looks again until none is left (a second at most): a child Chrome
// forked just before its parent died appears after the first look, and a
// process killed is still listed until it has gone.
func KillLeftovers(dir string) {
	want := []byte("--user-data-dir=" + dir + "\x00")
	for end := time.Now().Add(time.Second); killMatching(want) > 0 && time.Now().Before(end); {
		time.Sleep(20 * time.Millisecond)
	}
}

// killMatching sends SIGKILL to every process whose command line holds
// want, and says how many it found.
func killMatching(want []byte) int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	self, found := os.Getpid(), 0
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil || !bytes.Contains(append(cmdline, 0), want) {
			continue
		}
		found++
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	return found
}
