package cli

import (
	"os"
	"syscall"
)

// attachConsole gives a subcommand run from cmd.exe or PowerShell its
// output. rentwatch.exe is built for the GUI subsystem (no console window
// pops up for the tray app), and such a program starts with no stdout: its
// `rentwatch searches list` would print into the void. Attaching to the
// parent's console, when there is one, fixes that; started from Explorer or
// at login there is none, and nothing changes.
func attachConsole() {
	const attachParentProcess = ^uintptr(0) // ATTACH_PARENT_PROCESS, (DWORD)-1
	proc := syscall.NewLazyDLL("kernel32.dll").NewProc("AttachConsole")
	if r, _, _ := proc.Call(attachParentProcess); r == 0 {
		return
	}
	if out, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0); err == nil {
		os.Stdout, os.Stderr = out, out
	}
	if in, err := os.OpenFile("CONIN$", os.O_RDONLY, 0); err == nil {
		os.Stdin = in
	}
}
