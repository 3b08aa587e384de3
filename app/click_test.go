package app

import (
	"errors"
	"io"
	"log/slog"
	"testing"

	"rentwatch/outbox"
	"rentwatch/pages"
	"rentwatch/pages/byhand"
)

// A click on a new-listing pop-up opens the listing in the default
// browser; a URL that is not http(s) is never opened.
func TestClickOpensTheListing(t *testing.T) {
	var opened []string
	a := &app{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	a.openWeb = func(u string) error {
		if err := byhand.OpenDefault("file:///etc/passwd", nil); !errors.Is(err, pages.ErrBadURL) {
			t.Errorf("the opener took a file: URL (%v)", err)
		}
		opened = append(opened, u)
		return nil
	}
	a.clicked(outbox.Action{Kind: outbox.OpenWeb, URL: "https://kamernet.nl/huren/kamer-amsterdam/k1"})
	a.clicked(outbox.Action{}) // a pop-up that opens nothing
	if len(opened) != 1 || opened[0] != "https://kamernet.nl/huren/kamer-amsterdam/k1" {
		t.Errorf("opened %q, want the listing once", opened)
	}
}
