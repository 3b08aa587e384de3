package window

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestWithHeaders(t *testing.T) {
	inner := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/refused" {
			refuse(w, r, http.StatusForbidden, "no")
			return
		}
		w.Write([]byte("ok"))
	})
	h := withHeaders(inner)
	tests := []struct {
		name, method, path, origin string
		cache                      string
	}{
		{"a page", "GET", "/", "", "no-store"},
		{"the API", "GET", "/api/state", "", "no-store"},
		{"a static file", "GET", "/static/window.js", "", "no-cache"},
		{"a refusal", "GET", "/refused", "", "no-store"},
		{"a CORS preflight from another site", "OPTIONS", "/api/searches", "https://evil.example", "no-store"},
		{"a request from another site", "POST", "/api/searches", "https://evil.example", "no-store"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(tt.method, tt.path, nil)
			if tt.origin != "" {
				r.Header.Set("Origin", tt.origin)
				r.Header.Set("Access-Control-Request-Method", "POST")
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			hd := w.Result().Header
			want := map[string]string{
				"X-Content-Type-Options":       "nosniff",
				"Referrer-Policy":              "no-referrer",
				"X-Frame-Options":              "DENY",
				"Cross-Origin-Resource-Policy": "same-origin",
				"Cache-Control":                tt.cache,
			}
			for k, v := range want {
				if got := hd.Get(k); got != v {
					t.Errorf("%s = %q, want %q", k, got, v)
				}
			}
			csp := hd.Get("Content-Security-Policy")
			for _, part := range []string{"default-src 'none'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "base-uri 'none'"} {
				if !strings.Contains(csp, part) {
					t.Errorf("CSP %q lacks %q", csp, part)
				}
			}
			for _, bad := range []string{"unsafe-inline", "unsafe-eval", "*"} {
				if strings.Contains(csp, bad) {
					t.Errorf("CSP %q allows %q", csp, bad)
				}
			}
			for k := range hd {
				if strings.HasPrefix(strings.ToLower(k), "access-control-") {
					t.Errorf("a CORS header was set: %s: %s", k, hd.Get(k))
				}
			}
		})
	}
}
