package tray

import (
	"encoding/xml"
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
	self, err := resolveExe("")
	if err != nil || !filepath.IsAbs(self) {
		t.Errorf("resolveExe(\"\") = %q, %v; want this test binary", self, err)
	}
}
