package desktop

import (
	"fmt"
	"os/exec"
)

// opener hands target to the shell's own handler for it through
// rundll32, a child of ours that takes the environment we give it
// (ShellExecute in our process would hand the browser ours).
func opener(target string) (*exec.Cmd, error) {
	path, err := exec.LookPath("rundll32.exe")
	if err != nil {
		return nil, fmt.Errorf("%w (no rundll32.exe): open it by hand", ErrNoOpener)
	}
	return Command(path, "url.dll,FileProtocolHandler", target), nil
}

func detach(*exec.Cmd) {}
