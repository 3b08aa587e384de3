package window

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestTokenGuard runs the guard's steps in order: the codes are taken as a
// browser would take them, so a step may depend on the one before.
func TestTokenGuard(t *testing.T) {
	const token = "right-token"
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	k, c := newKeys(token), newCodes()
	g := tokenGuard{keys: k, codes: c, port: "17345", origins: []string{"http://127.0.0.1:17345", "http://localhost:17345"},
		now: func() time.Time { return now }, next: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if fromScript(r) {
				w.Write([]byte("ok script"))
				return
			}
			w.Write([]byte("ok page " + sessionOf(r)))
		})}
	session, _ := k.newSession("17345", now)
	otherPort, _ := k.newSession("8080", now)
	old, _ := k.newSession("17345", now.Add(-sessionMaxAge-time.Minute))
	code, code2, late := c.mint(now), c.mint(now), c.mint(now.Add(-codeLife))
	const cookie = "rentwatch-session-17345"
	type cookies map[string]string
	steps := []struct {
		name     string
		method   string // "": GET
		path     string
		header   map[string]string
		cookies  cookies
		want     int
		body     string // part of the body
		location string // where a redirect goes
		setsAuth bool   // a session cookie is set
	}{
		{"nothing", "", "/", nil, nil, 403, "Open rentwatch", "", false},
		{"nothing, API", "", "/api/state", nil, nil, 403, `{"error":"refused: open the window`, "", false},
		// The key in an address (window.url opened in a browser) lets
		// nothing in and sets nothing: it would stay in the history.
		{"the key in the address", "", "/?token=right-token", nil, nil, 403, "never given to a browser", "", false},
		{"the key with other parameters", "", "/listings?q=west&token=right-token", nil, nil, 403, "never given to a browser", "", false},
		{"a wrong key in the address", "", "/?token=wrong", nil, nil, 403, "never given to a browser", "", false},
		{"a one-time code", "", "/?code=" + code, nil, nil, 303, "", "/", true},
		{"the same code again", "", "/?code=" + code, nil, nil, 403, "used already", "", false},
		{"a code with other parameters", "", "/listings?q=west&code=" + code2, nil, nil, 303, "", "/listings?q=west", true},
		{"a code over a minute old", "", "/?code=" + late, nil, nil, 403, "more than a minute old", "", false},
		{"a made-up code", "", "/?code=AAAA", nil, nil, 403, "used already", "", false},
		{"a used code with a session (a reload)", "", "/settings?code=" + code, nil, cookies{cookie: session}, 303, "", "/settings", false},
		{"a used code with a session, to another site's address", "", "//evil.example/?code=" + code, nil, cookies{cookie: session}, 303, "", "/", false},
		{"a code is not taken by a POST", "POST", "/api/check-now?code=" + c.mint(now), nil, nil, 403, "", "", false},
		{"the session", "", "/", nil, cookies{cookie: session}, 200, "ok page ", "", false},
		{"the session, typed or from the opener", "", "/", map[string]string{"Sec-Fetch-Site": "none"}, cookies{cookie: session}, 200, "ok page ", "", false},
		{"the session from the window's own page", "", "/api/state", map[string]string{"Sec-Fetch-Site": "same-origin"}, cookies{cookie: session}, 200, "ok page ", "", false},
		// Browsers send 127.0.0.1's cookies to all its ports: a page on
		// another port makes them send ours.
		{"the session from a page on another port", "", "/api/state", map[string]string{"Sec-Fetch-Site": "same-site"}, cookies{cookie: session}, 403, "another page", "", false},
		{"the session with another port's Origin", "", "/api/state", map[string]string{"Origin": "http://127.0.0.1:8080"}, cookies{cookie: session}, 403, "http://127.0.0.1:8080", "", false},
		{"a session made for another port", "", "/", nil, cookies{cookie: otherPort}, 403, "", "", false},
		{"a session older than its age", "", "/", nil, cookies{cookie: old}, 403, "", "", false},
		{"the key as the session", "", "/", nil, cookies{cookie: token}, 403, "", "", false},
		{"the key in an older rentwatch's cookie", "", "/", nil, cookies{"rentwatch-17345": token}, 403, "", "", false},
		{"a session cut short", "", "/", nil, cookies{cookie: session[:len(session)-2]}, 403, "", "", false},
		{"X-API-Key", "", "/api/state", map[string]string{"X-API-Key": token}, nil, 200, "ok script", "", false},
		{"a wrong X-API-Key", "", "/api/state", map[string]string{"X-API-Key": "nope"}, cookies{cookie: session}, 403, "wrong API key", "", false},
		{"the session is not a key", "", "/api/state", map[string]string{"X-API-Key": session}, nil, 403, "wrong API key", "", false},
		{"Bearer", "", "/api/state", map[string]string{"Authorization": "Bearer " + token}, nil, 200, "ok script", "", false},
		{"Basic is not a key", "", "/api/state", map[string]string{"Authorization": "Basic " + token}, nil, 403, "", "", false},
	}
	for _, st := range steps {
		method := st.method
		if method == "" {
			method = "GET"
		}
		r := httptest.NewRequest(method, st.path, nil)
		for k, v := range st.header {
			r.Header.Set(k, v)
		}
		for name, v := range st.cookies {
			r.AddCookie(&http.Cookie{Name: name, Value: v})
		}
		w := httptest.NewRecorder()
		g.ServeHTTP(w, r)
		if w.Code != st.want {
			t.Errorf("%s: status %d, want %d (%s)", st.name, w.Code, st.want, w.Body)
			continue
		}
		if !strings.Contains(w.Body.String(), st.body) {
			t.Errorf("%s: body %q lacks %q", st.name, w.Body, st.body)
		}
		if loc := w.Header().Get("Location"); loc != st.location {
			t.Errorf("%s: Location %q, want %q", st.name, loc, st.location)
		}
		var set *http.Cookie
		for _, c := range w.Result().Cookies() {
			if strings.Contains(c.Value, token) {
				t.Errorf("%s: a cookie holds the key: %+v", st.name, c)
			}
			if c.Name == cookie {
				set = c
			}
		}
		if (set != nil) != st.setsAuth {
			t.Errorf("%s: session cookie set: %v, want %v", st.name, set != nil, st.setsAuth)
		}
		if set != nil {
			if !set.HttpOnly || set.SameSite != http.SameSiteStrictMode || set.Path != "/" {
				t.Errorf("%s: session cookie %+v: want HttpOnly, SameSite=Strict, Path=/", st.name, set)
			}
			if _, ok := k.session(set.Value, "17345", now); !ok {
				t.Errorf("%s: the session cookie set is not a session", st.name)
			}
		}
		if w.Code == 403 && strings.Contains(w.Body.String(), "ok ") {
			t.Errorf("%s: refused but served", st.name)
		}
	}
}
