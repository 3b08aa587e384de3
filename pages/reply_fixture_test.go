package pages

import (
	"encoding/json"
	"html/template"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// replySite is a portal on loopback with listing pages and a contact form
// (testdata/replysite), in variants:
//
//	/listing/plain     a button reveals a form that POSTs to /send
//	/listing/js        the same form sent by script, from its input events
//	/listing/login     the button leads to a login page
//	/listing/changed   the message field was renamed (the recipe is stale)
//	/listing/phone     the form requires a phone number
//	/listing/busy      the listing itself answers 429
//	/listing/postbusy  the send answers 429
//	/listing/silent    the send answers without a confirmation
//
// It records every message sent to it.
type replySite struct {
	*httptest.Server
	listing *template.Template

	// mu guards sent.
	mu   sync.Mutex
	sent []url.Values
}

// newReplySite starts the portal on host (an IP of 127.0.0.0/8).
func newReplySite(t testing.TB, host string) *replySite {
	t.Helper()
	s := &replySite{listing: template.Must(template.ParseFiles(replyFile("listing.html")))}
	l, err := net.Listen("tcp", host+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", host, err)
	}
	s.Server = &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(s.serve)}}
	s.Start()
	t.Cleanup(s.Close)
	return s
}

func replyFile(name string) string { return filepath.Join("..", "testdata", "replysite", name) }

// posts returns the messages received so far.
func (s *replySite) posts() []url.Values {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]url.Values(nil), s.sent...)
}

func (s *replySite) record(v url.Values) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sent = append(s.sent, v)
}

func (s *replySite) serve(w http.ResponseWriter, r *http.Request) {
	switch {
	case strings.HasPrefix(r.URL.Path, "/listing/"):
		variant := strings.TrimPrefix(r.URL.Path, "/listing/")
		if variant == "busy" {
			w.Header().Set("Retry-After", "60")
			s.file(w, "busy.html", http.StatusTooManyRequests)
			return
		}
		action := map[string]string{"postbusy": "/send?busy=1", "silent": "/send?silent=1"}[variant]
		if action == "" {
			action = "/send"
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_ = s.listing.Execute(w, struct{ Variant, Action string }{variant, action})
	case r.URL.Path == "/login":
		s.file(w, "login.html", http.StatusOK)
	case r.URL.Path == "/send" && r.Method == http.MethodPost:
		_ = r.ParseForm()
		s.record(r.PostForm)
		switch {
		case r.URL.Query().Get("busy") != "":
			w.Header().Set("Retry-After", "120")
			s.file(w, "busy.html", http.StatusTooManyRequests)
		case r.URL.Query().Get("silent") != "":
			s.file(w, "failed.html", http.StatusOK)
		default:
			s.file(w, "sent.html", http.StatusOK)
		}
	case r.URL.Path == "/api/send" && r.Method == http.MethodPost:
		var body map[string]string
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		v := url.Values{}
		for k, x := range body {
			v.Set(k, x)
		}
		s.record(v)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"ok":true}`))
	default:
		http.NotFound(w, r)
	}
}

func (s *replySite) file(w http.ResponseWriter, name string, status int) {
	b, err := os.ReadFile(replyFile(name))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// replySiteRecipe is the recipe for a replySite on host: like the real
// ones, a button found by its text, fields by name, the Sent sign by text.
func replySiteRecipe(host string) Recipe {
	return Recipe{
		Name: "fixture", Sites: []string{host},
		Open:    []Target{{CSS: `[data-testid="contact"]`}, {CSS: `button, a`, Text: []string{"reageer"}}},
		Message: []string{`textarea[name="message"]`}, FullName: []string{`input[name="name"]`},
		Email: []string{`input[name="email"]`}, Phone: []string{`input[name="phone"]`},
		Submit: []Target{{CSS: `form button[type="submit"]`}},
		Sent:   Sign{Text: []string{"je bericht is verstuurd", "bedankt"}},
		Login:  Sign{CSS: []string{`input[type="password"]`}, Paths: []string{"/login"}},
		Wait:   3 * time.Second, // generous: test machines here run loaded
	}
}
