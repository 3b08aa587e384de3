package awake

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"

	"golang.org/x/sys/windows"
)

var (
	kernel32                    = windows.NewLazySystemDLL("kernel32.dll")
	procSetThreadExecutionState = kernel32.NewProc("SetThreadExecutionState")
	procGetSystemPowerStatus    = kernel32.NewProc("GetSystemPowerStatus")
)

const (
	esContinuous     = 0x80000000
	esSystemRequired = 0x00000001
)

// systemPowerStatus is Windows' SYSTEM_POWER_STATUS.
type systemPowerStatus struct {
	ACLineStatus        byte
	BatteryFlag         byte
	BatteryLifePercent  byte
	SystemStatusFlag    byte
	BatteryLifeTime     uint32
	BatteryFullLifeTime uint32
}

// OnMains reports whether the PC runs on mains power (ACLineStatus 1; a
// desktop without a battery says 1 too).
func OnMains() (bool, error) {
	var st systemPowerStatus
	if r, _, err := procGetSystemPowerStatus.Call(uintptr(unsafe.Pointer(&st))); r == 0 {
		return false, fmt.Errorf("GetSystemPowerStatus: %w", err)
	}
	return st.ACLineStatus == 1, nil
}

// Hold keeps the system from sleeping with SetThreadExecutionState. The
// state belongs to the thread that set it, so one goroutine locked to its
// thread sets it, waits for Release and clears it.
func Hold(string) (Lock, error) {
	l := &threadLock{release: make(chan struct{}), done: make(chan error, 1)}
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if r, _, err := procSetThreadExecutionState.Call(esContinuous | esSystemRequired); r == 0 {
			started <- fmt.Errorf("SetThreadExecutionState: %w", err)
			return
		}
		started <- nil
		<-l.release
		if r, _, err := procSetThreadExecutionState.Call(esContinuous); r == 0 {
			l.done <- fmt.Errorf("SetThreadExecutionState: %w", err)
			return
		}
		l.done <- nil
	}()
	if err := <-started; err != nil {
		return nil, err
	}
	return l, nil
}

type threadLock struct {
	once    sync.Once
	release chan struct{}
	done    chan error
}

func (l *threadLock) Release() error {
	var err error
	l.once.Do(func() {
		close(l.release)
		err = <-l.done
	})
	return err
}
