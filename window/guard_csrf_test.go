package window

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestCSRFGuard(t *testing.T) {
	const csrf = "csrf-secret"
	g := csrfGuard{token: csrf, cookie: "rentwatch-csrf-17345",
		origins: []string{"http://127.0.0.1:17345", "http://localhost:17345"},
		next:    http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("done")) })}
	own := "http://127.0.0.1:17345"
	tests := []struct {
		name, method, path string
		origin, site, csrf string
		script             bool // authenticated by a header, as a script
		want               int
		setsCookie         bool
	}{
		{"a page sets the cookie", "GET", "/", "", "", "", false, 200, true},
		{"the API does not", "GET", "/api/state", "", "", "", false, 200, false},
		{"a static file does not", "GET", "/static/window.js", "", "", "", false, 200, false},
		{"a GET from another site is read-only and passes", "GET", "/api/state", "https://evil.example", "cross-site", "", false, 200, false},
		{"the page's POST", "POST", "/api/searches", own, "same-origin", csrf, false, 200, false},
		{"the page's PATCH on localhost", "PATCH", "/api/searches/x", "http://localhost:17345", "same-origin", csrf, false, 200, false},
		{"the page's DELETE", "DELETE", "/api/searches/x", own, "", csrf, false, 200, false},
		{"a POST without the CSRF token", "POST", "/api/searches", own, "same-origin", "", false, 403, false},
		{"a POST with a wrong CSRF token", "POST", "/api/searches", own, "same-origin", "csrf-secreT", false, 403, false},
		{"a POST from another site with the right token", "POST", "/api/searches", "https://evil.example", "cross-site", csrf, false, 403, false},
		{"a POST from another port", "POST", "/api/searches", "http://127.0.0.1:8080", "same-site", csrf, false, 403, false},
		{"a POST whose Origin is null", "POST", "/api/searches", "null", "", csrf, false, 403, false},
		{"a POST without Origin from the page", "POST", "/api/searches", "", "", csrf, false, 403, false},
		{"a same-site fetch with our Origin spoofed", "POST", "/api/searches", own, "same-site", csrf, false, 403, false},
		{"a script with the API key", "POST", "/api/searches", "", "", "", true, 200, false},
		{"a script cannot be used from another site", "POST", "/api/searches", "https://evil.example", "", "", true, 403, false},
		{"a PUT is a change too", "PUT", "/api/settings/email", own, "", "", false, 403, false},
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
			}
			w := httptest.NewRecorder()
			g.ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Fatalf("status %d, want %d (%s)", w.Code, tt.want, w.Body)
			}
			if (w.Code == 200) != (w.Body.String() == "done") {
				t.Errorf("status %d with body %q", w.Code, w.Body)
			}
			set := false
			for _, c := range w.Result().Cookies() {
				if c.Name == "rentwatch-csrf-17345" {
					set = true
					if c.Value != csrf || c.SameSite != http.SameSiteStrictMode || c.HttpOnly {
						t.Errorf("CSRF cookie %+v: want the token, SameSite=Strict, readable by the page", c)
					}
				}
			}
			if set != tt.setsCookie {
				t.Errorf("CSRF cookie set: %v, want %v", set, tt.setsCookie)
			}
		})
	}
}
