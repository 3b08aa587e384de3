package window

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// DefaultPort is where the window listens when the port is free. A fixed
// port keeps the user's bookmark and the page's memory of what they last
// looked at (kept per origin by the browser) from one start to the next.
// 17345 is above the privileged ports and below every OS's range of
// ephemeral ports (Linux from 32768, Windows and macOS from 49152), so an
// outgoing connection never happens to hold it; no service in Debian's
// /etc/services uses it, nor do common development servers (3000, 5000,
// 8000, 8080, Syncthing's 8384). When it is taken, any free port is used.
const DefaultPort = 17345

// URLFile is the file in the data folder that holds the window's address
// with its token, one line: http://127.0.0.1:PORT/?token=T.
const URLFile = "window.url"

// Deps is what the window is built from. Watcher and Settings are
// required; a nil Listings, Mailer, Keychain or Autostart hides what it
// would have shown.
type Deps struct {
	Watcher   Watcher
	Settings  Settings
	Listings  Listings
	Mailer    Mailer
	Keychain  Keychain
	Autostart Autostart
	// OpenSettingsFile and OpenLog open the settings file and the log
	// file in the user's own programs (an editor, a viewer), for whoever
	// wants to read or change them by hand; nil hides the button.
	OpenSettingsFile, OpenLog func() error
	// Port to listen on: 0 is DefaultPort, below 0 any free port (tests).
	// A port that is taken falls back to any free one.
	Port     int
	Now      func() time.Time // nil: time.Now
	Location *time.Location   // the user's time zone; nil: time.Local
	Log      *slog.Logger     // nil: discard
	Version  string           // shown in the page's footer
}

// Server serves the window. Create it with Start; Close it when done. Safe
// for concurrent use.
type Server struct {
	d        Deps
	token    string // proves the caller read window.url
	csrf     string // the page's CSRF token, derived from token
	port     int
	ln       net.Listener
	srv      *http.Server
	pages    *pageSet
	previews *previews
}

// Start listens on 127.0.0.1 only (never on another interface), writes the
// address with its token to dataDir/window.url (mode 0600) and serves in
// the background. The token is kept from an earlier window.url, so a tab
// left open and the user's cookie stay good across a restart.
func Start(dataDir string, d Deps) (*Server, error) {
	if d.Watcher == nil || d.Settings == nil {
		return nil, errors.New("window: a Watcher and a Settings are required")
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Location == nil {
		d.Location = time.Local
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	token, err := loadToken(filepath.Join(dataDir, URLFile))
	if err != nil {
		return nil, err
	}
	ln, err := listen(d.Port)
	if err != nil {
		return nil, err
	}
	s := &Server{d: d, token: token, csrf: deriveCSRF(token), ln: ln,
		port: ln.Addr().(*net.TCPAddr).Port, previews: newPreviews()}
	if s.pages, err = parsePages(); err != nil {
		ln.Close()
		return nil, err
	}
	if err := writeURLFile(filepath.Join(dataDir, URLFile), s.URL()); err != nil {
		ln.Close()
		return nil, err
	}
	s.srv = &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	go func() {
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			d.Log.Error("window stopped", "err", err)
		}
	}()
	return s, nil
}

// listen takes 127.0.0.1:port, or any free port on 127.0.0.1 when that one
// is taken.
func listen(port int) (net.Listener, error) {
	switch {
	case port == 0:
		port = DefaultPort
	case port < 0:
		port = 0
	}
	ln, err := net.Listen("tcp4", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err == nil {
		return ln, nil
	}
	ln, err2 := net.Listen("tcp4", "127.0.0.1:0")
	if err2 != nil {
		return nil, fmt.Errorf("window: listen on 127.0.0.1: %w", errors.Join(err, err2))
	}
	return ln, nil
}

// URL is the address to open the window with: http://127.0.0.1:PORT/?token=T.
func (s *Server) URL() string {
	return fmt.Sprintf("http://127.0.0.1:%d/?token=%s", s.port, s.token)
}

// PageURL is the address that opens the window at path (a page: "/",
// "/settings"), scrolled to fragment when it is not "" ("add": the Add a
// search form): http://127.0.0.1:PORT/settings?token=T. The token sets
// the page's cookie and is then taken out of the address; the browser
// keeps the fragment across that redirect.
func (s *Server) PageURL(path, fragment string) string {
	u := url.URL{Scheme: "http", Host: "127.0.0.1:" + strconv.Itoa(s.port), Path: path,
		RawQuery: url.Values{"token": {s.token}}.Encode(), Fragment: fragment}
	return u.String()
}

// Port is the port the window listens on.
func (s *Server) Port() int { return s.port }

// Close stops serving, waiting a little for answers under way.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	return s.srv.Shutdown(ctx)
}

// Handler is the window with its guards, outermost first: the security
// headers (on every answer, refusals too), the Host check, the token, the
// CSRF and Origin check, then the pages and the API.
func (s *Server) Handler() http.Handler {
	port := strconv.Itoa(s.port)
	hosts := []string{"127.0.0.1:" + port, "localhost:" + port}
	var h http.Handler = s.routes()
	h = csrfGuard{token: s.csrf, cookie: "rentwatch-csrf-" + port,
		origins: []string{"http://" + hosts[0], "http://" + hosts[1]}, next: h}
	h = tokenGuard{token: s.token, cookie: "rentwatch-" + port, next: h}
	h = withHost(hosts, h)
	return withHeaders(h)
}

// loadToken returns the token in an earlier window.url, or a new one.
func loadToken(path string) (string, error) {
	if b, err := os.ReadFile(path); err == nil {
		if u, err := url.Parse(strings.TrimSpace(string(b))); err == nil {
			if t := u.Query().Get("token"); validToken(t) {
				return t, nil
			}
		}
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", fmt.Errorf("window: make a token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(raw), nil
}

// validToken accepts what loadToken makes: 43 characters of base64url.
func validToken(t string) bool {
	if len(t) != 43 {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(t)
	return err == nil
}

// deriveCSRF makes the page's CSRF token from the token, so it is as
// secret and survives a restart with it.
func deriveCSRF(token string) string {
	m := hmac.New(sha256.New, []byte(token))
	m.Write([]byte("rentwatch window csrf"))
	return hex.EncodeToString(m.Sum(nil))
}

// writeURLFile writes the address atomically and private (0600): it holds
// the token, which is all it takes to drive the window.
func writeURLFile(path, addr string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("window: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+URLFile+".*.tmp")
	if err != nil {
		return fmt.Errorf("window: %w", err)
	}
	defer os.Remove(tmp.Name()) // after a rename there is nothing left to remove
	_, werr := tmp.WriteString(addr + "\n")
	merr := tmp.Chmod(0o600)
	cerr := tmp.Close()
	if err := errors.Join(werr, merr, cerr); err != nil {
		return fmt.Errorf("window: write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("window: write %s: %w", path, err)
	}
	return nil
}

// ReadURL returns the address in dataDir/window.url, for `rentwatch open`.
func ReadURL(dataDir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dataDir, URLFile))
	if err != nil {
		return "", fmt.Errorf("no window address yet (is rentwatch running?): %w", err)
	}
	return strings.TrimSpace(string(b)), nil
}

// searchID is a search's id in the API: short, stable while its URL stays
// the same, and meaningless to anyone who does not know the URL.
func searchID(u string) string {
	sum := sha256.Sum256([]byte(u))
	return hex.EncodeToString(sum[:6])
}
