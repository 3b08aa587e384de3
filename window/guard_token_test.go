package window

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestTokenGuard(t *testing.T) {
	const token = "right-token"
	g := tokenGuard{token: token, cookie: "rentwatch-17345", next: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if fromScript(r) {
			w.Write([]byte("ok script"))
			return
		}
		w.Write([]byte("ok page"))
	})}
	tests := []struct {
		name     string
		path     string
		header   map[string]string
		cookie   string
		want     int
		body     string // part of the body
		location string // where a redirect goes
		setsAuth bool   // the session cookie is set
	}{
		{"nothing", "/", nil, "", 403, "Open rentwatch", "", false},
		{"nothing, API", "/api/state", nil, "", 403, `{"error":"refused: open the window`, "", false},
		{"the token in the address", "/?token=right-token", nil, "", 303, "", "/", true},
		{"the token with other parameters", "/listings?q=west&token=right-token", nil, "", 303, "", "/listings?q=west", true},
		{"a wrong token in the address", "/?token=wrong", nil, "", 403, "not this rentwatch's", "", false},
		{"an empty token in the address", "/?token=", nil, "", 403, "not this rentwatch's", "", false},
		{"a wrong token with a right cookie", "/?token=wrong", nil, token, 403, "", "", false},
		{"the cookie", "/", nil, token, 200, "ok page", "", false},
		{"a wrong cookie", "/", nil, "right-tokeN", 403, "", "", false},
		{"a cookie with the token as prefix", "/", nil, token + "x", 403, "", "", false},
		{"X-API-Key", "/api/state", map[string]string{"X-API-Key": token}, "", 200, "ok script", "", false},
		{"a wrong X-API-Key", "/api/state", map[string]string{"X-API-Key": "nope"}, token, 403, "wrong API key", "", false},
		{"Bearer", "/api/state", map[string]string{"Authorization": "Bearer " + token}, "", 200, "ok script", "", false},
		{"Basic is not a token", "/api/state", map[string]string{"Authorization": "Basic " + token}, "", 403, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", tt.path, nil)
			for k, v := range tt.header {
				r.Header.Set(k, v)
			}
			if tt.cookie != "" {
				r.AddCookie(&http.Cookie{Name: "rentwatch-17345", Value: tt.cookie})
			}
			w := httptest.NewRecorder()
			g.ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Fatalf("status %d, want %d (%s)", w.Code, tt.want, w.Body)
			}
			if !strings.Contains(w.Body.String(), tt.body) {
				t.Errorf("body %q lacks %q", w.Body, tt.body)
			}
			if loc := w.Header().Get("Location"); loc != tt.location {
				t.Errorf("Location %q, want %q", loc, tt.location)
			}
			var set *http.Cookie
			for _, c := range w.Result().Cookies() {
				if c.Name == "rentwatch-17345" {
					set = c
				}
			}
			if (set != nil) != tt.setsAuth {
				t.Fatalf("session cookie set: %v, want %v", set != nil, tt.setsAuth)
			}
			if set != nil && (!set.HttpOnly || set.SameSite != http.SameSiteStrictMode || set.Value != token || set.Path != "/") {
				t.Errorf("session cookie %+v: want HttpOnly, SameSite=Strict, Path=/", set)
			}
			if w.Code == 403 && strings.Contains(w.Body.String(), "ok page") || strings.Contains(w.Body.String(), "ok script") && w.Code != 200 {
				t.Error("refused but served")
			}
		})
	}
}
