package window

import (
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestSessions(t *testing.T) {
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	k := newKeys("key-one")
	v, id := k.newSession("17345", now)
	if got, ok := k.session(v, "17345", now.Add(sessionMaxAge)); !ok || got != id {
		t.Errorf("a session at its last moment: %q %v, want %q", got, ok, id)
	}
	if strings.Contains(v, "key-one") || k.csrf(id) == v {
		t.Errorf("the session %q gives away the key or its CSRF token", v)
	}
	v2, id2 := k.newSession("17345", now)
	if v2 == v || id2 == id || k.csrf(id2) == k.csrf(id) {
		t.Error("two sessions share a value, an id or a CSRF token")
	}
	refused := []struct {
		name, value, port string
		at                time.Time
	}{
		{"another port", v, "8080", now},
		{"past its age", v, "17345", now.Add(sessionMaxAge + time.Second)},
		{"a byte changed", v[:10] + string(v[10]^1) + v[11:], "17345", now},
		{"not base64", "***", "17345", now},
		{"empty", "", "17345", now},
	}
	for _, tt := range refused {
		if _, ok := k.session(tt.value, tt.port, tt.at); ok {
			t.Errorf("%s: let in", tt.name)
		}
	}
	csrf := k.csrf(id)
	k.set("key-two")
	if _, ok := k.session(v, "17345", now); ok {
		t.Error("a session outlived its key")
	}
	if k.csrf(id) == csrf {
		t.Error("a CSRF token outlived its key")
	}
}

func TestCodes(t *testing.T) {
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	c := newCodes()
	first := c.mint(now)
	if !regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`).MatchString(first) {
		t.Errorf("code %q", first)
	}
	a, b := c.mint(now), c.mint(now)
	if c.take(a, now.Add(codeLife)) {
		t.Error("a code worked at the end of its minute")
	}
	if !c.take(b, now.Add(codeLife-time.Second)) || c.take(b, now) {
		t.Error("a code did not work once, or worked twice")
	}
	for range maxCodes {
		c.mint(now.Add(time.Second))
	}
	if c.take(first, now) {
		t.Error("the oldest code is still good after maxCodes newer ones")
	}
	last := c.mint(now)
	c.clear()
	if c.take(last, now) {
		t.Error("a code outlived clear")
	}
}

// TestOpenLink: a script asks for a one-time address (what `rentwatch
// open` opens); a browser opening it gets a session, once.
func TestOpenLink(t *testing.T) {
	r := startRig(t, emptySettings)
	code, got := r.api("POST", "/api/open-link", map[string]any{"page": "/settings"})
	link, _ := got["url"].(string)
	if code != 200 || !regexp.MustCompile(`^`+regexp.QuoteMeta(r.base())+`/settings\?code=[A-Za-z0-9_-]{43}$`).MatchString(link) {
		t.Fatalf("POST /api/open-link: %d %v", code, got)
	}
	if at, _ := time.Parse(time.RFC3339, got["expires_at"].(string)); !at.Equal(r.now.Add(codeLife)) {
		t.Errorf("expires_at %v, want a minute from now", got["expires_at"])
	}
	if code, got := r.api("POST", "/api/open-link", map[string]any{"page": "/../etc"}); code != 400 {
		t.Errorf("a page that is not one: %d %v", code, got)
	}
	if code, got := r.api("POST", "/api/open-link", nil); code != 200 || !strings.Contains(got["url"].(string), "/?code=") {
		t.Errorf("no page: %d %v, want the Searches page", code, got)
	}
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := browser.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 303 || res.Header.Get("Location") != "/settings" || res.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Errorf("opening the link: %s to %q, Referrer-Policy %q", res.Status, res.Header.Get("Location"), res.Header.Get("Referrer-Policy"))
	}
	if res, err := browser.Get(r.base() + "/settings"); err != nil || res.StatusCode != 200 {
		t.Errorf("the page after the link: %v %v", res.Status, err)
	}
	if code, raw := r.do("GET", strings.TrimPrefix(link, r.base()), nil, nil); code != 403 || !strings.Contains(string(raw), "used already") {
		t.Errorf("the link a second time, in another browser: %d %s", code, raw)
	}
}

// TestRotateKey: a new key ends every session and code but the asking
// page's, which is handed a new session and CSRF token; scripts find the
// new key in window.url.
func TestRotateKey(t *testing.T) {
	r := startRig(t, emptySettings)
	port := strconv.Itoa(r.srv.Port())
	own := "http://127.0.0.1:" + port
	oldKey := r.srv.apiKey()
	sessionA, csrfA := r.session()
	sessionB, _ := r.session()
	link := r.srv.PageURL("/", "")
	cookie := func(v string) map[string]string {
		return map[string]string{"Cookie": "rentwatch-session-" + port + "=" + v}
	}
	page := func(v, csrf string) map[string]string {
		h := cookie(v)
		h["Origin"], h["X-CSRF-Token"] = own, csrf
		return h
	}

	req, _ := http.NewRequest("POST", r.base()+"/api/rotate-key", nil)
	for k, v := range page(sessionA, csrfA) {
		req.Header.Set(k, v)
	}
	res, err := noRedirects.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	var newSession string
	for _, c := range res.Cookies() {
		if c.Name == "rentwatch-session-"+port {
			newSession = c.Value
		}
	}
	if res.StatusCode != 200 || newSession == "" {
		t.Fatalf("rotate from the page: %s, new session %q", res.Status, newSession)
	}
	newKey := r.srv.apiKey()
	b, _ := os.ReadFile(filepath.Join(r.dir, URLFile))
	if newKey == oldKey || strings.TrimSpace(string(b)) != own+"/?token="+newKey {
		t.Fatalf("window.url after a new key: %q (key %q, was %q)", b, newKey, oldKey)
	}
	_, csrfNew := r.sessionWith(newSession)
	steps := []struct {
		name   string
		method string
		path   string
		header map[string]string
		want   int
	}{
		{"the old key", "GET", "/api/state", map[string]string{"X-API-Key": oldKey}, 403},
		{"the new key", "GET", "/api/state", map[string]string{"X-API-Key": newKey}, 200},
		{"another browser's session", "GET", "/", cookie(sessionB), 403},
		{"the asking page's old session", "GET", "/", cookie(sessionA), 403},
		{"the asking page's new session", "GET", "/", cookie(newSession), 200},
		{"a change with the old CSRF token", "POST", "/api/check-now", page(newSession, csrfA), 403},
		{"a change with the new one", "POST", "/api/check-now", page(newSession, csrfNew), 202},
		{"a one-time address made before", "GET", strings.TrimPrefix(link, r.base()), nil, 403},
		{"a script makes a new key too", "POST", "/api/rotate-key", map[string]string{"X-API-Key": newKey}, 200},
		{"the key before that", "GET", "/api/state", map[string]string{"X-API-Key": newKey}, 403},
	}
	for _, st := range steps {
		if code, raw := r.do(st.method, st.path, nil, st.header); code != st.want {
			t.Errorf("%s: %d, want %d: %s", st.name, code, st.want, raw)
		}
	}
}
