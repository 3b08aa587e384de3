package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The window's reply settings, step by step on a file with the user's
// comments: [reply] added above the searches and then edited in place,
// auto-reply turned on for a search of a portal with a recipe, refused
// (with the portals named) for one without, and refused without a message.
func TestEditorReplySteps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(commented), 0o600); err != nil {
		t.Fatal(err)
	}
	e := &editor{path: path}
	me := &Reply{Name: " Sam Jansen ", Email: "sam@example.com", Message: "Hallo,\r\nik ben {name}. Is {title} nog vrij?"}
	steps := []struct {
		name   string
		do     func() error
		errHas string // "": no error
		file   []string
	}{
		{"reply on before there is a message", func() error {
			_, err := e.EditSearch(kamernet, SearchChange{Reply: ptr(true)})
			return err
		}, "search[1].reply: on, but there is no message to send", nil},
		{"add [reply]", func() error {
			set, err := e.SetReply(me)
			if err == nil && (set.Name != "Sam Jansen" || set.Message != "Hallo,\nik ben {name}. Is {title} nog vrij?") {
				t.Errorf("SetReply = %+v", set)
			}
			return err
		}, "", []string{"[reply]\nname = \"Sam Jansen\"\nemail = \"sam@example.com\"\nphone = \"\"\nconsent = false\n" +
			"message = \"Hallo,\\nik ben {name}. Is {title} nog vrij?\"\n\n# the best one\n[[search]]"}},
		{"reply on for Kamernet", func() error {
			sr, err := e.EditSearch(kamernet, SearchChange{Reply: ptr(true)})
			if err == nil && !sr.Reply {
				t.Errorf("EditSearch = %+v", sr)
			}
			return err
		}, "", []string{"enabled = true\nreply = true\n"}},
		{"reply on for Funda", func() error {
			_, err := e.EditSearch(funda, SearchChange{Reply: ptr(true)})
			return err
		}, "search[2].reply: auto-reply works on kamernet.nl and pararius.nl only, and this search is on funda.nl", nil},
		{"consent and a phone", func() error {
			r := *me
			r.Phone, r.Consent = "+31 6 12345678", true
			_, err := e.SetReply(&r)
			return err
		}, "", []string{"phone = \"+31 6 12345678\"\nconsent = true\n", "# the best one\n", "# trailing note at the very end\n"}},
		{"the message a replying search needs, taken away", func() error {
			_, err := e.SetReply(&Reply{Name: "Sam"})
			return err
		}, "search[1].reply: on, but there is no message to send", nil},
	}
	for _, st := range steps {
		err := st.do()
		if st.errHas == "" && err != nil || st.errHas != "" && (err == nil || !strings.Contains(err.Error(), st.errHas)) {
			t.Fatalf("step %q: %v, want %q", st.name, err, st.errHas)
		}
		b, _ := os.ReadFile(path)
		for _, want := range st.file {
			if !strings.Contains(string(b), want) {
				t.Errorf("step %q: the file lacks %q:\n%s", st.name, want, b)
			}
		}
	}
	s, err := Load(path)
	if err != nil || s.Reply == nil || !s.Reply.Consent || !s.Searches[0].Reply || s.Searches[1].Reply {
		t.Errorf("the file loads as %+v, %v", s, err)
	}
}
