package packaging

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The systemd units the .deb installs, as paths inside the package: the
// system service (its own user, /var/lib/rentwatch) and the user service.
const (
	SystemUnit = "usr/lib/systemd/system/rentwatch.service"
	UserUnit   = "usr/lib/systemd/user/rentwatch.service"
)

// ErrNoSystemdAnalyze is VerifyUnits' error where systemd-analyze is not
// installed.
var ErrNoSystemdAnalyze = errors.New("systemd-analyze is not installed")

// VerifyUnits runs `systemd-analyze verify` on the units of an unpacked
// .deb at root and lists every complaint. systemd-analyze exits 0 on an
// unknown key or a value it cannot parse (it only warns, and systemd would
// start the service without that line), so any word it says is a problem.
//
// It runs against an alternate root holding the package's files and a
// copy of this machine's system units (the targets the units name), so
// the binary it checks for is the package's own. The user unit is
// verified by the system manager too: `systemd-analyze --user` cannot
// take an alternate root, and the unit uses nothing a user manager lacks.
func VerifyUnits(root string) []string {
	if _, err := exec.LookPath("systemd-analyze"); err != nil {
		return []string{ErrNoSystemdAnalyze.Error()}
	}
	sysroot, err := os.MkdirTemp("", "rentwatch-units-")
	if err != nil {
		return []string{err.Error()}
	}
	defer os.RemoveAll(sysroot)
	unitDir := filepath.Join(sysroot, "usr/lib/systemd/system")
	for _, d := range []string{unitDir, filepath.Join(sysroot, "usr/bin")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return []string{err.Error()}
		}
	}
	if out, err := exec.Command("cp", "-a", "/usr/lib/systemd/system/.", unitDir+"/").CombinedOutput(); err != nil {
		return []string{fmt.Sprintf("copy this machine's units: %v: %s", err, out)}
	}
	if err := os.Link(filepath.Join(root, "usr/bin/rentwatch"), filepath.Join(sysroot, "usr/bin/rentwatch")); err != nil {
		if out, err := exec.Command("cp", filepath.Join(root, "usr/bin/rentwatch"), filepath.Join(sysroot, "usr/bin/")).CombinedOutput(); err != nil {
			return []string{fmt.Sprintf("copy the binary: %v: %s", err, out)}
		}
	}
	var problems []string
	for name, path := range map[string]string{"rentwatch.service": SystemUnit, "rentwatch-user.service": UserUnit} {
		b, err := os.ReadFile(filepath.Join(root, path))
		if err != nil {
			problems = append(problems, "missing /"+path)
			continue
		}
		if err := os.WriteFile(filepath.Join(unitDir, name), b, 0o644); err != nil {
			return append(problems, err.Error())
		}
		out, err := exec.Command("systemd-analyze", "verify", "--root="+sysroot, name).CombinedOutput()
		if said := strings.TrimSpace(strings.ReplaceAll(string(out), sysroot, "")); err != nil || said != "" {
			problems = append(problems, fmt.Sprintf("systemd-analyze verify /%s: %v: %s", path, err, said))
		}
	}
	return problems
}
