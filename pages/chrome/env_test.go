package chrome

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"

	"rentwatch/internal/testkit"
)

// TestChromeGetsNoSecret starts the headless Chrome with a password in the
// app's environment, loads a page (so its renderers run), and reads the
// environment of every process of Chrome's: the password is in none of
// them, what Chrome needs is.
func TestChromeGetsNoSecret(t *testing.T) {
	testkit.NeedProc(t)
	const secret = "smtp-secret-7f3a9c"
	t.Setenv("RENTWATCH_SMTP_PASSWORD", secret)
	t.Setenv("SOME_API_TOKEN", secret+"-token")
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = fmt.Fprint(w, `<!DOCTYPE html><html><head><title>Rooms</title></head><body>Rooms</body></html>`)
	}))
	defer site.Close()
	profile := t.TempDir() + "/profile"
	ctx, cancel := context.WithTimeout(context.Background(), testkit.Patience) // bounds a hang only
	defer cancel()
	p, err := Start(ctx, Options{Path: testkit.Chromium(t), Profile: profile})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop()
	tab, closeTab := chromedp.NewContext(p.Ctx)
	defer closeTab()
	tctx, tcancel := context.WithTimeout(tab, testkit.Patience)
	defer tcancel()
	if _, err := chromedp.Run(tctx, chromedp.NavigateResponse(site.URL+"/rooms")); err != nil {
		t.Fatal(err)
	}
	testkit.CheckChromeEnv(t, p.PID, profile, secret)
}
