package window

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/listing"
	"rentwatch/seen"
)

const withComments = `# my settings, with my own notes
version = 1
interval = "45s" # my pace

# the good one
[[search]]
name = "Kamernet West" # west only
url = "https://kamernet.nl/huren/kamers-amsterdam"
`

func TestAPISearches(t *testing.T) {
	r := startRig(t, withComments)
	kamernetID := searchID("https://kamernet.nl/huren/kamers-amsterdam")

	// add: the file gets it, its comments stay, watching starts at once
	code, got := r.api("POST", "/api/searches", map[string]any{"name": "Pararius Utrecht",
		"url": "https://www.pararius.nl/huurwoningen/utrecht", "filter": map[string]any{"max_price": 1200, "exclude": []string{"students only"}}})
	if code != 201 || got["name"] != "Pararius Utrecht" || got["id"] != searchID("https://www.pararius.nl/huurwoningen/utrecht") {
		t.Fatalf("add: %d %v", code, got)
	}
	if !strings.HasPrefix(r.file(), withComments) {
		t.Errorf("the file lost its comments:\n%s", r.file())
	}
	s := r.settings()
	if len(s.Searches) != 2 || s.Searches[1].Filter.MaxPrice != 1200 || s.Searches[1].Filter.Exclude[0] != "students only" {
		t.Errorf("settings after add: %+v", s.Searches)
	}
	if cmds := r.watcher.commands(); len(cmds) != 1 || cmds[0] != "check-now" {
		t.Errorf("commands after add: %v, want check-now", cmds)
	}
	if now := r.owner.Now(); now.Problem != nil || len(now.Settings.Searches) != 2 {
		t.Errorf("the settings in force after add: %+v, want the saved search among them", now)
	}

	// edit: rename, turn off, filter
	code, got = r.api("PATCH", "/api/searches/"+kamernetID, map[string]any{"name": "West", "enabled": false,
		"filter": map[string]any{"require": []string{"balcony"}}})
	if code != 200 || got["name"] != "West" || got["enabled"] != false || got["filter_words"] != "title with balcony" {
		t.Fatalf("edit: %d %v", code, got)
	}
	if !strings.Contains(r.file(), `name = "West" # west only`) {
		t.Errorf("the rename did not keep the line's comment:\n%s", r.file())
	}

	// a new address gives a new id
	code, got = r.api("PATCH", "/api/searches/"+kamernetID, map[string]any{"url": "https://kamernet.nl/huren/kamers-utrecht"})
	if code != 200 || got["id"] != searchID("https://kamernet.nl/huren/kamers-utrecht") {
		t.Fatalf("edit URL: %d %v", code, got)
	}
	if code, _ := r.api("PATCH", "/api/searches/"+kamernetID, map[string]any{"name": "x"}); code != 404 {
		t.Errorf("the old id after a URL change: %d, want 404", code)
	}

	// remove
	code, got = r.api("DELETE", "/api/searches/"+searchID("https://kamernet.nl/huren/kamers-utrecht"), nil)
	if code != 200 || !strings.Contains(got["message"].(string), "Removed West") {
		t.Fatalf("remove: %d %v", code, got)
	}
	if strings.Contains(r.file(), "kamers-utrecht") || !strings.Contains(r.file(), "# my settings, with my own notes") {
		t.Errorf("after remove:\n%s", r.file())
	}
}

func TestAPIRefusesBadInput(t *testing.T) {
	many := "version = 1\n"
	for i := range config.MaxSearches {
		many += fmt.Sprintf("[[search]]\nname = \"s%d\"\nurl = \"https://e.example/%d\"\n", i, i)
	}
	tests := []struct {
		name         string
		file         string
		method, path string
		body         any
		want         int
		says         string
	}{
		{"not http", withComments, "POST", "/api/searches", map[string]any{"url": "javascript:alert(1)"}, 400, "not an http or https URL"},
		{"no URL", withComments, "POST", "/api/searches", map[string]any{"name": "x"}, 400, "empty; paste the address"},
		{"the same search", withComments, "POST", "/api/searches", map[string]any{"url": "https://www.kamernet.nl/huren/kamers-amsterdam/"}, 409, "already watched"},
		{"a 16th", many, "POST", "/api/searches", map[string]any{"url": "https://x.example/"}, 409, "at most 15 searches"},
		{"a misspelt field", withComments, "POST", "/api/searches", map[string]any{"nmae": "x", "url": "https://x.example/"}, 400, `unknown field "nmae"`},
		{"not JSON", withComments, "POST", "/api/searches", "name=x", 400, "not JSON"},
		{"no body", withComments, "POST", "/api/searches", nil, 400, "no JSON body"},
		{"an unknown id", withComments, "PATCH", "/api/searches/000000000000", map[string]any{"name": "x"}, 404, "no saved search has the id"},
		{"a negative price", withComments, "PATCH", "/api/searches/" + searchID("https://kamernet.nl/huren/kamers-amsterdam"),
			map[string]any{"filter": map[string]any{"max_price": -1}}, 400, "max_price: -1 is below zero"},
		{"an empty name", withComments, "PATCH", "/api/searches/" + searchID("https://kamernet.nl/huren/kamers-amsterdam"),
			map[string]any{"name": " "}, 400, "name: empty"},
		{"a broken settings file", "interval = 30s\n", "POST", "/api/searches", map[string]any{"url": "https://x.example/"}, 409, "fix it first"},
		{"a short interval", withComments, "PATCH", "/api/settings", map[string]any{"interval": "2s"}, 400, "under the 10s minimum"},
		{"no interval", withComments, "PATCH", "/api/settings", map[string]any{"interval": "0s"}, 400, "0s is under the 10s minimum"},
		{"a negative interval", withComments, "PATCH", "/api/settings", map[string]any{"interval": "-30s"}, 400, "under the 10s minimum"},
		{"a name with a right-to-left override", withComments, "POST", "/api/searches",
			map[string]any{"name": "West \u202eniam", "url": "https://x.example/"}, 400, "invisible control character in it (U+202E)"},
		{"a renaming with a right-to-left override", withComments, "PATCH", "/api/searches/" + searchID("https://kamernet.nl/huren/kamers-amsterdam"),
			map[string]any{"name": "West \u202eniam"}, 400, "invisible control character in it (U+202E)"},
		{"a name of 60,000 characters", withComments, "POST", "/api/searches",
			map[string]any{"name": strings.Repeat("x", 60000), "url": "https://x.example/"}, 400, "a name has at most 100"},
		{"a renaming to 101 characters", withComments, "PATCH", "/api/searches/" + searchID("https://kamernet.nl/huren/kamers-amsterdam"),
			map[string]any{"name": strings.Repeat("x", 101)}, 400, "a name has at most 100"},
		{"an interval in words", withComments, "PATCH", "/api/settings", map[string]any{"interval": "soon"}, 400, `"soon" is not a time`},
		{"a bad pause", withComments, "POST", "/api/pause", map[string]any{"for": "forever"}, 400, "is not a pause"},
		{"bad email", withComments, "PUT", "/api/settings/email", map[string]any{"to": "nobody", "host": "smtp.example.com", "username": "me@example.com"}, 400, "to: \"nobody\" is not an email address"},
		{"an unknown call", withComments, "GET", "/api/nothing", nil, 404, "no such API call"},
		{"a preview of nothing", withComments, "POST", "/api/preview", map[string]any{"url": "ftp://x.example/"}, 400, "not an http or https URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := startRig(t, tt.file)
			code, got := r.api(tt.method, tt.path, tt.body)
			msg, _ := got["error"].(string)
			if code != tt.want || !strings.Contains(msg, tt.says) {
				t.Errorf("%d %q; want %d saying %q", code, msg, tt.want, tt.says)
			}
			if r.file() != tt.file {
				t.Errorf("the settings file changed:\n%s", r.file())
			}
		})
	}
}

func TestAPIState(t *testing.T) {
	r := startRig(t, withComments+"\n[[search]]\nname = \"Funda\"\nurl = \"https://www.funda.nl/zoeken/huur\"\nenabled = false\n")
	until := r.now.Add(4*time.Minute + 12*time.Second)
	r.watcher.setState(engine.Snapshot{At: r.now, Overall: engine.OnHold, LastCycle: r.now.Add(-time.Minute),
		Searches: []engine.SearchView{
			{Name: "Kamernet West", URL: "https://kamernet.nl/huren/kamers-amsterdam", Host: "kamernet.nl", Status: engine.Waiting,
				Wall: blocks.RateLimited, Vendor: "cloudflare", Until: until, LastCheck: r.now.Add(-time.Minute), Listings: 23,
				Delay: 21500 * time.Millisecond},
		},
		Channels: []engine.ChannelView{
			{ID: "desktop", Name: "desktop pop-ups", Kind: "desktop", State: "ok"},
			{ID: "push-1f2e", Name: "ntfy (ntfy.example.org)", Kind: "ntfy", State: "stopped", Queued: 2, Status: 404,
				Since: r.now.Add(-time.Hour), RetryAt: r.now.Add(9 * time.Minute),
				Reason: "ntfy (ntfy.example.org): the server does not know this address (404 Not Found): check the topic or webhook in the push URL"},
		},
		Walls: map[string][]engine.Wall{"kamernet.nl": {
			{At: r.now.Add(-30 * time.Hour), Kind: blocks.Challenge}, // older than a day: not shown
			{At: r.now.Add(-3 * time.Hour), Kind: blocks.Challenge, Vendor: "cloudflare"},
			{At: r.now.Add(-1 * time.Minute), Kind: blocks.RateLimited, Vendor: "cloudflare"},
		}}})
	r.listings.list = []seen.Listed{
		{Alert: listing.Alert{Listing: listing.Listing{ID: "1", Title: "a"}, SearchURL: "https://kamernet.nl/huren/kamers-amsterdam"}},
		{Alert: listing.Alert{Listing: listing.Listing{ID: "2", Title: "b"}, SearchURL: "https://kamernet.nl/huren/kamers-amsterdam"},
			LeftOut: "too dear"},
	}
	code, got := r.api("GET", "/api/state", nil)
	if code != 200 {
		t.Fatal(code, got)
	}
	searches := got["searches"].([]any)
	if len(searches) != 2 || got["max_searches"].(float64) != 15 {
		t.Fatalf("searches %v", got)
	}
	k := searches[0].(map[string]any)
	want := map[string]any{"name": "Kamernet West", "status": "waiting", "wall": "rate_limited", "site": "Kamernet",
		"until": until.Format(time.RFC3339), "alerted": 1.0, "listings": 23.0, "enabled": true, "time_to_alert_seconds": 21.5}
	for key, v := range want {
		if k[key] != v {
			t.Errorf("%s = %v, want %v", key, k[key], v)
		}
	}
	if funda := searches[1].(map[string]any); funda["time_to_alert_seconds"] != nil {
		t.Errorf("a search never alerted has time_to_alert_seconds %v, want null", funda["time_to_alert_seconds"])
	}
	if walls := k["walls"].([]any); len(walls) != 2 {
		t.Errorf("walls %v, want the 2 of the last 24 h", walls)
	}
	if !strings.Contains(k["words"].(string), "Kamernet is asking us to slow down") {
		t.Errorf("words %q", k["words"])
	}
	chans := got["channels"].([]any)
	if len(chans) != 2 {
		t.Fatalf("channels %v", got["channels"])
	}
	stopped := chans[1].(map[string]any)
	if stopped["id"] != "push-1f2e" || stopped["kind"] != "ntfy" || stopped["state"] != "stopped" || stopped["queued"] != 2.0 ||
		stopped["tone"] != "alert" || stopped["retry_at"] != r.now.Add(9*time.Minute).Format(time.RFC3339) ||
		!strings.HasPrefix(stopped["words"].(string), "Stopped: check the ntfy address in the settings (the server said 404)") {
		t.Errorf("a stopped channel: %v", stopped)
	}
	if ok := chans[0].(map[string]any); ok["words"] != "Working" || ok["since"] != nil {
		t.Errorf("a working channel: %v", ok)
	}
	f := searches[1].(map[string]any)
	if f["enabled"] != false || f["status"] != "paused" || f["until"] != nil || f["last_check"] != nil {
		t.Errorf("a search the engine does not have yet, turned off: %v", f)
	}
}

func TestAPIListings(t *testing.T) {
	r := startRig(t, withComments)
	west := "https://kamernet.nl/huren/kamers-amsterdam"
	for i := range 250 {
		l := seen.Listed{Alert: listing.Alert{Listing: listing.Listing{ID: fmt.Sprint(i), URL: fmt.Sprintf("https://kamernet.nl/kamer-%d", i),
			Title: fmt.Sprintf("Room %d", i)}, SearchName: "Kamernet West", SearchURL: west,
			FoundAt: r.now.Add(-time.Duration(i) * time.Minute)}}
		if i%10 == 0 {
			l.Title, l.LeftOut = "Studio students only", `the title has "students only"`
		}
		r.listings.list = append(r.listings.list, l)
	}
	tests := []struct {
		query            string
		total, shown     int
		alerted, leftOut int
		first            string
	}{
		{"", 250, 100, 225, 25, "Studio students only"},
		{"?page=3", 250, 50, 225, 25, "Studio students only"},
		{"?q=room+24", 12, 12, 12, 0, "Room 24"}, // 24, 124, 224, 241-249
		{"?show=left-out", 25, 25, 0, 25, "Studio students only"},
		{"?show=alerted&per_page=10", 225, 10, 225, 0, "Room 1"},
		{"?search=" + searchID(west) + "&q=STUDENTS", 25, 25, 0, 25, "Studio students only"},
		{"?search=000000000000", 0, 0, 0, 0, ""},
	}
	for _, tt := range tests {
		code, got := r.api("GET", "/api/listings"+tt.query, nil)
		if code != 200 {
			t.Fatal(code, got)
		}
		list := got["listings"].([]any)
		if int(got["total"].(float64)) != tt.total || len(list) != tt.shown || int(got["alerted"].(float64)) != tt.alerted ||
			int(got["left_out"].(float64)) != tt.leftOut {
			t.Errorf("%s: total %v shown %d alerted %v left out %v; want %d %d %d %d", tt.query, got["total"], len(list),
				got["alerted"], got["left_out"], tt.total, tt.shown, tt.alerted, tt.leftOut)
			continue
		}
		if tt.shown > 0 && list[0].(map[string]any)["title"] != tt.first {
			t.Errorf("%s: first %v, want %q", tt.query, list[0].(map[string]any)["title"], tt.first)
		}
	}
}

func TestAPISettings(t *testing.T) {
	r := startRig(t, withComments)
	email := map[string]any{"to": "me@example.com", "host": "smtp.example.com", "port": 465, "security": "tls", "username": "me@example.com"}
	code, got := r.api("PUT", "/api/settings/email", email)
	if code != 200 {
		t.Fatal(code, got)
	}
	if e := r.settings().Email; e == nil || e.Host != "smtp.example.com" || e.Port != 465 || e.From != "me@example.com" {
		t.Errorf("email after PUT: %+v", e)
	}
	if !strings.HasPrefix(r.file(), "# my settings, with my own notes\nversion = 1\ninterval = \"45s\" # my pace\n") {
		t.Errorf("file:\n%s", r.file())
	}

	// the test email: the saved settings, or the ones in the form
	if code, got := r.api("POST", "/api/test-email", nil); code != 200 || !strings.Contains(got["message"].(string), "Sent a test email to me@example.com") {
		t.Errorf("test email: %d %v", code, got)
	}
	if code, _ := r.api("POST", "/api/test-email", map[string]any{"email": map[string]any{"to": "other@example.com", "host": "h.example", "username": "u"},
		"password": "typed"}); code != 200 || r.mailer.sent[1].To != "other@example.com" || r.mailer.passwords[1] != "typed" {
		t.Errorf("test email with the form's settings: %d %+v %q", code, r.mailer.sent, r.mailer.passwords)
	}
	r.mailer.err = errors.New("535 5.7.8 authentication failed: check the username and password")
	if code, got := r.api("POST", "/api/test-email", nil); code != 502 || !strings.Contains(got["error"].(string), "not sent: 535") {
		t.Errorf("a failing test email: %d %v", code, got)
	}

	// the password goes to the keychain, under the saved username
	if code, got := r.api("POST", "/api/settings/password", map[string]any{"password": "s3cret"}); code != 200 || r.keychain.stored["me@example.com"] != "s3cret" {
		t.Errorf("password: %d %v %v", code, got, r.keychain.stored)
	} else if strings.Contains(fmt.Sprint(got), "s3cret") {
		t.Errorf("the answer holds the password: %v", got)
	}
	r.keychain.err = errors.New("this computer has no keychain rentwatch can use; set the environment variable RENTWATCH_SMTP_PASSWORD")
	if code, got := r.api("POST", "/api/settings/password", map[string]any{"password": "x"}); code != 409 || !strings.Contains(got["error"].(string), "RENTWATCH_SMTP_PASSWORD") {
		t.Errorf("no keychain: %d %v", code, got)
	}

	// interval, start at login
	if code, got := r.api("PATCH", "/api/settings", map[string]any{"interval": "2m", "start_at_login": true}); code != 200 ||
		got["interval"] != "2m0s" || got["start_at_login"] != true || !r.auto.on {
		t.Errorf("patch: %d %v", code, got)
	}
	if r.settings().Interval != 2*time.Minute || !strings.Contains(r.file(), `interval = "2m0s" # my pace`) {
		t.Errorf("interval in the file:\n%s", r.file())
	}

	// keeping the computer awake: from the window, not only the file
	if code, got := r.api("PATCH", "/api/settings", map[string]any{"keep_awake": true}); code != 200 || got["keep_awake"] != true ||
		!r.settings().KeepAwake || !strings.Contains(r.file(), "keep_awake = true") {
		t.Errorf("keep awake on: %d %v\n%s", code, got, r.file())
	}
	if code, got := r.api("PATCH", "/api/settings", map[string]any{"keep_awake": false}); code != 200 || got["keep_awake"] != false || r.settings().KeepAwake {
		t.Errorf("keep awake off: %d %v", code, got)
	}
	if page := r.page(r.browserClient(), "/settings"); !strings.Contains(page, `name="keep_awake"`) {
		t.Errorf("the Settings page has no switch for keeping the computer awake")
	}

	// email off
	if code, _ := r.api("DELETE", "/api/settings/email", nil); code != 200 || r.settings().Email != nil {
		t.Errorf("email off: %d", code)
	}
}

// TestAPITestEmailPassword: the stored password goes only to the saved
// server and login. A test of any other must bring its own password:
// otherwise whoever may call the API could have the stored one sent to a
// server of their choosing.
func TestAPITestEmailPassword(t *testing.T) {
	r := startRig(t, withComments)
	saved := map[string]any{"to": "me@example.com", "host": "smtp.example.com", "port": 465, "security": "tls", "username": "me@example.com"}
	if code, got := r.api("PUT", "/api/settings/email", saved); code != 200 {
		t.Fatal(code, got)
	}
	with := func(change map[string]any) map[string]any {
		e := map[string]any{}
		for k, v := range saved {
			e[k] = v
		}
		for k, v := range change {
			e[k] = v
		}
		return e
	}
	tests := []struct {
		name     string
		body     any
		want     int
		password string // what the mailer was given; "" nothing sent
	}{
		{"the saved settings", nil, 200, "(stored)"},
		{"the saved server and login, another address to send to", map[string]any{"email": with(map[string]any{"to": "other@example.com"})}, 200, "(stored)"},
		{"the saved server in other words", map[string]any{"email": with(map[string]any{"host": " SMTP.example.com", "port": 0})}, 200, "(stored)"},
		{"another server", map[string]any{"email": with(map[string]any{"host": "127.0.0.1"})}, 400, ""},
		{"another port", map[string]any{"email": with(map[string]any{"port": 2525})}, 400, ""},
		{"another login", map[string]any{"email": with(map[string]any{"username": "attacker"})}, 400, ""},
		{"another server with its own password", map[string]any{"email": with(map[string]any{"host": "127.0.0.1"}), "password": "typed"}, 200, "typed"},
		{"the saved server with a password typed to try", map[string]any{"password": "new-one"}, 200, "new-one"},
	}
	for _, tt := range tests {
		before := len(r.mailer.sent)
		code, got := r.api("POST", "/api/test-email", tt.body)
		if code != tt.want {
			t.Errorf("%s: %d %v, want %d", tt.name, code, got, tt.want)
		}
		sent := r.mailer.passwords[before:]
		switch {
		case tt.password == "" && len(sent) != 0:
			t.Errorf("%s: sent with %q, want nothing sent", tt.name, sent)
		case tt.password != "" && (len(sent) != 1 || sent[0] != tt.password):
			t.Errorf("%s: sent with %q, want %q", tt.name, sent, tt.password)
		}
		if tt.want == 400 && !strings.Contains(got["error"].(string), "type the password for") {
			t.Errorf("%s: the refusal says %q, not what to do", tt.name, got["error"])
		}
	}
}

func TestAPIPauseAndCommands(t *testing.T) {
	r := startRig(t, withComments)
	for _, c := range []struct{ body, cmd string }{
		{"1h", "pause 2025-03-14T15:02:00Z"}, {"tomorrow", "pause 2025-03-15T07:00:00Z"}, {"resumed", "pause 0001-01-01T00:00:00Z"},
	} {
		if code, got := r.api("POST", "/api/pause", map[string]any{"for": c.body}); code != 200 {
			t.Errorf("pause %s: %d %v", c.body, code, got)
		}
		if cmds := r.watcher.commands(); cmds[len(cmds)-1] != c.cmd {
			t.Errorf("pause %s: %v, want %s", c.body, cmds, c.cmd)
		}
	}
	r.api("POST", "/api/resume", nil)
	r.api("POST", "/api/check-now", nil)
	code, got := r.api("POST", "/api/searches/"+searchID("https://kamernet.nl/huren/kamers-amsterdam")+"/check-by-hand", nil)
	if code != 202 || !strings.Contains(got["message"].(string), "Opening Kamernet") {
		t.Errorf("check by hand: %d %v", code, got)
	}
	cmds := r.watcher.commands()
	if want := []string{"resume", "check-now", "check-by-hand https://kamernet.nl/huren/kamers-amsterdam"}; strings.Join(cmds[3:], "|") != strings.Join(want, "|") {
		t.Errorf("commands %v", cmds)
	}
}

func TestPauseEnd(t *testing.T) {
	ams, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		t.Skip("no time zone data")
	}
	at := func(s string) time.Time { tm, _ := time.ParseInLocation("2006-01-02 15:04", s, ams); return tm }
	tests := []struct {
		choice, now, want string
	}{
		{"1h", "2025-03-14 23:30", "2025-03-15 00:30"},
		{"tomorrow", "2025-03-14 23:30", "2025-03-15 07:00"},
		{"tomorrow", "2025-03-15 01:10", "2025-03-15 07:00"}, // after midnight: this morning
		{"tomorrow", "2025-03-15 07:00", "2025-03-16 07:00"},
		{"tomorrow", "2025-03-29 22:00", "2025-03-30 07:00"}, // the clocks go forward that night
		{"resumed", "2025-03-14 12:00", ""},
	}
	for _, tt := range tests {
		got, err := pauseEnd(tt.choice, at(tt.now), ams)
		if err != nil {
			t.Fatal(err)
		}
		if (tt.want == "" && !got.IsZero()) || (tt.want != "" && !got.Equal(at(tt.want))) {
			t.Errorf("pauseEnd(%s, %s) = %v, want %s", tt.choice, tt.now, got.In(ams), tt.want)
		}
	}
}

func TestAPIActivity(t *testing.T) {
	r := startRig(t, withComments)
	r.watcher.events = []engine.Event{{At: r.now, Kind: engine.EventWall, Host: "www.pararius.nl", Text: "asked us to slow down; waiting 2 min"},
		{At: r.now.Add(-time.Hour), Kind: engine.EventAlert, Search: "Kamernet West", Text: "3 new listings, sent by email and pop-up"}}
	code, got := r.api("GET", "/api/activity", nil)
	events := got["events"].([]any)
	if code != 200 || len(events) != 2 || events[0].(map[string]any)["site"] != "Pararius" {
		t.Errorf("%d %v", code, got)
	}
}
