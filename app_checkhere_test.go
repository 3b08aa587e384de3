package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rentwatch/internal/testkit"
)

// TestAppCheckHere is a check by hand passed in the window's own page, as
// from a phone: the real app runs without a tray or a screen and watches a
// site whose wall is a button (it sets a cookie). A second Chromium, the
// user's, opens the window's check page for that search, sees the live
// picture of the watcher's own tab, clicks a link on it to another site
// (refused: the other site gets nothing), clicks the button where it is on
// the picture, and presses Done. The watcher's next headless load of the
// search passes: the site is watched again, with the cookie the user
// earned.
func TestAppCheckHere(t *testing.T) {
	bin := testkit.AppBinary(t)
	elsewhere := http.NewServeMux()
	testkit.ServePage(elsewhere, "/", "<title>Somewhere else</title><p>Not the site.</p>")
	away := testkit.StartSite(t, "127.0.0.3", elsewhere)
	wall := testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	searchURL := wall.Search(t, "/huren/kamers-delft", testkit.AppRooms(4568001, "Oude Delft", "Voldersgracht")...)
	wall.ButtonWall(away.URL + "/")

	dir := t.TempDir()
	cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	testkit.WriteAppSettings(t, cfg, "10s", testkit.AppSearch{Name: "Kamers Delft", URL: searchURL})
	app := testkit.StartApp(t, bin, data, testkit.AppEnv(t), "run", "--no-tray", "--config", cfg, "--data", data)
	app.WaitOutput(t, "msg=wall", 1)

	addr := testkit.ReadWindowURL(t, data)
	base, token, _ := strings.Cut(addr, "/?token=")
	r := &windowRig{base: base, token: token}
	sum := sha256.Sum256([]byte(searchURL))
	checkPage := base + "/check/" + hex.EncodeToString(sum[:6])

	ctx, _ := appTab(t)
	run(t, ctx, chromedp.Navigate(r.link(t)), chromedp.Navigate(checkPage))
	pageSays(t, ctx, "#check-open", " here")
	run(t, ctx, chromedp.Click("#check-open"))
	waitPicture(t, ctx, testkit.WallButtonX, testkit.WallButtonY, true)

	clickPicture(t, ctx, testkit.WallLinkX, testkit.WallLinkY)
	time.Sleep(2 * time.Second) // a navigation that went would have reached the other site by now
	if n := len(away.Requests()); n != 0 {
		t.Fatalf("the link to another site was followed: it got %d request(s)", n)
	}
	waitPicture(t, ctx, testkit.WallButtonX, testkit.WallButtonY, true) // still on the wall

	clickPicture(t, ctx, testkit.WallButtonX, testkit.WallButtonY)
	testkit.Eventually(t, "the site serves its page after the button", testkit.Patience, func() error {
		if wall.Served() == 0 {
			return fmt.Errorf("nothing served:\n%s", wall.Log())
		}
		return nil
	})
	waitPicture(t, ctx, testkit.WallButtonX, testkit.WallButtonY, false) // the rooms, not the wall

	run(t, ctx, chromedp.Click("#check-done"))
	pageSays(t, ctx, "#check-say", "again now")
	// The watcher's own load passed (a first clean page), at once: the
	// host's wait after its wall (five minutes) is longer than Patience.
	app.WaitOutput(t, "msg=baseline", 1)
	if n := wall.Served(); n < 2 {
		t.Errorf("the site served %d page(s), want the tab's and the watcher's:\n%s", n, wall.Log())
	}
}

// pictureJS reads the canvas pixel at the watched tab's CSS point (x, y):
// true when it is the wall's green button.
const pictureJS = `(() => { const c = document.getElementById("check-screen");
  if (!c || !c.width) return "none";
  const d = c.getContext("2d").getImageData(%v, %v, 1, 1).data;
  return (d[1] > 120 && d[0] < 80 && d[2] < 120) ? "green" : "other"; })()`

// waitPicture waits until the picture shows the green button at (x, y),
// or shows something else there (green false). The picture is drawn at
// the tab's size, one pixel a CSS pixel (the watcher's tab is 1x).
func waitPicture(t *testing.T, ctx context.Context, x, y int, green bool) {
	t.Helper()
	want := "green"
	if !green {
		want = "other"
	}
	testkit.Eventually(t, "the picture shows "+want+" at the button", testkit.Patience, func() error {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(pictureJS, x, y)))
		if err != nil || got != want {
			return fmt.Errorf("%s (%v)", got, err)
		}
		return nil
	})
}

// clickPicture clicks the picture, as shown in the user's page (scaled to
// its width), where the watched tab's point (x, y) is.
func clickPicture(t *testing.T, ctx context.Context, x, y int) {
	t.Helper()
	js := fmt.Sprintf(`(() => { const c = document.getElementById("check-screen"); c.scrollIntoView({block: "center"});
	  const r = c.getBoundingClientRect();
	  return [r.left + %d * r.width / c.width, r.top + %d * r.height / c.height]; })()`, x, y)
	at, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](js))
	if err != nil || len(at) != 2 {
		t.Fatalf("where the picture is: %v %v", at, err)
	}
	run(t, ctx, chromedp.MouseClickXY(at[0], at[1]))
}
