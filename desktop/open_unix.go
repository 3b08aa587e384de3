//go:build !windows && !darwin

package desktop

import (
	"fmt"
	"os/exec"
	"strings"
	"syscall"
)

// openers are the programs that open a page or a file on Linux and the
// BSDs, in the order tried: xdg-open asks the desktop; the others are
// Debian's alternatives and WSL's bridge to Windows.
var openers = []string{"xdg-open", "x-www-browser", "www-browser", "wslview"}

func opener(target string) (*exec.Cmd, error) {
	for _, name := range openers {
		if path, err := exec.LookPath(name); err == nil {
			return Command(path, target), nil
		}
	}
	return nil, fmt.Errorf("%w (looked for %s): install xdg-utils, or open it by hand", ErrNoOpener, strings.Join(openers, ", "))
}

// detach starts the opener in a process group of its own, so that Ctrl-C
// in the terminal that runs rentwatch does not also close the browser it
// opened.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }
