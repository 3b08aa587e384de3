package window

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"rentwatch/config"
	"rentwatch/engine"
)

// previewRequest is POST /api/preview.
type previewRequest struct {
	URL    string      `json:"url"`
	Filter *filterJSON `json:"filter"` // what the filter would leave out
	// Fresh loads the page again; otherwise a preview of the same URL from
	// the last few minutes is shown again.
	Fresh bool `json:"fresh"`
	// Pick shows the list with that key (a candidate's); "" the readers'
	// choice; absent: the saved search's pick, if the URL is saved.
	Pick *string `json:"pick"`
}

func (s *Server) apiPreview(w http.ResponseWriter, r *http.Request) {
	var req previewRequest
	if !readJSON(w, r, &req) {
		return
	}
	u := searchAddress(req.URL)
	if err := config.CheckSearchURL(u); err != nil {
		writeError(w, http.StatusBadRequest, strings.TrimPrefix(err.Error(), config.ErrBadSearchURL.Error()+": "))
		return
	}
	e, err := s.previews.get(r.Context(), u, req.Fresh, s.d.Now(), s.loadPreview)
	if err != nil { // the caller went away
		writeError(w, http.StatusServiceUnavailable, "the preview was cancelled")
		return
	}
	if e.err != nil {
		msg := e.err.Error()
		if errors.Is(e.err, context.DeadlineExceeded) {
			msg = "it took too long"
		}
		writeError(w, http.StatusBadGateway, "The page did not load: "+msg+". Check the address, and that this computer is online.")
		return
	}
	var f config.Filter
	if req.Filter != nil {
		f = req.Filter.filter()
	}
	set, _ := s.d.Settings.Settings()
	writeJSON(w, http.StatusOK, buildPreview(e, f, req.Pick, set, s.d.Now(), s.d.Location))
}

// loadPreview asks the engine for a preview of u. A site being checked
// by hand loads nothing: that is a failed preview, in the engine's words,
// and is not kept.
func (s *Server) loadPreview(ctx context.Context, u string) (engine.PreviewResult, error) {
	p, err := s.d.Watcher.Preview(ctx, u)
	if err == nil && p.ByHand {
		err = errors.New(p.Words)
	}
	return p, err
}

// previewPart is the preview as HTML, for the page to show: the same
// answer as POST /api/preview, drawn by the page's own template, with the
// filter from the query (max_price, min_size, require, exclude; the word
// lists comma-separated) and the list picked (pick; absent: the saved
// search's).
func (s *Server) previewPart(w http.ResponseWriter, r *http.Request) {
	e, ok := s.previews.byID(r.PathValue("id"))
	if !ok {
		http.Error(w, "That preview is gone; paste the address again.", http.StatusNotFound)
		return
	}
	if e.err != nil {
		http.Error(w, "That preview did not load; paste the address again.", http.StatusNotFound)
		return
	}
	set, _ := s.d.Settings.Settings()
	var pick *string
	if q := r.URL.Query(); q.Has("pick") {
		p := q.Get("pick")
		pick = &p
	}
	v := buildPreview(e, filterFromQuery(r.URL.Query()), pick, set, s.d.Now(), s.d.Location)
	s.render(w, "preview", v)
}

func filterFromQuery(q url.Values) config.Filter {
	num := func(k string) float64 {
		n, err := strconv.ParseFloat(strings.TrimSpace(q.Get(k)), 64)
		if err != nil || n < 0 {
			return 0
		}
		return n
	}
	return config.Filter{MaxPrice: num("max_price"), MinSize: num("min_size"),
		Require: strings.Split(q.Get("require"), ","), Exclude: strings.Split(q.Get("exclude"), ",")}.Clean()
}
