package packaging

import (
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// testVersion is stamped into the artefacts the tests build; the "-" is
// there on purpose, to exercise the Debian "~" mapping.
const testVersion = "1.2.3-test"

// Artefacts are built once for the whole test binary (the Windows
// cross-compile and the .deb take most of the run) into a folder TestMain
// removes.
var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// needTool skips (or, under CI, fails) a test when a command is missing.
func needTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is needed and missing (apt-get install it)", name)
		}
		t.Skipf("%s not installed: skipping", name)
	}
}

// built runs the three build scripts into one temporary dist folder.
func built(t *testing.T) string {
	t.Helper()
	needTool(t, "dpkg-deb")
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "rentwatch-dist-")
		if buildErr != nil {
			return
		}
		for _, script := range [][]string{
			{"windows/build.sh", testVersion, buildDir},
			{"linux/build-deb.sh", testVersion, buildDir, "amd64"},
			{"macos/build-app.sh", testVersion, buildDir},
		} {
			out, err := exec.Command("bash", script...).CombinedOutput()
			if err != nil {
				buildErr = fmt.Errorf("%s: %v\n%s", script[0], err, out)
				return
			}
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return buildDir
}

func TestEveryBuiltArtefactPassesItsChecks(t *testing.T) {
	dir := built(t)
	results, err := CheckDist(dir, testVersion)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"rentwatch.exe": true, "rentwatch.app": true, "rentwatch_1.2.3~test_amd64.deb": true}
	for _, r := range results {
		if !want[r.Artefact] {
			t.Errorf("unexpected artefact %s", r.Artefact)
		}
		delete(want, r.Artefact)
		for _, p := range r.Problems {
			t.Errorf("%s: %s", r.Artefact, p)
		}
	}
	for a := range want {
		t.Errorf("%s was not built", a)
	}
}

func TestTheDebInstallsRunsAndRemovesCleanly(t *testing.T) {
	dir := built(t)
	if os.Geteuid() != 0 {
		t.Skip("not root: dpkg -i/-r need root; packaging/check.sh runs this as root")
	}
	needTool(t, "dpkg")
	if out, _ := exec.Command("dpkg-query", "-W", "-f=${Status}", "rentwatch").Output(); strings.Contains(string(out), "ok installed") {
		t.Skip("rentwatch is installed on this machine; not removing a real install")
	}
	deb := filepath.Join(dir, "rentwatch_1.2.3~test_amd64.deb")
	out, err := exec.Command("bash", "linux/install-test.sh", deb, testVersion).CombinedOutput()
	if err != nil {
		t.Fatalf("install test: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

// TestCheckPECatchesConsoleAndBareExecutables: the checks must fail a
// console-subsystem exe and one without resources, not just pass ours.
func TestCheckPECatchesConsoleAndBareExecutables(t *testing.T) {
	dir := built(t)
	good, err := os.ReadFile(filepath.Join(dir, "rentwatch.exe"))
	if err != nil {
		t.Fatal(err)
	}
	console := filepath.Join(t.TempDir(), "console.exe")
	if err := os.WriteFile(console, withSubsystem(t, good, 3), 0o644); err != nil {
		t.Fatal(err)
	}
	bare := filepath.Join(t.TempDir(), "bare.exe")
	src := filepath.Join(t.TempDir(), "main.go")
	os.WriteFile(src, []byte("package main\n\nfunc main() { println(\"hi\") }\n"), 0o644)
	cmd := exec.Command("go", "build", "-o", bare, src)
	cmd.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0", "GO111MODULE=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build a bare exe: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		path string
		want []string
	}{
		{console, []string{"subsystem is 3"}},
		{bare, []string{"subsystem is 3", "no RT_GROUP_ICON", "no RT_ICON", "no RT_MANIFEST", "no RT_VERSION"}},
	} {
		info, err := InspectPE(tc.path)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(CheckPE(info, testVersion), "\n")
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: problems %q lack %q", filepath.Base(tc.path), got, w)
			}
		}
	}
}

// withSubsystem returns a copy of a PE image with its Subsystem field set.
func withSubsystem(t *testing.T, exe []byte, sub uint16) []byte {
	t.Helper()
	b := append([]byte(nil), exe...)
	peOff := binary.LittleEndian.Uint32(b[0x3c:])
	if string(b[peOff:peOff+4]) != "PE\x00\x00" {
		t.Fatal("no PE signature")
	}
	// Signature (4) + COFF header (20), then Subsystem at offset 68 of the
	// optional header in both PE32 and PE32+.
	binary.LittleEndian.PutUint16(b[peOff+24+68:], sub)
	return b
}

func TestCheckDebCatchesAWrongControlFile(t *testing.T) {
	dir := built(t)
	deb := filepath.Join(dir, "rentwatch_1.2.3~test_amd64.deb")
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"no browser dependency", "Depends: chromium | google-chrome-stable | chromium-browser", "Depends: libc6", `control Depends is "libc6"`},
		{"wrong version", "Version: 1.2.3~test", "Version: 1.2.3-test", `control Version is "1.2.3-test"`},
		{"arm64 label on an amd64 binary", "Architecture: amd64", "Architecture: arm64", "built for EM_X86_64, package says arm64"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			bad := repack(t, deb, tc.from, tc.to)
			got := strings.Join(CheckDeb(bad, testVersion), "\n")
			if !strings.Contains(got, tc.want) {
				t.Errorf("problems %q lack %q", got, tc.want)
			}
		})
	}
}

// repack unpacks deb, replaces from with to in its control file and packs
// it again under the same name in a new folder.
func repack(t *testing.T, deb, from, to string) string {
	t.Helper()
	tmp := t.TempDir()
	root := filepath.Join(tmp, "root")
	if out, err := exec.Command("dpkg-deb", "-R", deb, root).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	control := filepath.Join(root, "DEBIAN", "control")
	b, err := os.ReadFile(control)
	if err != nil || !strings.Contains(string(b), from) {
		t.Fatalf("control lacks %q (%v)", from, err)
	}
	os.WriteFile(control, []byte(strings.Replace(string(b), from, to, 1)), 0o644)
	out := filepath.Join(tmp, filepath.Base(deb))
	if o, err := exec.Command("dpkg-deb", "--root-owner-group", "-Zgzip", "-b", root, out).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, o)
	}
	return out
}

func TestCheckBundleCatchesAMissingIconAndAStandInThatCannotRun(t *testing.T) {
	dir := built(t)
	for _, tc := range []struct {
		name   string
		break_ func(app string) error
		want   string
	}{
		{"icon missing", func(app string) error { return os.Remove(filepath.Join(app, "Contents/Resources/rentwatch.icns")) }, "Contents/Resources/rentwatch.icns missing"},
		{"binary not executable", func(app string) error { return os.Chmod(filepath.Join(app, "Contents/MacOS/rentwatch"), 0o644) }, "not executable"},
		{"no PkgInfo", func(app string) error { return os.Remove(filepath.Join(app, "Contents/PkgInfo")) }, "PkgInfo"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := filepath.Join(t.TempDir(), "rentwatch.app")
			if out, err := exec.Command("cp", "-a", filepath.Join(dir, "rentwatch.app"), app).CombinedOutput(); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			if err := tc.break_(app); err != nil {
				t.Fatal(err)
			}
			got := strings.Join(CheckBundle(app, testVersion), "\n")
			if !strings.Contains(got, tc.want) {
				t.Errorf("problems %q lack %q", got, tc.want)
			}
		})
	}
}

func TestCheckDistRefusesAnEmptyFolder(t *testing.T) {
	if _, err := CheckDist(t.TempDir(), ""); err == nil {
		t.Error("an empty dist passed")
	}
}
