//go:build linux || freebsd || openbsd || netbsd

package tray

import (
	"errors"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestAvailableWithoutABus(t *testing.T) {
	dir := t.TempDir()
	silent, err := net.Listen("unix", filepath.Join(dir, "silent"))
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	go func() { // accept and never answer, like a wedged bus
		for {
			c, err := silent.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	tests := []struct {
		name, addr, runtime string
		want                string
	}{
		{"nothing set", "", dir, "DBUS_SESSION_BUS_ADDRESS is not set"},
		{"no socket there", "unix:path=" + filepath.Join(dir, "none"), dir, "no such file"},
		{"not an address", "nonsense", dir, "nonsense"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("DBUS_SESSION_BUS_ADDRESS", tt.addr)
			t.Setenv("XDG_RUNTIME_DIR", tt.runtime)
			err := Available()
			if !errors.Is(err, ErrNoSession) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Available() = %v, want ErrNoSession mentioning %q", err, tt.want)
			}
		})
	}
	t.Run("a bus that never answers", func(t *testing.T) {
		err := dial("unix:path="+filepath.Join(dir, "silent"), 300*time.Millisecond)
		if !errors.Is(err, ErrNoSession) || !strings.Contains(err.Error(), "did not answer") {
			t.Errorf("dial = %v, want a timeout naming ErrNoSession", err)
		}
	})
}
