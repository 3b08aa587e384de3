// Package assets holds rentwatch's icons — the app icon and one tray icon
// per state — embedded in the binary. The files are rendered from code in
// assets/internal/art by `go run ./assets/gen`; the package's tests fail when
// the committed files drift from that code.
package assets

import (
	"embed"
	"fmt"
	"runtime"
	"slices"
)

//go:embed app tray macos
var files embed.FS

// The tray states. A state is what the tray shows about the watcher as a
// whole; each has a colour icon, a Windows icon and a macOS template.
const (
	OK        = "ok"        // all good
	Checking  = "checking"  // a cycle is running
	Waiting   = "waiting"   // standing down in front of a wall
	Attention = "attention" // the user needs to do something
	Error     = "error"     // something is broken
	Paused    = "paused"    // the user paused watching
	Setup     = "setup"     // no search yet: nothing is watched
)

// States lists every state that has icons.
var States = []string{OK, Checking, Waiting, Attention, Error, Paused, Setup}

// Sizes (in pixels) of the embedded PNGs.
var (
	AppSizes  = []int{16, 22, 24, 32, 48, 64, 128, 256, 512}
	TraySizes = []int{16, 22, 24, 32, 48, 64}
)

// trayPNGSize is what TrayPNG hands to a StatusNotifierItem host, which
// sends the pixmap as-is and lets the panel scale it: 32 px stays sharp when
// scaled down to a 22-24 px panel and is not blurry on a 2x panel.
const trayPNGSize = 32

// CheckState returns an error naming the state if it has no icons.
func CheckState(state string) error {
	if !slices.Contains(States, state) {
		return fmt.Errorf("assets: no icon for state %q (known: %v)", state, States)
	}
	return nil
}

// TrayIcon is the icon fyne.io/systray's SetIcon wants on this OS: ICO on
// Windows, PNG elsewhere. It is nil for an unknown state (see CheckState).
func TrayIcon(state string) []byte {
	if runtime.GOOS == "windows" {
		return TrayICO(state)
	}
	return TrayPNG(state)
}

// TrayPNG is the state's colour icon as a 32 px PNG; nil for an unknown state.
func TrayPNG(state string) []byte { return StatePNG(state, trayPNGSize) }

// StatePNG is the state's colour icon at one of TraySizes; nil otherwise.
func StatePNG(state string, size int) []byte {
	if CheckState(state) != nil || !slices.Contains(TraySizes, size) {
		return nil
	}
	return mustRead(fmt.Sprintf("tray/%s-%d.png", state, size))
}

// TrayICO is the state's Windows icon (16, 20, 24, 32 and 48 px, so the
// notification area finds its size at 100-200 % scaling); nil for an
// unknown state.
func TrayICO(state string) []byte {
	if CheckState(state) != nil {
		return nil
	}
	return mustRead("tray/" + state + ".ico")
}

// TemplateIcon is the state's macOS menu-bar template (black and alpha
// only, so the system tints it for light and dark menu bars) at 44 px:
// systray draws it at 16x16 points, so Retina screens get full detail.
// Nil for an unknown state.
func TemplateIcon(state string) []byte {
	if CheckState(state) != nil {
		return nil
	}
	return mustRead("macos/" + state + "Template@2x.png")
}

// AppIconPNG is the application icon at one of AppSizes; nil otherwise.
func AppIconPNG(size int) []byte {
	if !slices.Contains(AppSizes, size) {
		return nil
	}
	return mustRead(fmt.Sprintf("app/rentwatch-%d.png", size))
}

// AppICO is the application icon for Windows (16, 24, 32, 48 and 256 px).
func AppICO() []byte { return mustRead("app/rentwatch.ico") }

// AppICNS is the application icon for a macOS bundle (16 to 512 pt, @1x and @2x).
func AppICNS() []byte { return mustRead("app/rentwatch.icns") }

// mustRead reads an embedded file. Every name passed here is checked
// against the lists above first and the tests read every one of them, so a
// failure is a broken build, not bad input.
func mustRead(name string) []byte {
	b, err := files.ReadFile(name)
	if err != nil {
		panic("assets: embedded file missing: " + name)
	}
	return b
}
