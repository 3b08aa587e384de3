package status

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestText(t *testing.T) {
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { x := now.Add(d); return &x }
	quiet := Search{Name: "Pararius Amsterdam", Enabled: true, Status: "ok", Words: "Watching", NextCheck: at(25 * time.Second)}
	walled := Search{Name: "Funda Utrecht", Enabled: true, Status: "waiting",
		Words: "Funda is asking us to slow down: rentwatch waits as asked and tries again by itself", Until: at(4*time.Minute + 2*time.Second)}
	off := Search{Name: "Kamernet", Enabled: false, Status: "off", Words: "Turned off", NextCheck: at(time.Minute)}
	for _, tc := range []struct {
		name  string
		state State
		want  []string
	}{
		{"quiet", State{Status: "All quiet — checked 20 s ago", NextCycle: at(10 * time.Second), Searches: []Search{quiet, off},
			Channels: []Channel{{Name: "desktop pop-ups", Words: "Working"}}},
			[]string{"rentwatch: All quiet — checked 20 s ago", "Next round of checks: in 10 s (14:02)",
				"  Pararius Amsterdam — Watching; next check in 25 s (14:02)", "  Kamernet — Turned off\n",
				"Alerts go to:\n  desktop pop-ups — Working"}},
		{"a wall and trouble", State{Status: "A site is making us wait", Problem: "The settings file has a problem on line 4",
			Searches: []Search{walled}},
			[]string{"Trouble: The settings file has a problem on line 4",
				"  Funda Utrecht — Funda is asking us to slow down: rentwatch waits as asked and tries again by itself; tried again in 4 min 02 s (14:06)"}},
		{"paused", State{Status: "Paused — choose Resume to watch again", Paused: true, NextCycle: at(time.Minute), Searches: []Search{quiet}},
			[]string{"  Pararius Amsterdam — Watching\n"}},
		{"awake and no searches", State{Status: "No searches yet — add one to start watching", Awake: "Keeping this computer awake while watching"},
			[]string{"Keeping this computer awake while watching\n", "none yet: add one with `rentwatch searches add URL`",
				"Alerts go to:\n  nowhere yet: new listings wait"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Text(tc.state, now, time.UTC)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("text lacks %q:\n%s", w, got)
				}
			}
			if tc.state.Paused && strings.Contains(got, "Next round") {
				t.Errorf("a paused watcher has no next round:\n%s", got)
			}
		})
	}
}

// TestFetchSendsTheKeyAndReadsTheDocumentedState: the state as docs/API.md
// shows it, from a server that refuses a request without the key.
func TestFetchSendsTheKeyAndReadsTheDocumentedState(t *testing.T) {
	const doc = `{"at":"2025-03-14T14:02:00Z","overall":"waiting","status":"A site is making us wait; rentwatch retries by itself",
"tone":"wait","paused":false,"paused_until":null,"problem":"","last_cycle":"2025-03-14T14:01:40Z","next_cycle":"2025-03-14T14:02:10Z",
"max_searches":15,"searches":[{"id":"3f2a9c0d41b7","name":"Pararius Amsterdam","site":"Pararius","enabled":true,"status":"waiting",
"words":"Pararius is asking us to slow down","until":"2025-03-14T14:05:41Z","next_check":null,"needs_user":false}],
"channels":[{"id":"desktop","name":"desktop pop-ups","kind":"desktop","state":"ok","words":"Working","queued":0}]}`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/state" || r.Header.Get("X-API-Key") != "k3y" {
			http.Error(w, "no", http.StatusForbidden)
			return
		}
		w.Write([]byte(doc))
	}))
	defer srv.Close()
	s, raw, err := Fetch(context.Background(), srv.URL+"/?token=k3y")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Searches) != 1 || s.Searches[0].Until == nil || s.Channels[0].Words != "Working" || string(raw) != doc {
		t.Errorf("state %+v", s)
	}
	if _, _, err := Fetch(context.Background(), srv.URL+"/?token=wrong"); err == nil || !strings.Contains(err.Error(), "403") {
		t.Errorf("a refused key: %v", err)
	}
	if _, _, err := Fetch(context.Background(), "https://example.org/?token=k3y"); err == nil {
		t.Error("the key was sent off the loopback")
	}
}
