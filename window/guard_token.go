package window

import (
	"context"
	"crypto/subtle"
	"net/http"
	"strings"
)

// byKey marks a request that proved the token with a header (X-API-Key or
// Authorization: Bearer), as a script does; the CSRF guard needs no cookie
// from it.
type byKey struct{}

// fromScript reports whether r was authenticated by a header, not a cookie.
func fromScript(r *http.Request) bool { return r.Context().Value(byKey{}) != nil }

// tokenGuard lets through only requests that prove they know the token:
// scripts send it in X-API-Key (or Authorization: Bearer); the page has it
// in an HttpOnly, SameSite=Strict cookie, set when the user opens the
// address from window.url (/?token=T), which then redirects to the same
// address without the token, so it is not left in the address bar, the
// history or a screenshot. Everything else gets 403.
type tokenGuard struct {
	token  string
	cookie string // the session cookie's name (one per port: cookies ignore ports)
	next   http.Handler
}

func (g tokenGuard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if q := r.URL.Query(); q.Has("token") {
		if !g.match(q.Get("token")) {
			refuse(w, r, http.StatusForbidden, "refused: that token is not this rentwatch's; open the window from rentwatch's menu, or run `rentwatch open`")
			return
		}
		http.SetCookie(w, &http.Cookie{Name: g.cookie, Value: g.token, Path: "/", HttpOnly: true,
			SameSite: http.SameSiteStrictMode})
		q.Del("token")
		to := r.URL.Path
		if enc := q.Encode(); enc != "" {
			to += "?" + enc
		}
		http.Redirect(w, r, to, http.StatusSeeOther)
		return
	}
	if key := headerToken(r); key != "" {
		if !g.match(key) {
			refuse(w, r, http.StatusForbidden, "refused: wrong API key (the token is in window.url in rentwatch's data folder)")
			return
		}
		g.next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), byKey{}, true)))
		return
	}
	if c, err := r.Cookie(g.cookie); err == nil && g.match(c.Value) {
		g.next.ServeHTTP(w, r)
		return
	}
	refuse(w, r, http.StatusForbidden, "refused: open the window from rentwatch's menu (Open rentwatch…), or run `rentwatch open`; scripts send the token from window.url in the X-API-Key header")
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

// match compares in constant time, so the token cannot be guessed a byte
// at a time from how long a refusal takes.
func (g tokenGuard) match(s string) bool {
	return subtle.ConstantTimeCompare([]byte(s), []byte(g.token)) == 1
}
