package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// commented is a settings file with the user's own comments everywhere:
// above and beside keys, between tables, inside a multi-line array, at the
// end. Every edit must keep all of them outside the lines it changes.
const commented = `# My rentwatch settings — hand-tuned, do not lose these notes!
version = 1   # layout

# checks every 45 seconds, my choice
interval = "45s" # not faster: the sites notice

# my mail
[email]
to = "me@example.com"    # my phone reads this
host = "smtp.example.com"
port = 587
security = "starttls"
username = "me@example.com"

[browser]
path = ""  # found by itself

# ---- searches ----

# the best one
[[search]]
name = "Kamernet West"   # west side only
url = "https://kamernet.nl/huren/kamers-amsterdam"
enabled = true

# second choice
[[search]]
name = 'Funda'
url = "https://www.funda.nl/zoeken/huur"
exclude = [
  "students only", # they mean it
  "no pets",
]

# trailing note at the very end
`

const (
	kamernet = "https://kamernet.nl/huren/kamers-amsterdam"
	funda    = "https://www.funda.nl/zoeken/huur"
)

func ptr[T any](v T) *T { return &v }

// replaceOnce is src with old replaced by new exactly once: the expected
// file after an edit is the original with one span changed.
func replaceOnce(t *testing.T, src, old, new string) string {
	t.Helper()
	if n := strings.Count(src, old); n != 1 {
		t.Fatalf("test setup: %q occurs %d times", old, n)
	}
	return strings.Replace(src, old, new, 1)
}

func TestEditorKeepsComments(t *testing.T) {
	tests := []struct {
		name string
		file string
		edit func(e *editor) error
		want func(t *testing.T, src string) string
	}{
		{"rename a search with a literal-string name", commented,
			func(e *editor) error {
				_, err := e.EditSearch(funda, SearchChange{Name: ptr("Funda Huur")})
				return err
			},
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, "name = 'Funda'", `name = "Funda Huur"`)
			}},
		{"rename keeps the comment beside the key", commented,
			func(e *editor) error {
				_, err := e.EditSearch(kamernet, SearchChange{Name: ptr("West")})
				return err
			},
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, `name = "Kamernet West"   # west side only`, `name = "West"   # west side only`)
			}},
		{"disable a search", commented,
			func(e *editor) error {
				_, err := e.EditSearch(kamernet, SearchChange{Enabled: ptr(false)})
				return err
			},
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, "enabled = true\n", "enabled = false\n")
			}},
		{"disable a search without an enabled line", commented,
			func(e *editor) error {
				_, err := e.EditSearch(funda, SearchChange{Enabled: ptr(false)})
				return err
			},
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, "  \"no pets\",\n]\n", "  \"no pets\",\n]\nenabled = false\n")
			}},
		{"change the URL", commented,
			func(e *editor) error {
				_, err := e.EditSearch(kamernet, SearchChange{URL: ptr("https://kamernet.nl/huren/kamers-utrecht")})
				return err
			},
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, "kamers-amsterdam", "kamers-utrecht")
			}},
		{"set a filter over a multi-line array", commented,
			func(e *editor) error {
				_, err := e.EditSearch(funda, SearchChange{Filter: &Filter{MaxPrice: 1200, Exclude: []string{"students only"}}})
				return err
			},
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, "exclude = [\n  \"students only\", # they mean it\n  \"no pets\",\n]\n",
					"exclude = [\"students only\"]\nmax_price = 1200\n")
			}},
		{"clear a filter", commented,
			func(e *editor) error {
				_, err := e.EditSearch(funda, SearchChange{Filter: &Filter{}})
				return err
			},
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, "exclude = [\n  \"students only\", # they mean it\n  \"no pets\",\n]\n", "")
			}},
		{"add a search after the last one", commented,
			func(e *editor) error {
				_, err := e.AddSearch("Pararius", "https://www.pararius.nl/huurwoningen/utrecht", Filter{MinSize: 20, Require: []string{"balcony"}}, "")
				return err
			},
			func(t *testing.T, src string) string {
				return src + "\n[[search]]\nname = \"Pararius\"\nurl = \"https://www.pararius.nl/huurwoningen/utrecht\"\nenabled = true\nmin_size = 20\nrequire = [\"balcony\"]\n"
			}},
		{"remove a search with its own comment", commented,
			func(e *editor) error {
				_, err := e.RemoveSearch(kamernet)
				return err
			},
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, "# the best one\n[[search]]\nname = \"Kamernet West\"   # west side only\nurl = \"https://kamernet.nl/huren/kamers-amsterdam\"\nenabled = true\n\n", "")
			}},
		{"remove the last search", commented,
			func(e *editor) error {
				_, err := e.RemoveSearch(funda)
				return err
			},
			func(t *testing.T, src string) string {
				i := strings.Index(src, "\n\n# second choice")
				return src[:i+1]
			}},
		{"remove the only search", "# mine\nversion = 1\n\n# the one\n[[search]]\nname = \"A\"\nurl = \"https://a.example/\"\n",
			func(e *editor) error {
				_, err := e.RemoveSearch("https://a.example/")
				return err
			},
			func(t *testing.T, src string) string { return "# mine\nversion = 1\n" }},
		{"change one email field", commented,
			func(e *editor) error {
				_, err := e.SetEmail(&Email{To: "new@example.com", Host: "smtp.example.com", Username: "me@example.com"})
				return err
			},
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, `to = "me@example.com"    # my phone reads this`, `to = "new@example.com"    # my phone reads this`)
			}},
		{"turn email off", commented,
			func(e *editor) error {
				_, err := e.SetEmail(nil)
				return err
			},
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, "# my mail\n[email]\nto = \"me@example.com\"    # my phone reads this\nhost = \"smtp.example.com\"\nport = 587\nsecurity = \"starttls\"\nusername = \"me@example.com\"\n\n", "")
			}},
		{"turn email on above [browser]", strings.Replace(commented, "# my mail\n[email]\nto = \"me@example.com\"    # my phone reads this\nhost = \"smtp.example.com\"\nport = 587\nsecurity = \"starttls\"\nusername = \"me@example.com\"\n\n", "", 1),
			func(e *editor) error {
				_, err := e.SetEmail(&Email{To: "me@example.com", Host: "mail.example.com", Port: 465, Username: "me", From: "me@example.com"})
				return err
			},
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, "[browser]\n", "[email]\nto = \"me@example.com\"\nfrom = \"me@example.com\"\nhost = \"mail.example.com\"\nport = 465\nsecurity = \"tls\"\nusername = \"me\"\n\n[browser]\n")
			}},
		{"set the interval", commented,
			func(e *editor) error { return e.SetInterval(2 * time.Minute) },
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, `interval = "45s" # not faster`, `interval = "2m0s" # not faster`)
			}},
		{"set an interval the file leaves out", "# mine\nversion = 1\n\n[browser]\npath = \"\"\n",
			func(e *editor) error { return e.SetInterval(time.Minute) },
			func(t *testing.T, src string) string {
				return replaceOnce(t, src, "version = 1\n", "version = 1\ninterval = \"1m0s\"\n")
			}},
		{"windows line endings stay", strings.ReplaceAll(commented, "\n", "\r\n"),
			func(e *editor) error {
				_, err := e.AddSearch("X", "https://x.example/search", Filter{}, "")
				return err
			},
			func(t *testing.T, src string) string {
				return src + "\r\n[[search]]\r\nname = \"X\"\r\nurl = \"https://x.example/search\"\r\nenabled = true\r\n"
			}},
		{"a file without a final newline", "version = 1\n[[search]]\nname = \"A\"\nurl = \"https://a.example/\"",
			func(e *editor) error {
				_, err := e.EditSearch("https://a.example/", SearchChange{Enabled: ptr(false)})
				return err
			},
			func(t *testing.T, src string) string { return src + "\nenabled = false\n" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, tt.file)
			var saved []Settings
			e := &editor{path: path, saved: func(_ []byte, s Settings) { saved = append(saved, s) }}
			if err := tt.edit(e); err != nil {
				t.Fatalf("edit: %v", err)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if want := tt.want(t, tt.file); string(got) != want {
				t.Errorf("file after the edit:\n%s\nwant:\n%s", got, want)
			}
			loaded, err := Load(path)
			if err != nil {
				t.Fatalf("the edited file does not load: %v", err)
			}
			if len(saved) != 1 || !reflect.DeepEqual(saved[0], loaded) {
				t.Errorf("saved was told %+v, want once the settings in the file %+v", saved, loaded)
			}
		})
	}
}

func TestEditorRefuses(t *testing.T) {
	many := "version = 1\n"
	for i := range MaxSearches {
		many += fmt.Sprintf("[[search]]\nname = \"s%d\"\nurl = \"https://e.example/%d\"\n", i, i)
	}
	tests := []struct {
		name    string
		file    string
		edit    func(e *editor) error
		wantErr error  // matched with errors.Is; nil: check msg only
		msg     string // part of the error
	}{
		{"a file with a mistake", "interval = 30s\n", func(e *editor) error { return e.SetInterval(time.Minute) },
			ErrFileProblem, "the interval must be in quotes"},
		{"a file with a bad value", "interval = \"3s\"\n", func(e *editor) error { return e.SetInterval(time.Minute) },
			ErrFileProblem, "under the 10s minimum"},
		{"email written inline", "email = { to = \"a@b.example\", host = \"h.example\", username = \"u@b.example\" }\n",
			func(e *editor) error {
				_, err := e.SetEmail(&Email{To: "c@d.example", Host: "h", Username: "u"})
				return err
			}, ErrCannotEdit, "[email]"},
		{"searches written inline", "search = [{ name = \"A\", url = \"https://a.example/\" }]\n",
			func(e *editor) error {
				_, err := e.AddSearch("", "https://b.example/", Filter{}, "")
				return err
			}, ErrCannotEdit, "[[search]]"},
		{"a 16th search", many, func(e *editor) error {
			_, err := e.AddSearch("", "https://x.example/", Filter{}, "")
			return err
		}, ErrTooManySearches, "remove one first"},
		{"a URL that is not http", commented, func(e *editor) error {
			_, err := e.AddSearch("", "javascript:alert(1)", Filter{}, "")
			return err
		}, ErrBadSearchURL, "not an http or https URL"},
		{"the same search twice", commented, func(e *editor) error {
			_, err := e.AddSearch("", "https://kamernet.nl/huren/kamers-amsterdam/", Filter{}, "")
			return err
		}, ErrDuplicateSearch, "already watched"},
		{"a name another search has", commented, func(e *editor) error {
			_, err := e.EditSearch(funda, SearchChange{Name: ptr("kamernet west")})
			return err
		}, ErrDuplicateSearch, "already used"},
		{"an empty name", commented, func(e *editor) error {
			_, err := e.EditSearch(funda, SearchChange{Name: ptr("  ")})
			return err
		}, nil, "name: empty"},
		{"a URL another search has", commented, func(e *editor) error {
			_, err := e.EditSearch(funda, SearchChange{URL: ptr("http://www.kamernet.nl/huren/kamers-amsterdam")})
			return err
		}, ErrDuplicateSearch, "already watched"},
		{"no such search", commented, func(e *editor) error {
			_, err := e.RemoveSearch("https://nowhere.example/")
			return err
		}, ErrNoSuchSearch, "no saved search"},
		{"a negative price", commented, func(e *editor) error {
			_, err := e.EditSearch(funda, SearchChange{Filter: &Filter{MaxPrice: -3}})
			return err
		}, nil, "max_price: -3 is below zero"},
		{"a short interval", commented, func(e *editor) error { return e.SetInterval(time.Second) }, nil, "under the 10s minimum"},
		{"no interval at all", commented, func(e *editor) error { return e.SetInterval(0) }, nil, "interval: 0s is under the 10s minimum"},
		{"a negative interval", commented, func(e *editor) error { return e.SetInterval(-time.Minute) }, nil, "interval: -1m0s is under the 10s minimum"},
		{"a name of 101 characters", commented, func(e *editor) error {
			_, err := e.EditSearch(funda, SearchChange{Name: ptr(strings.Repeat("x", 101))})
			return err
		}, nil, "a name has at most 100"},
		{"a new search named with a right-to-left override", commented, func(e *editor) error {
			_, err := e.AddSearch("West \u202e", "https://www.pararius.nl/huurwoningen/utrecht", Filter{}, "")
			return err
		}, ErrBadSearchName, "invisible control character"},
		{"bad email", commented, func(e *editor) error {
			_, err := e.SetEmail(&Email{To: "not an address", Host: "smtp.example.com", Username: "u@example.com"})
			return err
		}, nil, "is not an email address"},
		// From left blank is the login: the user is told which field to
		// fill, not that a From they never typed is wrong.
		{"from blank, a login that is no address", commented, func(e *editor) error {
			_, err := e.SetEmail(&Email{To: "me@example.com", Host: "smtp.example.com", Username: "watcher"})
			return err
		}, nil, `email.from: your login "watcher" is not an email address, so fill in From with the address the email should come from`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, tt.file)
			saved := 0
			err := tt.edit(&editor{path: path, saved: func([]byte, Settings) { saved++ }})
			if err == nil {
				t.Fatal("the edit was made")
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Errorf("error %v does not match %v", err, tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not say %q", err, tt.msg)
			}
			if got, _ := os.ReadFile(path); string(got) != tt.file {
				t.Errorf("the file changed:\n%s", got)
			}
			if saved != 0 {
				t.Error("saved was called for a refused edit")
			}
		})
	}
}

func TestOwnerDefaultFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rentwatch", "config.toml") // not there yet: created when opened
	e := Open(path, Options{})
	defer e.Close()
	if _, err := e.AddSearch("", "https://kamernet.nl/huren/kamers-amsterdam", Filter{MaxPrice: 900}, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := e.SetEmail(&Email{To: "me@example.com", Host: "smtp.example.com", Username: "me@example.com"}); err != nil {
		t.Fatal(err)
	}
	s, err := e.Settings()
	if err != nil {
		t.Fatal(err)
	}
	want := []Search{{Name: "Kamernet Amsterdam", URL: "https://kamernet.nl/huren/kamers-amsterdam", Enabled: true, Filter: Filter{MaxPrice: 900}}}
	if !reflect.DeepEqual(s.Searches, want) || s.Email == nil || s.Email.Port != 587 || s.Email.From != "me@example.com" {
		t.Errorf("settings = %+v %+v", s.Searches, s.Email)
	}
	data, _ := os.ReadFile(path)
	text := string(data)
	// the default file's explanations are all still there
	for _, keep := range []string{"# rentwatch settings. Edit freely", "# Email alerts are off", "# Saved searches, at most 15", "max_price      the most rent"} {
		if !strings.Contains(text, keep) {
			t.Errorf("the file lost %q:\n%s", keep, text)
		}
	}
	if strings.Index(text, "[email]\n") > strings.Index(text, "[browser]") {
		t.Errorf("[email] was not put above [browser]:\n%s", text)
	}
}

func TestOwnerOneChangeAtATime(t *testing.T) {
	path := writeFile(t, commented)
	e := Open(path, Options{})
	defer e.Close()
	var wg sync.WaitGroup
	errs := make(chan error, 10)
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := e.AddSearch("", fmt.Sprintf("https://site%d.example/search", i), Filter{}, "")
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Searches) != 12 {
		t.Errorf("%d searches after 10 concurrent adds to 2, want 12", len(s.Searches))
	}
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), commented) {
		t.Error("the original text is not kept at the start of the file")
	}
}
