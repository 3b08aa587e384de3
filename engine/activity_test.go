package engine

import (
	"fmt"
	"testing"
)

func TestActivityKeepsTheLatestNewestFirst(t *testing.T) {
	for _, added := range []int{0, 1, 3, ActivityMax, ActivityMax + 1, 2*ActivityMax + 7} {
		var a activity
		for i := range added {
			a.add(Event{Text: fmt.Sprint(i)})
		}
		for _, n := range []int{1, 3, ActivityMax, ActivityMax + 10} {
			got := a.latest(n)
			want := min(n, added, ActivityMax)
			if len(got) != want {
				t.Fatalf("%d added, latest(%d): %d events, want %d", added, n, len(got), want)
			}
			for i, ev := range got {
				if ev.Text != fmt.Sprint(added-1-i) {
					t.Fatalf("%d added, latest(%d)[%d] = %q, want %d", added, n, i, ev.Text, added-1-i)
				}
			}
		}
	}
}
