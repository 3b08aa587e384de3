package testkit

import (
	"bufio"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// This file is a real screen for tests: Xvfb, xfce4-panel as the tray
// host, screenshots and clicks. Nothing here touches the user's display.

// StartXvfb runs a virtual 1280x800 screen on a free display and returns
// its name (":N"). Xvfb picks the display itself (-displayfd), so two test
// runs never fight over one.
func StartXvfb(t testing.TB) string {
	t.Helper()
	bin := Need(t, "Xvfb")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command(bin, "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	StartProcess(t, cmd)
	w.Close() // Xvfb holds its own copy
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if n == "" {
			t.Fatal("Xvfb exited without naming its display")
		}
		return ":" + n
	case <-time.After(Patience):
		t.Fatalf("Xvfb did not name its display in %v", Patience)
	}
	return ""
}

// panelXML is an xfce4-panel configuration with one top panel, 32 pixels
// high, holding only the system tray: the icon lands at a known place.
const panelXML = `<?xml version="1.0" encoding="UTF-8"?>
<channel name="xfce4-panel" version="1.0">
  <property name="configver" type="int" value="2"/>
  <property name="panels" type="array">
    <value type="int" value="1"/>
    <property name="panel-1" type="empty">
      <property name="position" type="string" value="p=6;x=0;y=0"/>
      <property name="length" type="uint" value="100"/>
      <property name="position-locked" type="bool" value="true"/>
      <property name="size" type="uint" value="32"/>
      <property name="plugin-ids" type="array">
        <value type="int" value="1"/>
      </property>
    </property>
  </property>
  <property name="plugins" type="empty">
    <property name="plugin-1" type="string" value="systray">
      <property name="icon-size" type="int" value="22"/>
      <property name="square-icons" type="bool" value="true"/>
    </property>
  </property>
</channel>
`

// PanelHeight is the height of the panel StartPanel configures.
const PanelHeight = 32

// StartPanel runs xfce4-panel on display as the tray host of bus: its
// systray plugin is the StatusNotifierWatcher and draws the icons. The
// configuration goes where xfconfd (started by the bus) reads it, so
// StartSessionBus must have set XDG_CONFIG_HOME first. It waits until the
// panel owns the watcher's name.
func StartPanel(t testing.TB, bus *Bus, display string) {
	t.Helper()
	bin := Need(t, "xfce4-panel")
	dir := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "xfce4", "xfconf", "xfce-perchannel-xml")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "xfce4-panel.xml"), []byte(panelXML), 0o600); err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(bus.Dir, "xfce4-panel.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	// Without --disable-wm-check it waits ~5s for a window manager.
	cmd := exec.Command(bin, "--disable-wm-check")
	cmd.Env = append(BusEnv(bus), "DISPLAY="+display)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	StartProcess(t, cmd)
	conn := Connect(t, bus)
	deadline := time.Now().Add(Patience)
	for nameOwned(conn, "org.kde.StatusNotifierWatcher") != nil {
		if time.Now().After(deadline) {
			out, _ := os.ReadFile(logPath)
			t.Fatalf("xfce4-panel's tray did not come up in %v; its output:\n%s", Patience, out)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Screenshot saves the whole screen of display as a PNG at path and
// returns it decoded.
func Screenshot(t testing.TB, display, path string) image.Image {
	t.Helper()
	bin := Need(t, "import", "/usr/bin/import")
	if out, err := exec.Command(bin, "-display", display, "-window", "root", path).CombinedOutput(); err != nil {
		t.Fatalf("import -window root: %v\n%s", err, out)
	}
	return ReadPNG(t, path)
}

// ReadPNG decodes the PNG at path, failing the test if it cannot.
func ReadPNG(t testing.TB, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	return img
}

// ClickAt moves the pointer to x, y on display and clicks the left button.
func ClickAt(t testing.TB, display string, x, y int) {
	t.Helper()
	bin := Need(t, "xdotool")
	cmd := exec.Command(bin, "mousemove", fmt.Sprint(x), fmt.Sprint(y), "click", "1")
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("xdotool click at %d,%d: %v\n%s", x, y, err, out)
	}
}

// Changed is the smallest rectangle holding every pixel that differs
// between a and b by more than tol (0-255) in some channel, within
// region, and how many pixels differ. An empty rectangle: none.
func Changed(a, b image.Image, region image.Rectangle, tol int) (image.Rectangle, int) {
	var box image.Rectangle
	n := 0
	region = region.Intersect(a.Bounds()).Intersect(b.Bounds())
	for y := region.Min.Y; y < region.Max.Y; y++ {
		for x := region.Min.X; x < region.Max.X; x++ {
			if !Near(a.At(x, y), b.At(x, y), tol) {
				n++
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box, n
}

// Near reports whether two colours differ by at most tol (0-255) in each
// of red, green and blue.
func Near(c1, c2 color.Color, tol int) bool {
	r1, g1, b1, _ := c1.RGBA()
	r2, g2, b2, _ := c2.RGBA()
	d := func(x, y uint32) bool {
		v := int(x>>8) - int(y>>8)
		return v <= tol && v >= -tol
	}
	return d(r1, r2) && d(g1, g2) && d(b1, b2)
}
