// Package config owns the user's settings file: loading, validating, saving
// atomically, migrating older versions and watching it for edits. It never
// touches the network.
package config

import "time"

// MaxSearches is the most saved searches one user may have: every search is
// checked in turn inside one cycle, so the cycle budget sets this cap.
const MaxSearches = 15

// Settings is the whole settings file (DESIGN.md, "Settings file"). The TOML
// key names are a contract: tests and scripts write them.
type Settings struct {
	Version  int           `toml:"version"`
	Interval time.Duration `toml:"interval"` // between cycles; at least 10s; jitter is added
	Email    *Email        `toml:"email"`    // nil: desktop pop-ups only
	Browser  Browser       `toml:"browser"`
	Searches []Search      `toml:"search"`
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
}
