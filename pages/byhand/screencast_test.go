package byhand

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/internal/testkit"
	"rentwatch/pages"
)

func TestViewportPoint(t *testing.T) {
	desktop := Viewport{Width: 1280, Height: 720, ImageWidth: 1280, ImageHeight: 720}
	strip := Viewport{Width: 400, Height: 700, OffsetTop: 100, ImageWidth: 400, ImageHeight: 800}
	for _, c := range []struct {
		name         string
		v            Viewport
		x, y, w, h   float64
		wantX, wantY float64
		wantOK       bool
	}{
		{"shown at its own size", desktop, 200, 100, 1280, 720, 200, 100, true},
		{"shown at a phone's width", desktop, 100, 50, 640, 360, 200, 100, true},
		{"the bottom right corner", desktop, 390, 219.375, 390, 219.375, 1280, 720, true},
		{"left of the picture", desktop, -1, 50, 640, 360, 0, 0, false},
		{"below the picture", desktop, 10, 361, 640, 360, 0, 0, false},
		{"nothing shown yet", Viewport{}, 10, 10, 640, 360, 0, 0, false},
		{"no shown size", desktop, 10, 10, 0, 0, 0, 0, false},
		{"under a strip above the page", strip, 200, 400, 200, 400, 400, 700, true},
		{"on the strip above the page", strip, 100, 20, 200, 400, 0, 0, false},
		{"just below the strip", strip, 0, 50, 200, 400, 0, 0, true},
	} {
		x, y, ok := c.v.Point(c.x, c.y, c.w, c.h)
		if ok != c.wantOK || (ok && (!near(x, c.wantX) || !near(y, c.wantY))) {
			t.Errorf("%s: Point(%v, %v, %v, %v) = %v, %v, %v; want %v, %v, %v", c.name, c.x, c.y, c.w, c.h,
				x, y, ok, c.wantX, c.wantY, c.wantOK)
		}
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

func TestOnSite(t *testing.T) {
	const search = "https://www.funda.nl/zoeken/huur?selected_area=amsterdam"
	for _, c := range []struct {
		page string
		want bool
	}{
		{"https://www.funda.nl/zoeken/huur?page=2", true},
		{"https://login.funda.nl/account/login", true}, // the same site family
		{"http://funda.nl/", true},
		{"https://WWW.FUNDA.NL./", true},
		{"https://www.funda.nl:8443/", true}, // a port does not make another site
		{"https://www.pararius.nl/", false},
		{"https://funda.nl.evil.example/", false},
		{"https://evilfunda.nl/", false},
		{"https://www.google.com/search?q=rooms", false},
		{"data:text/html,<h1>hi</h1>", false},
		{"javascript:alert(1)", false},
		{"file:///etc/passwd", false},
		{"chrome://settings", false},
		{"about:blank", false},
		{"not a url at all", false},
	} {
		if got := OnSite(search, c.page); got != c.want {
			t.Errorf("OnSite(%q) = %v, want %v", c.page, got, c.want)
		}
	}
	// A site on a country's second-level domain, and one on an address.
	if !OnSite("https://www.zoopla.co.uk/to-rent/", "https://secure.zoopla.co.uk/") ||
		OnSite("https://www.zoopla.co.uk/to-rent/", "https://www.rightmove.co.uk/") {
		t.Error("co.uk sites are told apart by their own name")
	}
	if !OnSite("http://127.0.0.2:4000/rooms", "http://127.0.0.2:4001/") || OnSite("http://127.0.0.2:4000/rooms", "http://127.0.0.3:4000/") {
		t.Error("loopback sites are told apart by their address")
	}
}

// TestScreenPassesButtonWall is a check by hand through the picture of a
// tab of the watcher's own Chrome: a site refuses with a wall whose check
// is a button; the user first clicks a link on it to another site (the
// tab stays on the site, and the other site gets nothing), then clicks the
// button on the picture, and presses Done. The watcher's next headless
// load of the search passes: the cookie the button set is the watcher's.
func TestScreenPassesButtonWall(t *testing.T) {
	b, _ := newWatcher(t, pages.BrowserOptions{ChallengeWait: -1})
	elsewhere := http.NewServeMux()
	testkit.ServePage(elsewhere, "/", "<title>Somewhere else</title><p>Not the site.</p>")
	away := testkit.StartSite(t, "127.0.0.3", elsewhere)
	portal := testkit.StartPortal(t, "127.0.0.2", testkit.ListPage)
	search := portal.Search(t, "/rooms", rooms(3)...)
	portal.ButtonWall(away.URL + "/")

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // bounds a hang only
	defer cancel()
	res, err := b.Load(ctx, search)
	if err != nil || res.Verdict.Kind != blocks.Denied {
		t.Fatalf("before the check: %v, %+v; want the wall", err, res.Verdict)
	}

	if n := pictureAsked(portal); n != 0 {
		t.Fatalf("the headless load asked for the wall's picture %d time(s): it blocks images", n)
	}

	screens := NewScreens(b, nil)
	t.Cleanup(screens.Close)
	ran := make(chan error, 1)
	go func() { ran <- screens.Run(ctx, search) }()
	s := openedScreen(t, screens, search, ran)
	f := wallShown(t, ctx, s, portal)

	testkit.Eventually(t, "the tab shows the wall's picture (a person must see a puzzle)", time.Minute, func() error {
		if pictureAsked(portal) == 0 {
			return fmt.Errorf("not asked for:\n%s", portal.Log())
		}
		return nil
	})
	click(t, ctx, s, f, testkit.WallLinkX, testkit.WallLinkY)
	testkit.Eventually(t, "the link away is refused", time.Minute, func() error {
		if !slices.Contains(s.Refused(), away.URL+"/") {
			return fmt.Errorf("refused so far: %q", s.Refused())
		}
		return nil
	})
	click(t, ctx, s, f, testkit.WallButtonX, testkit.WallButtonY)
	testkit.Eventually(t, "the site serves the page after the button", time.Minute, func() error {
		if portal.Served() == 0 {
			return fmt.Errorf("nothing served:\n%s", portal.Log())
		}
		return nil
	})
	if n := len(away.Requests()); n != 0 {
		t.Errorf("the other site got %d request(s) from the check by hand", n)
	}

	s.Done()
	select {
	case err := <-ran:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-ctx.Done():
		t.Fatal("Run did not return after Done")
	}
	if _, err := s.Frame(ctx, f.Seq); !errors.Is(err, ErrScreenClosed) {
		t.Errorf("a frame after Done: %v, want ErrScreenClosed", err)
	}
	res, err = b.Load(ctx, search)
	if err != nil || res.Verdict.Kind != blocks.OK || len(res.Listings) != 3 {
		t.Fatalf("after the check: %v, %+v with %d listings; want the page with 3", err, res.Verdict, len(res.Listings))
	}
}

// openedScreen waits until Run has opened the Screen of search.
func openedScreen(t *testing.T, screens *Screens, search string, ran <-chan error) *Screen {
	t.Helper()
	var s *Screen
	testkit.Eventually(t, "the check by hand opens", time.Minute, func() error {
		select {
		case err := <-ran:
			t.Fatalf("Run returned before the check opened: %v", err)
		default:
		}
		if s = screens.Screen(search); s == nil {
			return errors.New("no Screen yet")
		}
		return nil
	})
	return s
}

// wallShown waits for a picture of the wall: one that came after the
// site was asked for its page, and after its load settled.
func wallShown(t *testing.T, ctx context.Context, s *Screen, portal *testkit.Portal) Frame {
	t.Helper()
	testkit.Eventually(t, "the tab asks the site for the search", time.Minute, func() error {
		if len(portal.Requests()) < 2 {
			return fmt.Errorf("requests:\n%s", portal.Log())
		}
		return nil
	})
	var f Frame
	var err error
	for f.View.ImageWidth == 0 {
		if f, err = s.Frame(ctx, f.Seq); err != nil {
			t.Fatalf("Frame: %v", err)
		}
	}
	// A newer frame if one comes (the first may be the blank tab's), but
	// not two frames at all costs: a tab that painted the wall at once
	// sends no other while nothing on it changes (seen under load). The
	// picture's size, all a click needs, is the same either way.
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	for {
		g, err := s.Frame(wctx, f.Seq)
		if err != nil {
			return f
		}
		if g.View.ImageWidth > 0 {
			f = g
		}
	}
}

// click clicks the picture f, shown at half its size, where the page's
// (x, y) is.
func click(t *testing.T, ctx context.Context, s *Screen, f Frame, x, y float64) {
	t.Helper()
	w, h := float64(f.View.ImageWidth)/2, float64(f.View.ImageHeight)/2
	in := Input{Kind: "click", X: x / f.View.Width * w, Y: y / f.View.Height * h, W: w, H: h}
	if err := s.Send(ctx, in); err != nil {
		t.Fatalf("Send %+v: %v", in, err)
	}
}

// pictureAsked counts the requests for the wall's picture.
func pictureAsked(p *testkit.Portal) int {
	n := 0
	for _, r := range p.Requests() {
		if r.Path == testkit.WallPicture {
			n++
		}
	}
	return n
}
