package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// writeFile writes a settings file into a fresh temp dir and returns its path.
func writeFile(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "nope", "config.toml"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Load of a missing file = %v, want an fs.ErrNotExist error", err)
	}
}

func TestLoadDefaults(t *testing.T) {
	tests := []struct {
		name string
		file string
		want Settings
	}{
		{"empty file", ``, Settings{Version: 1, Interval: 30 * time.Second}},
		{"version only", "version = 1\n", Settings{Version: 1, Interval: 30 * time.Second}},
		{"enabled absent is true, false stays false", `
[[search]]
name = "A"
url = "https://kamernet.nl/huren/kamers-amsterdam"
[[search]]
name = "B"
url = "https://www.funda.nl/zoeken/huur"
enabled = false
`, Settings{Version: 1, Interval: 30 * time.Second, Searches: []Search{
			{Name: "A", URL: "https://kamernet.nl/huren/kamers-amsterdam", Enabled: true},
			{Name: "B", URL: "https://www.funda.nl/zoeken/huur", Enabled: false},
		}}},
		{"starttls gets 587, from defaults to username", `
interval = "2m"
[email]
to = "me@example.com"
host = "smtp.example.com"
username = "bot@example.com"
`, Settings{Version: 1, Interval: 2 * time.Minute, Email: &Email{
			To: "me@example.com", From: "bot@example.com", Host: "smtp.example.com",
			Port: 587, Security: "starttls", Username: "bot@example.com"}}},
		{"tls gets 465", `
[email]
to = "me@example.com"
from = "alerts@example.com"
host = "smtp.example.com"
security = "tls"
`, Settings{Version: 1, Interval: 30 * time.Second, Email: &Email{
			To: "me@example.com", From: "alerts@example.com", Host: "smtp.example.com",
			Port: 465, Security: "tls"}}},
		{"port 465 alone means tls", `
[email]
to = "me@example.com"
from = "me@example.com"
host = "smtp.example.com"
port = 465
`, Settings{Version: 1, Interval: 30 * time.Second, Email: &Email{
			To: "me@example.com", From: "me@example.com", Host: "smtp.example.com",
			Port: 465, Security: "tls"}}},
		{"browser path", "[browser]\npath = \"/usr/bin/chromium\"\n",
			Settings{Version: 1, Interval: 30 * time.Second, Browser: Browser{Path: "/usr/bin/chromium"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Load(writeFile(t, tt.file))
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Load =\n%+v\nwant\n%+v", show2(got), show2(tt.want))
			}
		})
	}
}

func show2(s Settings) string {
	out := strings.Builder{}
	out.WriteString(strings.TrimSpace(render(s)))
	return out.String()
}

// TestLoadProblems checks every validation message, and that each names
// the right line. Each case is a whole file; want is the full error text.
func TestLoadProblems(t *testing.T) {
	search := func(name, url string) string {
		return "\n[[search]]\nname = \"" + name + "\"\nurl = \"" + url + "\"\n"
	}
	var many strings.Builder
	for i := 0; i < 17; i++ {
		many.WriteString(search("S"+string(rune('a'+i)), "https://example.com/s/"+string(rune('a'+i))))
	}
	checkLoadErrors(t, []loadError{
		{"interval under minimum", "version = 1\n\ninterval = \"5s\"\n",
			`line 3: interval: 5s is under the 10s minimum`},
		{"interval zero", "version = 1\ninterval = \"0s\"\n",
			`line 2: interval: 0s is under the 10s minimum`},
		{"interval not a duration", "interval = \"30\"\n",
			`line 1: interval: "30" is not a duration like "30s" or "2m"`},
		{"interval a bare number", "interval = 30\n",
			`line 1: interval: 30 is not a duration; write it in quotes with a unit, like "30s" or "2m"`},
		{"ftp url", search("A", "https://a.example/x") + search("B", "ftp://x"),
			`line 8: search[2].url: "ftp://x" is not an http or https URL`},
		{"url without host", search("A", "https:///rooms"),
			`line 4: search[1].url: "https:///rooms" has no host`},
		{"empty name and url", "[[search]]\nname = \"\"\nurl = \"\"\n",
			"line 2: search[1].name: empty; give the search a name, like \"Kamernet Amsterdam\"\n" +
				"line 3: search[1].url: empty; paste the address of the portal's search results page"},
		{"missing name", "[[search]]\nurl = \"https://a.example/\"\n",
			"line 1: search[1].name: empty; give the search a name, like \"Kamernet Amsterdam\""},
		{"duplicate search, normalised", search("A", "https://www.Funda.nl/zoeken/huur/?b=2&a=1") +
			search("B", "https://x.example/") + search("C", "https://y.example/") +
			search("D", "http://funda.nl/zoeken/huur?a=1&b=2#top"),
			`line 14: search[4]: the same search as search[1] (https://www.Funda.nl/zoeken/huur/?b=2&a=1)`},
		{"duplicate name", search("Home", "https://a.example/") + search("home", "https://b.example/"),
			`line 7: search[2].name: "home" is already the name of search[1]; names must differ so a search can be picked by name`},
		{"too many searches", many.String(), `line 62: more than 15 searches (17)`},
		{"port out of range", "[email]\nto = \"a@b.example\"\nfrom = \"a@b.example\"\nhost = \"smtp.b.example\"\nport = 70000\n",
			`line 5: email.port: 70000 is not a port`},
		{"port in quotes", "[email]\nto = \"a@b.example\"\nfrom = \"a@b.example\"\nhost = \"h\"\nport = \"587\"\n",
			`line 5: email.port: "587" is not a number; write it without quotes, like 587`},
		{"security ssl", "[email]\nto = \"a@b.example\"\nfrom = \"a@b.example\"\nhost = \"h\"\nsecurity = \"ssl\"\n",
			`line 5: email.security: "ssl" must be "tls" or "starttls"`},
		{"email missing everything", "\n[email]\n",
			"line 2: email.to: empty; the address alerts go to, like \"me@example.com\"\n" +
				"line 2: email.from: empty, and there is no username to default to\n" +
				"line 2: email.host: empty; the SMTP server's name, like \"smtp.example.com\""},
		{"bad addresses and host", "[email]\nto = \"me\"\nfrom = \"x@\"\nhost = \"smtp.x.example:587\"\n",
			"line 2: email.to: \"me\" is not an email address\n" +
				"line 3: email.from: \"x@\" is not an email address\n" +
				"line 4: email.host: \"smtp.x.example:587\" is not a server name (put the port in email.port, and leave out any smtp://)"},
		{"unknown table key", "version = 1\n\n# mail\n[emial]\n\n\n\n\nto = \"me@example.com\"\n",
			`line 9: unknown key "emial.to" (did you mean "email.to"?)`},
		{"unknown keys everywhere", "colour = \"red\"\n[browser]\npth = \"x\"\n" + search("A", "https://a.example/") + "enabeld = false\n",
			"line 1: unknown key \"colour\"\n" +
				"line 3: unknown key \"browser.pth\" (did you mean \"browser.path\"?)\n" +
				"line 8: unknown key \"search[1].enabeld\" (did you mean \"search[1].enabled\"?)"},
		{"dotted unknown key", "email.to = \"a@b.example\"\nemail.form = \"a@b.example\"\nemail.host = \"h\"\n",
			"line 1: email.from: empty, and there is no username to default to\n" +
				`line 2: unknown key "email.form" (did you mean "email.from"?)`},
		{"wrong types", "[browser]\npath = 3\n[[search]]\nname = \"A\"\nurl = \"https://a.example/\"\nenabled = \"yes\"\n",
			"line 2: browser.path: 3 is not text; put it in quotes\n" +
				"line 6: search[1].enabled: \"yes\" is not true or false (write it without quotes)"},
		{"email not a table", "email = \"me@example.com\"\n",
			`line 1: email: must be a table: write it as [email] with its keys below`},
		{"search not tables", "\nsearch = \"https://a.example/\"\n",
			`line 2: search: write [[search]] with double brackets: each search is its own [[search]] block`},
		{"syntax error", "version = 1\ninterval = \"30s\n",
			`line 2: the closing quote is missing: interval = "30s"`},
		{"version not a number", "version = \"one\"\n", `line 1: version: "one" is not a whole number`},
		{"a multi-line string does not fool the line scan", "[browser]\npath = \"\"\"\nurl = 1\n\"\"\"\n" +
			search("A", "ftp://a"), `line 8: search[1].url: "ftp://a" is not an http or https URL`},
	})
}

// loadError is a settings file Load must refuse, and the whole message
// it must refuse it with.
type loadError struct {
	name string
	file string
	want string
}

// checkLoadErrors loads each file and wants an *Error reading exactly
// its want.
func checkLoadErrors(t *testing.T, tests []loadError) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(writeFile(t, tt.file))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Load = %v, want an *Error", err)
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("Load error:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestProblemsAreTyped checks the tray can read the problems one by one.
func TestProblemsAreTyped(t *testing.T) {
	path := writeFile(t, "interval = \"1s\"\n[email]\nto = \"a@b.example\"\nfrom = \"a@b.example\"\nhost = \"h\"\nport = 0\n")
	_, err := Load(path)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Load = %v, want *Error", err)
	}
	want := []Problem{
		{Line: 1, Field: "interval", Message: "1s is under the 10s minimum"},
		{Line: 6, Field: "email.port", Message: "0 is not a port"},
	}
	if !reflect.DeepEqual(e.Problems, want) {
		t.Errorf("Problems = %+v, want %+v", e.Problems, want)
	}
	if e.Path != path {
		t.Errorf("Path = %q, want %q", e.Path, path)
	}
}

func TestValidateWithoutFile(t *testing.T) {
	s := Default()
	if err := s.Validate(); err != nil {
		t.Fatalf("Default().Validate() = %v", err)
	}
	s.Interval = time.Second
	if err := s.Validate(); err == nil || err.Error() != "interval: 1s is under the 10s minimum" {
		t.Errorf("Validate = %v", err)
	}
}
