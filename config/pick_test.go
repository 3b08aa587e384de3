package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPickLoads(t *testing.T) {
	tests := []struct {
		name, pick string // the line's value as written
		want       string // the search's Pick; "" with problem
		problem    string // part of the error; "" for none
	}{
		{"a key from the preview", `"8b618849"`, "8b618849", ""},
		{"no pick", `""`, "", ""},
		{"too short", `"8b61"`, "", `search[1].pick: "8b61" is not the key of a list`},
		{"not hex", `"results!"`, "", "a key is 8 characters 0-9 and a-f"},
		{"upper case, as no preview writes it", `"8B618849"`, "", "is not the key of a list"},
		{"not text", `8`, "", "search[1].pick: 8 is not text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, "version = 1\n[[search]]\nname = \"A\"\nurl = \"https://a.example/s\"\npick = "+tt.pick+"\n")
			s, err := Load(path)
			switch {
			case tt.problem == "" && err != nil:
				t.Fatalf("Load: %v", err)
			case tt.problem != "" && (err == nil || !strings.Contains(err.Error(), tt.problem)):
				t.Fatalf("Load: %v, want a problem saying %q", err, tt.problem)
			case tt.problem == "" && s.Searches[0].Pick != tt.want:
				t.Errorf("Pick = %q, want %q", s.Searches[0].Pick, tt.want)
			}
			if tt.problem != "" && !strings.Contains(err.Error(), "line 5") {
				t.Errorf("the problem does not name the line the pick is on: %v", err)
			}
		})
	}
}

// TestPickEdits: the window's edits write the pick with a comment saying
// what it is, change it in place keeping the user's own comment, remove
// the line, and refuse a key that is not one, writing nothing.
func TestPickEdits(t *testing.T) {
	tests := []struct {
		name string
		file string
		edit func(e *editor) error
		want func(t *testing.T, src string) string
	}{
		{"pick a list", commented,
			func(e *editor) error {
				_, err := e.EditSearch(kamernet, SearchChange{Pick: ptr("8b618849")})
				return err
			},
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, "enabled = true\n", "enabled = true\n"+
					`pick = "8b618849"              # the list picked in the window's preview; remove this line to let rentwatch choose`+"\n")
			}},
		{"pick another, the user's comment kept", strings.Replace(commented, "enabled = true\n", "enabled = true\npick = \"00000001\" # the results\n", 1),
			func(e *editor) error {
				_, err := e.EditSearch(kamernet, SearchChange{Pick: ptr(" 5832F069 ")})
				return err
			},
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, `pick = "00000001" # the results`, `pick = "5832f069" # the results`)
			}},
		{"let rentwatch choose again", strings.Replace(commented, "enabled = true\n", "enabled = true\npick = \"00000001\" # the results\n", 1),
			func(e *editor) error {
				_, err := e.EditSearch(kamernet, SearchChange{Pick: ptr("")})
				return err
			},
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, "pick = \"00000001\" # the results\n", "")
			}},
		{"add a search with its pick", commented,
			func(e *editor) error {
				_, err := e.AddSearch("X", "https://x.example/search", Filter{}, "8b618849")
				return err
			},
			func(t *testing.T, src string) string {
				return src + "\n[[search]]\nname = \"X\"\nurl = \"https://x.example/search\"\nenabled = true\n" +
					`pick = "8b618849"              # the list picked in the window's preview; remove this line to let rentwatch choose` + "\n"
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, tt.file)
			e := &editor{path: path}
			if err := tt.edit(e); err != nil {
				t.Fatalf("edit: %v", err)
			}
			got, _ := os.ReadFile(path)
			if want := tt.want(t, tt.file); string(got) != want {
				t.Errorf("file after the edit:\n%s\nwant:\n%s", got, want)
			}
			if _, err := Load(path); err != nil {
				t.Fatalf("the edited file does not load: %v", err)
			}
		})
	}
	t.Run("a key that is not one is refused, nothing written", func(t *testing.T) {
		path := writeFile(t, commented)
		e := &editor{path: path}
		_, err := e.EditSearch(kamernet, SearchChange{Pick: ptr("the results")})
		var ce *Error
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), "pick: \"the results\" is not the key of a list") {
			t.Errorf("EditSearch: %v, want the pick's problem", err)
		}
		_, err = e.AddSearch("X", "https://x.example/search", Filter{}, strings.Repeat("a", 500))
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), "…\" is not the key of a list") {
			t.Errorf("AddSearch: %v, want the pick's problem, the key cut short", err)
		}
		if got, _ := os.ReadFile(path); string(got) != commented {
			t.Errorf("a refused pick changed the file:\n%s", got)
		}
	})
}

// TestPickSaved: Save writes the pick as the window does, and the new
// file's comments say what pick is.
func TestPickSaved(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	s := Default()
	s.Searches = []Search{{Name: "A", URL: "https://a.example/s", Enabled: true, Pick: "8b618849"}}
	if err := Save(path, s); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil || got.Searches[0].Pick != "8b618849" {
		t.Fatalf("Load after Save: %+v, %v", got.Searches, err)
	}
	b, _ := os.ReadFile(path)
	for _, want := range []string{"#     pick           the list on the page to watch", "pick = \"8b618849\"              # the list picked"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the saved file lacks %q:\n%s", want, b)
		}
	}
}
