package config

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"
)

// Push is the [push] table: phone and chat channels, one shoutrrr URL each
// (ntfy://ntfy.sh/my-secret-topic, telegram://TOKEN@telegram?chats=ID, ...).
// A URL holds a secret (a token, a topic only the user knows): no message
// of this package ever shows one, and the settings file stays private.
type Push struct {
	URLs []string `toml:"urls"`
}

// MaxPushURLs is the most push channels one user may have: every channel
// gets every alert, and a dozen is already more phones than anyone reads.
const MaxPushURLs = 10

func decodePush(v any, ps *problems) *Push {
	t, ok := v.(map[string]any)
	if !ok {
		ps.add("push", `must be a table: write it as [push] with urls = ["ntfy://ntfy.sh/your-topic"] below`)
		return nil
	}
	unknownKeys(t, "push", known["push"], ps)
	p := &Push{}
	raw, ok := t["urls"]
	if !ok {
		return p
	}
	list, ok := raw.([]any)
	if !ok {
		ps.add("push.urls", `must be a list in square brackets: urls = ["ntfy://ntfy.sh/your-topic"]`)
		return p
	}
	for i, el := range list {
		s, ok := el.(string)
		if !ok {
			ps.add(fmt.Sprintf("push.urls[%d]", i+1), "is not text; put each URL in double quotes")
			continue
		}
		p.URLs = append(p.URLs, strings.TrimSpace(s))
	}
	return p
}

// validatePush checks the URLs' form, and that the service each names
// reads it (pushURLProblem: what the services refuse only when sending,
// such as an unknown topic, is the outbox's, which stops that channel and
// says why). Its messages name a URL by its place and scheme, never by its
// text.
func validatePush(p *Push, ps *problems) {
	if p == nil {
		return
	}
	if len(p.URLs) > MaxPushURLs {
		ps.add("push.urls", "more than %d URLs (%d)", MaxPushURLs, len(p.URLs))
	}
	seen := map[string]int{}
	for i, u := range p.URLs {
		at := fmt.Sprintf("push.urls[%d]", i+1)
		if ps.has(at) {
			continue
		}
		scheme, rest, found := strings.Cut(u, "://")
		switch {
		case u == "":
			ps.add(at, "empty; a push URL looks like \"ntfy://ntfy.sh/your-topic\"")
		case !found || !isScheme(scheme):
			ps.add(at, "is not a push URL: it must start with the service's name and ://, like \"ntfy://ntfy.sh/your-topic\" (the URL is not shown here: it holds a secret)")
		case strings.TrimSpace(rest) == "":
			ps.add(at, "the %s URL has nothing after %s://", scheme, scheme)
		case strings.ContainsAny(u, " \t\r\n"):
			ps.add(at, "the %s URL has a space or a line break in it", scheme)
		case i < MaxPushURLs:
			if msg := pushURLProblem(u); msg != "" {
				ps.add(at, "%s (the URL is not shown here: it holds a secret)", msg)
			}
		}
		if j, dup := seen[u]; dup {
			ps.add(at, "the same URL as push.urls[%d]", j+1)
		} else {
			seen[u] = i
		}
	}
}

func isScheme(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '+' || r == '-') {
			return false
		}
	}
	return true
}

// renderPush writes the [push] table, or a commented example without one.
func renderPush(b *strings.Builder, p *Push) {
	if p == nil || len(p.URLs) == 0 {
		b.WriteString(noPush)
		return
	}
	b.WriteString("# Phone and chat alerts, one URL per channel (see the example above).\n[push]\nurls = [\n")
	for _, u := range p.URLs {
		fmt.Fprintf(b, "  %s,\n", quote(u))
	}
	b.WriteString("]\n\n")
}

const noPush = `# Alerts on your phone or in a chat: remove the "# " in front of these lines
# and put in one URL per channel (each holds a secret: this file stays
# private). ntfy://ntfy.sh/a-topic-only-you-know, telegram://TOKEN@telegram?chats=ID,
# gotify://host/TOKEN, pushover://shoutrrr:TOKEN@USER/, discord://TOKEN@ID, ...
# Check them with: rentwatch test-push
# [push]
# urls = ["ntfy://ntfy.sh/a-topic-only-you-know"]

`

// mayHoldSecret says whether the settings file's bytes hold, or may hold,
// a secret: a line that is not a comment and names push or password_hash
// (a hash is not the password, but it lets anyone who reads it guess
// offline), or holds a URL
// that is not http or https (a push URL, however badly written). It reads
// the bytes, not the settings, so a file that does not load is judged too.
func mayHoldSecret(data []byte) bool {
	for line := range bytes.Lines(data) {
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		if low := bytes.ToLower(t); bytes.Contains(low, []byte("push")) || bytes.Contains(low, []byte("password_hash")) {
			return true
		}
		for _, m := range anyURL.FindAllSubmatch(t, -1) {
			if s := strings.ToLower(string(m[1])); s != "http" && s != "https" {
				return true
			}
		}
	}
	return false
}

// anyURL finds "scheme://", the scheme as its group.
var anyURL = regexp.MustCompile(`([A-Za-z][A-Za-z0-9+.-]*)://`)

// KeepPrivate makes the settings file at path readable by its owner only
// (0600) when it is not: it may hold push URLs, whose tokens are secrets.
// It says whether it had to.
func KeepPrivate(path string) (bool, error) {
	st, err := os.Stat(path)
	if err != nil {
		return false, fmt.Errorf("check the settings file's permissions: %w", err)
	}
	if st.Mode().Perm()&0o077 == 0 {
		return false, nil
	}
	if err := os.Chmod(path, 0o600); err != nil {
		return false, fmt.Errorf("make the settings file private: %w", err)
	}
	return true, nil
}
