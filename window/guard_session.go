package window

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"net/http"
	"sync"
	"time"
)

// The window's secrets, and why there are three.
//
// The API key (window.url's token) is for scripts, sent in a header. A
// browser is never given it: not on an opener's command line (every user
// of the computer can read those), not in an address (the history keeps
// those), not in a cookie. Cookies on 127.0.0.1 go to every port of it, so
// a page that makes the browser ask another local port for something (a
// listing photo pointing there) hands that port every cookie the window
// has set.
//
// The browser is let in by a one-time code instead: random, good for a
// minute, taken on first use. The app puts it in the address it opens
// (PageURL); the server takes it, sets a session cookie and sends the
// browser on to the same address without it (303).
//
// The session cookie is signed with a key derived from the API key, so it
// says nothing about the key, lasts across a restart (as the key does),
// and ends for every browser when the key is made anew (Rotate). It names
// the port it was made for, and a session is let in only from the
// window's own pages (Origin, Sec-Fetch-Site; tokenGuard): another local
// port that was sent the cookie, and a page there, cannot use it from the
// user's browser. Changes also need the page's CSRF token, derived from the
// session and written into the window's own pages, never into a cookie. A
// program on this computer that was sent the cookie can still replay it
// outside a browser until the session ends; that is why it ends after
// sessionMaxAge and with the key, and why the key itself never travels in
// it.

// sessionMaxAge is how long a session lets a browser in, however often it
// is used: a tab left open longer is sent back to the menu.
const sessionMaxAge = 7 * 24 * time.Hour

// codeLife is how long a one-time code lets a browser in: the opener hands
// it over at once, and a code left in a log or a terminal soon opens
// nothing.
const codeLife = time.Minute

// maxCodes bounds the codes waiting to be used (each Open rentwatch… makes
// one); the oldest go first.
const maxCodes = 64

// keys holds the API key and what is derived from it. Safe for concurrent
// use.
type keys struct {
	// mu guards token and sessionKey: Rotate replaces both.
	mu         sync.RWMutex
	token      string // the API key, as in window.url
	sessionKey []byte // signs sessions and derives CSRF tokens
}

func newKeys(token string) *keys {
	k := &keys{}
	k.set(token)
	return k
}

// set makes token the API key; every session signed with the last one ends.
func (k *keys) set(token string) {
	m := hmac.New(sha256.New, []byte(token))
	m.Write([]byte("rentwatch window session"))
	k.mu.Lock()
	defer k.mu.Unlock()
	k.token, k.sessionKey = token, m.Sum(nil)
}

func (k *keys) apiKey() string {
	k.mu.RLock()
	defer k.mu.RUnlock()
	return k.token
}

// matchKey compares in constant time, so the key cannot be guessed a byte
// at a time from how long a refusal takes.
func (k *keys) matchKey(s string) bool {
	return subtle.ConstantTimeCompare([]byte(s), []byte(k.apiKey())) == 1
}

func (k *keys) mac(parts ...[]byte) []byte {
	k.mu.RLock()
	m := hmac.New(sha256.New, k.sessionKey)
	k.mu.RUnlock()
	for _, p := range parts {
		m.Write(p)
	}
	return m.Sum(nil)
}

// A session cookie's value: 16 random bytes (its id), when it was made (Unix
// seconds, 8 bytes), and the MAC of both with the port, in base64url.
const sessionIDLen, sessionLen = 16, 16 + 8 + sha256.Size

// newSession makes a session cookie's value for the window on port, and
// the session's id.
func (k *keys) newSession(port string, now time.Time) (value, id string) {
	raw := make([]byte, sessionIDLen+8, sessionLen)
	_, _ = rand.Read(raw[:sessionIDLen]) // never fails (crypto/rand)
	binary.BigEndian.PutUint64(raw[sessionIDLen:], uint64(now.Unix()))
	raw = append(raw, k.mac([]byte("session\x00"+port+"\x00"), raw)...)
	return base64.RawURLEncoding.EncodeToString(raw), hex.EncodeToString(raw[:sessionIDLen])
}

// session returns the id of the session value v when this window made it
// for port with its current key, no longer than sessionMaxAge before now.
func (k *keys) session(v, port string, now time.Time) (id string, ok bool) {
	raw, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil || len(raw) != sessionLen {
		return "", false
	}
	body, sum := raw[:sessionIDLen+8], raw[sessionIDLen+8:]
	if !hmac.Equal(sum, k.mac([]byte("session\x00"+port+"\x00"), body)) {
		return "", false
	}
	made := time.Unix(int64(binary.BigEndian.Uint64(body[sessionIDLen:])), 0)
	if now.Sub(made) > sessionMaxAge {
		return "", false
	}
	return hex.EncodeToString(body[:sessionIDLen]), true
}

// csrf is the CSRF token of the session id: the page carries it in a
// header with every change.
func (k *keys) csrf(id string) string {
	return hex.EncodeToString(k.mac([]byte("csrf\x00" + id)))
}

// sessionCookieName is the session cookie's name on port: a window on
// another port (another data folder's rentwatch) keeps its own.
func sessionCookieName(port string) string { return "rentwatch-session-" + port }

// setSession starts a session for the browser that asked r: a cookie only
// the window's own pages use (HttpOnly, SameSite=Strict), for as long as
// the browser runs; it returns the session's id. It also removes what
// older rentwatches set: a cookie that held the API key itself, and the
// CSRF cookie.
func (k *keys) setSession(w http.ResponseWriter, port string, now time.Time) string {
	value, id := k.newSession(port, now)
	http.SetCookie(w, &http.Cookie{Name: sessionCookieName(port), Value: value, Path: "/",
		HttpOnly: true, SameSite: http.SameSiteStrictMode})
	for _, old := range []string{"rentwatch-" + port, "rentwatch-csrf-" + port} {
		http.SetCookie(w, &http.Cookie{Name: old, Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	}
	return id
}

// codes are the one-time codes that let a browser in. Safe for concurrent
// use.
type codes struct {
	// mu guards byHash.
	mu     sync.Mutex
	byHash map[[sha256.Size]byte]time.Time // a code's hash: when it stops working
}

func newCodes() *codes { return &codes{byHash: map[[sha256.Size]byte]time.Time{}} }

// mint makes a code good until codeLife after now.
func (c *codes) mint(now time.Time) string {
	raw := make([]byte, 32)
	_, _ = rand.Read(raw) // never fails (crypto/rand)
	code := base64.RawURLEncoding.EncodeToString(raw)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sweep(now)
	for len(c.byHash) >= maxCodes {
		var oldest [sha256.Size]byte
		var at time.Time
		for h, end := range c.byHash {
			if at.IsZero() || end.Before(at) {
				oldest, at = h, end
			}
		}
		delete(c.byHash, oldest)
	}
	c.byHash[sha256.Sum256([]byte(code))] = now.Add(codeLife)
	return code
}

// take reports whether code is good at now, and makes sure it is never
// good again.
func (c *codes) take(code string, now time.Time) bool {
	h := sha256.Sum256([]byte(code))
	c.mu.Lock()
	defer c.mu.Unlock()
	end, ok := c.byHash[h]
	delete(c.byHash, h)
	return ok && now.Before(end)
}

// clear ends every code: the key they were made under is gone.
func (c *codes) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	clear(c.byHash)
}

// sweep drops the codes past their end; c.mu is held.
func (c *codes) sweep(now time.Time) {
	for h, end := range c.byHash {
		if !now.Before(end) {
			delete(c.byHash, h)
		}
	}
}

// csrfOf is the CSRF token of r's session, for the page it is drawn into;
// "" for a script, which needs none.
func (s *Server) csrfOf(r *http.Request) string {
	if id := sessionOf(r); id != "" {
		return s.keys.csrf(id)
	}
	return ""
}
