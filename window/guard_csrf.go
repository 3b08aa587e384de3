package window

import (
	"crypto/subtle"
	"net/http"
)

// csrfGuard stands between a state-changing request and the handlers. A
// request from the page (authenticated by its session cookie) must come
// from the window's own origin (Origin, and Sec-Fetch-Site where the
// browser sends it) and carry its session's CSRF token in X-CSRF-Token;
// the window writes that token into its own pages only (never into a
// cookie, which every port of 127.0.0.1 would be sent). A request from
// another site can make the browser send the session cookie (SameSite
// aside), but it cannot read the page nor set the header without a CORS
// preflight, which the window never allows. Scripts that send the API key
// in a header are not asked for it: a browser cannot add that header for
// another site.
type csrfGuard struct {
	keys    *keys
	origins []string // the window's own origins, http://127.0.0.1:PORT ...
	next    http.Handler
}

func (g csrfGuard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		g.next.ServeHTTP(w, r)
		return
	}
	origin := r.Header.Get("Origin")
	if origin != "" && !ownOrigin(origin, g.origins) {
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
	id := sessionOf(r)
	if id == "" || subtle.ConstantTimeCompare([]byte(r.Header.Get("X-CSRF-Token")), []byte(g.keys.csrf(id))) != 1 {
		refuse(w, r, http.StatusForbidden, "refused: the page's CSRF token is missing or old; reload the page and try again")
		return
	}
	g.next.ServeHTTP(w, r)
}
