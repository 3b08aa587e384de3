package outbox

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// TestCAFileIsReadOnlyWhenACertificateFile: ca_file is read only when it
// is a regular file of at most a megabyte. A device, a folder or a huge
// file is refused for good, naming ca_file and what to give instead,
// before anything is sent (no server is needed to see it).
func TestCAFileIsReadOnlyWhenACertificateFile(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.pem")
	if err := os.WriteFile(huge, make([]byte, 2<<20), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, caFile, says string }{
		{"a device that never ends", "/dev/zero", "ca_file /dev/zero is a device, not a certificate file: give the path of the server's CA certificate (a .pem file)"},
		{"a folder", dir, "ca_file " + dir + " is a folder, not a certificate file"},
		{"a file of 2 MB", huge, "ca_file " + huge + " is 2 MB; a CA certificate takes a few kilobytes (at most 1 MB)"},
		{"no such file", filepath.Join(dir, "gone.pem"), "ca_file " + filepath.Join(dir, "gone.pem") + " cannot be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := EmailSettings{To: "bob@example.test", From: "me@example.test", Host: "127.0.0.1", Port: testkit.FreePort(t),
				Security: "starttls", CAFile: tt.caFile, Timeout: time.Minute}
			err := mailTo(context.Background(), New(&s, &recordingPop{}), hostileBatch(time.Now()))
			checkDeliveryError(t, err, StageTLS, true, tt.says)
			if strings.Contains(err.Error(), "connection refused") {
				t.Errorf("it dialled before reading ca_file: %v", err)
			}
		})
	}
}
