package window

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"rentwatch/internal/testkit"
	"rentwatch/outbox"
)

// TestAPIPush sets up a phone channel as the page does: an ntfy topic on a
// loopback ntfy server (the real protocol), tested before it is saved,
// saved into the settings file (comments kept, the file private), listed
// masked, tested again, refused when the server refuses, removed.
func TestAPIPush(t *testing.T) {
	r := startRig(t, withComments)
	ntfy := testkit.StartPushServer(t)
	topic := "rooms-sam-7f3kq9x2"
	fields := map[string]any{"service": "ntfy", "fields": map[string]string{"server": ntfy.URL, "topic": topic}}
	raw := ntfy.NtfyURL(topic)

	// a test before saving: it reaches the server, and nothing is saved
	code, m := r.api("POST", "/api/push/test", fields)
	if code != 200 || !strings.Contains(m["message"].(string), "Sent a test to ntfy (127.0.0.1:") {
		t.Fatalf("test: %d %v", code, m)
	}
	if got := ntfy.Delivered(); len(got) != 1 || got[0].Path != "/"+topic {
		t.Errorf("the ntfy server got %+v, want one message on /%s", got, topic)
	}
	if s := r.settings(); s.Push != nil {
		t.Errorf("the test saved the channel: %+v", s.Push)
	}

	// save: in the file, with the user's notes; the file stays private
	code, m = r.api("POST", "/api/push", fields)
	if code != 201 {
		t.Fatalf("save: %d %v", code, m)
	}
	if s := r.settings(); s.Push == nil || len(s.Push.URLs) != 1 || s.Push.URLs[0] != raw {
		t.Errorf("push in the file: %+v, want %s", s.Push, raw)
	}
	if !strings.HasPrefix(r.file(), withComments) {
		t.Errorf("the settings file lost its notes:\n%s", r.file())
	}
	if fi, _ := os.Stat(r.path); fi.Mode().Perm() != 0o600 {
		t.Errorf("the settings file is %v, want 0600", fi.Mode().Perm())
	}
	if code, m = r.api("POST", "/api/push", fields); code != 409 {
		t.Errorf("saved twice: %d %v", code, m)
	}

	// listed, masked: the topic is nowhere in what the window sends
	id := outbox.PushID(raw)
	code, raw2 := r.do("GET", "/api/settings", nil, map[string]string{"X-API-Key": r.srv.apiKey()})
	if code != 200 || !strings.Contains(string(raw2), `"shown":"ntfy (`+ntfy.HostPort()+`) · topic r…9x2"`) ||
		!strings.Contains(string(raw2), `"id":"`+id+`"`) {
		t.Errorf("GET /api/settings: %d %s", code, raw2)
	}
	cookie, _ := r.session()
	_, body := r.do("GET", "/settings", nil, map[string]string{"Cookie": "rentwatch-session-" + strconv.Itoa(r.srv.Port()) + "=" + cookie})
	page := string(body)
	for what, body := range map[string]string{"GET /api/settings": string(raw2), "the settings page": page} {
		if strings.Contains(body, topic) {
			t.Errorf("%s shows the topic %q", what, topic)
		}
	}
	if !strings.Contains(page, "topic r…9x2") {
		t.Errorf("the settings page does not list the channel")
	}

	// a saved channel's test; a refusal says to check the fields
	if code, m = r.api("POST", "/api/push/"+id+"/test", nil); code != 200 {
		t.Errorf("test of the saved channel: %d %v", code, m)
	}
	ntfy.Fail(testkit.Fault{Status: 401}, 1)
	code, m = r.api("POST", "/api/push/"+id+"/test", nil)
	if msg, _ := m["error"].(string); code != 502 || !strings.Contains(msg, "Check what you filled in") || strings.Contains(msg, topic) {
		t.Errorf("test refused by the server: %d %v", code, m)
	}

	// remove
	if code, m = r.api("DELETE", "/api/push/"+id, nil); code != 200 || !strings.Contains(m["message"].(string), "Removed ntfy") {
		t.Errorf("remove: %d %v", code, m)
	}
	if s := r.settings(); s.Push != nil && len(s.Push.URLs) != 0 {
		t.Errorf("still in the file: %+v", s.Push)
	}
	if code, _ = r.api("DELETE", "/api/push/"+id, nil); code != 404 {
		t.Errorf("removed twice: %d", code)
	}

	// fields that build no URL: said, nothing sent
	before := len(ntfy.Requests())
	for _, bad := range []map[string]any{
		{"service": "ntfy", "fields": map[string]string{"topic": "two words"}},
		{"service": "telegram", "fields": map[string]string{"token": "nonsense", "chat": "1"}},
		{"service": "url", "fields": map[string]string{"url": "https://example.org"}},
	} {
		if code, m = r.api("POST", "/api/push/test", bad); code != 400 {
			t.Errorf("%v: %d %v", bad, code, m)
		}
	}
	if n := len(ntfy.Requests()); n != before {
		t.Errorf("bad fields sent %d requests", n-before)
	}
}

// TestAPIOpenSettingsFileFails: with nothing set up to open a text file,
// the button says where the file is.
func TestAPIOpenSettingsFileFails(t *testing.T) {
	r := startRig(t, withComments)
	r.openErr = errors.New("xdg-open could not be started: exec: \"xdg-open\": executable file not found in $PATH")
	code, m := r.api("POST", "/api/open/settings-file", nil)
	msg, _ := m["error"].(string)
	if code != 500 || !strings.Contains(msg, "no text editor is set up to open it: the file is at "+r.path) {
		t.Errorf("%d %q", code, msg)
	}
}

// TestSettingsOfferNoPasswordToSave: the SMTP password and the push
// passwords are typed masked, but in no password field and next to no
// login field a browser knows: it offers to save none of them as this
// page's login ("Save password?" for 127.0.0.1).
func TestSettingsOfferNoPasswordToSave(t *testing.T) {
	r := startRig(t, withComments)
	cookie, _ := r.session()
	_, body := r.do("GET", "/settings", nil, map[string]string{"Cookie": sessionCookie(r, cookie)})
	page := string(body)
	for _, bad := range []string{`type="password"`, `autocomplete="username"`, `autocomplete="current-password"`, `autocomplete="new-password"`} {
		if strings.Contains(page, bad) {
			t.Errorf("the settings page has %s", bad)
		}
	}
	for _, want := range []string{`id="pw" name="password" class="secret" autocomplete="off"`, `id="ps-ntfy-password" name="fields.password" class="secret" autocomplete="off"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the settings page lacks %s", want)
		}
	}
}
