package window

import (
	"crypto/subtle"
	"net/http"
	"strings"
)

// csrfGuard stands between a state-changing request and the handlers. A
// request from the page (authenticated by its cookie) must come from the
// window's own origin (Origin, and Sec-Fetch-Site where the browser sends
// it) and carry the CSRF token in X-CSRF-Token; the page reads that token
// from a cookie this guard sets on every page it serves. A request from
// another site can make the browser send the session cookie (SameSite
// aside), but it cannot read the CSRF cookie nor set the header without a
// CORS preflight, which the window never allows. The token is checked
// against the server's own value, not merely against the cookie, so a
// cookie planted by another program on 127.0.0.1 (cookies ignore ports)
// cannot stand in for it. Scripts that send the API key in a header are
// not asked for it: a browser cannot add that header for another site.
type csrfGuard struct {
	token   string
	cookie  string   // the CSRF cookie's name
	origins []string // the window's own origins, http://127.0.0.1:PORT ...
	next    http.Handler
}

func (g csrfGuard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		if !strings.HasPrefix(r.URL.Path, "/api/") && !strings.HasPrefix(r.URL.Path, "/static/") {
			http.SetCookie(w, &http.Cookie{Name: g.cookie, Value: g.token, Path: "/", SameSite: http.SameSiteStrictMode})
		}
		g.next.ServeHTTP(w, r)
		return
	}
	origin := r.Header.Get("Origin")
	if origin != "" && !g.ownOrigin(origin) {
		refuse(w, r, http.StatusForbidden, "refused: the request came from another site ("+origin+")")
		return
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
		refuse(w, r, http.StatusForbidden, "refused: the request came from another site")
		return
	}
	if fromScript(r) {
		g.next.ServeHTTP(w, r)
		return
	}
	if origin == "" {
		refuse(w, r, http.StatusForbidden, "refused: a change from the page must say which page it comes from (no Origin header)")
		return
	}
	if subtle.ConstantTimeCompare([]byte(r.Header.Get("X-CSRF-Token")), []byte(g.token)) != 1 {
		refuse(w, r, http.StatusForbidden, "refused: the page's CSRF token is missing or old; reload the page and try again")
		return
	}
	g.next.ServeHTTP(w, r)
}

func (g csrfGuard) ownOrigin(origin string) bool {
	for _, o := range g.origins {
		if strings.EqualFold(origin, o) {
			return true
		}
	}
	return false
}
