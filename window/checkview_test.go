package window

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"rentwatch/engine"
	"rentwatch/pages/byhand"
)

// fakeChecks records what the window asked of the check by hand; no
// Screen is ever open (a real one is a tab of a real Chrome:
// TestAppCheckHere and package byhand test those).
type fakeChecks struct {
	mu     sync.Mutex // guards opened
	opened []string
}

func (f *fakeChecks) Open(u string) { f.mu.Lock(); defer f.mu.Unlock(); f.opened = append(f.opened, u) }
func (f *fakeChecks) Screen(string) *byhand.Screen {
	return nil
}
func (f *fakeChecks) opens() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.opened...)
}

// The check page and its calls: found by the search's id, behind the
// window's guards like every other call (a session or the key; the CSRF
// token on a change), in plain words when there is nothing to show.
func TestCheckViewCalls(t *testing.T) {
	r := startRig(t, withComments)
	checks := &fakeChecks{}
	r.srv.d.Checks = checks
	const kamernet = "https://kamernet.nl/huren/kamers-amsterdam"
	id := searchID(kamernet)
	cookie, csrf := r.session()
	browser := map[string]string{"Cookie": "rentwatch-session-" + strconv.Itoa(r.srv.Port()) + "=" + cookie}
	withCSRF := map[string]string{"Cookie": browser["Cookie"], "X-CSRF-Token": csrf, "Content-Type": "application/json",
		"Origin": r.base()}
	noCSRF := map[string]string{"Cookie": browser["Cookie"], "Origin": r.base(), "Content-Type": "application/json"}

	code, page := r.do("GET", "/check/"+id, nil, browser)
	if code != 200 || !strings.Contains(string(page), "Open Kamernet here") || !strings.Contains(string(page), `<script src="/static/check.js" defer></script>`) {
		t.Errorf("the check page: %d\n%s", code, page)
	}
	if code, page := r.do("GET", "/check/0123456789ab", nil, browser); code != 404 || !strings.Contains(string(page), "no such search") {
		t.Errorf("the check page of no search: %d %s", code, page)
	}
	if code, _ := r.do("GET", "/check/"+id, nil, nil); code == 200 {
		t.Error("the check page was shown without a session")
	}

	for _, c := range []struct {
		name, method, path string
		header             map[string]string
		body               any
		want               int
		says               string
	}{
		{"a frame with nothing open", "GET", "/api/check/" + id + "/frame?after=0", browser, nil, 404, "is not open"},
		{"a frame of no search", "GET", "/api/check/0123456789ab/frame", browser, nil, 404, "no saved search"},
		{"a frame without a session", "GET", "/api/check/" + id + "/frame", nil, nil, http.StatusForbidden, "rentwatch open"},
		{"a bad frame number", "GET", "/api/check/" + id + "/frame?after=x", browser, nil, 400, "frame number"},
		{"input with nothing open", "POST", "/api/check/" + id + "/input", withCSRF, map[string]any{"kind": "click"}, 404, "is not open"},
		{"input without the CSRF token", "POST", "/api/check/" + id + "/input", noCSRF, map[string]any{"kind": "click"}, http.StatusForbidden, "CSRF"},
		{"done without the CSRF token", "POST", "/api/check/" + id + "/done", noCSRF, nil, http.StatusForbidden, "CSRF"},
		{"opening without the CSRF token", "POST", "/api/searches/" + id + "/check-here", noCSRF, nil, http.StatusForbidden, "CSRF"},
	} {
		code, raw := r.do(c.method, c.path, c.body, c.header)
		if code != c.want || !strings.Contains(string(raw), c.says) {
			t.Errorf("%s: %d %s, want %d saying %q", c.name, code, raw, c.want, c.says)
		}
	}
	if got := checks.opens(); len(got) != 0 {
		t.Fatalf("refused calls opened a check by hand: %v", got)
	}

	code, raw := r.do("POST", "/api/searches/"+id+"/check-here", nil, withCSRF)
	if code != 202 || !strings.Contains(string(raw), "Opening Kamernet") {
		t.Errorf("opening: %d %s", code, raw)
	}
	if got := checks.opens(); len(got) != 1 || got[0] != kamernet {
		t.Errorf("opened %v, want the search's", got)
	}

	r.watcher.setState(engine.Snapshot{At: r.now, Overall: engine.AllGood, Manual: "https://pararius.nl/huren/utrecht"})
	code, raw = r.do("POST", "/api/searches/"+id+"/check-here", nil, withCSRF)
	if code != http.StatusConflict || !strings.Contains(string(raw), "Pararius is open") {
		t.Errorf("opening while another site is checked by hand: %d %s", code, raw)
	}
	if got := checks.opens(); len(got) != 1 {
		t.Errorf("opened %v while another check by hand was open", got)
	}
	r.watcher.setState(engine.Snapshot{At: r.now, Overall: engine.AllGood, Manual: kamernet})
	code, raw = r.do("POST", "/api/searches/"+id+"/check-here", nil, withCSRF)
	if code != http.StatusConflict || !strings.Contains(string(raw), "Close that window first") {
		t.Errorf("opening while the site is open in the real window: %d %s", code, raw)
	}
	if got := r.srv.CheckPageURL(kamernet); got != r.base()+"/check/"+id {
		t.Errorf("CheckPageURL = %s, want the page on the window", got)
	}
}
