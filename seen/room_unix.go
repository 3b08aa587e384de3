//go:build linux || darwin || freebsd

package seen

import "golang.org/x/sys/unix"

// freeSpace is how many bytes of dir's file system an ordinary process
// may still fill.
func freeSpace(dir string) (int64, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return int64(st.Bavail) * int64(st.Bsize), nil
}
