//go:build unix

package journal

import (
	"os"
	"syscall"
)

// deviceAndInode of an open file.
func deviceAndInode(f *os.File) (dev, ino uint64, ok bool) {
	var st syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		return 0, 0, false
	}
	return uint64(st.Dev), uint64(st.Ino), true
}
