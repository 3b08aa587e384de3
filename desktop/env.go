package desktop

import (
	"os"
	"strings"
)

// Every program rentwatch starts — Chrome, the opener of a web page or a
// file, and whatever a library starts for us (a notify-send or a kdialog
// where D-Bus fails, a dbus-launch) — runs with rentwatch's environment
// minus every secret in it: a child inherits the whole environment
// otherwise, and anything with the same user id can read it back from
// /proc/PID/environ (a browser runs web pages: one compromised renderer
// would hold the mail password). The filter is a deny list, not an allow
// list, so that whatever a desktop or an OS needs to start a program (a
// display, fonts, input methods, a proxy, Windows' system folders) keeps
// working without our knowing its name.

// envKeep are names a child needs that a word of secretWords would
// otherwise drop: XAUTHORITY is the X display's cookie file (a path, and
// no window can open without it). Every XDG_ variable stays too (the
// session's folders, its type and desktop).
var envKeep = map[string]bool{"XAUTHORITY": true}

// secretWords mark a variable's name as holding a secret, in any case.
var secretWords = []string{
	"PASSWORD", "PASSWD", "PASSPHRASE", "SECRET", "TOKEN", "KEY", "CREDENTIAL",
	"AUTH", "COOKIE", "PRIVATE", "SIGNATURE", "_PASS", "PASS_",
}

// proxyVars are read by browsers on Linux for their proxy; they stay even
// when they carry a user and password in their URL (those are the user's
// own, for the proxy the browser must use).
var proxyVars = map[string]bool{
	"HTTP_PROXY": true, "HTTPS_PROXY": true, "ALL_PROXY": true, "NO_PROXY": true, "FTP_PROXY": true, "SOCKS_PROXY": true,
}

// ChildEnv is environ (os.Environ's form, NAME=value) without what no
// child of rentwatch may see: every RENTWATCH_ variable (ours, the SMTP
// password among them; no other program needs one), every name that says
// it holds a secret, and every value that is a URL with a password in it
// (a database or mail server URL).
func ChildEnv(environ []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || name == "" {
			continue
		}
		if keepForChild(name, value) {
			out = append(out, kv)
		}
	}
	return out
}

// Environ is this process's environment as a child gets it: the one
// environment every program rentwatch starts is given.
func Environ() []string { return ChildEnv(os.Environ()) }

func keepForChild(name, value string) bool {
	upper := strings.ToUpper(name)
	switch {
	case envKeep[upper], strings.HasPrefix(upper, "XDG_"):
		return true
	case strings.HasPrefix(upper, "RENTWATCH"):
		return false
	case proxyVars[upper]:
		return true
	}
	for _, w := range secretWords {
		if strings.Contains(upper, w) {
			return false
		}
	}
	return !hasURLPassword(value)
}

// hasURLPassword reports whether value holds scheme://user:password@host.
func hasURLPassword(value string) bool {
	for rest := value; ; {
		_, after, ok := strings.Cut(rest, "://")
		if !ok {
			return false
		}
		end := strings.IndexAny(after, "/?# \t")
		if end < 0 {
			end = len(after)
		}
		authority := after[:end]
		if at := strings.LastIndexByte(authority, '@'); at > 0 && strings.Contains(authority[:at], ":") {
			return true
		}
		rest = after
	}
}

// KeepSecretsFromChildren makes this process's own environment the one a
// child gets, so that a program a library starts on its own (beeep's
// notify-send and kdialog where D-Bus fails, godbus's dbus-launch, an
// osascript or a PowerShell) inherits no secret either: we cannot hand
// those an environment. Call it once, first thing in main, after reading
// what rentwatch itself takes from the environment (its RENTWATCH_
// variables: the SMTP password is kept by outbox.TakeEnvPassword).
func KeepSecretsFromChildren() error {
	keep := Environ()
	os.Clearenv()
	var firstErr error
	for _, kv := range keep {
		name, value, _ := strings.Cut(kv, "=")
		if err := os.Setenv(name, value); err != nil && firstErr == nil {
			firstErr = err
		}
	}
	return firstErr
}
