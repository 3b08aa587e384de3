package window

import (
	"context"
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
	"sync"
	"time"

	"rentwatch/config"
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
// with its API key, for scripts, one line: http://127.0.0.1:PORT/?token=T.
// A browser is never given this address (guard_session.go): it is opened
// with a one-time code (PageURL, `rentwatch open`).
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
	// Checks shows a check by hand in the window's page (checkview.go);
	// nil: the page says it cannot.
	Checks CheckView
	// TestPush sends a test message through one push URL; its error
	// says why it did not arrive, in words that never hold the URL. nil:
	// the outbox's, as `rentwatch test-push` sends it.
	TestPush func(ctx context.Context, url string) error
	Replies  Replies // nil: no dry run of the auto-reply here
	// OpenSettingsFile and OpenLog open the settings file and the log
	// file in the user's own programs (an editor, a viewer), for whoever
	// wants to read or change them by hand; nil hides the button.
	OpenSettingsFile, OpenLog func() error
	// Port to listen on: 0 is DefaultPort, below 0 any free port (tests).
	// A port that is taken falls back to any free one.
	Port int
	// HomeListen is where Settings' switch opens the window to the home
	// network: "" for every interface on DefaultPort, or the port after
	// it when the window on this computer holds that one (tests name
	// another loopback address).
	HomeListen string
	// ListingsLinkChanged is told the Listings page's new address for
	// alerts (Link) when the window opens or closes to the home network
	// after it started (Settings' switch, a password set). Optional.
	ListingsLinkChanged func(link string)
	Now                 func() time.Time // nil: time.Now
	Location            *time.Location   // the user's time zone; nil: time.Local
	Log                 *slog.Logger     // nil: discard
	Version             string           // shown in the page's footer
}

// Server serves the window. Create it with Start; Close it when done. Safe
// for concurrent use.
type Server struct {
	d        Deps
	urlFile  string // dataDir/window.url
	keys     *keys  // the API key (proves the caller read window.url) and what is derived from it
	codes    *codes // the one-time codes that let a browser in
	port     int
	ln       net.Listener
	srv      *http.Server
	pages    *pageSet
	previews *previews
	dryRuns  dryRuns // the auto-reply's last dry runs (api_reply.go)
	// Beyond loopback (lan.go, home.go): the window on the home network,
	// served beside the one on 127.0.0.1, which keeps today's ways in. It
	// opens at start, or later when the password it waits for is set.
	dataDir     string
	homeMu      sync.Mutex
	home        *home  // nil while not served
	homeProblem string // why it is not on the address the settings ask; "" when it is
	unfollow    func() // ends following the settings (home.go)

	rotating sync.Mutex // serialises Rotate: window.url and keys change together
}

// Start listens on 127.0.0.1 only (never on another interface), writes the
// address with its API key to dataDir/window.url (mode 0600) and serves in
// the background. The key is kept from an earlier window.url, so a tab
// left open (its session) and the user's scripts stay good across a
// restart; Rotate makes a new one.
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
	if d.TestPush == nil {
		d.TestPush = testPush
	}
	urlFile := filepath.Join(dataDir, URLFile)
	token, err := loadToken(urlFile)
	if err != nil {
		return nil, err
	}
	l, problem, err := lanOf(dataDir, &d)
	if err != nil {
		return nil, err
	}
	var lanLn net.Listener
	if l != nil { // first: its port may be the one 127.0.0.1 would take
		if lanLn, err = net.Listen("tcp", l.listen); err != nil {
			return nil, fmt.Errorf("window: listen on %s (the settings' [window] listen): %w", l.listen, err)
		}
	}
	ln, err := listen(d.Port)
	if err != nil {
		if lanLn != nil {
			lanLn.Close()
		}
		return nil, err
	}
	s := &Server{d: d, urlFile: urlFile, dataDir: dataDir, keys: newKeys(token), codes: newCodes(), ln: ln,
		port: ln.Addr().(*net.TCPAddr).Port, previews: newPreviews(), homeProblem: problem}
	if s.pages, err = parsePages(); err != nil {
		s.closeListeners(lanLn)
		return nil, err
	}
	if err := writeURLFile(urlFile, s.URL()); err != nil {
		s.closeListeners(lanLn)
		return nil, err
	}
	s.srv = &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	if l != nil {
		s.home = s.serveLAN(l, lanLn)
	}
	if f, ok := d.Settings.(settingsFeed); ok {
		var changes <-chan config.State
		_, changes, s.unfollow = f.Subscribe()
		go s.follow(changes)
	}
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

// URL is window.url's address, for scripts: http://127.0.0.1:PORT/?token=T.
// Never hand it to a browser (the window refuses it there): PageURL is the
// browser's.
func (s *Server) URL() string {
	return s.base() + "/?token=" + s.apiKey()
}

// base is the window's own address on this computer, without a path:
// http://127.0.0.1:PORT.
func (s *Server) base() string { return "http://127.0.0.1:" + strconv.Itoa(s.port) }

func (s *Server) apiKey() string { return s.keys.apiKey() }

// PageURL is a one-time address that opens the window at path (a page:
// "/", "/settings"), scrolled to fragment when it is not "" ("add": the Add
// a search form): http://127.0.0.1:PORT/settings?code=C#add. The code is
// good once, for a minute: the window takes it for a session cookie and
// sends the browser on to the address without it; the browser keeps the
// fragment across that redirect. It is safe on a command line.
func (s *Server) PageURL(path, fragment string) string {
	base, _ := url.Parse(s.base())
	u := url.URL{Scheme: base.Scheme, Host: base.Host, Path: path,
		RawQuery: url.Values{"code": {s.codes.mint(s.d.Now())}}.Encode(), Fragment: fragment}
	return u.String()
}

// Rotate makes a new API key and writes it to window.url: scripts must
// read it again, and every browser's session and every one-time code ends
// (a browser is let in again from the menu or `rentwatch open`). For when
// the key may have got out.
func (s *Server) Rotate() error {
	s.rotating.Lock()
	defer s.rotating.Unlock()
	token, err := newToken()
	if err != nil {
		return err
	}
	addr := s.base() + "/?token=" + token
	if err := writeURLFile(s.urlFile, addr); err != nil {
		return err
	}
	s.keys.set(token)
	s.codes.clear()
	return nil
}

// Port is the port the window listens on.
func (s *Server) Port() int { return s.port }

// Close stops serving, waiting a little for answers under way.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if s.unfollow != nil {
		s.unfollow()
	}
	s.homeMu.Lock()
	h := s.home
	s.home = nil
	s.homeMu.Unlock()
	if h != nil {
		return errors.Join(h.plain.Shutdown(ctx), h.srv.Shutdown(ctx), ignoreClosed(h.ln.Close()), s.srv.Shutdown(ctx))
	}
	return s.srv.Shutdown(ctx)
}

// Handler is the window with its guards, outermost first: the security
// headers (on every answer, refusals too), the Host check, the token, the
// CSRF and Origin check, then the pages and the API.
func (s *Server) Handler() http.Handler {
	port := strconv.Itoa(s.port)
	hosts := []string{"127.0.0.1:" + port, "localhost:" + port}
	origins := []string{"http://" + hosts[0], "http://" + hosts[1]}
	var h http.Handler = s.routes()
	h = csrfGuard{keys: s.keys, origins: origins, next: h}
	h = tokenGuard{keys: s.keys, codes: s.codes, port: port, origins: origins, now: s.d.Now, next: h}
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
	return newToken()
}

// newToken makes an API key: 32 random bytes in base64url.
func newToken() (string, error) {
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

// writeURLFile writes the address atomically and private (0600): it holds
// the API key, which is all it takes to drive the window.
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
