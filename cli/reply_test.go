package cli

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rentwatch/internal/testkit"
	"rentwatch/pages"
)

func TestCmdReplyRefuses(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(cfg, []byte("[reply]\nname = \"Sam\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	listing := "https://kamernet.nl/huren/kamer-amsterdam/damrak/kamer-2345678"
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no url", []string{"--dry-run"}, 2, "usage: rentwatch reply"},
		{"would send without --yes", []string{listing}, 2, "would really send a message"},
		{"both modes", []string{"--dry-run", "--yes", listing}, 2, "contradict"},
		{"portal without a recipe", []string{"--dry-run", "https://www.funda.nl/detail/huur/x/43123456/"}, 1,
			"funda.nl: no reply recipe for this portal"},
		{"no message anywhere", []string{"--dry-run", listing, "--config", cfg}, 1, "no message to send"},
		{"unknown search", []string{"--dry-run", listing, "--config", cfg, "--search", "Nope"}, 1, `no search named "Nope"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := cmdReply(globals{}, tc.args, &stdout, &stderr)
			if code != tc.code || !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr.String(), tc.code, tc.stderr)
			}
		})
	}
}

// TestCmdReplyAgainstAPortal runs the command against a portal on loopback:
// a dry run saves a PNG and sends nothing; --yes sends exactly once.
func TestCmdReplyAgainstAPortal(t *testing.T) {
	chrome := testkit.Chromium(t)
	const host = "127.0.0.10"
	site := testkit.StartContactSite(t, host, filepath.Join("..", "testdata", "replysite"))
	registerContactRecipe(t, host)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.toml")
	err := os.WriteFile(cfg, []byte(`[reply]
name = "Sam Jansen"
email = "sam@example.com"
message = "Hallo, ik ben {name}. Is {title} nog vrij?"

[[search]]
name = "Rooms"
url = "`+site.URL+`/search"
reply_message = "Dag, {name} hier, over {url}"
`), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	g := globals{config: cfg, data: filepath.Join(dir, "data"), chrome: chrome}
	listing := site.URL + "/listing/plain"
	shot := filepath.Join(dir, "shot.png")

	var stdout, stderr bytes.Buffer
	if code := cmdReply(g, []string{"--dry-run", listing, "--title", "Room on Damrak", "--out", shot}, &stdout, &stderr); code != 0 {
		t.Fatalf("dry run: exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"recipe:   fixture", "filled:   message, name, email", "Is Room on Damrak nog vrij?",
		"screenshot: " + shot, "nothing was sent"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("dry run output lacks %q:\n%s", want, stdout.String())
		}
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("the screenshot is not a PNG: %v", err)
	}
	if n := len(site.Posts()); n != 0 {
		t.Fatalf("a dry run sent %d messages", n)
	}

	stdout.Reset()
	if code := cmdReply(g, []string{"--yes", "--search", "rooms", listing}, &stdout, &stderr); code != 0 {
		t.Fatalf("--yes: exit %d: %s", code, stderr.String())
	}
	posts := site.Posts()
	if len(posts) != 1 || posts[0].Get("message") != "Dag, Sam Jansen hier, over "+listing {
		t.Errorf("the site received %v, want one message from the search's template", posts)
	}
	if !strings.Contains(stdout.String(), "sent and confirmed") {
		t.Errorf("--yes output: %s", stdout.String())
	}
}

// registerContactRecipe registers the recipe for a testkit.ContactSite on
// host.
func registerContactRecipe(t *testing.T, host string) {
	t.Helper()
	remove, err := pages.RegisterRecipe(pages.Recipe{
		Name: "fixture", Sites: []string{host},
		Open:    []pages.Target{{CSS: "button, a", Text: []string{"reageer"}}},
		Message: []string{`textarea[name="message"]`}, FullName: []string{`input[name="name"]`},
		Email: []string{`input[name="email"]`}, Phone: []string{`input[name="phone"]`},
		Submit: []pages.Target{{CSS: `form button[type="submit"]`}},
		Sent:   pages.Sign{Text: []string{"je bericht is verstuurd"}},
		Wait:   pages.DefaultRecipeWait, // a busy machine's page is slow; the stale step waits this out once
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(remove)
}
