package window

import (
	"context"
	"errors"
	"net/http"
	"time"

	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/outbox"
)

// pushView is one phone or chat channel of the settings, its secrets
// masked: neither the page nor the API ever shows a push URL back.
type pushView struct {
	ID    string `json:"id"`    // the channel's id, as in the state's channels
	Name  string `json:"name"`  // "ntfy (ntfy.sh)", numbered as the alerts name it
	Shown string `json:"shown"` // "ntfy (ntfy.sh) · topic r…9x2"
	State string `json:"state,omitempty"`
	Words string `json:"words,omitempty"` // how it is doing, as the state says it
	Tone  string `json:"tone,omitempty"`
}

// pushChannels are the push URLs of the settings as the page lists them,
// joined with the channels' live state (by id).
func pushChannels(set config.Settings, st engine.Snapshot, now time.Time, loc *time.Location) []pushView {
	out := []pushView{}
	if set.Push == nil {
		return out
	}
	live := map[string]engine.ChannelView{}
	for _, c := range st.Channels {
		live[c.ID] = c
	}
	for _, u := range set.Push.URLs {
		v := pushView{ID: outbox.PushID(u), Name: pushLabel(u), Shown: pushShown(u)}
		if c, ok := live[v.ID]; ok {
			v.Name, v.State = c.Name, c.State
			v.Words, v.Tone = channelWords(c, now, loc)
			v.Shown = c.Name + " · " + pushDetail(u)
		}
		out = append(out, v)
	}
	return out
}

// pushRequest is POST /api/push and POST /api/push/test: a service and its
// fields, built into a push URL here (docs/API.md lists the fields).
type pushRequest struct {
	Service string     `json:"service"`
	Fields  pushFields `json:"fields"`
}

// pushTestTimeout bounds a test: a service that does not answer in it is
// itself the answer.
const pushTestTimeout = time.Minute

// sendTest sends a test message through raw and says how it went.
func (s *Server) sendTest(ctx context.Context, w http.ResponseWriter, raw, shown string) {
	ctx, cancel := context.WithTimeout(ctx, pushTestTimeout)
	defer cancel()
	err := s.d.TestPush(ctx, raw)
	if err != nil {
		todo := "This may pass: try again in a while."
		if outbox.IsPermanent(err) {
			todo = "Check what you filled in: the service refused it."
		}
		writeError(w, http.StatusBadGateway, "The test did not reach "+shown+": "+err.Error()+". "+todo)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "Sent a test to " + shown +
		". It should be on your phone or in your chat now; if it is not, check the app is subscribed there."})
}

// apiPushTest is POST /api/push/test: a test of a channel before it is saved.
func (s *Server) apiPushTest(w http.ResponseWriter, r *http.Request) {
	var req pushRequest
	if !readJSON(w, r, &req) {
		return
	}
	raw, err := pushURL(req.Service, req.Fields)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.sendTest(r.Context(), w, raw, pushShown(raw))
}

// apiAddPush is POST /api/push: the channel goes into the settings file,
// and every alert from now on goes to it.
func (s *Server) apiAddPush(w http.ResponseWriter, r *http.Request) {
	var req pushRequest
	if !readJSON(w, r, &req) {
		return
	}
	raw, err := pushURL(req.Service, req.Fields)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := s.d.Settings.AddPush(raw); err != nil {
		writePushError(w, err)
		return
	}
	v := pushView{ID: outbox.PushID(raw), Name: pushLabel(raw), Shown: pushShown(raw)}
	writeJSON(w, http.StatusCreated, map[string]any{"message": "Saved: " + v.Shown + " gets every alert from now on.", "channel": v})
}

// savedPush finds the saved push URL whose channel id is the request's {id}.
func (s *Server) savedPush(w http.ResponseWriter, r *http.Request) (string, bool) {
	set, err := s.d.Settings.Settings()
	if err != nil {
		writeOwnerError(w, err)
		return "", false
	}
	if set.Push != nil {
		for _, u := range set.Push.URLs {
			if outbox.PushID(u) == r.PathValue("id") {
				return u, true
			}
		}
	}
	writeError(w, http.StatusNotFound, "no phone or chat channel has the id "+r.PathValue("id")+" (it may have been removed)")
	return "", false
}

// apiTestSavedPush is POST /api/push/{id}/test.
func (s *Server) apiTestSavedPush(w http.ResponseWriter, r *http.Request) {
	if raw, ok := s.savedPush(w, r); ok {
		s.sendTest(r.Context(), w, raw, pushShown(raw))
	}
}

// apiRemovePush is DELETE /api/push/{id}.
func (s *Server) apiRemovePush(w http.ResponseWriter, r *http.Request) {
	raw, ok := s.savedPush(w, r)
	if !ok {
		return
	}
	if err := s.d.Settings.RemovePush(raw); err != nil {
		writePushError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "Removed " + pushShown(raw) + ": it gets no more alerts."})
}

func writePushError(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, config.ErrDuplicatePush):
		writeError(w, http.StatusConflict, "That channel is already set up: every alert goes to it.")
	case errors.Is(err, config.ErrNoSuchPush):
		writeError(w, http.StatusNotFound, "That channel is not in the settings any more.")
	case errors.Is(err, config.ErrBadPushURL):
		writeError(w, http.StatusBadRequest, err.Error())
	default:
		writeOwnerError(w, err)
	}
}

// testPush sends the test message of `rentwatch test-push` through one
// push URL: the default Deps.TestPush.
func testPush(ctx context.Context, raw string) error {
	return outbox.TestPush(ctx, []string{raw})[0].Err
}
