package window

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestWithHost(t *testing.T) {
	h := withHost([]string{"127.0.0.1:17345", "localhost:17345"}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok"))
	}))
	tests := []struct {
		host string
		want int
	}{
		{"127.0.0.1:17345", 200},
		{"localhost:17345", 200},
		{"LOCALHOST:17345", 200},
		{"127.0.0.1:8080", 403},         // another port: not us
		{"127.0.0.1", 403},              // no port
		{"localhost", 403},              // no port
		{"evil.example:17345", 403},     // DNS rebinding: the attacker's name pointed at 127.0.0.1
		{"evil.example", 403},           // the same without a port
		{"127.0.0.1.nip.io:17345", 403}, // a name that merely looks like loopback
		{"[::1]:17345", 403},            // we do not listen there
		{"0.0.0.0:17345", 403},          // a wildcard address
		{"localhost.:17345", 403},       // trailing dot: another name to the browser
		{"127.0.0.1:17345@evil.example", 403},
		{"", 403},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/api/state", nil)
		r.Host = tt.host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != tt.want {
			t.Errorf("Host %q: %d, want %d", tt.host, w.Code, tt.want)
		}
		if w.Code == 403 && w.Body.String() == "ok" {
			t.Errorf("Host %q: refused but served", tt.host)
		}
	}
}
