package testkit

import (
	"fmt"
	"html"
	"net/http"
)

// WallPicture is the path of the picture on a ButtonWall's page (the
// portal answers it 404): a person's browser asks for it, a watcher that
// blocks images does not.
const WallPicture = "/wall-puzzle.png"

// PassedCookie is the cookie a ButtonWall's button sets; a request that
// carries it gets the page.
const PassedCookie = "rw_passed"

// The button of a ButtonWall's page, in CSS pixels of the page: fixed in
// the viewport, whatever its size, so a test knows where to click.
const (
	WallButtonX, WallButtonY = 200, 100 // its middle
	WallLinkX, WallLinkY     = 200, 260 // the middle of the link away
)

// ButtonWall makes the portal refuse every request that does not carry
// PassedCookie with a 403 page of Cloudflare's Error 1020 whose check is a
// button: pressing it sets the cookie (a year long, as cf_clearance) and
// loads the page again. It is green (#00a050) on white, for a test that
// looks for it in a picture of the page. It is a wall only a person gets past, and one a
// headless load passes once that person pressed the button in the same
// browser. The page also links to away (another site), for a test that
// the check by hand cannot be used to leave the site.
func (p *Portal) ButtonWall(away string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buttons = away
}

func passedWall(r *http.Request) bool {
	c, err := r.Cookie(PassedCookie)
	return err == nil && c.Value == "yes"
}

// buttonWallPage is the wall's page, linking to away.
func buttonWallPage(away string) string {
	return fmt.Sprintf(`<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8" />`+
		`<title>Access denied | 127.0.0.1 used Cloudflare to restrict access</title></head><body>`+
		`<div id="cf-wrapper"><div id="cf-error-details" class="cf-error-details-wrapper">`+
		`<h1><span class="cf-error-type">Error</span> <span class="cf-error-code">1020</span></h1>`+
		`<h2 class="cf-subheadline">Access denied</h2><img src="%s" alt="" width="10" height="10">`+
		`<button id="pass" style="position:fixed;left:%dpx;top:%dpx;width:300px;height:100px;margin:0;border:0;background:#00a050;color:#fff">I am a person</button>`+
		`<a id="away" href="%s" style="position:fixed;left:%dpx;top:%dpx;width:300px;height:60px;display:block">Somewhere else</a>`+
		`<div class="cf-error-footer"><p>Cloudflare Ray ID: <strong>7f1a2b3c4d5e6f72</strong> • `+
		`Performance &amp; security by Cloudflare</p></div></div></div>`+
		`<script>document.getElementById("pass").addEventListener("click",()=>{`+
		`document.cookie="%s=yes; max-age=31536000; path=/";location.reload()})</script></body></html>`,
		WallPicture, WallButtonX-150, WallButtonY-50, html.EscapeString(away), WallLinkX-150, WallLinkY-30, PassedCookie)
}
