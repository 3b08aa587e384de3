package app

import "testing"

// What the tests of package app_test (searches_cli_test.go) use of the
// app running in the test's process (settings_test.go).

var (
	StartLiveApp    = startLiveApp
	SettingsApplied = settingsApplied
)

func (l *liveApp) WaitSearches(t *testing.T, what string, urls ...string) {
	t.Helper()
	l.waitSearches(t, what, urls...)
}

func (l *liveApp) Applied(t *testing.T) []string {
	t.Helper()
	return l.applied(t)
}
