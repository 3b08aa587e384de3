package window

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"rentwatch/pages/byhand"
	"rentwatch/words"
)

// A check by hand passed from the window's own page (a phone's, a laptop's
// away from home, a box without a screen): /check/{id} shows a live picture
// of a tab of the watcher's own browser on the search's site, and sends the
// user's clicks, taps, scrolling and typing to it. The picture comes as
// JPEG frames over a long poll (GET /api/check/{id}/frame?after=N): the
// page's CSP allows connections to the window only, and each frame is one
// answer, so a slow phone gets the newest frame and never a queue of old
// ones. Every call passes the window's guards like any other.

// CheckView is what the window needs for a check by hand in its page; the
// app's is the watcher's engine with package byhand's Screens. A nil
// CheckView leaves the page saying that it cannot be done here.
type CheckView interface {
	// Open asks the watcher to open the check by hand of searchURL in a
	// tab of its own browser. It returns at once; Screen has it once open.
	Open(searchURL string)
	// Screen is the open check by hand of searchURL, nil when none is.
	Screen(searchURL string) *byhand.Screen
}

// framePoll is how long a frame request waits for a new frame before it
// answers 204 (and the page asks again): well under any proxy's or
// phone's idle timeout, and short enough not to hold the window's
// shutdown.
const framePoll = 10 * time.Second

// checkPage is what the check page is drawn from.
type checkPage struct {
	ID, Name, Site string
	Available      bool   // the window can show a check by hand
	Other          string // another search's check by hand is open: its name
}

func (s *Server) checkRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /check/{id}", s.checkPage)
	mux.HandleFunc("POST /api/searches/{id}/check-here", s.apiCheckHere)
	mux.HandleFunc("GET /api/check/{id}/frame", s.apiCheckFrame)
	mux.HandleFunc("POST /api/check/{id}/input", s.apiCheckInput)
	mux.HandleFunc("POST /api/check/{id}/done", s.apiCheckDone)
}

func (s *Server) checkPage(w http.ResponseWriter, r *http.Request) {
	st := s.state()
	var c *checkPage
	for _, sr := range st.Searches {
		if sr.ID == r.PathValue("id") {
			c = &checkPage{ID: sr.ID, Name: sr.Name, Site: words.Site(hostOf(sr.URL)), Available: s.d.Checks != nil}
			if st.Manual != "" && st.Manual != sr.URL {
				c.Other = s.searchName(st.Manual)
			}
		}
	}
	if c == nil {
		http.Error(w, "There is no such search (it may have been removed). Go back to the Searches page.", http.StatusNotFound)
		return
	}
	now := s.d.Now()
	s.renderPage(w, "check", pageData{Page: "check", Title: "Check " + c.Site + " by hand", State: st,
		NowMS: now.UnixMilli(), CSRF: s.csrfOf(r), Version: s.d.Version, Check: *c})
}

// searchName is the name of the saved search at u, or its site's.
func (s *Server) searchName(u string) string {
	for _, sr := range s.state().Searches {
		if sr.URL == u {
			return sr.Name
		}
	}
	return words.Site(hostOf(u))
}

func (s *Server) apiCheckHere(w http.ResponseWriter, r *http.Request) {
	u, ok := s.searchURL(w, r)
	if !ok {
		return
	}
	if s.d.Checks == nil {
		writeError(w, http.StatusNotImplemented, "This window cannot show a check by hand. Use Open the site instead.")
		return
	}
	if m := s.d.Watcher.Snapshot().Manual; m != "" && m != u {
		writeError(w, http.StatusConflict, "A check by hand of "+s.searchName(m)+
			" is open. Finish that one first (press Done there, or close its window).")
		return
	}
	if s.d.Checks.Screen(u) == nil {
		if s.d.Watcher.Snapshot().Manual == u {
			writeError(w, http.StatusConflict, words.Site(hostOf(u))+
				" is open in a browser window on the computer rentwatch runs on. Close that window first.")
			return
		}
		s.d.Checks.Open(u)
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"message": "Opening " + words.Site(hostOf(u)) +
		" in rentwatch's own browser. Pass its check on the picture below, then press Done."})
}

// screen is the open check by hand of the request's search; when there
// is none it answers 404 and returns nil.
func (s *Server) screen(w http.ResponseWriter, r *http.Request) *byhand.Screen {
	u, ok := s.searchURL(w, r)
	if !ok {
		return nil
	}
	var sc *byhand.Screen
	if s.d.Checks != nil {
		sc = s.d.Checks.Screen(u)
	}
	if sc == nil {
		writeError(w, http.StatusNotFound, "The check by hand of "+words.Site(hostOf(u))+" is not open.")
	}
	return sc
}

func (s *Server) apiCheckFrame(w http.ResponseWriter, r *http.Request) {
	after, err := strconv.ParseInt(r.URL.Query().Get("after"), 10, 64)
	if err != nil && r.URL.Query().Has("after") {
		writeError(w, http.StatusBadRequest, "after must be a frame number")
		return
	}
	sc := s.screen(w, r)
	if sc == nil {
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), framePoll)
	defer cancel()
	f, err := sc.Frame(ctx, after)
	switch {
	case errors.Is(err, byhand.ErrScreenClosed):
		writeError(w, http.StatusNotFound, "The check by hand is over.")
		return
	case err != nil:
		w.WriteHeader(http.StatusNoContent) // nothing new yet: ask again
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/jpeg")
	h.Set("X-Frame-Seq", strconv.FormatInt(f.Seq, 10))
	_, _ = w.Write(f.JPEG)
}

func (s *Server) apiCheckInput(w http.ResponseWriter, r *http.Request) {
	sc := s.screen(w, r)
	if sc == nil {
		return
	}
	var in byhand.Input
	if !readJSON(w, r, &in) {
		return
	}
	switch err := sc.Send(r.Context(), in); {
	case errors.Is(err, byhand.ErrScreenClosed):
		writeError(w, http.StatusNotFound, "The check by hand is over.")
	case errors.Is(err, byhand.ErrOffPicture):
		writeError(w, http.StatusBadRequest, "That was outside the picture of the page.")
	case err != nil:
		writeError(w, http.StatusBadRequest, "The page did not take that: "+err.Error())
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

func (s *Server) apiCheckDone(w http.ResponseWriter, r *http.Request) {
	sc := s.screen(w, r)
	if sc == nil {
		return
	}
	sc.Done()
	writeJSON(w, http.StatusOK, map[string]string{"message": "Done. rentwatch checks " +
		words.Site(hostOf(sc.SearchURL)) + " again now."})
}

// CheckPageURL is the address of the window's page where the check by
// hand of searchURL is passed (/check/{id}), for the needs-you notices'
// links. A browser without a session of the window is let in first.
func (s *Server) CheckPageURL(searchURL string) string {
	return s.Link("/check/" + searchID(searchURL))
}
