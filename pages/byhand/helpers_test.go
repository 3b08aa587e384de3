package byhand

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rentwatch/internal/testkit"
	"rentwatch/pages"
	"rentwatch/pages/chrome"
)

// newWatcher starts a headless Browser on a fresh profile and its Window,
// both closed at cleanup (the window first, as the app does).
func newWatcher(t testing.TB, opts pages.BrowserOptions) (*pages.Browser, *Window) {
	t.Helper()
	opts.Chrome = testkit.Chromium(t)
	if opts.ProfileDir == "" {
		opts.ProfileDir = t.TempDir() + "/profile"
	}
	b := pages.NewBrowser(opts)
	w := New(b)
	t.Cleanup(func() {
		w.Close()
		_ = b.Close()
	})
	return b, w
}

// shownRun is the Chrome of the window while it is up, nil otherwise.
func shownRun(w *Window) *chrome.Process {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.shown == nil {
		return nil
	}
	return w.shown.run
}

// rooms are n rooms for a testkit.Portal's search page.
func rooms(n int) []testkit.Room {
	out := make([]testkit.Room, n)
	for i := range out {
		out[i] = testkit.Room{ID: 9100 + i, Title: fmt.Sprintf("Bright room %d near the park", i+1),
			Street: "parkstraat", Area: "Amsterdam West", Price: 650 + 25*i}
	}
	return out
}

// navigationHeaders loads one page of rooms through b and returns the
// headers of the request for it, as the site got them.
func navigationHeaders(t testing.TB, b *pages.Browser, host string) http.Header {
	t.Helper()
	var page strings.Builder
	if err := testkit.ListPage.Execute(&page, testkit.PortalPage{Path: "/rooms", Rooms: rooms(3)}); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	testkit.ServePage(mux, "/rooms", page.String())
	site := testkit.StartSite(t, host, mux)
	if _, err := b.Load(context.Background(), site.URL+"/rooms"); err != nil {
		t.Fatalf("Load: %v", err)
	}
	return site.WaitFor(t, "/rooms").Header
}
