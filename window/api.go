package window

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"rentwatch/config"
	"rentwatch/words"
)

// routes is the window's mux: the pages, their static files and the JSON
// API under /api/ (docs/API.md). Handlers are thin: they ask the owners
// and answer what those said.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page("searches"))
	mux.HandleFunc("GET /listings", s.page("listings"))
	mux.HandleFunc("GET /settings", s.page("settings"))
	mux.HandleFunc("GET /activity", s.page("activity"))
	mux.HandleFunc("GET /part/preview/{id}", s.previewPart)
	mux.HandleFunc("GET /part/reply-dry-run/{id}", s.dryRunPart)
	mux.Handle("GET /static/", staticFiles())

	mux.HandleFunc("GET /api/state", s.apiState)
	mux.HandleFunc("GET /api/listings", s.apiListings)
	mux.HandleFunc("GET /api/activity", s.apiActivity)
	mux.HandleFunc("POST /api/preview", s.apiPreview)
	mux.HandleFunc("POST /api/searches", s.apiAddSearch)
	mux.HandleFunc("PATCH /api/searches/{id}", s.apiEditSearch)
	mux.HandleFunc("DELETE /api/searches/{id}", s.apiRemoveSearch)
	mux.HandleFunc("POST /api/searches/{id}/check-by-hand", s.apiCheckByHand)
	mux.HandleFunc("POST /api/check-now", s.apiCheckNow)
	s.checkRoutes(mux) // checkview.go
	mux.HandleFunc("GET /api/settings", s.apiSettings)
	mux.HandleFunc("PATCH /api/settings", s.apiPatchSettings)
	mux.HandleFunc("PUT /api/settings/email", s.apiSetEmail)
	mux.HandleFunc("DELETE /api/settings/email", s.apiRemoveEmail)
	mux.HandleFunc("POST /api/settings/password", s.apiPassword)
	mux.HandleFunc("PUT /api/settings/reply", s.apiSetReply)
	mux.HandleFunc("POST /api/reply/preview", s.apiReplyPreview)
	mux.HandleFunc("POST /api/reply/dry-run", s.apiReplyDryRun)
	mux.HandleFunc("GET /api/reply/dry-run/{id}/screenshot", s.apiReplyScreenshot)
	mux.HandleFunc("POST /api/settings/window-password", s.apiWindowPassword)
	mux.HandleFunc("POST /api/test-email", s.apiTestEmail)
	mux.HandleFunc("POST /api/push", s.apiAddPush)
	mux.HandleFunc("POST /api/push/test", s.apiPushTest)
	mux.HandleFunc("POST /api/push/{id}/test", s.apiTestSavedPush)
	mux.HandleFunc("DELETE /api/push/{id}", s.apiRemovePush)
	mux.HandleFunc("POST /api/open/settings-file", s.apiOpen("settings file", s.d.OpenSettingsFile))
	mux.HandleFunc("POST /api/open/log", s.apiOpen("log file", s.d.OpenLog))
	mux.HandleFunc("POST /api/pause", s.apiPause)
	mux.HandleFunc("POST /api/resume", s.apiResume)
	mux.HandleFunc("POST /api/open-link", s.apiOpenLink)
	mux.HandleFunc("POST /api/rotate-key", s.apiRotateKey)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no such API call: %s %s (see docs/API.md)", r.Method, r.URL.Path))
	})
	return mux
}

// maxBody bounds a request's JSON: far above any real one.
const maxBody = 64 << 10

// readJSON decodes the request's JSON body into v, refusing unknown
// fields, so a misspelt one is an error rather than a silent no-op.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if errors.Is(err, io.EOF) {
		err = errors.New("the request has no JSON body")
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "the request is not JSON this API understands: "+err.Error())
		return false
	}
	return true
}

// writeOwnerError answers an error from the settings' owner, with a status
// that says whose fault it is.
func writeOwnerError(w http.ResponseWriter, err error) {
	code := http.StatusInternalServerError
	var ce *config.Error
	switch {
	case errors.Is(err, config.ErrNoSuchSearch):
		code = http.StatusNotFound
	case errors.Is(err, config.ErrDuplicateSearch), errors.Is(err, config.ErrTooManySearches),
		errors.Is(err, config.ErrFileProblem), errors.Is(err, config.ErrCannotEdit), errors.Is(err, config.ErrNoWindowPassword):
		code = http.StatusConflict
	case errors.Is(err, config.ErrBadSearchURL), errors.Is(err, config.ErrBadSearchName), errors.As(err, &ce):
		code = http.StatusBadRequest // the request's own mistake
	}
	writeError(w, code, plainError(err))
}

// plainError renders an error for the page: a settings problem without the
// file's internal field names ("email.to: empty" -> "to: empty").
func plainError(err error) string {
	var ce *config.Error
	if errors.As(err, &ce) && ce.Path == "" {
		parts := make([]string, len(ce.Problems))
		for i, p := range ce.Problems {
			p.Field = strings.TrimPrefix(p.Field, "email.")
			parts[i] = p.String()
		}
		return strings.Join(parts, "; ")
	}
	return err.Error()
}

func (s *Server) apiState(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.state())
}

// state is the whole picture, from every owner, as of now.
func (s *Server) state() stateView {
	set, err := s.d.Settings.Settings()
	return buildState(s.d.Watcher.Snapshot(), set, err, s.alertedBySearch(), s.d.Now(), s.d.Location)
}

// alertedBySearch counts the listings alerted in the last 60 days per
// search URL.
func (s *Server) alertedBySearch() map[string]int {
	counts := map[string]int{}
	if s.d.Listings == nil {
		return counts
	}
	all, err := s.d.Listings.Listings()
	if err != nil {
		s.d.Log.Warn("window: listings", "err", err)
		return counts
	}
	for _, l := range all {
		if l.LeftOut == "" {
			counts[l.SearchURL]++
		}
	}
	return counts
}

func (s *Server) apiListings(w http.ResponseWriter, r *http.Request) {
	v, err := s.listingsFor(r)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "the listings could not be read: "+err.Error())
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// searchURL finds the URL of the search with the request's {id}.
func (s *Server) searchURL(w http.ResponseWriter, r *http.Request) (string, bool) {
	id := r.PathValue("id")
	set, err := s.d.Settings.Settings()
	if err != nil {
		writeOwnerError(w, err)
		return "", false
	}
	for _, sr := range set.Searches {
		if searchID(sr.URL) == id {
			return sr.URL, true
		}
	}
	writeError(w, http.StatusNotFound, "no saved search has the id "+id+" (it may have been removed or its address changed)")
	return "", false
}

// addSearch is POST /api/searches.
type addSearch struct {
	Name   string      `json:"name"`
	URL    string      `json:"url"`
	Filter *filterJSON `json:"filter"`
	Pick   string      `json:"pick"` // the list to watch, a key from the preview; "": the readers choose
}

func (s *Server) apiAddSearch(w http.ResponseWriter, r *http.Request) {
	var req addSearch
	if !readJSON(w, r, &req) {
		return
	}
	var f config.Filter
	if req.Filter != nil {
		f = req.Filter.filter()
	}
	sr, err := s.d.Settings.AddSearch(req.Name, searchAddress(req.URL), f, req.Pick)
	if err != nil {
		writeOwnerError(w, err)
		return
	}
	s.d.Watcher.CheckNow() // watching starts at once, not at the next cycle
	writeJSON(w, http.StatusCreated, s.searchNow(sr.URL))
}

// searchNow is the search with that URL as the state shows it now.
func (s *Server) searchNow(u string) searchView {
	for _, sv := range s.state().Searches {
		if sv.URL == u {
			return sv
		}
	}
	return searchView{ID: searchID(u), URL: u}
}

// editSearch is PATCH /api/searches/{id}; absent fields stay as they are.
type editSearch struct {
	Name    *string     `json:"name"`
	URL     *string     `json:"url"`
	Enabled *bool       `json:"enabled"`
	Filter  *filterJSON `json:"filter"`
	Pick    *string     `json:"pick"`  // "": the readers choose again
	Reply   *bool       `json:"reply"` // auto-reply to its new listings
}

func (s *Server) apiEditSearch(w http.ResponseWriter, r *http.Request) {
	u, ok := s.searchURL(w, r)
	if !ok {
		return
	}
	var req editSearch
	if !readJSON(w, r, &req) {
		return
	}
	if req.URL != nil {
		u := searchAddress(*req.URL)
		req.URL = &u
	}
	c := config.SearchChange{Name: req.Name, URL: req.URL, Enabled: req.Enabled, Pick: req.Pick, Reply: req.Reply}
	if req.Filter != nil {
		f := req.Filter.filter()
		c.Filter = &f
	}
	sr, err := s.d.Settings.EditSearch(u, c)
	if err != nil {
		writeOwnerError(w, err)
		return
	}
	if req.URL != nil || req.Enabled != nil && *req.Enabled {
		s.d.Watcher.CheckNow()
	}
	writeJSON(w, http.StatusOK, s.searchNow(sr.URL))
}

func (s *Server) apiRemoveSearch(w http.ResponseWriter, r *http.Request) {
	u, ok := s.searchURL(w, r)
	if !ok {
		return
	}
	sr, err := s.d.Settings.RemoveSearch(u)
	if err != nil {
		writeOwnerError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "Removed " + sr.Name + ".", "id": searchID(sr.URL)})
}

func (s *Server) apiCheckByHand(w http.ResponseWriter, r *http.Request) {
	u, ok := s.searchURL(w, r)
	if !ok {
		return
	}
	s.d.Watcher.ManualCheck(u)
	writeJSON(w, http.StatusAccepted, map[string]string{"message": "Opening " + words.Site(hostOf(u)) +
		" in a browser window. Pass its check there, then close the window: rentwatch tries again at once."})
}

func (s *Server) apiCheckNow(w http.ResponseWriter, r *http.Request) {
	s.d.Watcher.CheckNow()
	writeJSON(w, http.StatusAccepted, map[string]string{"message": "Checking now."})
}
