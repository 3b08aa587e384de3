package tray

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDesktopExecQuoting(t *testing.T) {
	for _, tt := range []struct{ exe, want string }{
		{"/usr/bin/rentwatch", `"/usr/bin/rentwatch"`},
		{"/opt/rent watch/rentwatch", `"/opt/rent watch/rentwatch"`},
		{`/opt/a"b/rentwatch`, `"/opt/a\\"b/rentwatch"`},
		{"/opt/$HOME/`x`", "\"/opt/\\\\$HOME/\\\\`x\\\\`\""},
		{`/opt/back\slash`, `"/opt/back\\\\slash"`},
		{"/opt/100%/rentwatch", `"/opt/100%%/rentwatch"`},
	} {
		if got := desktopExec(tt.exe); got != tt.want {
			t.Errorf("desktopExec(%q) = %s, want %s", tt.exe, got, tt.want)
		}
	}
}

func TestDesktopEnabled(t *testing.T) {
	for _, tt := range []struct {
		content string
		want    bool
	}{
		{desktopEntry("/usr/bin/rentwatch"), true},
		{"[Desktop Entry]\nType=Application\nExec=x\nHidden=true\n", false},
		{"[Desktop Entry]\nType=Application\nExec=x\nX-GNOME-Autostart-enabled=false\n", false},
		{"[Desktop Action x]\nHidden=true\n[Desktop Entry]\nExec=x\n", true},
		{"garbage", false},
	} {
		if got := desktopEnabled(tt.content); got != tt.want {
			t.Errorf("desktopEnabled(%q) = %v, want %v", tt.content, got, tt.want)
		}
	}
}

func TestXDGAutostartPath(t *testing.T) {
	for _, tt := range []struct{ config, home, want, err string }{
		{"/x/cfg", "/home/u", "/x/cfg/autostart/rentwatch.desktop", ""},
		{"", "/home/u", "/home/u/.config/autostart/rentwatch.desktop", ""},
		{"relative/cfg", "/home/u", "/home/u/.config/autostart/rentwatch.desktop", ""},
		{"", "", "", "neither XDG_CONFIG_HOME nor HOME"},
	} {
		got, err := xdgAutostartPath(tt.config, tt.home)
		if got != tt.want || (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("xdgAutostartPath(%q, %q) = %q, %v; want %q, %q", tt.config, tt.home, got, err, tt.want, tt.err)
		}
	}
}

func TestLaunchAgentPlist(t *testing.T) {
	exe := "/Applications/Rent & Watch.app/Contents/MacOS/<rentwatch>"
	var p struct {
		Dict struct {
			Keys    []string  `xml:"key"`
			Strings []string  `xml:"string"`
			Args    []string  `xml:"array>string"`
			True    *struct{} `xml:"true"`
		} `xml:"dict"`
	}
	if err := xml.Unmarshal([]byte(launchAgentPlist(exe)), &p); err != nil {
		t.Fatalf("plist is not XML: %v", err)
	}
	d := p.Dict
	if strings.Join(d.Keys, ",") != "Label,ProgramArguments,RunAtLoad,ProcessType,LimitLoadToSessionType" {
		t.Errorf("keys = %v", d.Keys)
	}
	if len(d.Strings) == 0 || d.Strings[0] != agentLabel || len(d.Args) != 1 || d.Args[0] != exe || d.True == nil {
		t.Errorf("label %v, arguments %q, RunAtLoad %v; want %s, [%s], true", d.Strings, d.Args, d.True != nil, agentLabel, exe)
	}
}

func TestRunValueAndResolveExe(t *testing.T) {
	if v, err := runValue(`C:\Program Files\rentwatch\rentwatch.exe`); err != nil || v != `"C:\Program Files\rentwatch\rentwatch.exe"` {
		t.Errorf("runValue = %s, %v", v, err)
	}
	if _, err := runValue(`C:\a"b.exe`); err == nil {
		t.Error("runValue took a path with a quote")
	}
	for _, tt := range []struct{ exe, err string }{
		{"rentwatch", "not absolute"},
		{"/usr/bin/rent\nwatch", "control character"},
		{"/usr/bin/rentwatch", ""},
	} {
		_, err := resolveExe(tt.exe)
		if (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("resolveExe(%q) = %v, want %q", tt.exe, err, tt.err)
		}
	}
	// This test binary is a temporary build of `go test`: the installed
	// copy is what starts at login.
	installed := fakeInstalled(t)
	t.Setenv("GOBIN", filepath.Dir(installed))
	self, err := resolveExe("")
	if err != nil || self != installed {
		t.Errorf("resolveExe(\"\") = %q, %v; want the installed %q", self, err, installed)
	}
}

// fakeInstalled is an executable file named rentwatch in a folder of its
// own, as `go install` leaves one.
func fakeInstalled(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "bin", "rentwatch")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return real
}

// TestStartAtLoginFromATemporaryBuild: after `make run` (go run) the
// program is a temporary build in the go command's work folder or cache;
// starting it at login would start nothing once it is gone. An installed
// rentwatch is started instead, found on the PATH or where `go install`
// puts it; with none, it is refused, saying why and what to do.
func TestStartAtLoginFromATemporaryBuild(t *testing.T) {
	installed := fakeInstalled(t)
	other := fakeInstalled(t)
	cache := t.TempDir()
	for _, tt := range []struct {
		name, exe string
		env       map[string]string // GOBIN, GOPATH, GOCACHE, HOME, PATH
		want, err string
	}{
		{"an installed program is itself", "/usr/local/bin/rentwatch", nil, "/usr/local/bin/rentwatch", ""},
		{"a copy in a folder of the user's is itself", "/tmp/rentwatch-apptest-1/rentwatch", nil, "/tmp/rentwatch-apptest-1/rentwatch", ""},
		{"go run's build, nothing installed", "/tmp/go-build2011018475/b001/exe/rentwatch", nil, "", "temporary copy that `go run`"},
		{"go run's build, installed in GOBIN", "/tmp/go-build2011018475/b001/exe/rentwatch",
			map[string]string{"GOBIN": filepath.Dir(installed)}, installed, ""},
		{"go run's build, installed in GOPATH", "/tmp/go-build1/b001/exe/rentwatch",
			map[string]string{"GOPATH": filepath.Dir(filepath.Dir(installed))}, installed, ""},
		{"go run's build, installed on the PATH first", "/tmp/go-build1/b001/exe/rentwatch",
			map[string]string{"PATH": filepath.Dir(other), "GOBIN": filepath.Dir(installed)}, other, ""},
		{"a build in the default cache", "/root/.cache/go-build/ab/abcdef-d/rentwatch", nil, "", "install it with `go install .`"},
		{"a build in a GOCACHE of its own", filepath.Join(cache, "ab", "x-d", "rentwatch"), map[string]string{"GOCACHE": cache}, "", "temporary copy"},
		{"a temporary build on the PATH is no installed one", "/tmp/go-build1/b001/exe/rentwatch",
			map[string]string{"PATH": "/tmp/go-build2/b001/exe"}, "", "temporary copy"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, k := range []string{"GOBIN", "GOPATH", "GOCACHE", "GOTMPDIR", "PATH"} {
				t.Setenv(k, tt.env[k])
			}
			t.Setenv("HOME", t.TempDir()) // no ~/go/bin/rentwatch of whoever runs the tests
			got, err := loginProgram(tt.exe, os.Getenv)
			if got != tt.want || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
				t.Errorf("loginProgram(%q) = %q, %v; want %q, %q", tt.exe, got, err, tt.want, tt.err)
			}
		})
	}
}
