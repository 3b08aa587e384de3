package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rentwatch/config"
	"rentwatch/listing"
	"rentwatch/seen"
)

// TestCmdSearchesSteps runs the subcommand in-process, step by step, on one
// settings file that starts out missing.
func TestCmdSearchesSteps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rentwatch", "config.toml")
	data := t.TempDir() // no store yet: no alert yet
	steps := []struct {
		args       string
		code       int
		stdout     string // exact
		stderrHas  string // substring; "" means stderr must be empty
		stderrOnly bool   // stderr must be one line
	}{
		{args: "list", stdout: "no searches yet — add one with: rentwatch searches add URL\n",
			stderrHas: "created " + path},
		{args: "add https://kamernet.nl/huren/kamers-amsterdam",
			stdout: "added \"Kamernet Amsterdam\" (https://kamernet.nl/huren/kamers-amsterdam), search 1 of at most 15\n"},
		{args: "add --name Funda https://www.funda.nl/zoeken/huur",
			stdout: "added \"Funda\" (https://www.funda.nl/zoeken/huur), search 2 of at most 15\n"},
		{args: "add https://www.pararius.nl/huurwoningen/utrecht --name=Utrecht",
			stdout: "added \"Utrecht\" (https://www.pararius.nl/huurwoningen/utrecht), search 3 of at most 15\n"},
		{args: "list", stdout: "" +
			"NAME                ENABLED  TIME TO ALERT  URL\n" +
			"Kamernet Amsterdam  yes      none yet       https://kamernet.nl/huren/kamers-amsterdam\n" +
			"Funda               yes      none yet       https://www.funda.nl/zoeken/huur\n" +
			"Utrecht             yes      none yet       https://www.pararius.nl/huurwoningen/utrecht\n"},
		{args: "add http://www.kamernet.nl/huren/kamers-amsterdam/", code: 1,
			stderrHas: `already watched as "Kamernet Amsterdam"`, stderrOnly: true},
		{args: "add ftp://example.com/x", code: 2, stderrHas: "is not an http or https URL", stderrOnly: true},
		{args: "remove Kamernet Amsterdam", stdout: "removed \"Kamernet Amsterdam\" (https://kamernet.nl/huren/kamers-amsterdam)\n"},
		{args: "remove https://funda.nl/zoeken/huur/", stdout: "removed \"Funda\" (https://www.funda.nl/zoeken/huur)\n"},
		{args: "remove Zoopla", code: 1, stderrHas: `nothing is named "Zoopla"`, stderrOnly: true},
		{args: "list", stdout: "" +
			"NAME     ENABLED  TIME TO ALERT  URL\n" +
			"Utrecht  yes      none yet       https://www.pararius.nl/huurwoningen/utrecht\n"},
		// Usage errors: exit 2, one line.
		{args: "", code: 2, stderrHas: "say what to do", stderrOnly: true},
		{args: "rename x", code: 2, stderrHas: `unknown action "rename"`, stderrOnly: true},
		{args: "list extra", code: 2, stderrHas: "list takes no arguments", stderrOnly: true},
		{args: "add", code: 2, stderrHas: "add takes one URL", stderrOnly: true},
		{args: "add a b", code: 2, stderrHas: "add takes one URL", stderrOnly: true},
		{args: "remove", code: 2, stderrHas: "remove takes", stderrOnly: true},
		{args: "remove x --name y", code: 2, stderrHas: "--name is only for add", stderrOnly: true},
		{args: "list --bogus", code: 2, stderrHas: "flag provided but not defined: -bogus", stderrOnly: true},
		{args: "--help", stdout: "usage: rentwatch searches list | add URL [--name NAME] | remove NAME-OR-URL\n"},
	}
	for _, st := range steps {
		var out, errb bytes.Buffer
		code := cmdSearches(globals{config: path, data: data}, strings.Fields(st.args), &out, &errb)
		name := "searches " + st.args
		if code != st.code {
			t.Fatalf("%s: exit %d, want %d (stderr %q)", name, code, st.code, errb.String())
		}
		if out.String() != st.stdout {
			t.Errorf("%s: stdout\n%s\nwant\n%s", name, out.String(), st.stdout)
		}
		switch {
		case st.stderrHas == "" && errb.Len() != 0:
			t.Errorf("%s: unexpected stderr %q", name, errb.String())
		case !strings.Contains(errb.String(), st.stderrHas):
			t.Errorf("%s: stderr %q lacks %q", name, errb.String(), st.stderrHas)
		case st.stderrOnly && strings.Count(errb.String(), "\n") != 1:
			t.Errorf("%s: stderr is not one line: %q", name, errb.String())
		}
	}
	// What the command wrote is a good settings file holding what is left.
	s, err := config.Load(path)
	if err != nil || len(s.Searches) != 1 || s.Searches[0].Name != "Utrecht" {
		t.Errorf("final file: %+v, %v", s, err)
	}
}

// TestCmdSearchesBadFile: a bad settings file prints every problem and
// exits 1, without touching the file.
func TestCmdSearchesBadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	bad := "interval = \"1s\"\n\n[[search]]\nname = \"A\"\nurl = \"ftp://a\"\nenabeld = true\n"
	if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"list"}, {"add", "https://www.funda.nl/"}, {"remove", "A"}} {
		var out, errb bytes.Buffer
		if code := cmdSearches(globals{config: path}, args, &out, &errb); code != 1 {
			t.Fatalf("%v: exit %d, want 1", args, code)
		}
		for _, want := range []string{
			"line 1: interval: 1s is under the 10s minimum",
			`line 5: search[1].url: "ftp://a" is not an http or https URL`,
			`line 6: unknown key "search[1].enabeld"`,
		} {
			if !strings.Contains(errb.String(), want) {
				t.Errorf("%v: stderr lacks %q:\n%s", args, want, errb.String())
			}
		}
		if out.Len() != 0 {
			t.Errorf("%v: stdout %q", args, out.String())
		}
	}
	if now, _ := os.ReadFile(path); string(now) != bad {
		t.Errorf("a bad file was changed:\n%s", now)
	}
}

// TestCmdSearchesTooMany: the 16th add is refused with exit 1.
func TestCmdSearchesTooMany(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	for i := 0; i <= config.MaxSearches; i++ {
		var out, errb bytes.Buffer
		code := cmdSearches(globals{config: path}, []string{"add", "https://example.com/rooms/" + string(rune('a'+i))}, &out, &errb)
		want := 0
		if i == config.MaxSearches {
			want = 1
		}
		if code != want {
			t.Fatalf("add #%d: exit %d, want %d (%s)", i+1, code, want, errb.String())
		}
		if want == 1 && !strings.Contains(errb.String(), "at most 15 searches") {
			t.Errorf("16th add: stderr %q", errb.String())
		}
	}
}

// TestSearchesAddRefusesControlCharacters: a name with a line break (or a
// tab, a bell) would break `searches list` and the tray: it is refused,
// exit 2, and nothing is saved.
func TestSearchesAddRefusesControlCharacters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	for _, name := range []string{"Kamernet\r\nWest", "Kamernet\nWest", "Kamernet\tWest", "Kamernet\aWest", "Kamer\u202enet"} {
		var out, errb bytes.Buffer
		code := cmdSearches(globals{config: path}, []string{"add", "--name", name, "https://kamernet.nl/huren/west"}, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), "a name is") {
			t.Errorf("add --name %q: exit %d, stderr %q; want 2 and a plain refusal", name, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := cmdSearches(globals{config: path}, []string{"list"}, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "no searches yet") {
		t.Errorf("after the refusals, list: exit %d, %q %q", code, out.String(), errb.String())
	}
}

// TestSearchesAddRefusesLongNames: a name has at most 100 characters;
// a longer one is refused, exit 2, without being printed back whole.
func TestSearchesAddRefusesLongNames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	var out, errb bytes.Buffer
	code := cmdSearches(globals{config: path}, []string{"add", "--name", strings.Repeat("x", 60000), "https://kamernet.nl/huren/west"}, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "a name has at most 100") || errb.Len() > 400 {
		t.Errorf("add --name of 60,000 characters: exit %d, stderr %.500q; want 2 and a short refusal", code, errb.String())
	}
	out.Reset()
	if code := cmdSearches(globals{config: path}, []string{"add", "--name", strings.Repeat("x", 100), "https://kamernet.nl/huren/west"}, &out, &errb); code != 0 {
		t.Errorf("add --name of 100 characters: exit %d, %q", code, errb.String())
	}
}

// TestCmdSearchesKeepsComments: add and remove change the settings file in
// place; the user's own comments and the rest of the file stay as written.
func TestCmdSearchesKeepsComments(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	const mine = "# my own notes: check Funda by hand on Sundays\nversion = 1\ninterval = \"45s\" # not faster\n\n" +
		"# the one that found my last room\n[[search]]\nname = \"West\" # west only\nurl = \"https://kamernet.nl/huren/kamers-amsterdam-west\"\n"
	if err := os.WriteFile(path, []byte(mine), 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) {
		t.Helper()
		var out, errb bytes.Buffer
		if code := cmdSearches(globals{config: path}, args, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
	}
	run("add", "https://www.funda.nl/zoeken/huur", "--name", "Funda")
	if now, _ := os.ReadFile(path); !strings.HasPrefix(string(now), mine) || !strings.Contains(string(now), `name = "Funda"`) {
		t.Errorf("after add the file reads:\n%s\nwant it to start with the user's file unchanged", now)
	}
	run("remove", "Funda")
	if now, _ := os.ReadFile(path); string(now) != mine {
		t.Errorf("after add and remove the file reads:\n%s\nwant it as the user wrote it:\n%s", now, mine)
	}
}

// `searches list` shows each search's typical time to alert from the seen
// store (the median of its last 20), "none yet" before its first alert,
// and "unknown", with why, while the running app holds the store.
func TestSearchesListShowsTheTimeToAlert(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	data := t.TempDir()
	g := globals{config: path, data: data}
	west, funda := "https://kamernet.nl/huren/west", "https://www.funda.nl/zoeken/huur"
	for _, u := range []string{west, funda} {
		if code := cmdSearches(g, []string{"add", u}, io.Discard, io.Discard); code != 0 {
			t.Fatalf("add %s: exit %d", u, code)
		}
	}
	store, err := seen.Open(filepath.Join(data, "store"))
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 3, 2, 14, 0, 0, 0, time.UTC)
	if err := store.SetChannels([]string{"email"}); err != nil {
		t.Fatal(err)
	}
	// Three alerts on west: 20 s, 25 s and 2 min after their first sighting.
	for i, d := range []time.Duration{20 * time.Second, 2 * time.Minute, 25 * time.Second} {
		id := fmt.Sprint("L", i)
		found := t0.Add(time.Duration(i) * time.Hour)
		a := listing.Alert{Listing: listing.Listing{ID: id, URL: west + "/" + id}, SearchURL: west, SearchName: "West",
			FoundAt: found}
		snap := seen.Snapshot{Search: west, Listings: map[string]time.Time{id: found}, CheckedAt: found}
		if err := store.Accept([]listing.Alert{a}, []seen.Snapshot{snap}, found); err != nil {
			t.Fatal(err)
		}
		if _, err := store.Sent("email", []string{id}, found.Add(d)); err != nil {
			t.Fatal(err)
		}
	}
	list := func() (string, string) {
		var out, errb bytes.Buffer
		if code := cmdSearches(g, []string{"list"}, &out, &errb); code != 0 {
			t.Fatalf("list: exit %d, %s", code, errb.String())
		}
		return out.String(), errb.String()
	}
	out, errs := list() // the store is open, as the running app has it
	if !strings.Contains(out, "Kamernet West  yes      unknown        "+west) || !strings.Contains(errs, "rentwatch is running") ||
		!strings.Contains(errs, "tray menu") {
		t.Errorf("with the store in use:\n%s%s", out, errs)
	}
	store.Close()
	out, errs = list()
	want := "" +
		"NAME           ENABLED  TIME TO ALERT  URL\n" +
		"Kamernet West  yes      25 s           " + west + "\n" +
		"Funda          yes      none yet       " + funda + "\n"
	if out != want || errs != "" {
		t.Errorf("list:\n%s%s\nwant\n%s", out, errs, want)
	}
}
