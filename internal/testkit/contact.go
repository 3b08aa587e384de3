package testkit

import (
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
)

// ContactSite is a listing site with a contact form, on loopback: it serves
// the pages in testdata/replysite (the listing's variant from its path:
// /listing/plain, /listing/changed) and counts the messages sent to /send.
type ContactSite struct {
	*httptest.Server
	// mu guards sent.
	mu   sync.Mutex
	sent []url.Values
}

// StartContactSite serves the contact site on host (a loopback address)
// from dir, the testdata/replysite folder. It closes when the test ends.
func StartContactSite(t testing.TB, host, dir string) *ContactSite {
	t.Helper()
	tmpl := template.Must(template.ParseFiles(filepath.Join(dir, "listing.html")))
	sentPage, err := os.ReadFile(filepath.Join(dir, "sent.html"))
	if err != nil {
		t.Fatal(err)
	}
	s := &ContactSite{}
	l, err := net.Listen("tcp", host+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", host, err)
	}
	s.Server = &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch {
		case strings.HasPrefix(r.URL.Path, "/listing/"):
			_ = tmpl.Execute(w, struct{ Variant, Action string }{strings.TrimPrefix(r.URL.Path, "/listing/"), "/send"})
		case r.URL.Path == "/send" && r.Method == http.MethodPost:
			_ = r.ParseForm()
			s.mu.Lock()
			s.sent = append(s.sent, r.PostForm)
			s.mu.Unlock()
			_, _ = w.Write(sentPage)
		default:
			http.NotFound(w, r)
		}
	})}}
	s.Start()
	t.Cleanup(s.Close)
	return s
}

// Posts returns the contact forms the site received, in order.
func (s *ContactSite) Posts() []url.Values {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]url.Values(nil), s.sent...)
}
