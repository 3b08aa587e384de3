package tray

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The names the OS knows rentwatch's login item by.
const (
	desktopFileName = "rentwatch.desktop" // XDG autostart
	agentLabel      = "app.rentwatch"     // macOS LaunchAgent
	runValueName    = "rentwatch"         // Windows HKCU\...\Run
	runKeyPath      = `Software\Microsoft\Windows\CurrentVersion\Run`
	agentFileName   = agentLabel + ".plist" // in ~/Library/LaunchAgents
	desktopComment  = "Watches rental searches and tells you about new listings"
)

// resolveExe is the program to start at login: exe, or this program when
// exe is "" (an installed copy instead of a temporary build: loginProgram). It must be an absolute path on one line: a login item runs
// with no working directory worth the name, and a newline would let the
// path write its own lines into the file.
func resolveExe(exe string) (string, error) {
	if exe == "" {
		self, err := os.Executable()
		if err != nil {
			return "", fmt.Errorf("start at login: find this program: %w", err)
		}
		if real, err := filepath.EvalSymlinks(self); err == nil {
			self = real
		}
		exe = self
	}
	if strings.ContainsFunc(exe, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return "", fmt.Errorf("start at login: program path %q has a control character", exe)
	}
	if !filepath.IsAbs(exe) {
		return "", fmt.Errorf("start at login: program path %q is not absolute", exe)
	}
	return loginProgram(exe, os.Getenv)
}

// desktopEntry is the XDG autostart file that starts exe at login.
func desktopEntry(exe string) string {
	return "[Desktop Entry]\n" +
		"Type=Application\n" +
		"Name=rentwatch\n" +
		"Comment=" + desktopComment + "\n" +
		"Exec=" + desktopExec(exe) + "\n" +
		"Icon=rentwatch\n" +
		"Terminal=false\n" +
		"X-GNOME-Autostart-enabled=true\n"
}

// desktopExec quotes exe for an Exec= line. The Desktop Entry spec has two
// layers: inside double quotes, " ` $ and \ take a backslash; then the
// value's own escaping doubles every backslash again; % starts a field
// code, so a literal one is %%.
func desktopExec(exe string) string {
	var q strings.Builder
	q.WriteByte('"')
	for _, r := range exe {
		if strings.ContainsRune("\"`$\\", r) {
			q.WriteByte('\\')
		}
		q.WriteRune(r)
	}
	q.WriteByte('"')
	s := strings.ReplaceAll(q.String(), `\`, `\\`)
	return strings.ReplaceAll(s, "%", "%%")
}

// desktopEnabled reads an autostart file the way session managers do: it
// starts the program unless it is Hidden or switched off for GNOME.
func desktopEnabled(content string) bool {
	inEntry := false
	for line := range strings.Lines(content) {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			inEntry = line == "[Desktop Entry]"
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !inEntry || !ok {
			continue
		}
		switch k = strings.TrimSpace(k); {
		case k == "Hidden" && strings.TrimSpace(v) == "true":
			return false
		case k == "X-GNOME-Autostart-enabled" && strings.TrimSpace(v) == "false":
			return false
		}
	}
	return strings.Contains(content, "[Desktop Entry]")
}

// xdgAutostartPath is where the autostart file goes:
// $XDG_CONFIG_HOME/autostart, or ~/.config/autostart when that is unset or
// not absolute (the XDG spec says to ignore a relative one).
func xdgAutostartPath(configHome, home string) (string, error) {
	if !filepath.IsAbs(configHome) {
		if home == "" {
			return "", fmt.Errorf("start at login: neither XDG_CONFIG_HOME nor HOME is set")
		}
		configHome = filepath.Join(home, ".config")
	}
	return filepath.Join(configHome, "autostart", desktopFileName), nil
}

// launchAgentPlist is the macOS LaunchAgent that starts exe at login.
func launchAgentPlist(exe string) string {
	var esc bytes.Buffer
	_ = xml.EscapeText(&esc, []byte(exe)) // writes to a Buffer cannot fail
	return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>Label</key>
	<string>` + agentLabel + `</string>
	<key>ProgramArguments</key>
	<array>
		<string>` + esc.String() + `</string>
	</array>
	<key>RunAtLoad</key>
	<true/>
	<key>ProcessType</key>
	<string>Interactive</string>
	<key>LimitLoadToSessionType</key>
	<string>Aqua</string>
</dict>
</plist>
`
}

// runValue is the command line for the Windows Run key: the path quoted,
// so one with spaces ("C:\Program Files\...") is not split.
func runValue(exe string) (string, error) {
	if strings.Contains(exe, `"`) {
		return "", fmt.Errorf("start at login: program path %q has a quote", exe)
	}
	return `"` + exe + `"`, nil
}

// writeFileAtomic writes a login item whole or not at all: a half-written
// file would start nothing, or something else.
func writeFileAtomic(path, content string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("start at login: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".rentwatch-*")
	if err != nil {
		return fmt.Errorf("start at login: %w", err)
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.WriteString(content); err != nil {
		tmp.Close()
		return fmt.Errorf("start at login: write %s: %w", path, err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return fmt.Errorf("start at login: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("start at login: write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("start at login: %w", err)
	}
	return nil
}

// removeFile removes a login item; one that is already gone is fine.
func removeFile(path string) error {
	if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("start at login: %w", err)
	}
	return nil
}
