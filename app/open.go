package app

import (
	"context"
	"errors"
	"path/filepath"
	"time"

	"rentwatch/desktop"
	"rentwatch/outbox"
	"rentwatch/pages/byhand"
)

// What the app opens for the user: a clicked pop-up's listing or check by
// hand, pages in the default browser, files in their own program; and how
// it says so when that did not open.

// clicked opens what a clicked pop-up names: a listing (or a search's page)
// in the default browser, or a site's check-by-hand window.
func (a *app) clicked(open outbox.Action) {
	switch open.Kind {
	case outbox.OpenWeb:
		a.open(a.openWeb(open.URL)) // byhand.OpenDefault opens http and https only
	case outbox.OpenManual:
		if a.engine != nil {
			a.engine.ManualCheck(open.URL)
		}
	}
}

// manualCheck opens the site in a visible Chrome window of its own,
// seeded with the watcher's cookies (the ones earned there are carried
// back when it closes; the headless Chrome watches on meanwhile); with no
// display, in the user's default browser.
func (a *app) manualCheck(ctx context.Context, url string) error {
	err := a.byHand.Open(ctx, url)
	if errors.Is(err, byhand.ErrNoDisplay) {
		a.log.Info("no display for a browser window; opening the default browser")
		return a.openWeb(url)
	}
	return err
}

// addSearch opens the settings file, where a commented example shows how
// to add a search; rentwatch picks up the saved file at once. It is what
// "Add search…" does when the window did not start.
func (a *app) addSearch() {
	a.open(a.openFile(a.settingsPath))
	outbox.Desktop{}.Notify("Add a search",
		"Copy the address of a search results page into a new [[search]] block in the settings file and save it. "+
			"Or run: rentwatch searches add URL")
}

// openPage opens a page in the default browser (http and https only)
// and returns once the opener runs: the tray, a pop-up's click, the engine
// and the window never wait for a browser (on a desktop xdg-open does not
// know, it returns only when the browser closes). A failure after that is
// reported on its own.
func (a *app) openPage(url string) error {
	return byhand.OpenDefault(url, a.openerEnded("The page did not open in your browser"))
}

// openFile opens a file in the user's own program for it, as openPage.
func (a *app) openFile(path string) error {
	return desktop.OpenFile(path, a.openerEnded(filepath.Base(path)+" did not open"))
}

// open reports an opener that did not start.
func (a *app) open(err error) {
	if err != nil {
		a.openFailed("That did not open", err)
	}
}

// openerEnded is what hears how an opener ended, on a goroutine of its
// own; what says what did not open.
func (a *app) openerEnded(what string) func(error) {
	return func(err error) {
		if err != nil {
			a.openFailed(what, err)
		}
	}
}

// openFailed says in the log and in a pop-up that what the user asked to
// open did not open: a click that opens nothing must say why.
func (a *app) openFailed(what string, err error) {
	a.log.Warn(what + ": " + err.Error())
	if a.pops != nil {
		_ = a.pops.Notify(what, err.Error())
	}
}

// openerGrace is how long `rentwatch open` and the window's file buttons
// give an opener to fail: one that fails does so at once (nothing set up
// to open it); one still running after this is opening, or waiting for the
// browser it opened to close, and is not waited for.
const openerGrace = 2 * time.Second

// StartAndSee starts an opener and gives it openerGrace to fail. One still
// running then is left to run; later is how it ends, when not nil.
func StartAndSee(start func(ended func(error)) error, later func(error)) error {
	ended := make(chan error, 1)
	if err := start(func(err error) { ended <- err }); err != nil {
		return err
	}
	grace := time.NewTimer(openerGrace)
	defer grace.Stop()
	select {
	case err := <-ended:
		return err
	case <-grace.C:
		if later != nil {
			go func() { later(<-ended) }()
		}
		return nil
	}
}
