package window

import (
	"crypto/hmac"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"html/template"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"rentwatch/config"
)

// Logging in on the home network. The password (bcrypt, in the settings
// file) buys a session cookie: Secure (sent over HTTPS only), HttpOnly,
// SameSite=Strict, good while the browser uses it at least once every
// lanIdle. Its MAC covers the password's hash, so a new password ends
// every session made under the old one. The session's id stays the same
// when the cookie is renewed, so the CSRF token written into an open page
// stays good.

// lanIdle is how long a session on the home network lasts unused: a phone
// used once a month stays logged in, one lost in a drawer does not.
const lanIdle = 30 * 24 * time.Hour

// renewAfter is how old a session's last use may get before its cookie is
// written anew: often enough for lanIdle, rarely enough to keep answers
// free of Set-Cookie.
const renewAfter = time.Hour

// The limit on wrong passwords: ten from one address within a minute and
// it waits five minutes. bcrypt makes each guess slow; this makes guessing
// from the network hopeless.
const (
	maxWrong   = 10
	wrongSpan  = time.Minute
	lockedFor  = 5 * time.Minute
	maxTracked = 4096 // addresses remembered at once; the oldest go first
)

// loginLimit counts wrong passwords per address. Safe for concurrent use.
type loginLimit struct {
	mu     sync.Mutex
	wrong  map[string][]time.Time // address: its wrong passwords within wrongSpan
	locked map[string]time.Time   // address: until when it may not try
}

func newLoginLimit() *loginLimit {
	return &loginLimit{wrong: map[string][]time.Time{}, locked: map[string]time.Time{}}
}

// lockedUntil is when addr may try again; zero when it may now.
func (l *loginLimit) lockedUntil(addr string, now time.Time) time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	if until, ok := l.locked[addr]; ok && now.Before(until) {
		return until
	}
	delete(l.locked, addr)
	return time.Time{}
}

// failed records a wrong password from addr and says until when it is
// locked out now (zero: not).
func (l *loginLimit) failed(addr string, now time.Time) time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.wrong) >= maxTracked {
		l.sweep(now)
	}
	recent := l.wrong[addr][:0]
	for _, t := range l.wrong[addr] {
		if now.Sub(t) < wrongSpan {
			recent = append(recent, t)
		}
	}
	recent = append(recent, now)
	if len(recent) < maxWrong {
		l.wrong[addr] = recent
		return time.Time{}
	}
	delete(l.wrong, addr)
	l.locked[addr] = now.Add(lockedFor)
	return l.locked[addr]
}

// sweep forgets what no longer counts, and when that is not enough, all
// counts (never the lockouts); l.mu is held.
func (l *loginLimit) sweep(now time.Time) {
	for a, ts := range l.wrong {
		if len(ts) == 0 || now.Sub(ts[len(ts)-1]) >= wrongSpan {
			delete(l.wrong, a)
		}
	}
	if len(l.wrong) >= maxTracked {
		clear(l.wrong)
	}
	for a, until := range l.locked {
		if !now.Before(until) {
			delete(l.locked, a)
		}
	}
}

// scope is what a session on the home network is bound to: the port, and
// the password in force.
func (l *lan) scope(port string) []byte {
	return []byte("lan-session\x00" + port + "\x00" + l.passwordHash() + "\x00")
}

// lanValue is a cookie's value for the session id, last used at.
func (k *keys) lanValue(id []byte, scope []byte, at time.Time) string {
	raw := make([]byte, sessionIDLen+8, sessionLen)
	copy(raw, id)
	binary.BigEndian.PutUint64(raw[sessionIDLen:], uint64(at.Unix()))
	raw = append(raw, k.mac(scope, raw)...)
	return base64.RawURLEncoding.EncodeToString(raw)
}

// lanSession reads a cookie's value: the session's id and when it was
// last used, ok when it was made here under scope and used within lanIdle.
func (k *keys) lanSession(v string, scope []byte, now time.Time) (id []byte, used time.Time, ok bool) {
	raw, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil || len(raw) != sessionLen {
		return nil, time.Time{}, false
	}
	body, sum := raw[:sessionIDLen+8], raw[sessionIDLen+8:]
	if !hmac.Equal(sum, k.mac(scope, body)) {
		return nil, time.Time{}, false
	}
	used = time.Unix(int64(binary.BigEndian.Uint64(body[sessionIDLen:])), 0)
	if now.Sub(used) > lanIdle {
		return nil, time.Time{}, false
	}
	return body[:sessionIDLen], used, true
}

// setLANCookie writes the session cookie for id, used now.
func (l *lan) setLANCookie(w http.ResponseWriter, k *keys, port string, id []byte, now time.Time) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookieName(port), Value: k.lanValue(id, l.scope(port), now), Path: "/",
		MaxAge: int(lanIdle / time.Second), Secure: true, HttpOnly: true, SameSite: http.SameSiteStrictMode})
}

// newLANSession starts a session and returns its id (as the CSRF token is
// derived from it).
func (l *lan) newLANSession(w http.ResponseWriter, k *keys, port string, now time.Time) string {
	id := make([]byte, sessionIDLen)
	_, _ = rand.Read(id) // never fails (crypto/rand)
	l.setLANCookie(w, k, port, id, now)
	return hex.EncodeToString(id)
}

// session is the id of r's session, renewing its cookie on w when it was
// last used more than renewAfter ago.
func (l *lan) session(w http.ResponseWriter, r *http.Request, k *keys, port string, now time.Time) (string, bool) {
	c, err := r.Cookie(sessionCookieName(port))
	if err != nil {
		return "", false
	}
	id, used, ok := k.lanSession(c.Value, l.scope(port), now)
	if !ok {
		return "", false
	}
	if w != nil && now.Sub(used) > renewAfter {
		l.setLANCookie(w, k, port, id, now)
	}
	return hex.EncodeToString(id), true
}

// clientAddr is the address a request came from, without its port: the
// unit the wrong-password limit counts.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// loginGuard serves the login page, POST /login and POST /logout, and the
// page's styles, to anyone on the network; everything else goes on to
// next (the token guard, which wants a session).
type loginGuard struct {
	lan     *lan
	keys    *keys
	port    string
	origins []string
	now     func() time.Time
	next    http.Handler
}

func (g loginGuard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == "/login" && (r.Method == http.MethodGet || r.Method == http.MethodHead):
		g.page(w, http.StatusOK, "")
	case r.URL.Path == "/login" && r.Method == http.MethodPost:
		g.login(w, r)
	case r.URL.Path == "/logout" && r.Method == http.MethodPost:
		g.logout(w, r)
	case r.Method == http.MethodGet && (r.URL.Path == "/static/simple.css" || r.URL.Path == "/static/window.css" || r.URL.Path == "/static/icon.png"):
		staticFiles().ServeHTTP(w, r)
	default:
		g.next.ServeHTTP(w, r)
	}
}

// formFrom says why a form posted to /login or /logout is not from the
// window's own pages, or "". A page served with Referrer-Policy:
// no-referrer (every page of the window but the login page) makes the
// browser send "Origin: null" with a form it posts; Sec-Fetch-Site, which
// no page can set, then says whether it is the window's own.
func formFrom(r *http.Request, origins []string) string {
	if r.Header.Get("Origin") == "null" {
		if r.Header.Get("Sec-Fetch-Site") == "same-origin" {
			return ""
		}
		return "refused: the form was not sent from rentwatch's window"
	}
	return fromElsewhere(r, origins)
}

func (g loginGuard) login(w http.ResponseWriter, r *http.Request) {
	if why := formFrom(r, g.origins); why != "" {
		refuse(w, r, http.StatusForbidden, why)
		return
	}
	now, addr := g.now(), clientAddr(r)
	if until := g.lan.limit.lockedUntil(addr, now); !until.IsZero() {
		g.locked(w, until, now)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if !config.PasswordMatches(g.lan.passwordHash(), r.PostFormValue("password")) {
		if until := g.lan.limit.failed(addr, now); !until.IsZero() {
			g.locked(w, until, now)
			return
		}
		g.page(w, http.StatusUnauthorized, "That is not the password. Try again (it is the one set with `rentwatch set-password` or in Settings).")
		return
	}
	g.lan.newLANSession(w, g.keys, g.port, now)
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

func (g loginGuard) locked(w http.ResponseWriter, until, now time.Time) {
	wait := until.Sub(now).Round(time.Second)
	w.Header().Set("Retry-After", strconv.Itoa(int(wait/time.Second)))
	g.page(w, http.StatusTooManyRequests, "Too many wrong passwords from this device: wait "+minutesWords(wait)+
		", then try again. (After ten wrong passwords in a minute, a device must wait five minutes.)")
}

func (g loginGuard) logout(w http.ResponseWriter, r *http.Request) {
	if why := formFrom(r, g.origins); why != "" {
		refuse(w, r, http.StatusForbidden, why)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookieName(g.port), Path: "/", MaxAge: -1,
		Secure: true, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

func minutesWords(d time.Duration) string {
	m := int((d + time.Minute - time.Second) / time.Minute)
	if m <= 1 {
		return "a minute"
	}
	return strconv.Itoa(m) + " minutes"
}

var loginPage = template.Must(template.New("login").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Log in · rentwatch</title>
<link rel="icon" type="image/png" href="/static/icon.png">
<link rel="stylesheet" href="/static/simple.css">
<link rel="stylesheet" href="/static/window.css">
</head>
<body>
<header><p class="brand"><img src="/static/icon.png" alt="" width="32" height="32"> rentwatch</p></header>
<main id="main">
<h1>Log in</h1>
{{if .Problem}}<p class="problem" role="alert" id="login-problem">{{.Problem}}</p>{{end}}
<form method="post" action="/login">
<label for="password">rentwatch's password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
<button type="submit">Log in</button>
</form>
<p class="hint">This is rentwatch on your home network. The password is the one set on the computer that runs it (<code>rentwatch set-password</code>, or Settings there). You stay logged in on this device until you log out, or for 30 days after you last used it.</p>
<p class="hint">After ten wrong passwords in a minute, a device has to wait five minutes before it may try again.</p>
</main>
</body>
</html>
`))

func (g loginGuard) page(w http.ResponseWriter, code int, problem string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// The login page's address holds nothing secret: its form may say
	// where it comes from (Origin), which the check of POST /login reads.
	w.Header().Set("Referrer-Policy", "same-origin")
	w.WriteHeader(code)
	_ = loginPage.Execute(w, struct{ Problem string }{problem})
}
