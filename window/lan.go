package window

import (
	"bufio"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"rentwatch/config"
)

// The window on the home network. With [window] listen on an address
// beyond loopback (0.0.0.0:17345, the box's 192.168.1.20:17345), anyone on
// the network can reach it: a guest's phone, a smart TV. So there it is
// served over HTTPS only, with a certificate made on first start
// (tls.go), and a browser gets in with the password (login.go), not only
// with a one-time code from the menu. Scripts keep the API key.
//
// Plain HTTP on the same port answers nothing but a redirect to https: a
// user types "192.168.1.20:17345" into the phone, and the phone's browser
// tries http first. One port for both, told apart by the first byte the
// client sends (a TLS ClientHello starts with 0x16, a handshake record; an
// HTTP request with a letter), keeps that typed address working; a
// second port for the redirect would be one more number to type and open.

// lan is the window's state beyond loopback; nil on loopback.
type lan struct {
	listen      string   // the listen address as the settings give it
	hosts       []string // host:port a browser may name in Host
	fingerprint string   // the certificate's SHA-256, as browsers show it
	tls         *tls.Config
	settings    Settings
	limit       *loginLimit

	mu       sync.Mutex
	lastHash string // the last password hash read: kept while the file does not load
}

// ErrNoPassword: the window was asked to listen beyond loopback, and no
// password is set. It then listens on loopback only.
var ErrNoPassword = errors.New("no password is set")

// lanProblem says in words why the window does not listen where the
// settings ask, for the log and the Settings page.
func lanProblem(listen string) string {
	return fmt.Sprintf("rentwatch's window does not listen on %s (your home network): that needs a password, and none is set. "+
		"Set one in Settings (below): the window opens to your home network at once. "+
		"Until then it opens on this computer only.", listen)
}

// newLAN makes the certificate (or reads the one made before) for the
// window on w.Listen.
func newLAN(dataDir string, w config.Window, set Settings, now time.Time) (*lan, error) {
	if w.PasswordHash == "" {
		return nil, ErrNoPassword
	}
	host, port, err := net.SplitHostPort(w.Listen)
	if err != nil {
		return nil, fmt.Errorf("window: listen address %q: %w", w.Listen, err)
	}
	names := machineNames(host)
	cert, err := certificate(dataDir, names, now)
	if err != nil {
		return nil, err
	}
	l := &lan{listen: w.Listen, settings: set, limit: newLoginLimit(), lastHash: w.PasswordHash,
		fingerprint: Fingerprint(cert.Certificate[0]),
		tls:         &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}}
	for _, n := range names {
		l.hosts = append(l.hosts, net.JoinHostPort(n, port))
	}
	return l, nil
}

// passwordHash is the password's hash in force.
func (l *lan) passwordHash() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s, err := l.settings.Settings(); err == nil {
		l.lastHash = s.Window.PasswordHash
	}
	return l.lastHash
}

// origins are the window's own origins on the network: https only.
func (l *lan) origins() []string {
	out := make([]string, len(l.hosts))
	for i, h := range l.hosts {
		out[i] = "https://" + h
	}
	return out
}

// base is the address the window names itself by: the listen IP when it
// is one, else 127.0.0.1 (the machine's own browser, the opener's).
func (l *lan) base(port int) string {
	host, _, _ := net.SplitHostPort(l.listen)
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		// On every interface: the address a phone on the home network
		// reaches, never 127.0.0.1 (the phone's own).
		host = homeAddress()
	}
	return "https://" + net.JoinHostPort(host, strconv.Itoa(port))
}

// serveLAN serves the window on the home network on ln: TLS connections
// to it, with the password, plain HTTP ones to the redirect. The window on
// 127.0.0.1 goes on beside it, as before: this computer's tray, `rentwatch
// open` and scripts use it, with no certificate to accept.
func (s *Server) serveLAN(l *lan, ln net.Listener) *home {
	h := &home{lan: l, ln: ln, port: ln.Addr().(*net.TCPAddr).Port}
	tlsConns, plainConns := newConnQueue(ln.Addr()), newConnQueue(ln.Addr())
	h.plain = &http.Server{Handler: l.redirect(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 10 * time.Second}
	h.srv = &http.Server{Handler: s.lanHandler(l, h.port), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	go func() {
		err := sniff(ln, tlsConns, plainConns)
		if !errors.Is(err, net.ErrClosed) {
			s.d.Log.Error("window stopped", "err", err)
		}
	}()
	go h.plain.Serve(plainConns)
	go func() {
		if err := h.srv.Serve(tls.NewListener(tlsConns, l.tls)); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.d.Log.Error("window stopped", "err", err)
		}
	}()
	return h
}

// redirect answers plain HTTP: a redirect to the same address over https.
// A Host that is not one of the window's own is sent to the window's own
// address, never to a name the request chose.
func (l *lan) redirect() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := l.hosts[0]
		for _, h := range l.hosts {
			if strings.EqualFold(r.Host, h) {
				host = h
			}
		}
		path := r.URL.EscapedPath()
		if !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") {
			path = "/"
		}
		if r.URL.RawQuery != "" {
			path += "?" + r.URL.RawQuery
		}
		w.Header().Set("Connection", "close")
		http.Redirect(w, r, "https://"+host+path, http.StatusMovedPermanently)
	})
}

// sniff takes each connection from ln and hands it, by its first byte, to
// tlsConns or plainConns; it returns when ln is closed, closing both.
func sniff(ln net.Listener, tlsConns, plainConns *connQueue) error {
	defer tlsConns.Close()
	defer plainConns.Close()
	for {
		c, err := ln.Accept()
		if err != nil {
			return err
		}
		go func() {
			// A client that says nothing holds no goroutine for long.
			_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
			br := bufio.NewReader(c)
			first, err := br.Peek(1)
			_ = c.SetReadDeadline(time.Time{})
			if err != nil {
				c.Close()
				return
			}
			pc := &peekedConn{Conn: c, r: br}
			if first[0] == 0x16 { // a TLS handshake record
				tlsConns.put(pc)
			} else {
				plainConns.put(pc)
			}
		}()
	}
}

// peekedConn is a connection whose first bytes were read into r.
type peekedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *peekedConn) Read(b []byte) (int, error) { return c.r.Read(b) }

// connQueue is a net.Listener fed by sniff.
type connQueue struct {
	conns chan net.Conn
	addr  net.Addr
	done  chan struct{}
	once  sync.Once
}

func newConnQueue(addr net.Addr) *connQueue {
	return &connQueue{conns: make(chan net.Conn), addr: addr, done: make(chan struct{})}
}

func (q *connQueue) put(c net.Conn) {
	select {
	case q.conns <- c:
	case <-q.done:
		c.Close()
	}
}

func (q *connQueue) Accept() (net.Conn, error) {
	select {
	case c := <-q.conns:
		return c, nil
	case <-q.done:
		return nil, net.ErrClosed
	}
}

func (q *connQueue) Close() error {
	q.once.Do(func() { close(q.done) })
	return nil
}

func (q *connQueue) Addr() net.Addr { return q.addr }

// lanOf reads where the settings ask the window to listen. On loopback it
// is nil (a port there is taken into d.Port); beyond loopback without a
// password it is nil with the problem in words, and the window listens on
// loopback only.
func lanOf(dataDir string, d *Deps) (*lan, string, error) {
	set, err := d.Settings.Settings()
	if err != nil {
		return nil, "", nil // the file does not load: today's window, which says so
	}
	w := set.Window
	if w.Loopback() {
		if _, port, err := net.SplitHostPort(w.Listen); err == nil && d.Port == 0 {
			d.Port, _ = strconv.Atoi(port)
		}
		return nil, "", nil
	}
	l, err := newLAN(dataDir, w, d.Settings, d.Now())
	if errors.Is(err, ErrNoPassword) {
		problem := lanProblem(w.Listen)
		d.Log.Error(problem)
		keepHomePortFree(w.Listen, d)
		return nil, problem, nil
	}
	if err != nil {
		return nil, "", err
	}
	d.Log.Info("window on the home network: HTTPS with the password; check the certificate's fingerprint on the phone",
		"listen", w.Listen, "fingerprint", l.fingerprint)
	return l, "", nil
}

func ignoreClosed(err error) error {
	if errors.Is(err, net.ErrClosed) {
		return nil
	}
	return err
}

// lanHandler is the window on the home network with its guards: those of
// Handler, with the machine's names and https origins, and the login in
// front of the token guard.
func (s *Server) lanHandler(l *lan, lanPort int) http.Handler {
	port, origins := strconv.Itoa(lanPort), l.origins()
	var h http.Handler = s.routes()
	h = csrfGuard{keys: s.keys, origins: origins, next: h}
	h = tokenGuard{keys: s.keys, codes: s.codes, port: port, origins: origins, now: s.d.Now, lan: l, next: h}
	h = loginGuard{lan: l, keys: s.keys, port: port, origins: origins, now: s.d.Now, next: h}
	return withHeaders(withHost(l.hosts, h))
}

// Address is where the window answers on this computer, without a key or
// code: http://127.0.0.1:PORT/.
func (s *Server) Address() string { return s.base() + "/" }

// NetworkAddress is where the window answers on the home network,
// https://ADDRESS:PORT/; "" when it does not.
func (s *Server) NetworkAddress() string {
	h, _ := s.onNetwork()
	if h == nil {
		return ""
	}
	return h.lan.base(h.port) + "/"
}

// closeListeners closes what Start listened on, when it fails after.
func (s *Server) closeListeners(lanLn net.Listener) {
	s.ln.Close()
	if lanLn != nil {
		lanLn.Close()
	}
}

// Link is the address of path (a page: "/listings", "/check/ID") for an
// alert to carry: on the home network when the window is there, since the
// user reads alerts on a phone that cannot reach 127.0.0.1; the window on
// this computer otherwise. It holds no code and no key: the page asks for
// the login (or rentwatch's menu opens it) as any visit does.
func (s *Server) Link(path string) string {
	h, _ := s.onNetwork()
	return s.linkOn(h, path)
}

// linkOn is Link with the home network's window h (nil: none).
func (s *Server) linkOn(h *home, path string) string {
	if h == nil {
		return s.base() + path
	}
	return h.lan.base(h.port) + path
}

// homeAddress is this computer's address on the home network for a window
// listening on every interface: its first private IPv4 address, else its
// name (which the certificate names too), else 127.0.0.1.
func homeAddress() string {
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && n.IP.IsPrivate() {
				return n.IP.String()
			}
		}
	}
	if name, err := os.Hostname(); err == nil && name != "" {
		return name
	}
	return "127.0.0.1"
}
