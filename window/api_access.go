package window

import (
	"net/http"
	"strconv"
)

// The way into the window: a one-time address for a browser, and a new API
// key when the old one may have got out (guard_session.go says why).

// windowPages are the pages a one-time address may open.
var windowPages = map[string]bool{"/": true, "/listings": true, "/settings": true, "/activity": true}

// openLinkRequest is POST /api/open-link; an empty body opens "/".
type openLinkRequest struct {
	Page string `json:"page"`
}

// apiOpenLink is POST /api/open-link: a one-time address that opens the
// window in a browser (what `rentwatch open` opens, and prints with
// --print), good once, for a minute.
func (s *Server) apiOpenLink(w http.ResponseWriter, r *http.Request) {
	var req openLinkRequest
	if r.ContentLength != 0 && !readJSON(w, r, &req) {
		return
	}
	if req.Page == "" {
		req.Page = "/"
	}
	if !windowPages[req.Page] {
		writeError(w, http.StatusBadRequest, "no such page: "+req.Page+" (there are /, /listings, /settings and /activity)")
		return
	}
	now := s.d.Now()
	writeJSON(w, http.StatusOK, map[string]any{"url": s.PageURL(req.Page, ""), "expires_at": now.Add(codeLife).UTC()})
}

// apiRotateKey is POST /api/rotate-key: a new API key in window.url. Every
// browser's session ends but the one that asked: it gets a new session,
// and its page the CSRF token that goes with it, so the Settings page it
// asked from goes on working. Scripts read the new key from window.url.
func (s *Server) apiRotateKey(w http.ResponseWriter, r *http.Request) {
	if err := s.Rotate(); err != nil {
		writeError(w, http.StatusInternalServerError, "No new key was made (the old one still works): "+err.Error())
		return
	}
	answer := map[string]any{"message": "Made a new key. " +
		"Any other browser or tab with rentwatch open must open it again from rentwatch's menu; " +
		"scripts read the new key from window.url."}
	h, _ := s.onNetwork()
	switch {
	case sessionOf(r) != "" && r.TLS != nil && h != nil: // on the home network
		answer["csrf"] = s.keys.csrf(h.lan.newLANSession(w, s.keys, strconv.Itoa(h.port), s.d.Now()))
	case sessionOf(r) != "":
		id := s.keys.setSession(w, strconv.Itoa(s.port), s.d.Now())
		answer["csrf"] = s.keys.csrf(id) // the page's token for its new session
	}
	writeJSON(w, http.StatusOK, answer)
}
