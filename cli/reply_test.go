package cli

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rentwatch/internal/testkit"
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

// TestCmdReplyAgainstAPortal runs the command against the loopback portal
// in Kamernet's markup: a dry run reads the listing's title and price off
// its page, names the required field it leaves empty, saves a PNG and
// sends nothing; --yes sends exactly once.
func TestCmdReplyAgainstAPortal(t *testing.T) {
	chrome := testkit.Chromium(t)
	const ip = "127.0.0.10"
	portal := testkit.StartReplyPortal(t, ip, filepath.Join("..", "testdata", "replysite"))
	testkit.ServeKamernetRecipe(t, ip)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.toml")
	err := os.WriteFile(cfg, []byte(`[reply]
name = "Sam Jansen"
email = "sam@example.com"
message = "Hallo, ik ben {name}. Is {title} ({price}) nog vrij?"

[[search]]
name = "Rooms"
url = "`+portal.URL+testkit.ReplySearchPath+`"
reply_message = "Dag, {name} hier, over {url}"
`), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	g := globals{config: cfg, data: filepath.Join(dir, "data"), chrome: chrome}
	room := testkit.PortalRoom{Room: testkit.Room{ID: 2345678, Title: "Kamer aan het Damrak", Street: "damrak", Area: "Centrum", Price: 750},
		Variant: "select"}
	listing := portal.Post(room)
	shot := filepath.Join(dir, "shot.png")

	var stdout, stderr bytes.Buffer
	if code := cmdReply(g, []string{"--dry-run", listing, "--out", shot}, &stdout, &stderr); code != 0 {
		t.Fatalf("dry run: exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"recipe:   kamernet.nl at " + ip, "listing:  Kamer aan het Damrak (€ 750,-)",
		"filled:   message, name, email", "Is Kamer aan het Damrak (€ 750,-) nog vrij?",
		`empty:    the form needs a choice in "Ik ben" (3 options)`, "screenshot: " + shot, "nothing was sent"} {
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
	if n := len(portal.Sent()); n != 0 {
		t.Fatalf("a dry run sent %d messages", n)
	}

	stdout.Reset()
	if code := cmdReply(g, []string{"--yes", "--search", "rooms", listing}, &stdout, &stderr); code != 1 ||
		!strings.Contains(stderr.String(), `not sent: the form needs a choice in "Ik ben"`) {
		t.Errorf("--yes on a form it cannot complete: exit %d, stderr %s", code, stderr.String())
	}
	room.ID, room.Variant = 2345679, "inline"
	listing = portal.Post(room)
	stdout.Reset()
	if code := cmdReply(g, []string{"--yes", "--search", "rooms", listing}, &stdout, &stderr); code != 0 {
		t.Fatalf("--yes: exit %d: %s", code, stderr.String())
	}
	sent := portal.Sent()
	if len(sent) != 1 || sent[0].Values.Get("message") != "Dag, Sam Jansen hier, over "+listing {
		t.Errorf("the portal received %v, want one message from the search's template", sent)
	}
	if !strings.Contains(stdout.String(), "sent: the portal answered 303") {
		t.Errorf("--yes output: %s", stdout.String())
	}
}
