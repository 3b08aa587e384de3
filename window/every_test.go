package window

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"rentwatch/config"
	"rentwatch/engine"
)

func TestEveryWords(t *testing.T) {
	var thirteen []config.Search
	for i := range 13 {
		thirteen = append(thirteen, config.Search{URL: fmt.Sprintf("https://kamernet.nl/huren/kamers-%d", i), Enabled: true})
	}
	withFunda := append(append([]config.Search(nil), thirteen...), config.Search{URL: "https://www.funda.nl/zoeken/huur", Enabled: true})
	alone := []config.Search{{URL: "https://www.funda.nl/zoeken/huur", Enabled: true}}
	cases := []struct {
		name       string
		host       string
		every      time.Duration
		searches   []config.Search
		short, why string
	}{
		{"not known yet", "kamernet.nl", 0, thirteen, "", ""},
		{"as asked", "www.funda.nl", 31 * time.Second, alone, "about every 31 s", ""},
		{"thirteen on one site", "kamernet.nl", 52400 * time.Millisecond, thirteen, "about every 52 s",
			"Checked about every 52 s: 13 searches on Kamernet share one site, which rentwatch asks one page at a time."},
		{"a site waiting for another", "www.funda.nl", 65 * time.Second, withFunda, "about every 1 min 05 s",
			"Checked about every 1 min 05 s: each round of checks waits for the 13 searches on Kamernet, which rentwatch asks one page at a time."},
		{"alone and slow", "www.funda.nl", 2 * time.Minute, alone, "about every 2 min",
			"Checked about every 2 min, not every 30 s: Funda is slow to answer, or made rentwatch wait."},
	}
	for _, c := range cases {
		short, why := everyWords(engine.SearchView{Host: c.host, Every: c.every}, 30*time.Second, countSites(c.searches))
		if short != c.short || !strings.HasPrefix(why, c.why) || (c.why == "") != (why == "") {
			t.Errorf("%s: %q, %q; want %q, %q", c.name, short, why, c.short, c.why)
		}
	}
}

// The Searches page and the API say how often a search is really checked.
func TestPageSaysHowOftenASearchIsChecked(t *testing.T) {
	r := startRig(t, withComments) // one search on kamernet.nl, every 45 s
	u := "https://kamernet.nl/huren/kamers-amsterdam"
	r.watcher.setState(engine.Snapshot{At: r.now, Searches: []engine.SearchView{{URL: u, Host: "kamernet.nl", Status: engine.Idle,
		LastCheck: r.now, Every: 47 * time.Second}}})
	_, st := r.api("GET", "/api/state", nil)
	s := st["searches"].([]any)[0].(map[string]any)
	if s["checked_every_seconds"] != 47.0 {
		t.Errorf("checked_every_seconds %v, want 47", s["checked_every_seconds"])
	}
	cookie, _ := r.session()
	_, page := r.do("GET", "/", nil, map[string]string{"Cookie": sessionCookie(r, cookie)})
	if !strings.Contains(string(page), "<dt>Checked</dt><dd>about every 47 s</dd>") {
		t.Errorf("the Searches page does not say how often the search is checked")
	}
}

// sessionCookie is the Cookie header of the session v.
func sessionCookie(r *rig, v string) string {
	return fmt.Sprintf("rentwatch-session-%d=%s", r.srv.Port(), v)
}
