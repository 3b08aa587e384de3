package engine

import (
	"fmt"
	"slices"
	"testing"
	"testing/synctest"
	"time"
)

// Commands run in the order they were called: SetSettings then CheckNow
// must check the new searches, Pause then Resume must leave the app
// watching. Called before Run, they wait for it; called after it
// returned, they return at once and do nothing.
func TestCommandsRunInTheOrderCalled(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(openStore(t), newPortal(), searches(fiveOnOneHost[:2]...), 31)
		var order []int
		const n = 200
		for i := range n { // before Run: they wait for it, in order
			r.e.do(func() { order = append(order, i) })
			r.e.SetProblem(fmt.Sprint(i))
		}
		r.e.Pause("")
		r.e.Resume("")
		stop := running(t, r.e)
		time.Sleep(5 * time.Second)
		for i := n; i < 2*n; i++ { // while it runs
			r.e.do(func() { order = append(order, i) })
			r.e.SetProblem(fmt.Sprint(i))
		}
		r.e.Pause("")
		r.e.Resume("")
		time.Sleep(5 * time.Second)
		s := r.e.Snapshot()
		stop()
		if want := fmt.Sprint(2*n - 1); s.Problem != want {
			t.Errorf("after SetProblem 0..%d the problem is %q: the commands ran out of order", 2*n-1, s.Problem)
		}
		if s.Paused {
			t.Errorf("Pause then Resume left the app paused")
		}
		want := make([]int, 2*n)
		for i := range want {
			want[i] = i
		}
		if !slices.Equal(order, want) {
			t.Errorf("commands ran in the order %v…, want the order called", order[:min(len(order), 20)])
		}
		// Stopped: a command returns at once (a blocked caller would
		// deadlock the bubble) and is not run.
		ran := false
		for range 1000 {
			r.e.do(func() { ran = true })
			r.e.CheckNow()
		}
		time.Sleep(time.Second)
		if ran {
			t.Errorf("a command ran after Run returned")
		}
	})
}
