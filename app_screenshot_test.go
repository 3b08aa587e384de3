package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"rentwatch/assets"
	"rentwatch/internal/testkit"
)

// The app on a real (virtual) screen: Xvfb, xfce4-panel as the tray host,
// the real binary. The test saves what a person would see, the tray and
// the opened menu, as PNG files, and checks the icon is drawn and the menu
// opens on a real click.

// shotsDir is where the screenshots go: $RENTWATCH_TEST_OUT, or a folder
// in the system's temp folder that outlives the test (t.TempDir does not).
func shotsDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("RENTWATCH_TEST_OUT")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "rentwatch-shots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestAppScreenshot(t *testing.T) {
	bin := testkit.AppBinary(t)
	bus := testkit.StartSessionBus(t)
	t.Setenv("XDG_STATE_HOME", bus.Dir)
	display := testkit.StartXvfb(t)
	testkit.StartPanel(t, bus, display)
	out := shotsDir(t)

	// The empty panel, drawn and settled: what the icon must change.
	var before image.Image
	testkit.Eventually(t, "the panel is drawn", testkit.Patience, func() error {
		before = testkit.Screenshot(t, display, filepath.Join(out, "panel.png"))
		if testkit.Near(before.At(640, testkit.PanelHeight/2), before.At(640, 400), 24) {
			return fmt.Errorf("the panel area looks like the empty screen")
		}
		return nil
	})

	portal := testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	dir := t.TempDir()
	cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	testkit.WriteAppSettings(t, cfg, "30s", testkit.AppSearch{Name: "Kamerplein Amsterdam", URL: portal.Search(t, "/huren/kamers-amsterdam",
		testkit.AppRooms(2345601, "Damrak", "Kinkerstraat", "Javastraat")...)})
	app := testkit.StartApp(t, bin, data, testkit.AppEnv(t, "DBUS_SESSION_BUS_ADDRESS="+bus.Address), "--config", cfg, "--data", data)
	item := testkit.WaitTrayItem(t, bus, app.PID(), testkit.Patience)
	app.WaitOutput(t, "msg=baseline", 1)
	waitIcon(t, item, "ok") // the icon the screenshot should show

	tray, icon := findIcon(t, display, before, filepath.Join(out, "tray.png"))
	t.Logf("the icon is drawn at %v; screenshots in %s", icon, out)
	x, y := (icon.Min.X+icon.Max.X)/2, (icon.Min.Y+icon.Max.Y)/2
	testkit.ClickAt(t, display, x, y)
	menu := openedMenu(t, display, tray, filepath.Join(out, "menu.png"))
	t.Logf("the menu is open at %v", menu)
	if menu.Min.Y > testkit.PanelHeight+8 || menu.Min.X > icon.Max.X || menu.Max.X < x {
		t.Errorf("the menu at %v is not under the icon at %v", menu, icon)
	}
}

// findIcon takes screenshots (saved at path) until the panel shows the
// "ok" icon: enough changed pixels, in an icon-sized box, holding both the
// house's blue and the badge's green. It returns the shot and the box.
func findIcon(t *testing.T, display string, before image.Image, path string) (image.Image, image.Rectangle) {
	t.Helper()
	okColours := mainColours(t, "ok")
	if len(okColours) != 2 {
		t.Fatalf("the ok icon's main colours are %v; this test expects a house and a badge", okColours)
	}
	panel := image.Rect(0, 0, 1280, testkit.PanelHeight)
	var tray image.Image
	var icon image.Rectangle
	testkit.Eventually(t, "the icon is drawn in the panel", testkit.Patience, func() error {
		tray = testkit.Screenshot(t, display, path)
		var n int
		icon, n = testkit.Changed(before, tray, panel, 24)
		if n < 40 || icon.Dx() > 2*testkit.PanelHeight || icon.Dy() > testkit.PanelHeight {
			return fmt.Errorf("%d pixels changed in the panel, in %v", n, icon)
		}
		// The panel may still show the icon before: wait for this one.
		for _, c := range okColours {
			if n := coloured(before, tray, icon, c); n < 10 {
				return fmt.Errorf("only %d pixels in %v have the \"ok\" icon's colour %v", n, icon, c)
			}
		}
		return nil
	})
	return tray, icon
}

// openedMenu takes screenshots (saved at path) until a menu-sized region
// below the panel differs from tray, and returns that region.
func openedMenu(t *testing.T, display string, tray image.Image, path string) image.Rectangle {
	t.Helper()
	below := image.Rect(0, testkit.PanelHeight, 1280, 800)
	var menu image.Rectangle
	testkit.Eventually(t, "the menu opens under the icon", testkit.Patience, func() error {
		shot := testkit.Screenshot(t, display, path)
		var n int
		menu, n = testkit.Changed(tray, shot, below, 24)
		// Eleven entries: far taller than any tooltip.
		if menu.Dx() < 120 || menu.Dy() < 150 {
			return fmt.Errorf("%d pixels changed below the panel, in %v", n, menu)
		}
		return nil
	})
	return menu
}

// mainColours are the colours covering at least 100 pixels of a state's
// tray icon, white aside: the house every icon shares and the badge that
// tells the states apart.
func mainColours(t *testing.T, state string) []color.RGBA {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(assets.TrayPNG(state)))
	if err != nil {
		t.Fatal(err)
	}
	count := map[color.RGBA]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA); c.A == 0xff {
				count[c]++
			}
		}
	}
	var main []color.RGBA
	for c, n := range count {
		if n >= 100 && c != (color.RGBA{0xff, 0xff, 0xff, 0xff}) {
			main = append(main, c)
		}
	}
	return main
}

// coloured counts the pixels in r that changed from before to img and now
// have (within a little) colour c. A panel scales the icon, which blends
// its edges but keeps its solid colours.
func coloured(before, img image.Image, r image.Rectangle, c color.RGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !testkit.Near(before.At(x, y), img.At(x, y), 24) && testkit.Near(img.At(x, y), c, 16) {
				n++
			}
		}
	}
	return n
}
