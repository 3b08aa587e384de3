package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Save writes s to path atomically: the new content goes to a temporary
// file in the same folder, is synced to disk and then renamed over path, so
// a reader (the watcher, an editor, a crash) only ever sees the old file or
// the new one, never half of one. The file is private (0600) and the folder
// is created (0700) if needed. Defaults are filled and s is validated first:
// Save never writes a file that Load would refuse.
//
// The file is written from a template with a comment explaining each
// setting, not by a bare TOML encoder, because users edit it by hand.
// Comments the user added themselves are not kept.
func Save(path string, s Settings) error {
	s = s.clone()
	s.fillDefaults()
	if err := s.Validate(); err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	return writeAtomic(path, []byte(render(s)))
}

// CreateDefault writes the settings a new user starts with (no searches, no
// email) to path, with comments, and returns them. It refuses (an error
// matching fs.ErrExist) to replace a file that is already there.
func CreateDefault(path string) (Settings, error) {
	if _, err := os.Lstat(path); err == nil {
		return Settings{}, fmt.Errorf("create settings %s: %w", path, fs.ErrExist)
	}
	s := Default()
	if err := Save(path, s); err != nil {
		return Settings{}, err
	}
	return s, nil
}

func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	done := false
	defer func() {
		if !done {
			os.Remove(tmp.Name())
		}
	}()
	_, werr := tmp.Write(data)
	merr := tmp.Chmod(0o600) // CreateTemp already uses 0600; this says it where it matters
	serr := tmp.Sync()       // the content must be on disk before the rename makes it the file
	cerr := tmp.Close()
	if err := errors.Join(werr, merr, serr, cerr); err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	done = true
	syncDir(dir)
	return nil
}

// syncDir makes the rename itself durable. Not every system can sync a
// folder (Windows cannot open one for it); the file is already complete
// either way, so a failure here is not reported.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

const header = `# rentwatch settings. Edit freely: rentwatch notices a change within a few
# seconds, and if an edit has a mistake it says where and keeps using the last
# good settings. The SMTP password is never kept here: it lives in the OS
# keychain (or the environment variable RENTWATCH_SMTP_PASSWORD).

# Layout of this file. rentwatch upgrades older files itself (keeping a .bak).
version = %d

# Time between checks of all searches, like "30s" or "2m"; at least 10s.
# A little random jitter is added, so checks never repeat like clockwork.
interval = %s

`

const keepAwake = `# Keep this computer awake while watching, on mains power only (a laptop
# asleep misses new listings; on battery it sleeps as usual): true or false.
keep_awake = %t

`

const noEmail = `# Email alerts are off: new listings show as desktop pop-ups only. To get
# emails too, remove the "# " in front of these lines and fill them in:
# [email]
# to = "me@example.com"         # where alerts are sent
# from = "me@example.com"       # sender address; leave out to use username
# host = "smtp.example.com"     # your provider's SMTP server
# port = 587                    # 587 for "starttls", 465 for "tls"
# security = "starttls"         # "starttls" or "tls" (encrypted from the start)
# username = "me@example.com"   # login at the SMTP server
# ca_file = ""                  # an extra CA certificate, for a self-signed server

`

const noReply = `# Auto-reply is off. rentwatch can answer a new listing for you, after the
# alert (never instead of it), on portals it has a recipe for (kamernet.nl,
# pararius.nl). Turn it on per search with reply = true, after checking the
# recipe with: rentwatch reply --dry-run LISTING-URL
# Placeholders: {title} {price} {place} {url} of the listing, {name} yours.
# [reply]
# name = "Sam Jansen"           # your name, for {name} and forms that ask
# email = "me@example.com"      # for forms that ask
# phone = "+31 6 12345678"      # for forms that ask
# consent = false               # true: tick a form's required boxes (its terms) for you
# message = "Hello, I am {name} and I would love to see {title} ({price}). {url}"

`

const searchHelp = `# Saved searches, at most 15. Add one with
#     rentwatch searches add URL [--name NAME]
# or write a [[search]] table here:
#     name           what alerts and the menu call it
#     url            the portal's search results page (http or https)
#     enabled        false pauses the search without forgetting it
#     reply          true answers its new listings for you (off by default)
#     reply_message  its own message; leave out to use [reply] message
#     pick           the list on the page to watch, when it holds several and
#                    rentwatch read the wrong one: its key, as the window's
#                    preview gives it after you pick the list there
#                    (pick = "8b618849"). Leave out to let rentwatch choose.
# and, to be told about fewer of its listings (all optional):
#     max_price      the most rent, in the site's currency: max_price = 1200
#     min_size       the fewest square metres, where the site shows a size: min_size = 20
#     require        alert only titles with one of these: require = ["balcony", "garden"]
#     exclude        never alert titles with any of these: exclude = ["students only"]
# Listings a filter leaves out are never alerted; the window lists them as such.
`

// render writes the settings file text for s.
func render(s Settings) string {
	var b strings.Builder
	fmt.Fprintf(&b, header, s.Version, quote(s.Interval.String()))
	fmt.Fprintf(&b, keepAwake, s.KeepAwake)
	if e := s.Email; e != nil {
		b.WriteString("# Email alerts, sent next to the desktop pop-ups. Leave this table out\n")
		b.WriteString("# for desktop pop-ups only.\n[email]\n")
		line(&b, "to", quote(e.To), "where alerts are sent")
		line(&b, "from", quote(e.From), "sender address; leave out to use username")
		line(&b, "host", quote(e.Host), "your provider's SMTP server")
		line(&b, "port", strconv.Itoa(e.Port), `587 for "starttls", 465 for "tls"`)
		line(&b, "security", quote(e.Security), `"starttls" or "tls" (encrypted from the start)`)
		line(&b, "username", quote(e.Username), "login at the SMTP server")
		line(&b, "ca_file", quote(e.CAFile), "an extra CA certificate, for a self-signed server")
		b.WriteString("\n")
	} else {
		b.WriteString(noEmail)
	}
	renderPush(&b, s.Push)
	b.WriteString("# The Chrome or Chromium rentwatch drives. Empty: found on the system.\n[browser]\n")
	fmt.Fprintf(&b, "path = %s\n\n", quote(s.Browser.Path))
	renderReply(&b, s.Reply)
	renderWindow(&b, s.Window)
	b.WriteString(searchHelp)
	for _, sr := range s.Searches {
		fmt.Fprintf(&b, "\n[[search]]\nname = %s\nurl = %s\nenabled = %t\n", quote(sr.Name), quote(sr.URL), sr.Enabled)
		if sr.Reply || sr.ReplyMessage != "" {
			fmt.Fprintf(&b, "reply = %t\n", sr.Reply)
		}
		if sr.ReplyMessage != "" {
			fmt.Fprintf(&b, "reply_message = %s\n", quote(sr.ReplyMessage))
		}
		renderFilter(&b, sr.Filter, "\n")
		if sr.Pick != "" {
			b.WriteString(pickLine(sr.Pick) + "\n")
		}
	}
	return b.String()
}

// renderReply writes the [reply] table, or a commented-out one to fill in.
func renderReply(b *strings.Builder, r *Reply) {
	if r == nil {
		b.WriteString(noReply)
		return
	}
	b.WriteString("# Auto-reply: who you are, for searches with reply = true. Placeholders:\n")
	b.WriteString("# {title} {price} {place} {url} of the listing, {name} yours.\n[reply]\n")
	line(b, "name", quote(r.Name), "your name, for {name} and forms that ask")
	line(b, "email", quote(r.Email), "for forms that ask")
	line(b, "phone", quote(r.Phone), "for forms that ask")
	line(b, "consent", strconv.FormatBool(r.Consent), "true: tick a form's required boxes (its terms) for you")
	fmt.Fprintf(b, "message = %s\n\n", quote(r.Message))
}

// line writes `key = value   # comment` with the comments lined up.
func line(b *strings.Builder, key, value, comment string) {
	kv := key + " = " + value
	fmt.Fprintf(b, "%-30s # %s\n", kv, comment)
}

// quote writes s as a TOML basic string. strconv.Quote is not used: its
// \x and \a escapes are not TOML.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == utf8.RuneError, r < 0x20, r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
