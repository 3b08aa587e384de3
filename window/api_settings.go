package window

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/words"
)

func hostOf(u string) string { return blocks.HostKey(u) }

// settingsView is GET /api/settings.
type settingsView struct {
	Email        *emailJSON   `json:"email"` // null: desktop pop-ups only
	Interval     string       `json:"interval"`
	KeepAwake    bool         `json:"keep_awake"`     // the computer is kept from sleeping while watching
	StartAtLogin *bool        `json:"start_at_login"` // null: not available here
	Password     passwordView `json:"password"`
	Push         []pushView   `json:"push"`              // phone and chat channels, masked
	Window       windowView   `json:"window"`            // where the window answers, its password
	Problem      string       `json:"problem,omitempty"` // the settings file does not load
	// Path is the settings file, where its owner says (config.Owner does).
	Path  string    `json:"path,omitempty"`
	Reply replyView `json:"reply"` // the auto-reply (api_reply.go)

	// for the page only: the buttons that open the files, the services a
	// channel can be set up for and a topic no one will guess
	CanOpenFile, CanOpenLog bool          `json:"-"`
	PushServices            []pushService `json:"-"`
	Topic                   string        `json:"-"`
}

type emailJSON struct {
	To       string `json:"to"`
	From     string `json:"from"`
	Host     string `json:"host"`
	Port     int    `json:"port"`
	Security string `json:"security"`
	Username string `json:"username"`
	CAFile   string `json:"ca_file"`
}

type passwordView struct {
	Found bool   `json:"found"`
	Words string `json:"words"` // where it comes from, or why there is none
}

func (s *Server) settingsNow() settingsView {
	set, err := s.d.Settings.Settings()
	v := settingsView{Interval: set.Interval.String(), KeepAwake: set.KeepAwake}
	if err != nil {
		v.Problem = err.Error()
	}
	if e := set.Email; e != nil {
		v.Email = &emailJSON{To: e.To, From: e.From, Host: e.Host, Port: e.Port, Security: e.Security,
			Username: e.Username, CAFile: e.CAFile}
	}
	if s.d.Autostart != nil {
		on := s.d.Autostart.Enabled()
		v.StartAtLogin = &on
	}
	v.Password = s.passwordNow(set.Email)
	v.Push = pushChannels(set, s.d.Watcher.Snapshot(), s.d.Now(), s.d.Location)
	v.Window = s.windowNow(set)
	v.PushServices, v.Topic = pushServices, randomTopic()
	v.Reply = buildReplyView(set)
	if p, ok := s.d.Settings.(interface{ Path() string }); ok {
		v.Path = p.Path()
	}
	v.CanOpenFile, v.CanOpenLog = s.d.OpenSettingsFile != nil, s.d.OpenLog != nil
	return v
}

// apiOpen is POST /api/open/settings-file and /api/open/log: the file
// opens in the user's own program, on this computer.
func (s *Server) apiOpen(what string, open func() error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if open == nil {
			writeError(w, http.StatusNotFound, "this rentwatch cannot open the "+what+" from here")
			return
		}
		if err := open(); err != nil {
			msg := "The " + what + " did not open (" + err.Error() + "): no program is set up to open it here."
			if p, ok := s.d.Settings.(interface{ Path() string }); ok && what == "settings file" {
				msg = "The settings file did not open (" + err.Error() + "): no text editor is set up to open it: the file is at " +
					p.Path() + ". Open it with any text editor; rentwatch notices a saved change within a second or two."
			}
			writeError(w, http.StatusInternalServerError, msg)
			return
		}
		writeJSON(w, http.StatusOK, map[string]string{"message": "Opened the " + what + "."})
	}
}

func (s *Server) passwordNow(e *config.Email) passwordView {
	if s.d.Keychain == nil {
		return passwordView{Words: "This rentwatch keeps no password."}
	}
	user := ""
	if e != nil {
		user = e.Username
	}
	words, found := s.d.Keychain.Source(user)
	return passwordView{Found: found, Words: words}
}

func (s *Server) apiSettings(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.settingsNow())
}

// patchSettings is PATCH /api/settings; absent fields stay as they are.
type patchSettings struct {
	Interval     *string `json:"interval"`
	KeepAwake    *bool   `json:"keep_awake"`
	StartAtLogin *bool   `json:"start_at_login"`
	HomeNetwork  *bool   `json:"home_network"` // open the window to the home network (home.go)
}

func (s *Server) apiPatchSettings(w http.ResponseWriter, r *http.Request) {
	var req patchSettings
	if !readJSON(w, r, &req) {
		return
	}
	if req.Interval != nil {
		d, err := time.ParseDuration(strings.TrimSpace(*req.Interval))
		if err != nil {
			writeError(w, http.StatusBadRequest, strconv.Quote(*req.Interval)+" is not a time like \"30s\" or \"2m\"")
			return
		}
		if err := s.d.Settings.SetInterval(d); err != nil {
			writeOwnerError(w, err)
			return
		}
	}
	if req.KeepAwake != nil {
		if err := s.d.Settings.SetKeepAwake(*req.KeepAwake); err != nil {
			writeOwnerError(w, err)
			return
		}
	}
	if req.HomeNetwork != nil {
		if err := s.setHomeNetwork(*req.HomeNetwork); err != nil {
			writeOwnerError(w, err)
			return
		}
	}
	if req.StartAtLogin != nil {
		if s.d.Autostart == nil {
			writeError(w, http.StatusConflict, "starting at login cannot be set from here on this computer")
			return
		}
		if err := s.d.Autostart.Set(*req.StartAtLogin); err != nil {
			writeError(w, http.StatusInternalServerError, "could not change starting at login: "+err.Error())
			return
		}
	}
	writeJSON(w, http.StatusOK, s.settingsNow())
}

func (e emailJSON) email() config.Email {
	return config.Email{To: e.To, From: e.From, Host: e.Host, Port: e.Port, Security: e.Security,
		Username: e.Username, CAFile: e.CAFile}
}

func (s *Server) apiSetEmail(w http.ResponseWriter, r *http.Request) {
	var req emailJSON
	if !readJSON(w, r, &req) {
		return
	}
	e := req.email()
	if _, err := s.d.Settings.SetEmail(&e); err != nil {
		writeOwnerError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, s.settingsNow())
}

func (s *Server) apiRemoveEmail(w http.ResponseWriter, r *http.Request) {
	if _, err := s.d.Settings.SetEmail(nil); err != nil {
		writeOwnerError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, s.settingsNow())
}

// passwordRequest is POST /api/settings/password. The password is never
// sent back, logged or kept by the window.
type passwordRequest struct {
	Username string `json:"username"` // "": the saved email username
	Password string `json:"password"` // "": remove the stored one
}

func (s *Server) apiPassword(w http.ResponseWriter, r *http.Request) {
	var req passwordRequest
	if !readJSON(w, r, &req) {
		return
	}
	if s.d.Keychain == nil {
		writeError(w, http.StatusConflict, "this rentwatch keeps no password")
		return
	}
	set, _ := s.d.Settings.Settings()
	user := strings.TrimSpace(req.Username)
	if user == "" && set.Email != nil {
		user = set.Email.Username
	}
	// The owner stores it: a new password is new email settings, which the
	// alerts take at once (a channel stopped by a refusal tries again).
	if err := s.d.Settings.StorePassword(user, req.Password); err != nil {
		writeError(w, http.StatusConflict, err.Error())
		return
	}
	v := s.passwordNow(&config.Email{Username: user})
	msg := "Stored. " + v.Words // where it went: the keychain, or a file where there is none
	if req.Password == "" {
		msg = "Removed the stored password."
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": msg, "password": v})
}

// testEmailRequest is POST /api/test-email: with email, those settings are
// tried (before saving them); without, the saved ones. The stored password
// goes only to the saved server and login: a test of any other needs its
// own password.
type testEmailRequest struct {
	Email    *emailJSON `json:"email"`
	Password string     `json:"password"` // "": the stored one, for the saved server and login only
}

// testEmailTimeout bounds a test email: a server that does not answer is
// itself the answer.
const testEmailTimeout = time.Minute

func (s *Server) apiTestEmail(w http.ResponseWriter, r *http.Request) {
	var req testEmailRequest
	if r.ContentLength != 0 && !readJSON(w, r, &req) {
		return
	}
	if s.d.Mailer == nil {
		writeError(w, http.StatusConflict, "this rentwatch sends no email")
		return
	}
	set, err := s.d.Settings.Settings()
	var e config.Email
	switch {
	case req.Email != nil:
		e = req.Email.email()
	case err != nil:
		writeOwnerError(w, err)
		return
	case set.Email == nil:
		writeError(w, http.StatusBadRequest, "there are no email settings yet: fill them in and save them first")
		return
	default:
		e = *set.Email
	}
	if req.Password == "" && (err != nil || !sameAccount(e, set.Email)) {
		// Whoever may call the API could otherwise have the stored
		// password sent to a server of their choosing.
		writeError(w, http.StatusBadRequest, "This test is for a mail server or login other than the saved ones ("+
			account(e)+"), and the stored password goes only to the saved one: type the password for "+
			strings.TrimSpace(e.Username)+" under Email password, then send the test again (or save these settings first).")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), testEmailTimeout)
	defer cancel()
	if req.Password != "" {
		err = s.d.Mailer.SendTestWith(ctx, e, req.Password)
	} else {
		err = s.d.Mailer.SendTest(ctx, e)
	}
	if err != nil {
		msg := err.Error()
		if errors.Is(err, context.DeadlineExceeded) {
			msg = "the mail server did not answer within a minute"
		}
		writeError(w, http.StatusBadGateway, "The test email was not sent: "+msg)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "Sent a test email to " + e.To +
		". If it is not in your inbox in a minute, look in the spam folder."})
}

// sameAccount reports whether e names the saved server (host and port) and
// login: the only ones the stored password is sent to. A port left out is
// the default for e's security, as the settings file takes it.
func sameAccount(e config.Email, saved *config.Email) bool {
	return saved != nil && strings.EqualFold(strings.TrimSpace(e.Host), strings.TrimSpace(saved.Host)) &&
		emailPort(e) == emailPort(*saved) && strings.TrimSpace(e.Username) == strings.TrimSpace(saved.Username)
}

func emailPort(e config.Email) int {
	switch {
	case e.Port != 0:
		return e.Port
	case e.Security == config.SecurityTLS:
		return config.PortTLS
	}
	return config.PortStartTLS
}

// account names a login on a server for the user: me@example.com at
// smtp.example.com:587.
func account(e config.Email) string {
	return strings.TrimSpace(e.Username) + " at " + strings.TrimSpace(e.Host) + ":" + strconv.Itoa(emailPort(e))
}

// pauseRequest is POST /api/pause.
type pauseRequest struct {
	// For is "1h" (or any duration), "tomorrow" (until 07:00 the next
	// morning) or "resumed" (until Resume).
	For string `json:"for"`
}

func (s *Server) apiPause(w http.ResponseWriter, r *http.Request) {
	var req pauseRequest
	if !readJSON(w, r, &req) {
		return
	}
	now := s.d.Now()
	until, err := pauseEnd(req.For, now, s.d.Location)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.d.Watcher.PauseUntil(until)
	msg := "Paused until you resume."
	if !until.IsZero() {
		msg = "Paused until " + words.Clock(until, now, s.d.Location) + "."
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": msg, "paused_until": when(until)})
}

// morning is when "until tomorrow" ends: a room hunter pausing for the
// night wants the first listings of the morning.
const morning = 7

// pauseEnd is when a pause chosen as choice ends; zero: until resumed.
func pauseEnd(choice string, now time.Time, loc *time.Location) (time.Time, error) {
	switch strings.TrimSpace(choice) {
	case "resumed", "":
		return time.Time{}, nil
	case "tomorrow":
		t := now.In(loc)
		end := time.Date(t.Year(), t.Month(), t.Day(), morning, 0, 0, 0, loc)
		if !end.After(t) {
			end = time.Date(t.Year(), t.Month(), t.Day()+1, morning, 0, 0, 0, loc)
		}
		return end, nil
	}
	d, err := time.ParseDuration(choice)
	if err != nil || d <= 0 || d > 30*24*time.Hour {
		return time.Time{}, errors.New(strconv.Quote(choice) + " is not a pause: say \"1h\", \"tomorrow\" or \"resumed\"")
	}
	return now.Add(d), nil
}

func (s *Server) apiResume(w http.ResponseWriter, r *http.Request) {
	s.d.Watcher.Resume("")
	writeJSON(w, http.StatusOK, map[string]string{"message": "Watching again: checking now."})
}

// activityView is one event on the Activity page and in GET /api/activity.
type activityView struct {
	At     time.Time        `json:"at"`
	Kind   engine.EventKind `json:"kind"`
	Search string           `json:"search,omitempty"`
	Site   string           `json:"site,omitempty"`
	Text   string           `json:"text"`

	Clock string `json:"-"` // local time, "14:02"
}

// activityDay is the events of one local day, for the page.
type activityDay struct {
	Heading string
	Events  []activityView
}

// activityMax is how many events the page and the API show.
const activityMax = 300

func (s *Server) activity() []activityView {
	var out []activityView
	for _, e := range s.d.Watcher.Activity(activityMax) {
		v := activityView{At: e.At, Kind: e.Kind, Search: e.Search, Text: e.Text,
			Clock: e.At.In(s.d.Location).Format("15:04")}
		if e.Host != "" {
			v.Site = words.Site(e.Host)
		}
		out = append(out, v)
	}
	return out
}

func (s *Server) apiActivity(w http.ResponseWriter, r *http.Request) {
	events := s.activity()
	if events == nil {
		events = []activityView{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"events": events})
}
