package window

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestCSRFGuard(t *testing.T) {
	k := newKeys("right-token")
	const id, otherID = "0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"
	csrf := k.csrf(id)
	g := csrfGuard{keys: k, origins: []string{"http://127.0.0.1:17345", "http://localhost:17345"},
		next: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("done")) })}
	own := "http://127.0.0.1:17345"
	tests := []struct {
		name, method, path string
		origin, site, csrf string
		script             bool // authenticated by a header, as a script
		want               int
		session            string // "": the page's session, id
	}{
		{"a page", "GET", "/", "", "", "", false, 200, ""},
		{"a GET from another site is read-only and passes", "GET", "/api/state", "https://evil.example", "cross-site", "", false, 200, ""},
		{"the page's POST", "POST", "/api/searches", own, "same-origin", csrf, false, 200, ""},
		{"the page's PATCH on localhost", "PATCH", "/api/searches/x", "http://localhost:17345", "same-origin", csrf, false, 200, ""},
		{"the page's DELETE", "DELETE", "/api/searches/x", own, "", csrf, false, 200, ""},
		{"a POST without the CSRF token", "POST", "/api/searches", own, "same-origin", "", false, 403, ""},
		{"a POST with a wrong CSRF token", "POST", "/api/searches", own, "same-origin", csrf[:len(csrf)-1] + "0", false, 403, ""},
		{"a POST with another session's CSRF token", "POST", "/api/searches", own, "same-origin", csrf, false, 403, otherID},
		{"a POST from another site with the right token", "POST", "/api/searches", "https://evil.example", "cross-site", csrf, false, 403, ""},
		{"a POST from another port", "POST", "/api/searches", "http://127.0.0.1:8080", "same-site", csrf, false, 403, ""},
		{"a POST whose Origin is null", "POST", "/api/searches", "null", "", csrf, false, 403, ""},
		{"a POST without Origin from the page", "POST", "/api/searches", "", "", csrf, false, 403, ""},
		{"a same-site fetch with our Origin spoofed", "POST", "/api/searches", own, "same-site", csrf, false, 403, ""},
		{"a script with the API key", "POST", "/api/searches", "", "", "", true, 200, ""},
		{"a script cannot be used from another site", "POST", "/api/searches", "https://evil.example", "", "", true, 403, ""},
		{"a PUT is a change too", "PUT", "/api/settings/email", own, "", "", false, 403, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(tt.method, tt.path, nil)
			if tt.origin != "" {
				r.Header.Set("Origin", tt.origin)
			}
			if tt.site != "" {
				r.Header.Set("Sec-Fetch-Site", tt.site)
			}
			if tt.csrf != "" {
				r.Header.Set("X-CSRF-Token", tt.csrf)
			}
			if tt.script {
				r = r.WithContext(context.WithValue(r.Context(), byKey{}, true))
			} else {
				session := tt.session
				if session == "" {
					session = id
				}
				r = r.WithContext(context.WithValue(r.Context(), bySession{}, session))
			}
			w := httptest.NewRecorder()
			g.ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Fatalf("status %d, want %d (%s)", w.Code, tt.want, w.Body)
			}
			if (w.Code == 200) != (w.Body.String() == "done") {
				t.Errorf("status %d with body %q", w.Code, w.Body)
			}
			for _, c := range w.Result().Cookies() {
				t.Errorf("a cookie was set: %+v (the CSRF token is in the page only)", c)
			}
		})
	}
}
