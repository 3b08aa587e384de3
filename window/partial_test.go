package window

import (
	"strings"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/engine"
)

// TestPartialWatcher: over an engine that cannot preview, pause for a
// while, list what it did or keep walls, the API answers 501 in plain
// words for each, says so in /api/state, and the pages leave them out
// instead of showing a made-up answer; what the engine can do still works.
func TestPartialWatcher(t *testing.T) {
	r := startRig(t, withComments)
	r.watcher.lack(FeaturePreview, FeaturePauseFor, FeatureActivity, FeatureWalls)
	r.watcher.setState(State{Snapshot: engine.Snapshot{At: r.now, Overall: engine.AllGood,
		Searches: []engine.SearchView{{Name: "Kamernet West", URL: "https://kamernet.nl/huren/kamers-amsterdam",
			Host: "kamernet.nl", Status: engine.Idle, LastCheck: r.now.Add(-time.Minute)}}},
		Walls: map[string][]Wall{"kamernet.nl": {{At: r.now.Add(-time.Hour), Kind: blocks.Challenge}}}})

	calls := []struct {
		method, path string
		body         any
		words        string
	}{
		{"POST", "/api/preview", map[string]any{"url": "https://www.pararius.nl/huurwoningen/utrecht"}, "preview is not available in this build"},
		{"POST", "/api/pause", map[string]any{"for": "1h"}, "pause until you resume instead"},
		{"POST", "/api/pause", map[string]any{"for": "tomorrow"}, "pause until you resume instead"},
		{"GET", "/api/activity", nil, "its log file has it all"},
	}
	for _, c := range calls {
		code, got := r.api(c.method, c.path, c.body)
		if msg, _ := got["error"].(string); code != 501 || !strings.Contains(msg, c.words) {
			t.Errorf("%s %s %v: %d %v, want 501 saying %q", c.method, c.path, c.body, code, got, c.words)
		}
	}
	if loads := r.watcher.previewLoads(); len(loads) != 0 {
		t.Errorf("the engine was asked for previews it cannot make: %v", loads)
	}
	// What it can do: a pause until resumed, a search saved without a preview.
	if code, got := r.api("POST", "/api/pause", map[string]any{"for": "resumed"}); code != 200 {
		t.Errorf("pause until resumed: %d %v", code, got)
	}
	if code, got := r.api("POST", "/api/searches", map[string]any{"url": "https://www.pararius.nl/huurwoningen/utrecht"}); code != 201 {
		t.Errorf("save without a preview: %d %v", code, got)
	}
	if cmds := r.watcher.commands(); len(cmds) != 2 || cmds[0] != "pause 0001-01-01T00:00:00Z" || cmds[1] != "check-now" {
		t.Errorf("commands %v, want the pause until resumed and a check of the new search", cmds)
	}

	_, state := r.api("GET", "/api/state", nil)
	if lacking, _ := state["not_in_this_build"].([]any); len(lacking) != 4 || lacking[0] != "preview" {
		t.Errorf("/api/state not_in_this_build = %v, want the four", state["not_in_this_build"])
	}
	for _, s := range state["searches"].([]any) {
		if walls := s.(map[string]any)["walls"]; walls != nil {
			t.Errorf("walls %v where none are recorded: want null, not a claim of none", walls)
		}
	}

	c := r.browserClient()
	pages := []struct {
		path         string
		want, absent []string
	}{
		{"/", []string{`id="add-form"`, `id="add-url"`, "cannot show a preview first"},
			[]string{`id="preview-form"`, "Walls, last 24 hours", "No walls in the last 24 hours"}},
		{"/activity", []string{"keeps no list of what it did yet", `data-api="POST /api/open/log"`}, []string{"Nothing yet."}},
		{"/settings", []string{"Pause until I resume", "Open settings file", r.path}, []string{"Pause for 1 hour", "Pause until tomorrow"}},
	}
	for _, p := range pages {
		html := r.page(c, p.path)
		for _, w := range p.want {
			if !strings.Contains(html, w) {
				t.Errorf("%s lacks %q", p.path, w)
			}
		}
		for _, a := range p.absent {
			if strings.Contains(html, a) {
				t.Errorf("%s shows %q", p.path, a)
			}
		}
	}
}

// TestOpenFiles: the Settings page's buttons open the settings file and
// the log file in the user's own programs, through the app.
func TestOpenFiles(t *testing.T) {
	r := startRig(t, withComments)
	for _, p := range []string{"/api/open/settings-file", "/api/open/log"} {
		if code, got := r.api("POST", p, nil); code != 200 {
			t.Errorf("POST %s: %d %v", p, code, got)
		}
	}
	if len(r.opened) != 2 || r.opened[0] != "settings file" || r.opened[1] != "log" {
		t.Errorf("opened %v, want the settings file, then the log", r.opened)
	}
	if code, _ := r.do("POST", "/api/open/log", nil, map[string]string{"X-API-Key": r.srv.apiKey(), "Origin": "http://evil.example"}); code != 403 {
		t.Errorf("another site opening the log: %d, want 403", code)
	}
}
