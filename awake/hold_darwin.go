package awake

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
)

// OnMains reports whether the Mac runs on mains power (`pmset -g batt`
// says "AC Power").
func OnMains() (bool, error) {
	out, err := exec.Command("pmset", "-g", "batt").Output()
	if err != nil {
		return false, fmt.Errorf("pmset: %w", err)
	}
	return strings.Contains(string(out), "'AC Power'"), nil
}

// Hold runs `caffeinate -i` (no idle sleep) for as long as the lock is
// held; -w ties it to rentwatch, so it ends with rentwatch even after a
// crash.
func Hold(string) (Lock, error) {
	cmd := exec.Command("caffeinate", "-i", "-w", fmt.Sprint(os.Getpid()))
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("caffeinate: %w", err)
	}
	return &cmdLock{cmd: cmd}, nil
}

type cmdLock struct {
	once sync.Once
	cmd  *exec.Cmd
}

func (l *cmdLock) Release() error {
	var err error
	l.once.Do(func() {
		err = l.cmd.Process.Kill()
		l.cmd.Wait()
	})
	return err
}
