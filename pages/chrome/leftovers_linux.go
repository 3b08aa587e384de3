//go:build linux

package chrome

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// KillLeftovers kills processes still running with our profile as
// their --user-data-dir after the main Chrome process is gone. Chrome's
// children (zygote, network service) can outlive a killed parent, and while
// they do they hold the profile: the next Chrome on it would refuse to start.
// Every process matched was started by us, for this profile.
func KillLeftovers(dir string) {
	want := []byte("--user-data-dir=" + dir + "\x00")
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	self := os.Getpid()
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil || !bytes.Contains(append(cmdline, 0), want) {
			continue
		}
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}
