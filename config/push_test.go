package config

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/matrix"

	"rentwatch/internal/testkit"
)

const secret = "tok-9f2kq7"

// A [push] table loads, saves back the same, and every problem with it
// is named by its place, never by the URL (a URL holds a secret).
func TestPushLoadsAndNeverShowsAURL(t *testing.T) {
	tests := []struct {
		name, file string
		wantURLs   []string
		wantErr    string
	}{
		{"two channels", "[push]\nurls = [\"ntfy://ntfy.sh/" + secret + "\", \"telegram://123456:" + secret + "@telegram?chats=1\"]\n",
			[]string{"ntfy://ntfy.sh/" + secret, "telegram://123456:" + secret + "@telegram?chats=1"}, ""},
		{"no scheme", "[push]\nurls = [\"ntfy.sh/" + secret + "\"]\n", nil, "push.urls[1]"},
		{"a space", "[push]\nurls = [\"ntfy://ntfy.sh/" + secret + " x\"]\n", nil, "space"},
		{"twice", "[push]\nurls = [\"ntfy://ntfy.sh/" + secret + "\", \"ntfy://ntfy.sh/" + secret + "\"]\n", nil, "the same URL as push.urls[1]"},
		{"not quoted", "[push]\nurls = [ntfy://ntfy.sh/" + secret + "]\n", nil, "cannot be read"},
		{"not a list", "[push]\nurls = \"ntfy://ntfy.sh/" + secret + "\"\n", nil, "must be a list"},
		{"unquoted on its own line", "[push]\nurls = [\n  \"ntfy://ntfy.sh/a\",\n  ntfy://ntfy.sh/" + secret + ",\n]\n", nil, "cannot be read"},
		{"an unknown key", "[push]\nurl = \"ntfy://ntfy.sh/" + secret + "\"\n", nil, "push.url"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.toml")
			if err := os.WriteFile(path, []byte(tt.file), 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := Load(path)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Load error %v, want one saying %q", err, tt.wantErr)
				}
				if strings.Contains(err.Error(), secret) {
					t.Errorf("the error shows the URL's secret: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Push == nil || strings.Join(s.Push.URLs, " ") != strings.Join(tt.wantURLs, " ") {
				t.Fatalf("push %+v, want %v", s.Push, tt.wantURLs)
			}
			if err := Save(path, s); err != nil {
				t.Fatal(err)
			}
			again, err := Load(path)
			if err != nil || strings.Join(again.Push.URLs, " ") != strings.Join(tt.wantURLs, " ") {
				t.Errorf("after a save: %+v, %v", again.Push, err)
			}
			if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
				t.Errorf("saved with mode %v, want 0600", st.Mode().Perm())
			}
		})
	}
}

func TestKeepPrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte("[push]\nurls = []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, 0o644)
	for i, want := range []bool{true, false} {
		fixed, err := KeepPrivate(path)
		if err != nil || fixed != want {
			t.Errorf("call %d: fixed %v err %v, want %v", i+1, fixed, err, want)
		}
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", st.Mode().Perm())
	}
}

// A new file explains [push] in a comment.
func TestDefaultFileExplainsPush(t *testing.T) {
	if text := render(Default()); !strings.Contains(text, "# [push]") || !strings.Contains(text, "rentwatch test-push") {
		t.Errorf("the default file does not explain [push]:\n%s", text)
	}
}

// A push URL its service cannot read is refused when the file is read,
// naming the entry and its line, never showing the URL's secret parts;
// one it can read loads.
func TestPushURLsTheServiceCannotReadAreRefusedAtLoad(t *testing.T) {
	tests := []struct {
		name, url string
		says      string // "": the URL loads
	}{
		{"ntfy", "ntfy://ntfy.sh/" + secret, ""},
		{"ntfy over http", "ntfy://127.0.0.1:8080/" + secret + "?scheme=http&priority=high", ""},
		{"telegram", "telegram://123456:" + secret + "@telegram?chats=@" + secret, ""},
		{"gotify", "gotify://gotify.example.org/A" + secret, ""},
		{"a webhook", "generic+https://hooks.example.org/" + secret, ""},
		{"matrix", "matrix://me:" + secret + "@matrix.example.org?rooms=" + secret, ""},
		{"pushover", "pushover://shoutrrr:" + secret + "@" + secret + "/", ""},

		{"ntfy without a topic", "ntfy://ntfy.sh/", "the ntfy URL's settings are not right: topic is required"},
		{"ntfy with a priority it does not know", "ntfy://ntfy.sh/" + secret + "?priority=loudest", `setting query parameter "priority"`},
		{"a telegram token of the wrong form", "telegram://" + secret + "@telegram?chats=1", "the telegram URL's settings are not right: invalid telegram token"},
		{"pushover without its token", "pushover://" + secret + "@" + secret + "/", "token missing"},
		{"discord without a webhook", "discord://" + secret + "@", "webhook ID missing"},
		{"slack with a token of the wrong form", "slack://" + secret, "invalid slack token format"},
		{"a misspelt service", "nfty://ntfy.sh/" + secret, `"nfty" is not a service rentwatch can send to (it knows bark, discord`},
		{"a stray percent sign", "ntfy://ntfy.sh/" + secret + "%zz", "the URL cannot be read: look for a stray %"},
		{"a form the service does not take", "ntfy+https://ntfy.sh/" + secret, "the ntfy service takes no ntfy+ form of URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := "version = 1\n\n[push]\nurls = [\n  \"ntfy://ntfy.sh/first-" + secret + "\",\n\n  # my phone\n  \"" + tt.url + "\", # the second\n]\n"
			_, err := Load(writeFile(t, file))
			if tt.says == "" {
				if err != nil {
					t.Fatalf("Load: %v", err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) || len(e.Problems) != 1 {
				t.Fatalf("Load = %v; want one problem", err)
			}
			p := e.Problems[0]
			if p.Line != 8 || p.Field != "push.urls[2]" || !strings.Contains(p.Message, tt.says) {
				t.Errorf("line %d: %s; want line 8: push.urls[2] saying %q", p.Line, p, tt.says)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("the problem shows the URL's secret: %v", err)
			}
		})
	}
}

// Checking push URLs sends nothing: every service's reading of a URL
// that points at a loopback server leaves that server without a request.
// (Matrix's own Initialize logs in: shown here, so this test can fail.)
func TestPushURLsAreCheckedOffline(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.WriteHeader(http.StatusTeapot)
	}))
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	for _, scheme := range pushServices() {
		for _, raw := range []string{
			scheme + "://me:" + secret + "@" + host + "/" + secret + "?disabletls=yes&scheme=http&rooms=" + secret,
			scheme + "://" + host + "/" + secret + "/" + secret,
		} {
			pushURLProblem(raw)
			if n := hits.Load(); n != 0 {
				t.Fatalf("reading %s sent %d request(s) to its server", scheme+"://...", n)
			}
		}
	}
	u, _ := url.Parse("matrix://me:" + secret + "@" + host + "?disabletls=yes")
	(&matrix.Service{}).Initialize(u, nil)
	if hits.Load() == 0 {
		t.Error("Matrix's own Initialize no longer logs in: read its URLs with it (readSettingsOf)")
	}
}

// A settings file that holds, or may hold, a push URL is made private
// (0600) by its owner as soon as it reads it, judged from the bytes: a
// file with a mistake in it holds its secrets all the same. One without
// is left as the user keeps it.
func TestOwnerMakesAFileWithSecretsPrivate(t *testing.T) {
	const searches = "version = 1\n\n[[search]]\nname = \"West\"\nurl = \"https://kamernet.nl/huren/kamers-amsterdam\"\n"
	tests := []struct {
		name, file string
		private    bool
	}{
		{"a push URL and a mistake", "version = 1\ninterval = 30s\n[push]\nurls = [\"ntfy://ntfy.sh/" + secret + "\"]\n", true},
		{"a push URL and a mistake on its line", "version = 1\n[push]\nurls = [ntfy://ntfy.sh/" + secret + "]\n", true},
		{"a push URL in a table misspelt", "version = 1\n[psuh]\nurls = [\"ntfy://ntfy.sh/" + secret + "\"]\n", true},
		{"a push URL with no table at all", "version = 1\nurls = [\"telegram://123:" + secret + "@telegram?chats=1\"\n", true},
		{"a push URL that loads", "version = 1\n[push]\nurls = [\"ntfy://ntfy.sh/" + secret + "\"]\n", true},
		{"searches only", searches, false},
		{"searches and a mistake", searches + "interval = 30s\n", false},
		{"push in comments only", "version = 1\n# [push]\n# urls = [\"ntfy://ntfy.sh/a-topic\"]\n" + searches[len("version = 1\n"):], false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, tt.file)
			if err := os.Chmod(path, 0o644); err != nil {
				t.Fatal(err)
			}
			o := Open(path, Options{Every: 20 * time.Millisecond})
			defer o.Close()
			want := os.FileMode(0o644)
			if tt.private {
				want = 0o600
			}
			if st, err := os.Stat(path); err != nil || st.Mode().Perm() != want {
				t.Fatalf("after Open the file is %v (%v), want %v", st.Mode().Perm(), err, want)
			}
		})
	}

	// An edit by hand that adds a push URL, with a mistake, to a file
	// that had none: made private once the edit has settled.
	path := writeFile(t, searches)
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	o := Open(path, Options{Every: 20 * time.Millisecond})
	defer o.Close()
	if err := os.WriteFile(path, []byte(searches+"[push]\nurls = [ntfy://ntfy.sh/"+secret+"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	testkit.Eventually(t, "the edited file made private", testkit.Patience, func() error {
		if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 {
			return fmt.Errorf("the file is %v (%v)", st.Mode().Perm(), err)
		}
		if o.Now().Problem == nil {
			return errors.New("the edit is not judged yet")
		}
		return nil
	})
}
