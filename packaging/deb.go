package packaging

import (
	"bufio"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// DebDepends is the browser the app drives; any one of them will do.
const DebDepends = "chromium | google-chrome-stable | chromium-browser"

// DebIconSizes are the hicolor sizes the package installs.
var DebIconSizes = []int{16, 22, 24, 32, 48, 64, 128, 256, 512}

// DebVersion turns our version into a Debian one: "-" becomes "~" so that
// 0.2.0-dev sorts before 0.2.0 and no "-" is mistaken for a Debian revision.
func DebVersion(v string) string { return strings.ReplaceAll(v, "-", "~") }

// CheckDeb lists what is wrong with the .deb at path: its control fields,
// its file list, the architecture of the binary, its desktop entry and
// (where systemd-analyze is installed) its systemd units.
// It needs dpkg-deb.
func CheckDeb(path, version string) []string {
	dir, err := os.MkdirTemp("", "rentwatch-deb-")
	if err != nil {
		return []string{err.Error()}
	}
	defer os.RemoveAll(dir)
	if out, err := exec.Command("dpkg-deb", "-R", path, dir).CombinedOutput(); err != nil {
		return []string{fmt.Sprintf("dpkg-deb -R: %v: %s", err, out)}
	}
	control, err := readControl(filepath.Join(dir, "DEBIAN", "control"))
	if err != nil {
		return []string{err.Error()}
	}
	problems := checkControl(control, version)
	arch := control["Architecture"]
	if !strings.HasSuffix(filepath.Base(path), "_"+arch+".deb") {
		problems = append(problems, fmt.Sprintf("file name %s does not end in _%s.deb", filepath.Base(path), arch))
	}
	files := []string{"usr/bin/rentwatch", "usr/share/applications/rentwatch.desktop", "usr/share/doc/rentwatch/copyright",
		SystemUnit, UserUnit, "DEBIAN/postinst", "DEBIAN/prerm", "DEBIAN/postrm"}
	for _, n := range DebIconSizes {
		files = append(files, fmt.Sprintf("usr/share/icons/hicolor/%dx%d/apps/rentwatch.png", n, n))
	}
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			problems = append(problems, "missing /"+f)
		}
	}
	problems = append(problems, checkELF(filepath.Join(dir, "usr/bin/rentwatch"), arch)...)
	if b, err := os.ReadFile(filepath.Join(dir, "usr/share/applications/rentwatch.desktop")); err == nil {
		problems = append(problems, CheckDesktopEntry(string(b))...)
	}
	// Where systemd-analyze is missing the units go unchecked here; the
	// package's tests say so out loud.
	if _, err := exec.LookPath("systemd-analyze"); err == nil {
		problems = append(problems, VerifyUnits(dir)...)
	}
	return problems
}

func readControl(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fields := map[string]string{}
	var last string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, " ") && last != "" {
			fields[last] += "\n" + line
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("control: line %q is not a field", line)
		}
		last = k
		fields[k] = strings.TrimSpace(v)
	}
	return fields, sc.Err()
}

func checkControl(c map[string]string, version string) []string {
	want := map[string]string{"Package": "rentwatch", "Depends": DebDepends}
	if version != "" {
		want["Version"] = DebVersion(version)
	}
	var problems []string
	for k, v := range want {
		if c[k] != v {
			problems = append(problems, fmt.Sprintf("control %s is %q, want %q", k, c[k], v))
		}
	}
	for _, k := range []string{"Maintainer", "Description", "Section", "Priority", "Installed-Size"} {
		if c[k] == "" {
			problems = append(problems, "control lacks "+k)
		}
	}
	if a := c["Architecture"]; a != "amd64" && a != "arm64" {
		problems = append(problems, fmt.Sprintf("control Architecture is %q, want amd64 or arm64", a))
	}
	return problems
}

// checkELF: the binary must be an executable for the package's architecture.
func checkELF(path, arch string) []string {
	f, err := elf.Open(path)
	if err != nil {
		return []string{fmt.Sprintf("/usr/bin/rentwatch: %v", err)}
	}
	defer f.Close()
	want := map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}[arch]
	if f.Machine != want {
		return []string{fmt.Sprintf("/usr/bin/rentwatch is built for %v, package says %s", f.Machine, arch)}
	}
	return nil
}

// CheckDesktopEntry checks the keys of rentwatch.desktop that menus and
// desktop-file-validate care about (used where that tool is missing).
func CheckDesktopEntry(text string) []string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) == 0 || lines[0] != "[Desktop Entry]" {
		return []string{"desktop entry does not start with [Desktop Entry]"}
	}
	keys := map[string]string{}
	for i, l := range lines[1:] {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if strings.HasPrefix(l, "[") {
			break
		}
		k, v, ok := strings.Cut(l, "=")
		if !ok {
			return []string{fmt.Sprintf("desktop entry line %d %q has no '='", i+2, l)}
		}
		if _, dup := keys[k]; dup {
			return []string{fmt.Sprintf("desktop entry key %s appears twice", k)}
		}
		keys[k] = v
	}
	want := map[string]string{"Type": "Application", "Name": "rentwatch", "Exec": "rentwatch", "Icon": "rentwatch", "Terminal": "false"}
	var problems []string
	for k, v := range want {
		if keys[k] != v {
			problems = append(problems, fmt.Sprintf("desktop entry %s=%q, want %q", k, keys[k], v))
		}
	}
	if c := keys["Categories"]; c == "" || !strings.HasSuffix(c, ";") {
		problems = append(problems, fmt.Sprintf("desktop entry Categories=%q must be a ;-terminated list", c))
	}
	return problems
}
