package window

import (
	"net/http"
	"strings"
)

// withHost refuses a request whose Host is not one of the window's own
// addresses (127.0.0.1:PORT, localhost:PORT). A page on another site can
// point its own name at 127.0.0.1 (DNS rebinding) and so reach the window
// from the user's browser as if it were same-origin; its requests still
// carry its own name in Host, and are refused here before anything else.
func withHost(hosts []string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, h := range hosts {
			if strings.EqualFold(r.Host, h) {
				next.ServeHTTP(w, r)
				return
			}
		}
		refuse(w, r, http.StatusForbidden, "refused: rentwatch's window answers only at http://"+hosts[0]+"/")
	})
}
