package window

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// byKey marks a request that proved the API key with a header (X-API-Key or
// Authorization: Bearer), as a script does; the CSRF guard needs no token
// from it.
type byKey struct{}

// bySession carries the id of the session a request from the window's own
// page came with.
type bySession struct{}

// fromScript reports whether r was authenticated by a header, not a cookie.
func fromScript(r *http.Request) bool { return r.Context().Value(byKey{}) != nil }

// sessionOf is the id of the session r came with; "" for a script.
func sessionOf(r *http.Request) string {
	id, _ := r.Context().Value(bySession{}).(string)
	return id
}

// tokenGuard lets through only requests that prove they may: scripts send
// the API key in X-API-Key (or Authorization: Bearer); a browser comes with
// the session cookie it got for a one-time code (guard_session.go says
// why), from the window's own pages only. An address that carries the API
// key itself (window.url opened in a browser) is refused: the key would
// stay in the history. Everything else gets 403.
type tokenGuard struct {
	keys    *keys
	codes   *codes
	port    string
	origins []string // the window's own origins, http://127.0.0.1:PORT ...
	now     func() time.Time
	lan     *lan // beyond loopback: sessions from the password (login.go); nil on loopback
	next    http.Handler
}

// Refusals, in plain words, with the way in.
const (
	openFromMenu = "open the window from rentwatch's menu (Open rentwatch…), or run `rentwatch open`"
	keyInAddress = "refused: this address holds rentwatch's API key, which is for scripts (they send it in the X-API-Key header) " +
		"and is never given to a browser; " + openFromMenu
	codeUsed = "refused: this link to rentwatch's window was used already, or is more than a minute old; " + openFromMenu
	noAccess = "refused: " + openFromMenu + "; scripts send the key from window.url in the X-API-Key header"
)

func (g tokenGuard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	switch {
	case q.Has("token"):
		refuse(w, r, http.StatusForbidden, keyInAddress)
		return
	case q.Has("code") && (r.Method == http.MethodGet || r.Method == http.MethodHead):
		g.exchange(w, r, q)
		return
	}
	if key := headerToken(r); key != "" {
		if !g.keys.matchKey(key) {
			refuse(w, r, http.StatusForbidden, "refused: wrong API key (the key is in window.url in rentwatch's data folder; it changes when made anew in Settings)")
			return
		}
		g.next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), byKey{}, true)))
		return
	}
	id, ok := g.session(w, r)
	if !ok && g.lan != nil && (r.Method == http.MethodGet || r.Method == http.MethodHead) && !strings.HasPrefix(r.URL.Path, "/api/") {
		http.Redirect(w, r, "/login", http.StatusSeeOther) // a person on the network: the password lets them in
		return
	}
	if !ok {
		refuse(w, r, http.StatusForbidden, noAccess)
		return
	}
	if why := fromElsewhere(r, g.origins); why != "" {
		refuse(w, r, http.StatusForbidden, why)
		return
	}
	g.next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), bySession{}, id)))
}

// exchange takes a one-time code for a session and sends the browser on to
// the same address without the code (303), so the address bar, the
// history and a bookmark keep no code (and it opens nothing a second time
// anyway). A used code with a good session (a reload, a restored tab)
// just goes on.
func (g tokenGuard) exchange(w http.ResponseWriter, r *http.Request, q url.Values) {
	now := g.now()
	switch {
	case !g.codes.take(q.Get("code"), now):
		if _, ok := g.session(nil, r); !ok {
			refuse(w, r, http.StatusForbidden, codeUsed)
			return
		}
	case g.lan != nil:
		g.lan.newLANSession(w, g.keys, g.port, now)
	default:
		g.keys.setSession(w, g.port, now)
	}
	q.Del("code")
	to := r.URL.Path
	if strings.HasPrefix(to, "//") || strings.HasPrefix(to, "/\\") {
		to = "/" // a browser would take //host as another site's address
	}
	if enc := q.Encode(); enc != "" {
		to += "?" + enc
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// session is the id of r's session cookie, when it is one of ours. Beyond
// loopback it is a session from the password, whose cookie is renewed on
// w (when not nil) as it is used.
func (g tokenGuard) session(w http.ResponseWriter, r *http.Request) (string, bool) {
	if g.lan != nil {
		return g.lan.session(w, r, g.keys, g.port, g.now())
	}
	c, err := r.Cookie(sessionCookieName(g.port))
	if err != nil {
		return "", false
	}
	return g.keys.session(c.Value, g.port, g.now())
}

// fromElsewhere says why a request that carries the session cookie is not
// from the window's own pages, or "". Browsers send a cookie of 127.0.0.1
// with a request from a page on another of its ports as well (same site,
// another origin): such a request names that page in Origin, and says
// same-site (not same-origin) in Sec-Fetch-Site. A typed address, a
// bookmark and the opener's address say none.
func fromElsewhere(r *http.Request, origins []string) string {
	if o := r.Header.Get("Origin"); o != "" && !ownOrigin(o, origins) {
		return "refused: the request came from another page (" + o + "), not rentwatch's window"
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
		return "refused: the request came from another page, not rentwatch's window (" + site + ")"
	}
	return ""
}

func ownOrigin(origin string, origins []string) bool {
	for _, o := range origins {
		if strings.EqualFold(origin, o) {
			return true
		}
	}
	return false
}

func headerToken(r *http.Request) string {
	if k := r.Header.Get("X-API-Key"); k != "" {
		return k
	}
	if a, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
		return strings.TrimSpace(a)
	}
	return ""
}
