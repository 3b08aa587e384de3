package reply

import (
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rentwatch/internal/testkit"
	"rentwatch/pages"
)

// startPortal serves the loopback portal in Kamernet's markup on ip, with
// the shipped kamernet.nl recipe serving it.
func startPortal(t *testing.T, ip string) *testkit.ReplyPortal {
	t.Helper()
	p := testkit.StartReplyPortal(t, ip, filepath.Join("..", "testdata", "replysite"))
	testkit.ServeKamernetRecipe(t, ip)
	return p
}

// newBrowser is the watcher's browser for a test, on a profile of its own.
func newBrowser(t *testing.T) *pages.Browser {
	t.Helper()
	b := pages.NewBrowser(pages.BrowserOptions{Chrome: testkit.Chromium(t), ProfileDir: t.TempDir(),
		PageTimeout: time.Minute, ChallengeWait: -1}) // generous: a busy machine
	t.Cleanup(func() { b.Close() })
	return b
}

// room is a room of the portal with a variant of its contact form.
func room(id int, variant string) testkit.PortalRoom {
	return testkit.PortalRoom{Room: testkit.Room{ID: id, Title: "Kamer aan de " + variant + "straat",
		Street: variant + "straat", Area: "West", Price: 700 + id}, Variant: variant}
}

// sameValues compares form values; a browser sends a textarea's line
// breaks as CRLF (HTML's form encoding), whatever the field held.
func sameValues(a, b url.Values) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range b {
		if strings.ReplaceAll(a.Get(k), "\r\n", "\n") != b.Get(k) {
			return false
		}
	}
	return true
}
