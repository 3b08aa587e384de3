// Package window is the local page and its JSON API: the running app serves
// them on 127.0.0.1 only, behind an API key (scripts) or a session a browser
// gets for a one-time code, and Host, Origin and CSRF checks, so
// the user can add searches (with a preview of what rentwatch will see),
// follow their listings, change settings and read what the watcher did,
// without a text editor. It owns no engine or settings state: it asks their
// owners, through the small interfaces below, and shows their answers.
package window

import (
	"context"
	"time"

	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/reply"
	"rentwatch/seen"
)

// Watcher is what the window needs of the engine; *engine.Engine is one.
// The window shows the engine's own types: it never changes them.
type Watcher interface {
	// Snapshot is the watcher's state now.
	Snapshot() engine.Snapshot
	// Preview loads url now and says what rentwatch sees on it, recording
	// nothing. The load is a request to the url's host under the usual
	// rules: one request at a time per host, the gap between two, and
	// none at all while the host is standing us down or is being checked
	// by hand (the result is Held then). An error is a load that failed
	// (network, browser).
	Preview(ctx context.Context, url string) (engine.PreviewResult, error)
	// CheckNow starts a cycle at once.
	CheckNow()
	// ManualCheck opens the search's site in a visible browser window for
	// a check passed by hand.
	ManualCheck(searchURL string)
	// PauseUntil stops all checking until the given time; zero: until
	// Resume.
	PauseUntil(until time.Time)
	// Resume ends a pause; checking starts again at once. The window
	// resumes every search (url "").
	Resume(url string)
	// Activity is what the watcher did, newest first, at most n events.
	Activity(n int) []engine.Event
}

// Listings is the source of the listings page: the seen index of the last
// 60 days.
type Listings interface {
	// Listings returns every listing alerted, or left out by a filter, in
	// the last 60 days, newest first.
	Listings() ([]seen.Listed, error)
}

// Settings is the owner of the user's settings; *config.Owner is one. It
// serves each edit in turn, saves it and puts it in force before it
// returns, and keeps the SMTP password.
type Settings interface {
	// Settings are those in force, or an error matching
	// config.ErrFileProblem while the file does not load.
	Settings() (config.Settings, error)
	AddSearch(name, url string, f config.Filter, pick string) (config.Search, error)
	EditSearch(url string, c config.SearchChange) (config.Search, error)
	RemoveSearch(url string) (config.Search, error)
	SetEmail(e *config.Email) (*config.Email, error)
	SetReply(r *config.Reply) (*config.Reply, error)
	SetInterval(every time.Duration) error
	// SetKeepAwake turns keeping the computer awake while watching on or
	// off (keep_awake).
	SetKeepAwake(on bool) error
	// SetWindowListen sets where the window listens ("" for this
	// computer only); beyond it, only with a password set.
	SetWindowListen(listen string) error
	// StorePassword keeps the SMTP password for username ("" removes
	// it): a change of the email settings, so alerts use it at once.
	StorePassword(username, password string) error
	// AddPush adds a phone or chat channel (a push URL) and RemovePush
	// takes one out: a change of the delivery settings, so alerts go to
	// them, or stop, at once.
	AddPush(url string) error
	RemovePush(url string) error
	// SetPasswordHash writes the window's password hash
	// (config.HashPassword's) to the settings file.
	SetPasswordHash(hash string) error
}

// Mailer sends the test email.
type Mailer interface {
	// SendTest sends a test email with these settings and the password
	// from the keychain (or RENTWATCH_SMTP_PASSWORD). Its error says what
	// went wrong in words for the user. The window calls it only for the
	// saved server and login.
	SendTest(ctx context.Context, e config.Email) error
	// SendTestWith sends it with password, never the stored one.
	SendTestWith(ctx context.Context, e config.Email, password string) error
}

// Keychain says where the SMTP password comes from (it is stored through
// Settings); OSKeychain is the real one.
type Keychain interface {
	// Source says where the password for username will come from, and
	// whether there is one.
	Source(username string) (words string, found bool)
}

// Replies tries the auto-reply on a listing; *engine.Engine is one.
type Replies interface {
	// ReplyDryRun fills in the contact form of listingURL as an
	// auto-reply would, with the message of the search whose URL is
	// searchURL ("" for the [reply] message), takes a screenshot and
	// sends nothing. Its page load is a request to the listing's host
	// under the usual rules (one at a time, the gap, never over a wall).
	ReplyDryRun(ctx context.Context, listingURL, searchURL string) (reply.Result, error)
}

// Autostart turns starting at login on and off.
type Autostart interface {
	Enabled() bool
	Set(on bool) error
}
