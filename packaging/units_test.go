package packaging

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// needSystemdAnalyze skips (or, under CI, fails) where systemd-analyze is
// missing, saying what goes unchecked.
func needSystemdAnalyze(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("systemd-analyze"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("systemd-analyze is needed to verify the service units and is missing (apt-get install systemd)")
		}
		t.Skip("systemd-analyze not installed: the systemd units go unverified (apt-get install systemd)")
	}
}

// unitRoot is a package tree holding the units from packaging/linux, with
// text in place of the system unit when not "", and a stand-in binary.
func unitRoot(t *testing.T, systemUnit string) string {
	t.Helper()
	root := t.TempDir()
	for path, src := range map[string]string{SystemUnit: "linux/rentwatch.service", UserUnit: "linux/rentwatch-user.service"} {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if path == SystemUnit && systemUnit != "" {
			b = []byte(systemUnit)
		}
		os.MkdirAll(filepath.Dir(filepath.Join(root, path)), 0o755)
		if err := os.WriteFile(filepath.Join(root, path), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(filepath.Join(root, "usr/bin"), 0o755)
	if err := os.WriteFile(filepath.Join(root, "usr/bin/rentwatch"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestOurUnitsPassSystemdAnalyzeVerify(t *testing.T) {
	needSystemdAnalyze(t)
	for _, p := range VerifyUnits(unitRoot(t, "")) {
		t.Error(p)
	}
}

// TestVerifyUnitsCatchesWhatSystemdWouldIgnore: systemd-analyze exits 0
// on these (it warns and systemd starts the service without the line), so
// VerifyUnits must read what it says.
func TestVerifyUnitsCatchesWhatSystemdWouldIgnore(t *testing.T) {
	needSystemdAnalyze(t)
	good, err := os.ReadFile("linux/rentwatch.service")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, from, to, want string }{
		{"misspelt key", "ProtectSystem=strict", "ProtectSystm=strict", "Unknown key 'ProtectSystm'"},
		{"bad value", "ProtectSystem=strict", "ProtectSystem=very", "Failed to parse protect system value"},
		{"unit that does not exist", "After=network-online.target", "After=network-online.target\nRequires=no-such.target", "no-such.target not found"},
		{"binary elsewhere", "ExecStart=/usr/bin/rentwatch", "ExecStart=/usr/local/bin/rentwatch", "/usr/local/bin/rentwatch is not executable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(string(good), tc.from) {
				t.Fatalf("the unit lacks %q", tc.from)
			}
			got := strings.Join(VerifyUnits(unitRoot(t, strings.Replace(string(good), tc.from, tc.to, 1))), "\n")
			if got == "" || !strings.Contains(got, tc.want) {
				t.Errorf("problems %q lack %q", got, tc.want)
			}
		})
	}
}

// TestTheArm64DebBuildsAndPassesItsChecks cross-builds the package for a
// Raspberry Pi (CGO_ENABLED=0: nothing in rentwatch needs cgo on Linux)
// and checks it whole: control, files, an aarch64 binary, the units.
func TestTheArm64DebBuildsAndPassesItsChecks(t *testing.T) {
	needTool(t, "dpkg-deb")
	needSystemdAnalyze(t)
	dir := t.TempDir()
	if out, err := exec.Command("bash", "linux/build-deb.sh", testVersion, dir, "arm64").CombinedOutput(); err != nil {
		t.Fatalf("build-deb.sh arm64: %v\n%s", err, out)
	}
	deb := filepath.Join(dir, "rentwatch_1.2.3~test_arm64.deb")
	for _, p := range CheckDeb(deb, testVersion) {
		t.Error(p)
	}
	list, err := exec.Command("dpkg-deb", "-c", deb).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"./" + SystemUnit, "./" + UserUnit} {
		if !strings.Contains(string(list), f) {
			t.Errorf("the package does not install %s", f)
		}
	}
}
