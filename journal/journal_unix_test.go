//go:build unix

package journal

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestConnectedOnlyToTheStreamSystemdNamed(t *testing.T) {
	dir := t.TempDir()
	mine, err := os.Create(filepath.Join(dir, "stream"))
	if err != nil {
		t.Fatal(err)
	}
	defer mine.Close()
	other, err := os.Create(filepath.Join(dir, "other"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	var st syscall.Stat_t
	if err := syscall.Fstat(int(mine.Fd()), &st); err != nil {
		t.Fatal(err)
	}
	stream := fmt.Sprintf("%d:%d", st.Dev, st.Ino)
	for _, tc := range []struct {
		name   string
		stream string
		f      *os.File
		want   bool
	}{
		{"the stream", stream, mine, true},
		{"stderr sent elsewhere", stream, other, false},
		{"not set", "", mine, false},
		{"garbage", "journal", mine, false},
		{"inode only", fmt.Sprint(st.Ino), mine, false},
	} {
		if got := connected(tc.stream, tc.f); got != tc.want {
			t.Errorf("%s: connected(%q) = %v, want %v", tc.name, tc.stream, got, tc.want)
		}
	}
}
