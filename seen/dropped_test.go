package seen

import (
	"reflect"
	"sort"
	"testing"

	"rentwatch/listing"
)

// queueIDs is the listing ids in channel's queue, sorted.
func queueIDs(t *testing.T, s *Store, channel string) []string {
	t.Helper()
	q, err := s.Queue(channel)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range q {
		out = append(out, a.ID)
	}
	sort.Strings(out)
	return out
}

// A channel that goes away (the pop-ups of a computer with no
// notification service, a channel the user removed) takes with it only
// what another channel told or still holds: a listing no channel
// delivered is handed to every channel that stays, or waits unassigned
// for the first one when none does. Nothing waits for a channel that is
// gone, and nothing is lost with it.
func TestADroppedChannelLosesNothing(t *testing.T) {
	s, dir := openDisk(t)
	const search = "https://a.test/s"
	steps := []struct {
		name  string
		do    func() error
		want  map[string][]string // queues after the step
		pends int                 // listings pending after the step
	}{
		{"pop-ups and email; two listings", func() error {
			if err := s.SetChannels([]string{"desktop", "email"}); err != nil {
				return err
			}
			return s.Accept([]listing.Alert{alert("A", search, t0), alert("B", search, t0)}, nil, t0)
		}, map[string][]string{"desktop": {"A", "B"}, "email": {"A", "B"}}, 2},
		{"email delivers A; the pop-ups never can", func() error {
			_, err := s.Sent("email", []string{"A"}, t0)
			return err
		}, map[string][]string{"desktop": {"A", "B"}, "email": {"B"}}, 2},
		{"the pop-ups go: A was told by email, B is still email's", func() error {
			return s.SetChannels([]string{"email"})
		}, map[string][]string{"desktop": nil, "email": {"B"}}, 1},
		{"a listing found with email alone", func() error {
			return s.Accept([]listing.Alert{alert("C", search, t0)}, nil, t0)
		}, map[string][]string{"email": {"B", "C"}}, 2},
		{"email removed too: no channel at all", func() error {
			return s.SetChannels(nil)
		}, map[string][]string{"email": nil}, 2},
		{"found with no channel at all: it waits", func() error {
			return s.Accept([]listing.Alert{alert("D", search, t0)}, nil, t0)
		}, map[string][]string{}, 3},
		{"a push URL set up: it gets everything nobody told", func() error {
			return s.SetChannels([]string{"push-1"})
		}, map[string][]string{"push-1": {"B", "C", "D"}}, 3},
		{"a channel added later starts empty", func() error {
			return s.SetChannels([]string{"push-1", "push-2"})
		}, map[string][]string{"push-1": {"B", "C", "D"}, "push-2": nil}, 3},
		{"push-1 removed: its listings no one told go to push-2", func() error {
			return s.SetChannels([]string{"push-2"})
		}, map[string][]string{"push-1": nil, "push-2": {"B", "C", "D"}}, 3},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		for ch, want := range st.want {
			if got := queueIDs(t, s, ch); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: queue of %s = %v, want %v", st.name, ch, got, want)
			}
		}
		if p, _ := s.Pending(); len(p) != st.pends {
			t.Errorf("%s: %d pending, want %d", st.name, len(p), st.pends)
		}
	}
	s = reopen(t, s, dir)
	if got := queueIDs(t, s, "push-2"); !reflect.DeepEqual(got, []string{"B", "C", "D"}) {
		t.Errorf("after a reopen: push-2's queue %v", got)
	}
}
