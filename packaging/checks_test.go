package packaging

import (
	"encoding/json"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"
)

func plistOf(body string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>` + body + `</dict></plist>`
}

func TestParsePlist(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      string
		want    map[string]any
		wantErr string
	}{
		{"types", plistOf(`<key>s</key><string>x</string><key>t</key><true/><key>f</key><false/>
			<key>i</key><integer>42</integer><key>r</key><real>1.5</real>
			<key>a</key><array><string>p</string><integer>1</integer></array>
			<key>d</key><dict><key>k</key><string>v</string></dict>`),
			map[string]any{"s": "x", "t": true, "f": false, "i": int64(42), "r": 1.5,
				"a": []any{"p", int64(1)}, "d": map[string]any{"k": "v"}}, ""},
		{"key without value", plistOf(`<key>LSUIElement</key>`), nil, `key "LSUIElement" has no value`},
		{"value without key", plistOf(`<string>x</string>`), nil, "where a <key> belongs"},
		{"repeated key", plistOf(`<key>a</key><true/><key>a</key><false/>`), nil, `key "a" appears twice`},
		{"bad integer", plistOf(`<key>n</key><integer>ten</integer>`), nil, "<integer>ten</integer>"},
		{"unknown element", plistOf(`<key>n</key><bool>yes</bool>`), nil, "unknown element <bool>"},
		{"not a plist", `<html></html>`, nil, "root element is <html>"},
		{"truncated", `<plist><dict><key>a</key>`, nil, "plist"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParsePlist(strings.NewReader(tc.in))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %#v\nwant %#v", got, tc.want)
			}
		})
	}
}

// TestInfoPlistTemplateReadsTheSameInPlistlib cross-checks our reader with
// Python's plistlib (the closest thing to plutil off a Mac) on the real
// Info.plist template.
func TestInfoPlistTemplateReadsTheSameInPlistlib(t *testing.T) {
	needTool(t, "python3")
	b, err := os.ReadFile("macos/Info.plist.in")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(b), "@VERSION@", testVersion)
	ours, err := ParsePlist(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	py := exec.Command("python3", "-c", "import sys, json, plistlib; print(json.dumps(plistlib.loads(sys.stdin.buffer.read())))")
	py.Stdin = strings.NewReader(text)
	out, err := py.Output()
	if err != nil {
		t.Fatalf("plistlib refused the plist: %v", err)
	}
	var theirs map[string]any
	if err := json.Unmarshal(out, &theirs); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ours, theirs) {
		t.Errorf("ours %v\nplistlib %v", ours, theirs)
	}
	if problems := checkInfoPlist(ours, testVersion); len(problems) > 0 {
		t.Errorf("template problems: %v", problems)
	}
}

func TestCheckInfoPlistNamesWrongTypesAndValues(t *testing.T) {
	good := func() map[string]any {
		return map[string]any{
			"CFBundleIdentifier": "app.rentwatch", "CFBundleName": "rentwatch", "CFBundleExecutable": "rentwatch",
			"CFBundleIconFile": "rentwatch.icns", "CFBundlePackageType": "APPL", "CFBundleInfoDictionaryVersion": "6.0",
			"CFBundleShortVersionString": "1.0", "CFBundleVersion": "1.0", "LSMinimumSystemVersion": "11.0",
			"LSUIElement": true, "NSHighResolutionCapable": true,
		}
	}
	if p := checkInfoPlist(good(), "1.0"); len(p) != 0 {
		t.Fatalf("good plist: %v", p)
	}
	for _, tc := range []struct {
		key  string
		val  any // nil: delete
		want string
	}{
		{"LSUIElement", "true", "LSUIElement is string true, want bool true"},
		{"LSUIElement", false, "LSUIElement is bool false"},
		{"LSUIElement", nil, "lacks LSUIElement"},
		{"CFBundleVersion", "0.9", "CFBundleVersion is string 0.9"},
		{"LSMinimumSystemVersion", int64(11), "want a non-empty string"},
		{"CFBundleIconFile", "AppIcon.icns", "CFBundleIconFile is string AppIcon.icns"},
	} {
		p := good()
		if tc.val == nil {
			delete(p, tc.key)
		} else {
			p[tc.key] = tc.val
		}
		got := strings.Join(checkInfoPlist(p, "1.0"), "\n")
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s=%v: problems %q lack %q", tc.key, tc.val, got, tc.want)
		}
	}
}

func TestCheckPEOnInfo(t *testing.T) {
	manifest := `<dpiAwareness>permonitorv2,system</dpiAwareness><requestedExecutionLevel level="asInvoker"/>
		<assemblyIdentity name="Microsoft.Windows.Common-Controls"/>`
	good := PEInfo{Subsystem: 2, ResourceTypes: []uint32{3, 14, 16, 24}, IconSizes: []int{256, 48, 32, 24, 16},
		Manifest: manifest, VersionInfo: utf16le("ProductVersion\x001.0")}
	for _, tc := range []struct {
		name   string
		change func(*PEInfo)
		want   string // "" means no problems
	}{
		{"good", func(*PEInfo) {}, ""},
		{"console", func(p *PEInfo) { p.Subsystem = 3 }, "subsystem is 3"},
		{"icon sizes", func(p *PEInfo) { p.IconSizes = []int{32} }, "icon sizes [32]"},
		{"system DPI only", func(p *PEInfo) { p.Manifest = strings.Replace(manifest, "permonitorv2,", "", 1) }, "lacks PerMonitorV2"},
		{"elevated", func(p *PEInfo) { p.Manifest = strings.Replace(manifest, "asInvoker", "requireAdministrator", 1) }, `lacks level="asInvoker"`},
		{"old controls", func(p *PEInfo) { p.Manifest = strings.Replace(manifest, "Common-Controls", "", 1) }, "Common-Controls"},
		{"other version", func(p *PEInfo) { p.VersionInfo = utf16le("ProductVersion\x002.0") }, "does not carry 1.0"},
		{"no icon", func(p *PEInfo) { p.ResourceTypes = []uint32{16, 24} }, "no RT_GROUP_ICON"},
	} {
		p := good
		tc.change(&p)
		got := strings.Join(CheckPE(p, "1.0"), "\n")
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: problems %q, want %q", tc.name, got, tc.want)
		}
	}
}

func utf16le(s string) []byte {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r), 0)
	}
	return b
}

func TestDebVersionSortsPreReleasesFirst(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"1.2.3", "1.2.3"},
		{"0.1.0-dev+g295b994", "0.1.0~dev+g295b994"},
		{"1.0.0-rc1-3-gabc", "1.0.0~rc1~3~gabc"},
	} {
		if got := DebVersion(tc.in); got != tc.want {
			t.Errorf("DebVersion(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if _, err := exec.LookPath("dpkg"); err != nil {
		return
	}
	// dpkg itself must agree that the pre-release comes first.
	if err := exec.Command("dpkg", "--compare-versions", DebVersion("1.0.0-dev"), "lt", "1.0.0").Run(); err != nil {
		t.Errorf("dpkg does not sort %s before 1.0.0", DebVersion("1.0.0-dev"))
	}
}

func TestCheckDesktopEntry(t *testing.T) {
	good, err := os.ReadFile("linux/rentwatch.desktop")
	if err != nil {
		t.Fatal(err)
	}
	if p := CheckDesktopEntry(string(good)); len(p) != 0 {
		t.Fatalf("shipped desktop entry: %v", p)
	}
	for _, tc := range []struct{ name, from, to, want string }{
		{"no group", "[Desktop Entry]", "", "does not start with [Desktop Entry]"},
		{"terminal app", "Terminal=false", "Terminal=true", `Terminal="true"`},
		{"wrong icon", "Icon=rentwatch", "Icon=/tmp/x.png", `Icon="/tmp/x.png"`},
		{"unterminated categories", "Categories=Network;", "Categories=Network", "Categories"},
		{"not key=value", "Terminal=false", "Terminal false", "has no '='"},
		{"duplicate", "Terminal=false", "Terminal=false\nTerminal=false", "appears twice"},
	} {
		got := strings.Join(CheckDesktopEntry(strings.Replace(string(good), tc.from, tc.to, 1)), "\n")
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s: problems %q lack %q", tc.name, got, tc.want)
		}
	}
}

func TestControlFileChecks(t *testing.T) {
	good := map[string]string{"Package": "rentwatch", "Version": "1.0~dev", "Architecture": "amd64", "Depends": DebDepends,
		"Maintainer": "m", "Description": "d", "Section": "net", "Priority": "optional", "Installed-Size": "1"}
	if p := checkControl(good, "1.0-dev"); len(p) != 0 {
		t.Fatalf("good control: %v", p)
	}
	for _, tc := range []struct{ key, val, want string }{
		{"Architecture", "i386", "Architecture is \"i386\""},
		{"Maintainer", "", "lacks Maintainer"},
		{"Depends", "chromium", "Depends is \"chromium\""},
	} {
		c := map[string]string{}
		for k, v := range good {
			c[k] = v
		}
		c[tc.key] = tc.val
		got := strings.Join(checkControl(c, "1.0-dev"), "\n")
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s=%q: problems %q lack %q", tc.key, tc.val, got, tc.want)
		}
	}
}
