// Package byhand is the window of a check by hand: where a site put up a
// wall only a person gets past, the user opens it (from the tray, a
// pop-up or the window's page) in a visible Chrome of its own, started
// with the watcher's cookies, passes the check, and closes it; what they
// earned there (a cf_clearance) goes back to the headless watcher. It is
// named for what the user does, in the app's own words ("Check by hand").
// Where no window can be shown, OpenDefault opens the site in the user's
// default browser instead. Away from that screen (a phone, a box without
// one), Screens pass the check in the window's own page instead: a live
// picture of a tab of the watcher's own Chrome, driven by the user's input
// sent back to it (screencast.go).
package byhand
