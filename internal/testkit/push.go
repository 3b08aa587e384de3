package testkit

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// This file is a push service on loopback: no ntfy or Gotify server can be
// installed on these machines, so a test server speaks the protocols as
// documented. ntfy's publishing protocol: POST /<topic> with the message
// as the body and Title, Click, Attach, Tags, Priority headers, answered
// with the message as JSON; its errors are JSON too ({"code":40101,
// "http":401,"error":"unauthorized"}). A generic webhook: a POST of JSON
// ({"title":..,"message":..}) answered 200. It can be told to fail.

// Fault is how a PushServer answers while it is failing.
type Fault struct {
	Status     int    // the answer: 500, 503, 429, 401, 404, ...
	RetryAfter string // the Retry-After header sent with Status; "" none
	Hang       bool   // no answer: hold the request until the client gives up
	Drop       bool   // no answer: close the connection at once
}

func (f Fault) String() string {
	switch {
	case f.Hang:
		return "hang"
	case f.Drop:
		return "dropped connection"
	case f.RetryAfter != "":
		return fmt.Sprintf("%d with Retry-After: %s", f.Status, f.RetryAfter)
	}
	return fmt.Sprint(f.Status)
}

// PushRequest is one request a PushServer got: the message it carried and
// how it was answered.
type PushRequest struct {
	At, Ended time.Time // when it came, when its answer was done
	Path      string
	Title     string // ntfy's Title header, or the webhook JSON's "title"
	Text      string // ntfy's body, or the webhook JSON's "message"
	Header    http.Header
	// Status is the answer: 200 for a message taken, the fault's status,
	// or 0 when none was given (a hang, a drop, a hold the client left).
	Status int
}

// Delivered reports whether the request was answered with success.
func (r PushRequest) Delivered() bool { return r.Status >= 200 && r.Status < 300 }

// PushServer is a push service on a loopback port of its own. Safe for
// concurrent use; it stops when the test ends (held and hung requests are
// let go first).
type PushServer struct {
	URL string // http://127.0.0.1:PORT

	srv     *httptest.Server
	release chan struct{} // closed at cleanup

	// mu guards the fields below.
	mu       sync.Mutex
	requests []PushRequest
	fault    Fault
	faults   int           // requests the fault still applies to; <0: until Heal
	hold     chan struct{} // non-nil: requests wait for it to close, then succeed
	open     int           // requests being answered now
}

// StartPushServer starts a PushServer on 127.0.0.1.
func StartPushServer(t testing.TB) *PushServer {
	t.Helper()
	s := &PushServer{release: make(chan struct{})}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	t.Cleanup(func() {
		close(s.release)
		s.srv.CloseClientConnections()
		s.srv.Close()
	})
	return s
}

// HostPort is the server's 127.0.0.1:PORT.
func (s *PushServer) HostPort() string { return strings.TrimPrefix(s.URL, "http://") }

// NtfyURL is the shoutrrr URL of an ntfy topic on this server.
func (s *PushServer) NtfyURL(topic string) string {
	return "ntfy://" + s.HostPort() + "/" + topic + "?scheme=http"
}

// WebhookURL is the shoutrrr URL of a generic JSON webhook at path.
func (s *PushServer) WebhookURL(path string) string {
	return "generic://" + s.HostPort() + "/" + strings.TrimPrefix(path, "/") + "?disabletls=yes&template=json"
}

// Fail answers the next n requests with f (n < 0: every request until
// Heal), then goes back to taking messages.
func (s *PushServer) Fail(f Fault, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fault, s.faults = f, n
}

// Heal ends a fault: from now on messages are taken.
func (s *PushServer) Heal() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = 0
}

// Hold makes requests wait until Release (or until the client goes away,
// as a killed app's does); then they are taken.
func (s *PushServer) Hold() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hold == nil {
		s.hold = make(chan struct{})
	}
}

// Release lets held requests through and stops holding.
func (s *PushServer) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hold != nil {
		close(s.hold)
		s.hold = nil
	}
}

// Open is how many requests are being answered now (held or hung ones).
func (s *PushServer) Open() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.open
}

// Requests is every request whose answer is done, in the order they came.
func (s *PushServer) Requests() []PushRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]PushRequest(nil), s.requests...)
}

// Delivered is every message taken (answered 2xx), in order.
func (s *PushServer) Delivered() []PushRequest {
	var out []PushRequest
	for _, r := range s.Requests() {
		if r.Delivered() {
			out = append(out, r)
		}
	}
	return out
}

// Log is every request, one per line, for failure messages.
func (s *PushServer) Log() string {
	var b strings.Builder
	for _, r := range s.Requests() {
		fmt.Fprintf(&b, "%s-%s %d %s %q\n", r.At.Format("15:04:05.000"), r.Ended.Format("15:04:05.000"), r.Status, r.Path, r.Title)
	}
	return b.String()
}

func (s *PushServer) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	req := pushRequestOf(r, body)
	s.mu.Lock()
	fault, failing, hold := s.fault, s.faults != 0, s.hold
	if s.faults > 0 {
		s.faults--
	}
	s.open++
	s.mu.Unlock()
	defer func() {
		req.Ended = time.Now()
		s.mu.Lock()
		s.open--
		s.requests = append(s.requests, req)
		s.mu.Unlock()
	}()
	switch {
	case failing:
		req.Status = s.fail(w, r, fault)
		return
	case hold != nil:
		select {
		case <-hold:
		case <-r.Context().Done():
			return // the client went away: nothing was taken
		case <-s.release:
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	err := json.NewEncoder(w).Encode(map[string]any{"id": fmt.Sprintf("m%d", time.Now().UnixNano()), "time": time.Now().Unix(),
		"event": "message", "topic": strings.TrimPrefix(r.URL.Path, "/"), "message": string(body)})
	if f, ok := w.(http.Flusher); ok && err == nil {
		f.Flush()
	}
	if err == nil {
		req.Status = http.StatusOK
	}
}

// pushRequestOf is what a push request asks, read as ntfy (Title header,
// the body the text) or as a JSON webhook ({"title", "message"}).
func pushRequestOf(r *http.Request, body []byte) PushRequest {
	req := PushRequest{At: time.Now(), Path: r.URL.Path, Header: r.Header.Clone(), Title: r.Header.Get("Title"), Text: string(body)}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		var hook struct{ Title, Message string }
		if json.Unmarshal(body, &hook) == nil {
			req.Title, req.Text = hook.Title, hook.Message
		}
	}
	return req
}

// fail answers with fault: a hang (until the client gives up or Release),
// a dropped connection, or an error status. It returns the status sent, 0
// for none.
func (s *PushServer) fail(w http.ResponseWriter, r *http.Request, fault Fault) int {
	switch {
	case fault.Hang:
		select {
		case <-r.Context().Done():
		case <-s.release:
		}
		return 0
	case fault.Drop:
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			conn.Close()
		}
		return 0
	}
	if fault.RetryAfter != "" {
		w.Header().Set("Retry-After", fault.RetryAfter)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(fault.Status)
	fmt.Fprintf(w, `{"code":%d01,"http":%d,"error":%q}`, fault.Status, fault.Status, http.StatusText(fault.Status))
	return fault.Status
}
