// Package config owns the user's settings file: loading, validating, saving
// atomically, migrating older versions, and, while rentwatch runs, one
// Owner that serves every edit, watches the file for edits by hand and
// hands the settings in force to its subscribers. It never touches the
// network.
package config

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// MaxSearches is the most saved searches one user may have: every search is
// checked in turn inside one cycle, so the cycle budget sets this cap.
const MaxSearches = 15

// Settings is the whole settings file (DESIGN.md, "Settings file"). The TOML
// key names are a contract: tests and scripts write them.
type Settings struct {
	Version  int           `toml:"version"`
	Interval time.Duration `toml:"interval"` // between cycles; at least 10s; jitter is added
	Email    *Email        `toml:"email"`    // nil: desktop pop-ups only
	Push     *Push         `toml:"push"`     // nil: no phone or chat channels
	Browser  Browser       `toml:"browser"`
	Reply    *Reply        `toml:"reply"` // nil: no [reply] table (see Search.Reply)
	Window   Window        `toml:"window"`
	Searches []Search      `toml:"search"`

	// KeepAwake keeps the computer from sleeping while rentwatch watches,
	// on mains power only (off by default): a laptop asleep misses rooms.
	KeepAwake bool `toml:"keep_awake"`
}

// Email is where alerts are sent. The password is never here: it lives in
// the OS keychain or RENTWATCH_SMTP_PASSWORD.
type Email struct {
	To       string `toml:"to"`
	From     string `toml:"from"` // optional: defaults to Username
	Host     string `toml:"host"`
	Port     int    `toml:"port"`
	Security string `toml:"security"` // "tls" (implicit, 465) or "starttls"
	Username string `toml:"username"`
	CAFile   string `toml:"ca_file"` // optional extra CA for a self-signed server

	// PasswordVersion names the SMTP password stored for Username, never
	// the password itself (Secrets.Version): the Owner sets it, so storing
	// a new password is new email settings for whoever delivers, and a
	// channel stopped by a refusal tries again with it at once. It is not
	// in the file; "" when no password is known.
	PasswordVersion string `toml:"-"`
}

// Equal reports whether e and o are the same email settings, the stored
// password's version included; nil (no [email] table) equals only nil. The
// app builds a new delivery only when they differ: a refusal for good is
// retried only with new email settings or a new password, not after an
// edit to a search. (Email is compared as a whole value: a
// field that cannot be compared with == will not compile here.)
func (e *Email) Equal(o *Email) bool {
	if e == nil || o == nil {
		return e == o
	}
	return *e == *o
}

// Equal reports whether p and o push to the same URLs, in the same order;
// nil (no [push] table) equals only nil.
func (p *Push) Equal(o *Push) bool {
	if p == nil || o == nil {
		return p == o
	}
	return slices.Equal(p.URLs, o.URLs)
}

// DeliveryChanged reports whether s delivers alerts differently from
// before: other email settings (or another stored password) or other push
// URLs. Only then does the app
// give its channels new settings (and a refused one its fresh try): an
// edit to a search keeps "check your email".
func (s Settings) DeliveryChanged(before Settings) bool {
	return !s.Email.Equal(before.Email) || !s.Push.Equal(before.Push)
}

// Browser says which Chrome to drive; an empty Path means found on the system.
type Browser struct {
	Path string `toml:"path"`
}

// Search is one saved search: a portal's result page the user wants watched.
type Search struct {
	Name    string `toml:"name"`
	URL     string `toml:"url"`
	Enabled bool   `toml:"enabled"`
	// Reply turns on the optional auto-reply to this search's new listings
	// (off by default). It runs after the alert, never instead of it.
	Reply bool `toml:"reply"`
	// ReplyMessage is this search's own message; "" uses [reply] message.
	ReplyMessage string `toml:"reply_message"`
	// Filter narrows which new listings are alerted (max_price, min_size,
	// require, exclude, written in this [[search]] table); zero: all.
	Filter Filter `toml:"-"`
	// Pick is the key of the list on the page the user picked in the
	// preview (8 hex digits, see ValidPick): every check reads that list
	// only. "": the readers choose.
	Pick string `toml:"pick"`
}

// CurrentVersion is the settings-file layout this build writes and reads
// without migrating. Older files are migrated (see migrations); newer ones
// are refused, never rewritten.
const CurrentVersion = 1

// DefaultInterval is the time between cycles when the file does not say.
const DefaultInterval = 30 * time.Second

// MinInterval is the shortest interval allowed: faster than this and the
// portals start putting up walls, which makes the user later, not sooner.
const MinInterval = 10 * time.Second

// Default SMTP ports for the two security modes.
const (
	PortStartTLS = 587
	PortTLS      = 465
)

// Security modes for Email.Security.
const (
	SecurityTLS      = "tls"      // implicit TLS from the first byte (usually 465)
	SecurityStartTLS = "starttls" // plain connection upgraded with STARTTLS (usually 587)
)

// Default is what a new user starts with: no searches, no email (desktop
// pop-ups only), the default interval.
func Default() Settings {
	return Settings{Version: CurrentVersion, Interval: DefaultInterval}
}

// DefaultPath is where the settings file lives when --config and
// RENTWATCH_CONFIG are not given: os.UserConfigDir()/rentwatch/config.toml.
func DefaultPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find the settings folder: %w", err)
	}
	return filepath.Join(dir, "rentwatch", "config.toml"), nil
}

// EnabledSearches returns the searches the watcher should check, in file order.
func (s Settings) EnabledSearches() []Search {
	var out []Search
	for _, sr := range s.Searches {
		if sr.Enabled {
			out = append(out, sr)
		}
	}
	return out
}

// fillDefaults sets what the file may leave out. It is idempotent, so a
// Save of loaded settings writes the same values back.
func (s *Settings) fillDefaults() {
	if s.Version == 0 {
		s.Version = CurrentVersion
	}
	if s.Interval == 0 {
		s.Interval = DefaultInterval
	}
	if e := s.Email; e != nil {
		if e.Security == "" {
			e.Security = SecurityStartTLS
			if e.Port == PortTLS {
				e.Security = SecurityTLS
			}
		}
		if e.Port == 0 {
			e.Port = PortStartTLS
			if e.Security == SecurityTLS {
				e.Port = PortTLS
			}
		}
		if e.From == "" {
			e.From = e.Username
		}
	}
}

// clone returns a deep copy, so callers can edit settings without touching
// a value another goroutine may be reading.
func (s Settings) clone() Settings {
	c := s
	if s.Email != nil {
		e := *s.Email
		c.Email = &e
	}
	if s.Reply != nil {
		r := *s.Reply
		c.Reply = &r
	}
	if s.Push != nil {
		c.Push = &Push{URLs: append([]string(nil), s.Push.URLs...)}
	}
	c.Searches = append([]Search(nil), s.Searches...)
	for i := range c.Searches {
		c.Searches[i].Filter = c.Searches[i].Filter.clone()
	}
	return c
}
