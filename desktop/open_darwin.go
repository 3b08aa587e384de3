package desktop

import (
	"fmt"
	"os/exec"
	"syscall"
)

func opener(target string) (*exec.Cmd, error) {
	path, err := exec.LookPath("open")
	if err != nil {
		return nil, fmt.Errorf("%w (no open command): open it by hand", ErrNoOpener)
	}
	return Command(path, target), nil
}

// detach starts the opener in a process group of its own, so that Ctrl-C
// in the terminal that runs rentwatch does not reach it.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }
