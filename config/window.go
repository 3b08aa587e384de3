package config

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"
)

// Window is the [window] table: where the window listens, and the
// password that lets a browser in when that is beyond this computer.
type Window struct {
	// Listen is host:port ("0.0.0.0:17345", "192.168.1.20:17345",
	// ":17345"); "" is 127.0.0.1 on the default port. Anything but
	// 127.0.0.1 (Loopback) is served over HTTPS only and needs PasswordHash.
	Listen string `toml:"listen"`
	// PasswordHash is the bcrypt hash of the window's password, written by
	// `rentwatch set-password` or the window's Settings; "" is none.
	PasswordHash string `toml:"password_hash"`
}

// MinPasswordLength is the shortest password the window takes: it is all
// that stands between the home network (a guest's phone, a smart TV) and
// the user's searches.
const MinPasswordLength = 8

// passwordCost is bcrypt's cost: about a tenth of a second per guess on a
// small always-on box, which with the window's limit on wrong passwords
// makes guessing hopeless, and a login still feels instant.
const passwordCost = 11

// Errors of the password, for callers that decide on them.
var (
	// ErrShortPassword: a new password under MinPasswordLength.
	ErrShortPassword = fmt.Errorf("the password is too short: use at least %d characters", MinPasswordLength)
	// ErrWrongPassword: the current password given for a change is not it.
	ErrWrongPassword = errors.New("that is not the current password")
)

// HashPassword checks a new password and returns its bcrypt hash, for
// SetPasswordHash.
func HashPassword(password string) (string, error) {
	switch {
	case utf8.RuneCountInString(password) < MinPasswordLength:
		return "", ErrShortPassword
	case len(password) > 72: // bcrypt reads no further
		return "", errors.New("the password is too long: use at most 72 letters and digits")
	}
	h, err := bcrypt.GenerateFromPassword([]byte(password), passwordCost)
	if err != nil {
		return "", fmt.Errorf("hash the password: %w", err)
	}
	return string(h), nil
}

// PasswordMatches reports whether password is the one hash was made from;
// false for an empty hash (no password set).
func PasswordMatches(hash, password string) bool {
	return hash != "" && bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) == nil
}

// Loopback reports whether the window listens where it always has, for
// this computer's own browser: no listen address, or 127.0.0.1, ::1 or
// localhost. Any other address, another of 127.0.0.0/8 included, is
// treated as the home network (HTTPS and the password): rentwatch cannot
// know what forwards to it.
func (w Window) Loopback() bool {
	if w.Listen == "" {
		return true
	}
	host, _, err := net.SplitHostPort(w.Listen)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && (ip.Equal(net.IPv4(127, 0, 0, 1)) || ip.Equal(net.IPv6loopback))
}

func decodeWindow(v any, ps *problems) Window {
	t, ok := v.(map[string]any)
	if !ok {
		ps.add("window", `must be a table: write it as [window] with listen = "0.0.0.0:17345" below`)
		return Window{}
	}
	unknownKeys(t, "window", known["window"], ps)
	return Window{
		Listen:       strings.TrimSpace(stringValue("window.listen", t["listen"], ps)),
		PasswordHash: strings.TrimSpace(stringValue("window.password_hash", t["password_hash"], ps)),
	}
}

// validateWindow checks the listen address's form and the hash's. A
// listen address beyond loopback without a password loads: the window
// then refuses to listen there and says why, while the watcher watches on.
func validateWindow(w Window, ps *problems) {
	if msg := listenProblem(w.Listen); msg != "" && !ps.has("window.listen") {
		ps.add("window.listen", "%s", msg)
	}
	if w.PasswordHash != "" && !ps.has("window.password_hash") {
		if _, err := bcrypt.Cost([]byte(w.PasswordHash)); err != nil {
			ps.add("window.password_hash", "is not a password hash rentwatch made; remove the line and set the password again with: rentwatch set-password")
		}
	}
}

// listenProblem says why listen is not an address to listen on, or "".
func listenProblem(listen string) string {
	if listen == "" {
		return ""
	}
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return fmt.Sprintf("%q is not an address and port: write it like \"0.0.0.0:17345\" (every network) or \"192.168.1.20:17345\"", listen)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return fmt.Sprintf("%q does not end in a port (1 to 65535), like \"0.0.0.0:17345\"", listen)
	}
	if host != "" && !strings.EqualFold(host, "localhost") && net.ParseIP(host) == nil {
		return fmt.Sprintf("%q: %q is not an IP address of this computer; write one like \"192.168.1.20\", or \"0.0.0.0\" for every network", listen, host)
	}
	return ""
}

// SetPasswordHash writes hash (from HashPassword) as [window]
// password_hash, adding the table above [browser] when there is none; ""
// removes the password.
func (e *editor) SetPasswordHash(hash string) error {
	_, err := e.change(func(s *Settings, d *doc) ([]splice, error) {
		if d.rootUses("window") {
			return nil, inlineError("window")
		}
		s.Window.PasswordHash = hash
		t, has := d.find("window", 0)
		switch {
		case has:
			return []splice{d.setKey(t, "password_hash", quote(hash))}, nil
		case hash == "":
			return nil, nil
		}
		block := "# The window's password (bcrypt), for when it listens beyond this computer." + d.eol +
			"# Set it with: rentwatch set-password" + d.eol +
			"[window]" + d.eol + "password_hash = " + quote(hash) + d.eol
		if b, ok := d.find("browser", 0); ok {
			return []splice{d.insertBlock(d.attached(b), block)}, nil
		}
		return []splice{d.insertBlock(len(d.src), block)}, nil
	})
	return err
}

// SetWindowListen sets where the window listens ([window] listen; ""
// removes it: 127.0.0.1 only). A listen beyond loopback is allowed only
// with a password set: without one the window would not open there, and
// the user would be told so only later.
func (e *editor) SetWindowListen(listen string) error {
	_, err := e.change(func(s *Settings, d *doc) ([]splice, error) {
		if d.rootUses("window") {
			return nil, inlineError("window")
		}
		s.Window.Listen = listen
		if !s.Window.Loopback() && s.Window.PasswordHash == "" {
			return nil, ErrNoWindowPassword
		}
		t, has := d.find("window", 0)
		switch {
		case has && listen == "":
			if sp, ok := d.deleteKey(t, "listen"); ok {
				return []splice{sp}, nil
			}
			return nil, nil
		case has:
			return []splice{d.setKey(t, "listen", quote(listen))}, nil
		case listen == "":
			return nil, nil
		}
		block := "# Where the window listens: beyond this computer it needs the password." + d.eol +
			"[window]" + d.eol + "listen = " + quote(listen) + d.eol
		return []splice{d.insertBlock(len(d.src), block)}, nil
	})
	return err
}

// ErrNoWindowPassword: the window was asked to listen beyond this
// computer before a password is set.
var ErrNoWindowPassword = errors.New("set a password for the window first: without one it does not open to your home network")

// SetWindowListen writes where the window listens (see
// editor.SetWindowListen).
func (o *Owner) SetWindowListen(listen string) (err error) {
	return o.editing(func() { err = o.edit.SetWindowListen(listen) }, &err)
}

// SetPasswordHash writes the window's password hash (HashPassword's; ""
// removes it). The file stays private (0600).
func (o *Owner) SetPasswordHash(hash string) (err error) {
	return o.editing(func() { err = o.edit.SetPasswordHash(hash) }, &err)
}

// renderWindow writes the [window] table when it says anything.
func renderWindow(b *strings.Builder, w Window) {
	if w == (Window{}) {
		return
	}
	b.WriteString("# Where the window listens. Anything but 127.0.0.1 is served over HTTPS\n")
	b.WriteString("# and needs the password (set it with: rentwatch set-password).\n[window]\n")
	if w.Listen != "" {
		fmt.Fprintf(b, "listen = %s\n", quote(w.Listen))
	}
	if w.PasswordHash != "" {
		fmt.Fprintf(b, "password_hash = %s\n", quote(w.PasswordHash))
	}
	b.WriteString("\n")
}
