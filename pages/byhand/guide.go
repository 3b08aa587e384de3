package byhand

import (
	"context"
	"encoding/base64"
	"html"
	"log/slog"
	"net/url"
	"strings"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"rentwatch/words"
)

// The window's size: a normal window most screens show whole, neither
// maximised over the user's work nor Chrome's small default.
const windowWidth, windowHeight = 1200, 900

// size makes the window windowWidth x windowHeight, in the normal state.
// A window manager that will not is not worth failing the check for.
func (s *session) size(log *slog.Logger) {
	ctx, cancel := context.WithTimeout(s.run.Ctx, callTimeout)
	defer cancel()
	win, err := chromedp.Call(ctx, browser.GetWindowForTarget, browser.GetWindowForTargetParams{})
	if err == nil && win.Bounds != nil && win.Bounds.WindowState != browser.WindowStateNormal {
		// Sizes go with the normal state only.
		_, err = chromedp.CallBrowser(ctx, browser.SetWindowBounds, browser.SetWindowBoundsParams{WindowID: win.WindowID,
			Bounds: &browser.Bounds{WindowState: browser.WindowStateNormal}})
	}
	if err == nil {
		_, err = chromedp.CallBrowser(ctx, browser.SetWindowBounds, browser.SetWindowBoundsParams{WindowID: win.WindowID,
			Bounds: &browser.Bounds{Width: windowWidth, Height: windowHeight}})
	}
	if err != nil {
		log.Warn("the window keeps the size Chrome gave it", "err", err)
	}
}

// guidePage is the window's first tab: what to do, in rentwatch's words,
// as a page of its own (the site's page is never touched: a wall's script
// would see it).
func guidePage(pageURL string) string {
	site := "the site"
	if u, err := url.Parse(pageURL); err == nil {
		site = words.Site(u.Host)
	}
	title, steps := words.CheckByHand(site)
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>` + html.EscapeString(title) +
		`</title></head><body style="font:18px/1.5 sans-serif;max-width:40em;margin:3em auto;padding:0 1em">` +
		`<h1 style="font-size:1.4em">Check by hand: ` + html.EscapeString(site) + `</h1>`)
	for _, s := range steps {
		b.WriteString("<p>" + html.EscapeString(s) + "</p>")
	}
	b.WriteString("</body></html>")
	return "data:text/html;charset=utf-8;base64," + base64.StdEncoding.EncodeToString([]byte(b.String()))
}
