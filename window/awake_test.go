package window

import (
	"testing"

	"rentwatch/engine"
)

// TestAPIStateSaysWhileTheComputerIsKeptAwake: "awake" is in the state
// while the engine says so, and absent otherwise.
func TestAPIStateSaysWhileTheComputerIsKeptAwake(t *testing.T) {
	r := startRig(t, withComments)
	for _, words := range []string{"Keeping this computer awake while watching", ""} {
		r.watcher.setState(engine.Snapshot{At: r.now, Awake: words})
		code, got := r.api("GET", "/api/state", nil)
		if code != 200 {
			t.Fatal(code, got)
		}
		if v, has := got["awake"]; (words == "" && has) || (words != "" && v != words) {
			t.Errorf("engine says %q: state has awake=%v (%v)", words, v, has)
		}
	}
}
