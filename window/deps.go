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

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/engine"
)

// Watcher is what the window needs of the engine.
type Watcher interface {
	// State is the watcher's state now. The window never changes it.
	State() State
	// Preview loads url now and says what rentwatch sees on it, recording
	// nothing. The load is a request to the url's host under the usual
	// rules: one request at a time per host, the gap between two, and
	// none at all while the host is standing us down (Preview.WaitingUntil
	// says so then). An error is a load that failed (network, browser).
	Preview(ctx context.Context, url string) (Preview, error)
	// CheckNow starts a cycle at once.
	CheckNow()
	// CheckByHand opens the search's site in a visible browser window for
	// a check passed by hand.
	CheckByHand(searchURL string)
	// Pause stops all checking until the given time; zero: until Resume.
	Pause(until time.Time)
	// Resume ends a pause; checking starts again at once.
	Resume()
	// Activity is what the watcher did, newest first, at most n events.
	Activity(n int) []Event
}

// State is the engine's snapshot and the little the window shows beside it.
type State struct {
	engine.Snapshot
	// PausedUntil is when a pause for a while ends; zero when not paused
	// or paused until resumed.
	PausedUntil time.Time
	// Walls are the walls each host put up in the last 24 hours, oldest
	// first, by host (engine.SearchView.Host).
	Walls map[string][]Wall
}

// Wall is one wall a host put up.
type Wall struct {
	At     time.Time
	Kind   blocks.Kind // challenge, rate_limited, denied or error
	Vendor string      // who put it up, when known
}

// Event is one thing the watcher did, for the Activity page.
type Event struct {
	At   time.Time
	Kind EventKind
	// Search is the search's name; "" when the event is not about one.
	Search string
	// Host is the site, for walls; "" otherwise.
	Host string
	// Text says what happened, in plain words ("3 new listings, sent by
	// email and pop-up").
	Text string
}

// EventKind sorts events for the page's icons and filters.
type EventKind string

// The kinds of Event.
const (
	EventAlert   EventKind = "alert"   // listings were alerted
	EventWall    EventKind = "wall"    // a site put up a wall, or took it down
	EventFailure EventKind = "failure" // a load or a delivery failed
	EventInfo    EventKind = "info"    // everything else: started, paused, settings changed
)

// Preview is what one load of a page showed.
type Preview struct {
	URL      string // as asked
	FinalURL string // after redirects
	Title    string // the page's title, to suggest a name from
	LoadedAt time.Time
	Verdict  blocks.Verdict // OK, or the wall that stood
	// Site is the portal definition that read the page, or "generic".
	Site string
	// Expected is true when the portal's search pages always carry
	// listings: none read then is a soft block or a changed layout.
	Expected  bool
	SoftBlock bool
	Listings  []Listing
	// WaitingUntil is set when nothing was loaded because the host is
	// standing us down until then, after a wall of kind Wall.
	WaitingUntil time.Time
	Wall         blocks.Kind
}

// Listing is a listing as the window shows it, in a preview or in the
// listings of the last 60 days.
type Listing struct {
	ID    string
	URL   string // absolute
	Title string
	Price string // as the page shows it
	Place string
	Image string  // a photo's URL on the portal; "" for none
	Size  float64 // square metres; 0 when not shown
	// Search and SearchURL name the search that found it (listings page).
	Search    string
	SearchURL string
	FoundAt   time.Time
	// LeftOut says why the search's filter left it out; such a listing
	// was never alerted. "" for a listing that was alerted.
	LeftOut string
}

// Listings is the source of the listings page: the seen index of the last
// 60 days.
type Listings interface {
	// Listings returns every listing alerted, or left out by a filter, in
	// the last 60 days, newest first.
	Listings() ([]Listing, error)
}

// Settings edits the user's settings file; *config.Editor is one.
type Settings interface {
	Settings() (config.Settings, error)
	AddSearch(name, url string, f config.Filter) (config.Search, error)
	EditSearch(url string, c config.SearchChange) (config.Search, error)
	RemoveSearch(url string) (config.Search, error)
	SetEmail(e *config.Email) (*config.Email, error)
	SetInterval(every time.Duration) error
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

// Keychain keeps the SMTP password; OSKeychain is the real one.
type Keychain interface {
	// Store keeps password for username; "" removes it.
	Store(username, password string) error
	// Source says where the password for username will come from, and
	// whether there is one.
	Source(username string) (words string, found bool)
}

// Feature is something the window shows that a Watcher may lack.
type Feature string

// The features a Watcher may lack (see Partial).
const (
	FeaturePreview  Feature = "preview"   // Preview loads pages
	FeaturePauseFor Feature = "pause-for" // Pause with a time ends by itself
	FeatureActivity Feature = "activity"  // Activity says what the watcher did
	FeatureWalls    Feature = "walls"     // State carries each site's walls of the last 24 h
)

// Partial is implemented by a Watcher over an engine that cannot yet do
// all the window asks of it. For a feature it lacks, the API answers 501
// with what to do instead, in plain words, and the pages leave it out
// rather than show a made-up answer (no walls, no activity). A Watcher
// that does not implement Partial has every feature.
type Partial interface {
	Lacks(f Feature) bool
}

// lacks reports whether the watcher lacks f.
func (s *Server) lacks(f Feature) bool {
	p, ok := s.d.Watcher.(Partial)
	return ok && p.Lacks(f)
}

// Autostart turns starting at login on and off.
type Autostart interface {
	Enabled() bool
	Set(on bool) error
}
