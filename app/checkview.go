package app

import (
	"rentwatch/engine"
	"rentwatch/pages/byhand"
)

// checkHere is the check by hand passed in the window's own page (a phone's
// browser, a box without a screen): the engine lends the site to a tab of
// the watcher's own Chrome, which byhand's Screens show in the window.
// It is the window's CheckView.
type checkHere struct {
	engine  *engine.Engine
	screens *byhand.Screens
}

// Open asks the engine to hold the search's host and open its Screen.
func (c checkHere) Open(searchURL string) {
	c.engine.ManualCheckWith(searchURL, c.screens.Run)
}

// Screen is the open Screen of searchURL, nil when none is.
func (c checkHere) Screen(searchURL string) *byhand.Screen { return c.screens.Screen(searchURL) }

// checkPage is the window's page for the check by hand of searchURL, for
// the needs-you notices' links; "" without a window. The window starts
// before the engine runs, and never changes after.
func (a *app) checkPage(searchURL string) string {
	if a.window == nil {
		return ""
	}
	return a.window.CheckPageURL(searchURL)
}
