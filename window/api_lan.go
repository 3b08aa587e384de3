package window

import (
	"encoding/hex"
	"net/http"
	"strconv"
	"time"

	"rentwatch/config"
)

// windowView is the window's own address in GET /api/settings: where it
// listens, whether that is the home network, the certificate's
// fingerprint to check on the phone, and whether a password is set.
type windowView struct {
	Listen      string `json:"listen"`            // as the settings say; "" for 127.0.0.1
	Network     bool   `json:"network"`           // served to the home network (HTTPS, password)
	Address     string `json:"address"`           // where the window answers now
	Fingerprint string `json:"fingerprint"`       // SHA-256 of its certificate; "" on loopback
	PasswordSet bool   `json:"password_set"`      // a password is set
	HomeNetwork bool   `json:"home_network"`      // the settings ask for the home network (listen beyond 127.0.0.1)
	Problem     string `json:"problem,omitempty"` // why it is not where the settings ask
}

func (s *Server) windowNow(set config.Settings) windowView {
	h, problem := s.onNetwork()
	v := windowView{Listen: set.Window.Listen, Address: s.Address(), PasswordSet: set.Window.PasswordHash != "",
		HomeNetwork: !set.Window.Loopback(), Problem: problem}
	if h != nil {
		v.Network, v.Fingerprint, v.Address = true, h.lan.fingerprint, h.lan.base(h.port)+"/"
	}
	return v
}

// windowPasswordRequest is POST /api/settings/window-password: the new
// password, and the one in force when there is one.
type windowPasswordRequest struct {
	Current  string `json:"current"`
	Password string `json:"password"`
}

// apiWindowPassword sets or changes the window's password. A change needs
// the current password: a session left open on a phone must not be enough
// to lock the user out. Every other session on the home network ends with
// the old password; the one that changed it goes on.
func (s *Server) apiWindowPassword(w http.ResponseWriter, r *http.Request) {
	var req windowPasswordRequest
	if !readJSON(w, r, &req) {
		return
	}
	set, err := s.d.Settings.Settings()
	if err != nil {
		writeOwnerError(w, err)
		return
	}
	h, _ := s.onNetwork()
	if h != nil && !h.lan.limit.lockedUntil(clientAddr(r), s.d.Now()).IsZero() {
		writeError(w, http.StatusTooManyRequests, "too many wrong passwords from this device: wait five minutes, then try again")
		return
	}
	if old := set.Window.PasswordHash; old != "" && !config.PasswordMatches(old, req.Current) {
		if until := s.limitWrong(r); !until.IsZero() {
			writeError(w, http.StatusTooManyRequests, "too many wrong passwords from this device: wait five minutes, then try again")
			return
		}
		writeError(w, http.StatusForbidden, "the current password is not right: type the one you log in with (nothing was changed)")
		return
	}
	hash, err := config.HashPassword(req.Password)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := s.d.Settings.SetPasswordHash(hash); err != nil {
		writeOwnerError(w, err)
		return
	}
	if id, err := hex.DecodeString(sessionOf(r)); err == nil && len(id) == sessionIDLen && h != nil && r.TLS != nil {
		h.lan.setLANCookie(w, s.keys, strconv.Itoa(h.port), id, s.d.Now())
	}
	now := config.Settings{Window: config.Window{Listen: set.Window.Listen, PasswordHash: hash}}
	if h == nil {
		s.openHome(now.Window) // asked for before the password came: open now
	}
	msg := "Saved the password. Phones and other browsers on your home network log in with it from now on."
	switch opened, problem := s.onNetwork(); {
	case h == nil && opened != nil:
		msg = "Saved the password. The window is open to your home network at " + opened.lan.base(opened.port) + "/ for whoever knows it."
	case problem != "":
		msg = "Saved the password. " + problem
	case h == nil:
		msg = "Saved the password. To use this window from your phone, see \"From your phone\" below."
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": msg, "window": s.windowNow(now)})
}

// limitWrong counts a wrong current password as a wrong login from r's
// address, beyond loopback; it says until when the address is locked out.
func (s *Server) limitWrong(r *http.Request) time.Time {
	h, _ := s.onNetwork()
	if h == nil {
		return time.Time{}
	}
	return h.lan.limit.failed(clientAddr(r), s.d.Now())
}
