package window

import (
	"net/http"
	"strings"
)

// contentSecurityPolicy allows the page only its own script and styles (no
// inline script or style, no eval), connections to itself, no frames
// around it, forms posting only to itself. Images may come from any http
// or https address: listing photos live on the portals' servers and the
// user's browser loads them from there, as it would on the portal's own
// page. rentwatch itself never fetches a photo (its own Chrome blocks
// images), and no-referrer keeps the page's address from the portals.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: http:; " +
	"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// withHeaders sets the security headers on every answer, refusals
// included. It sets no CORS header, ever: no other origin may read what the
// window says, and a CORS preflight from one gets nothing that allows it.
func withHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer") // the address may hold the token
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		if strings.HasPrefix(r.URL.Path, "/static/") {
			h.Set("Cache-Control", "no-cache")
		} else {
			h.Set("Cache-Control", "no-store")
		}
		next.ServeHTTP(w, r)
	})
}
