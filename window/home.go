package window

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"

	"rentwatch/config"
)

// The window on the home network opens at start when the settings ask for
// it and a password is set. A user who asked for it before setting the
// password (the settings file first, then Settings' "From your phone")
// should not have to restart rentwatch for it: setting the password opens
// it at once (openHome).

// home is the window on the home network while it is served.
type home struct {
	lan   *lan
	ln    net.Listener
	port  int
	srv   *http.Server // HTTPS, with the password
	plain *http.Server // the redirect to https
}

// onNetwork is the window on the home network (nil while it is not
// served) and why it is not where the settings ask ("" when it is).
func (s *Server) onNetwork() (*home, string) {
	s.homeMu.Lock()
	defer s.homeMu.Unlock()
	return s.home, s.homeProblem
}

// settingsFeed is a Settings that tells each change of the settings in
// force (config.Owner does): the window follows it to open to the home
// network once the settings allow, whoever changed them (Settings, the
// settings file by hand, `rentwatch set-password`).
type settingsFeed interface {
	Subscribe() (now config.State, changes <-chan config.State, cancel func())
}

// follow keeps the window on the home network where each change of the
// settings asks, until changes closes.
func (s *Server) follow(changes <-chan config.State) {
	for st := range changes {
		if st.Problem == nil {
			s.openHome(st.Settings.Window)
		}
	}
}

// openHome puts the window on the home network where the settings ask:
// opened when it is not open yet and a password is set, closed when they
// ask for this computer only, moved when they name another address. When
// it cannot open, the problem is said in words in Settings and in the log.
func (s *Server) openHome(w config.Window) {
	s.homeMu.Lock()
	defer s.homeMu.Unlock()
	if s.home != nil && (w.Loopback() || s.home.lan.listen != w.Listen) {
		s.closeHome()
	}
	if w.Loopback() {
		s.homeProblem = ""
		return
	}
	if s.home != nil {
		return
	}
	l, err := newLAN(s.dataDir, w, s.d.Settings, s.d.Now())
	switch {
	case errors.Is(err, ErrNoPassword):
		s.sayHomeProblem(lanProblem(w.Listen))
		return
	case err != nil:
		s.sayHomeProblem(fmt.Sprintf("rentwatch's window could not open to your home network on %s: %v. Restart rentwatch to try again.", w.Listen, err))
		return
	}
	ln, err := net.Listen("tcp", l.listen)
	if err != nil {
		why := "another program may use that port. Restart rentwatch; if this comes again, set another port in the settings file's [window] listen"
		if _, port, _ := net.SplitHostPort(w.Listen); port == strconv.Itoa(s.port) {
			why = "rentwatch's window on this computer holds that port. Restart rentwatch: the window then opens on it"
		}
		s.sayHomeProblem(fmt.Sprintf("rentwatch's window could not open to your home network on %s: %s (%v).", w.Listen, why, err))
		return
	}
	s.home, s.homeProblem = s.serveLAN(l, ln), ""
	s.d.Log.Info("window on the home network: HTTPS with the password; check the certificate's fingerprint on the phone",
		"listen", w.Listen, "fingerprint", l.fingerprint)
	if s.d.ListingsLinkChanged != nil {
		go s.d.ListingsLinkChanged(s.linkOn(s.home, "/listings"))
	}
}

// closeHome stops serving the home network, at once: whoever is logged in
// there is shut out, as the user asked. Called with homeMu held.
func (s *Server) closeHome() {
	h := s.home
	s.home = nil
	h.ln.Close()
	h.srv.Close()
	h.plain.Close()
	s.d.Log.Info("window closed to the home network", "listen", h.lan.listen)
	if s.d.ListingsLinkChanged != nil {
		go s.d.ListingsLinkChanged(s.linkOn(s.home, "/listings"))
	}
}

// setHomeNetwork is Settings' switch "Open this window to my home
// network": it writes where the window listens and puts it there at once.
// On, it keeps an address the settings already name beyond this computer;
// else every interface on DefaultPort, or the port after it when the
// window on this computer holds that one (both cannot share it).
func (s *Server) setHomeNetwork(on bool) error {
	set, err := s.d.Settings.Settings()
	if err != nil {
		return err
	}
	if !on && set.Window.Loopback() {
		return nil // on this computer only already, maybe on a port of the user's
	}
	listen := ""
	if on {
		listen = set.Window.Listen
		if set.Window.Loopback() {
			listen = s.d.HomeListen
		}
		if listen == "" {
			port := DefaultPort
			if s.port == port {
				port++
			}
			listen = net.JoinHostPort("0.0.0.0", strconv.Itoa(port))
		}
	}
	if err := s.d.Settings.SetWindowListen(listen); err != nil {
		return err
	}
	set.Window.Listen = listen
	s.openHome(set.Window)
	return nil
}

// sayHomeProblem puts the problem in force and logs it when it is new;
// called with homeMu held.
func (s *Server) sayHomeProblem(problem string) {
	if problem != s.homeProblem {
		s.d.Log.Error(problem)
	}
	s.homeProblem = problem
}

// keepHomePortFree moves the window on this computer off the port the
// home network's will take when its password comes: on every interface
// (0.0.0.0:17345) that port takes in 127.0.0.1's too, and the window on
// 127.0.0.1, started first, would hold it.
func keepHomePortFree(listen string, d *Deps) {
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return
	}
	if ip := net.ParseIP(host); host != "" && (ip == nil || !ip.IsUnspecified()) {
		return
	}
	want := d.Port
	if want == 0 {
		want = DefaultPort
	}
	if strconv.Itoa(want) == port {
		d.Port = -1
	}
}
