package testkit

import (
	"archive/tar"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Untar unpacks a folder kept as a .tar.gz (a store written by an older
// rentwatch, say) into a temporary folder and returns the path of the
// folder it holds.
func Untar(t testing.TB, archive string) string {
	t.Helper()
	f, err := os.Open(archive)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	dest := t.TempDir()
	tr := tar.NewReader(gz)
	root := ""
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dest, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(name, dest+string(filepath.Separator)) {
			t.Fatalf("%s: %q leaves the folder", archive, h.Name)
		}
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(name, 0o700); err != nil {
				t.Fatal(err)
			}
			if root == "" {
				root = name
			}
		case tar.TypeReg:
			b, err := io.ReadAll(tr)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, b, 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	if root == "" {
		t.Fatalf("%s holds no folder", archive)
	}
	return root
}
