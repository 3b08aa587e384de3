package window

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"rentwatch/config"
	"rentwatch/reply"
	"rentwatch/reply/recipe"
	"rentwatch/seen"
)

// The auto-reply's part of the window: who the user is and the message
// (with a preview as it is typed), consent, auto-reply on or off per
// search, and a dry run of a listing's form with its screenshot.

// replyView is the reply settings in GET /api/settings and on the page.
type replyView struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Consent bool   `json:"consent"`
	Message string `json:"message"`
	// Portals are those auto-reply works on, in words.
	Portals  string             `json:"portals"`
	Searches []replySearchView  `json:"searches"`
	Preview  replyPreviewAnswer `json:"preview"` // the message as it would go to an example listing
}

// replySearchView is one search's auto-reply switch.
type replySearchView struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	On        bool   `json:"on"`
	Supported bool   `json:"supported"` // its portal has a recipe
	Site      string `json:"site"`
}

// exampleListing fills a message's preview when no listing is at hand.
var exampleListing = config.MessageValues{Title: "Bright room on the Damrak", Price: "€ 750,-", Place: "Amsterdam Centrum",
	URL: "https://kamernet.nl/huren/kamer-amsterdam/damrak/kamer-2345678"}

func buildReplyView(set config.Settings) replyView {
	v := replyView{Portals: recipe.Portals(), Searches: []replySearchView{}}
	if r := set.Reply; r != nil {
		v.Name, v.Email, v.Phone, v.Consent, v.Message = r.Name, r.Email, r.Phone, r.Consent, r.Message
	}
	for _, sr := range set.Searches {
		_, err := recipe.For(sr.URL)
		v.Searches = append(v.Searches, replySearchView{ID: searchID(sr.URL), Name: sr.Name, On: sr.Reply,
			Supported: err == nil, Site: recipe.SiteOf(sr.URL)})
	}
	v.Preview = previewMessage(v.Message, v.Name)
	return v
}

// replyPreviewAnswer is POST /api/reply/preview's answer.
type replyPreviewAnswer struct {
	Text    string `json:"text"`              // the message to the example listing
	Problem string `json:"problem,omitempty"` // what is wrong with it, in words
}

func previewMessage(msg, name string) replyPreviewAnswer {
	v := exampleListing
	v.Name = name
	return replyPreviewAnswer{Text: config.RenderMessage(msg, v), Problem: config.MessageProblem(msg)}
}

// apiReplyPreview is POST /api/reply/preview {message, name}: the message
// as it would go to an example listing, and what is wrong with it.
func (s *Server) apiReplyPreview(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Message string `json:"message"`
		Name    string `json:"name"`
	}
	if !readJSON(w, r, &req) {
		return
	}
	writeJSON(w, http.StatusOK, previewMessage(req.Message, req.Name))
}

// replyJSON is PUT /api/settings/reply.
type replyJSON struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Consent bool   `json:"consent"`
	Message string `json:"message"`
}

func (s *Server) apiSetReply(w http.ResponseWriter, r *http.Request) {
	var req replyJSON
	if !readJSON(w, r, &req) {
		return
	}
	if _, err := s.d.Settings.SetReply(&config.Reply{Name: req.Name, Email: req.Email, Phone: req.Phone,
		Consent: req.Consent, Message: req.Message}); err != nil {
		writeOwnerError(w, err)
		return
	}
	v := s.settingsNow()
	writeJSON(w, http.StatusOK, map[string]any{"message": "Saved.", "reply": v.Reply})
}

// dryRunTimeout bounds a dry run: the listing's turn in its host's lane,
// its load, and the form.
const dryRunTimeout = 3 * time.Minute

// dryRunsKept is how many dry runs (with their screenshots) stay in
// memory for the page to show.
const dryRunsKept = 4

// dryRuns keeps the last few dry runs, by id, for the page's part and the
// screenshot.
type dryRuns struct {
	mu   sync.Mutex // guards list
	list []*dryRun
}

type dryRun struct {
	ID     string
	Result reply.Result
	View   dryRunAnswer
}

func (d *dryRuns) add(run *dryRun) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.list = append(d.list, run)
	if len(d.list) > dryRunsKept {
		d.list = d.list[len(d.list)-dryRunsKept:]
	}
}

func (d *dryRuns) byID(id string) (*dryRun, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, r := range d.list {
		if r.ID == id {
			return r, true
		}
	}
	return nil, false
}

// dryRunAnswer is POST /api/reply/dry-run's answer (and the page's part).
type dryRunAnswer struct {
	ID         string   `json:"id"`
	Recipe     string   `json:"recipe"`
	Form       string   `json:"form"` // the page the form was on
	Title      string   `json:"title"`
	Price      string   `json:"price"`
	Message    string   `json:"message"`
	Filled     []string `json:"filled"`
	Ticked     []string `json:"ticked"`
	Chosen     []string `json:"chosen"`
	Lacking    []string `json:"lacking"` // required fields left empty, in words: a reply would not be sent
	WouldSend  bool     `json:"would_send"`
	Screenshot string   `json:"screenshot"` // its address under /api/
	Words      string   `json:"words"`      // the outcome in a sentence
}

// apiReplyDryRun is POST /api/reply/dry-run {url, search}: the listing's
// form filled in as an auto-reply would, nothing sent.
func (s *Server) apiReplyDryRun(w http.ResponseWriter, r *http.Request) {
	var req struct {
		URL    string `json:"url"`
		Search string `json:"search"` // a search's id; "": the [reply] message
	}
	if !readJSON(w, r, &req) {
		return
	}
	if s.d.Replies == nil {
		writeError(w, http.StatusNotFound, "this rentwatch cannot try the auto-reply from here")
		return
	}
	u := strings.TrimSpace(req.URL)
	if _, err := recipe.For(u); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	searchURL := ""
	if req.Search != "" {
		set, _ := s.d.Settings.Settings()
		for _, sr := range set.Searches {
			if searchID(sr.URL) == req.Search {
				searchURL = sr.URL
			}
		}
		if searchURL == "" {
			writeError(w, http.StatusNotFound, "no such search")
			return
		}
	}
	ctx, cancel := context.WithTimeout(r.Context(), dryRunTimeout)
	defer cancel()
	res, err := s.d.Replies.ReplyDryRun(ctx, u, searchURL)
	if err != nil {
		code := http.StatusBadGateway
		if errors.Is(err, reply.ErrOff) || errors.Is(err, recipe.ErrUnsupported) {
			code = http.StatusBadRequest
		}
		writeError(w, code, "The dry run stopped: "+reply.Why(err)+".")
		return
	}
	run := &dryRun{ID: newID(), Result: res}
	run.View = dryRunView(run)
	s.dryRuns.add(run)
	writeJSON(w, http.StatusOK, run.View)
}

func dryRunView(run *dryRun) dryRunAnswer {
	res := run.Result
	v := dryRunAnswer{ID: run.ID, Recipe: res.Recipe, Form: res.URL, Title: res.Title, Price: res.Price, Message: res.Message,
		Filled: nonNil(res.Filled), Ticked: nonNil(res.Ticked), Chosen: nonNil(res.Chosen), Lacking: []string{},
		WouldSend: len(res.Lacking) == 0, Screenshot: "/api/reply/dry-run/" + run.ID + "/screenshot"}
	for _, f := range res.Lacking {
		v.Lacking = append(v.Lacking, f.String())
	}
	v.Words = "Every required field is filled in: a reply to this listing would be sent. Nothing was sent now."
	if !v.WouldSend {
		v.Words = "A reply to this listing would not be sent: " + (&reply.IncompleteError{Fields: res.Lacking,
			Consent: len(res.Ticked) > 0}).Error() + ". Nothing was sent."
	}
	return v
}

func nonNil(list []string) []string {
	if list == nil {
		return []string{}
	}
	return list
}

// apiReplyScreenshot is GET /api/reply/dry-run/{id}/screenshot: the PNG.
func (s *Server) apiReplyScreenshot(w http.ResponseWriter, r *http.Request) {
	run, ok := s.dryRuns.byID(r.PathValue("id"))
	if !ok || len(run.Result.Screenshot) == 0 {
		writeError(w, http.StatusNotFound, "that dry run is gone; run it again")
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(run.Result.Screenshot)
}

// dryRunPart is the dry run as HTML, for the page to show.
func (s *Server) dryRunPart(w http.ResponseWriter, r *http.Request) {
	run, ok := s.dryRuns.byID(r.PathValue("id"))
	if !ok {
		http.Error(w, "That dry run is gone; run it again.", http.StatusNotFound)
		return
	}
	s.render(w, "reply-dry-run", run.View)
}

// replyWords says where a listing's auto-reply is, with a tone for the
// page; "" for a listing without one.
func replyWords(state seen.ReplyState, why string) (text, tone string) {
	switch state {
	case seen.ReplyQueued:
		return "Auto-reply waiting its turn", toneBusy
	case seen.ReplySending:
		return "Replying…", toneBusy
	case seen.ReplySent:
		return "Replied", toneOK
	case seen.ReplyNotSent:
		return "Reply not sent: " + why, toneAlert
	case seen.ReplyUnsure:
		return "Reply may have been sent (" + why + "): check your messages on the site before replying by hand", toneWait
	}
	return "", ""
}
