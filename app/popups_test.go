package app

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"rentwatch/words"
)

// On a computer with no notification service (run --no-tray on a server)
// there is no pop-up channel to hold every listing and fail for ever: it
// is not created, and that is said once, in the log and the activity.
func TestNoPopUpChannelWithoutANotificationService(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("macOS and Windows always show pop-ups")
	}
	a := openTestApp(t, filepath.Join(t.TempDir(), "data")) // no session bus
	for _, c := range a.outbox.Channels() {
		if c.ID() == "desktop" {
			t.Errorf("a pop-up channel exists on a computer that shows none")
		}
	}
	if !logSays(t, a, words.NoPopUps) {
		t.Errorf("the log does not say there are no pop-ups here")
	}
	said := 0
	for _, ev := range a.engine.Activity(50) {
		if strings.Contains(ev.Text, words.NoPopUps) {
			said++
		}
	}
	if said != 1 {
		t.Errorf("the activity says there are no pop-ups %d times, want once: %+v", said, a.engine.Activity(50))
	}
}
