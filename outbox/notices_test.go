package outbox

import (
	"slices"
	"testing"
)

// A notice is told once per episode on every channel in force but the
// one it is about, wakes the deliverer, and leaves a channel's list only
// when that channel told it.
func TestTellOncePerEpisodeOnEveryChannel(t *testing.T) {
	o := New(&EmailSettings{To: "me@x.test"}, &recordingPop{})
	o.SetPush([]string{"ntfy://ntfy.sh/topic-a"})
	woke := make(chan struct{}, 4)
	o.SetWake(func() { woke <- struct{}{} })
	push := PushID("ntfy://ntfy.sh/topic-a")
	n := Notice{Key: "wall:funda:1", Title: "Funda needs you", Open: Action{Kind: OpenManual, URL: "https://funda.nl/s"}}
	o.Tell(n)
	o.Tell(n) // the same episode again: nothing new
	o.Tell(Notice{Key: "trouble:email:1", Title: "email failing", Skip: "email"})
	<-woke
	for ch, want := range map[string][]string{
		"desktop": {"wall:funda:1", "trouble:email:1"},
		"email":   {"wall:funda:1"},
		push:      {"wall:funda:1", "trouble:email:1"},
	} {
		var keys []string
		for _, n := range o.Notices(ch) {
			keys = append(keys, n.Key)
		}
		if !slices.Equal(keys, want) {
			t.Errorf("%s has %v, want %v", ch, keys, want)
		}
	}
	o.Told("desktop", []string{"wall:funda:1"})
	if got := o.Notices("desktop"); len(got) != 1 || got[0].Key != "trouble:email:1" {
		t.Errorf("after telling, the desktop has %v", got)
	}
	if got := o.Notices("email"); len(got) != 1 {
		t.Errorf("telling on the desktop changed email's list: %v", got)
	}
}
