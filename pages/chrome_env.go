package pages

import (
	"os"
	"strings"
)

// Chrome is started with the app's environment minus every secret in it:
// a child inherits the whole environment otherwise, and anything with the
// same user id can read it back from /proc/PID/environ (Chrome's renderers
// run web pages: one compromised renderer would hold the mail password).
// The filter is a deny list, not an allow list, so that whatever a desktop
// or an OS needs to run a browser (a display, fonts, input methods, a proxy,
// Windows' system folders) keeps working without our knowing its name.

// chromeEnvKeep are names Chrome needs that a word of secretWords would
// otherwise drop: XAUTHORITY is the X display's cookie file (a path, and
// the window cannot open without it). Every XDG_ variable stays too (the
// session's folders, its type and desktop).
var chromeEnvKeep = map[string]bool{"XAUTHORITY": true}

// secretWords mark a variable's name as holding a secret, in any case.
var secretWords = []string{
	"PASSWORD", "PASSWD", "PASSPHRASE", "SECRET", "TOKEN", "KEY", "CREDENTIAL",
	"AUTH", "COOKIE", "PRIVATE", "SIGNATURE", "_PASS", "PASS_",
}

// proxyVars are read by Chrome on Linux for its proxy; they stay even when
// they carry a user and password in their URL (those are the user's own,
// for the proxy Chrome must use).
var proxyVars = map[string]bool{
	"HTTP_PROXY": true, "HTTPS_PROXY": true, "ALL_PROXY": true, "NO_PROXY": true, "FTP_PROXY": true, "SOCKS_PROXY": true,
}

// chromeEnv is environ (os.Environ's form, NAME=value) without what Chrome
// must not see: every RENTWATCH_ variable (ours; Chrome needs none of
// them), every name that says it holds a secret, and every value that is
// a URL with a password in it (a database or mail server URL).
func chromeEnv(environ []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || name == "" {
			continue
		}
		if keepForChrome(name, value) {
			out = append(out, kv)
		}
	}
	return out
}

func keepForChrome(name, value string) bool {
	upper := strings.ToUpper(name)
	switch {
	case chromeEnvKeep[upper], strings.HasPrefix(upper, "XDG_"):
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

// chromeEnviron is this process's environment as Chrome gets it.
func chromeEnviron() []string { return chromeEnv(os.Environ()) }
