package app

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"rentwatch/config"
	"rentwatch/desktop"
	"rentwatch/outbox"
	"rentwatch/tray"
	"rentwatch/window"
)

// The window beside the engine: `rentwatch run` serves it with the app's
// own owners of each thing it shows.

// startWindow serves the window. It asks the settings' owner for the
// settings and their edits (a stored password among them), which reach the
// engine and the outbox through follow, once. A window that cannot start
// is logged and the app watches on without it: the tray then opens the
// settings file, as it did before there was a window.
func (a *app) startWindow() {
	exe, _ := os.Executable()
	srv, err := window.Start(a.dataDir, window.Deps{
		Watcher:          a.engine,
		Settings:         a.settings,
		Listings:         window.SeenListings(a.store),
		Mailer:           testMailer{},
		Keychain:         window.OSKeychain{},
		Autostart:        loginItem{exe: exe},
		Replies:          a.engine,
		Checks:           checkHere{engine: a.engine, screens: a.screens},
		OpenSettingsFile: func() error { return a.openFileAndSee(a.settingsPath) },
		OpenLog:          func() error { return a.openFileAndSee(a.logPath) },
		Log:              a.log,
		Version:          a.version,
		// Opened to the home network later (Settings' switch): alerts
		// then name the Listings page there, where a phone reaches it.
		ListingsLinkChanged: func(link string) {
			if a.outbox != nil {
				a.outbox.SetListingsLink(link)
			}
		},
	})
	if err != nil {
		a.log.Error("the window did not start; the tray opens the settings file instead", "err", err)
		return
	}
	a.window = srv
	// An alert that names only the first of many listings says the rest
	// are on the window's Listings page: its plain address, no code, no key.
	if a.outbox != nil {
		a.outbox.SetListingsLink(srv.Link("/listings"))
	}
	// The address without its token: the log is not private.
	a.log.Info("window", "address", srv.Address(),
		"token_in", filepath.Join(a.dataDir, window.URLFile), "opened_by", "rentwatch open")
}

// openWindow opens the window at path (and fragment) in the default
// browser; without a window, the settings file (with a word on how to add
// a search, for "add").
func (a *app) openWindow(path, fragment string) {
	switch {
	case a.window == nil && fragment == "add":
		a.addSearch()
		return
	case a.window == nil:
		a.open(a.openFile(a.settingsPath))
		return
	}
	a.open(a.openWeb(a.window.PageURL(path, fragment)))
}

// firstOpened is the file that says the window has opened by itself once.
const firstOpened = "window.first-opened"

// openOnFirstStart opens the window by itself when the app starts with no
// searches for the first time: a new user's first sight of rentwatch is
// where to add one. Only once per data folder: a user who closed it, or
// who runs rentwatch with no searches on purpose, is not shown it at every
// start; the tray and `rentwatch open` open it any time.
func (a *app) openOnFirstStart(s config.Settings) {
	mark := filepath.Join(a.dataDir, firstOpened)
	if a.window == nil || len(s.Searches) > 0 {
		return
	}
	if _, err := os.Stat(mark); err == nil {
		return
	}
	if err := a.openWeb(a.window.PageURL("/", "add")); err != nil {
		a.log.Warn("could not open the window in the default browser; `rentwatch open --print` gives its address", "err", err)
		return
	}
	a.log.Info("opened the window in the default browser: no searches yet")
	if err := os.WriteFile(mark, []byte("the window opened by itself on "+time.Now().Format(time.RFC3339)+"\n"), 0o600); err != nil {
		a.log.Warn("could not note that the window opened once", "err", err)
	}
}

// openFileAndSee opens a file for the window's buttons, which say how it
// went: an opener that fails does so at once (nothing set up to open the
// file), so it is given openerGrace to fail; one still running then is
// left to run (it may wait until the editor closes) and reported on if it
// fails later.
func (a *app) openFileAndSee(path string) error {
	return StartAndSee(func(ended func(error)) error { return desktop.OpenFile(path, ended) },
		a.openerEnded(filepath.Base(path)+" did not open"))
}

// testMailer sends the window's test email as `rentwatch test-email` does.
type testMailer struct{}

func (testMailer) SendTest(ctx context.Context, e config.Email) error {
	return outbox.SendTestStored(ctx, EmailSettings(e))
}

func (testMailer) SendTestWith(ctx context.Context, e config.Email, password string) error {
	es := EmailSettings(e)
	es.Password = password
	return outbox.SendTest(ctx, es)
}

// loginItem is starting at login, for the window's Settings page.
type loginItem struct{ exe string }

func (l loginItem) Enabled() bool     { return tray.AutostartEnabled() }
func (l loginItem) Set(on bool) error { return tray.SetAutostart(on, l.exe) }
