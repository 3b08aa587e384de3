package main

import (
	"fmt"
	"strings"
	"syscall"
	"testing"

	"rentwatch/internal/testkit"
)

// TestAppKilledWhileDelivering kills the real app with SIGKILL at several
// points of delivering a batch to two push channels (and the pop-ups),
// restarts it on the same data folder each time, and checks that every
// room reaches every channel: duplicates are allowed, losses are not (a
// room is accepted into every channel's queue in one transaction, and
// leaves a queue only once that channel delivered it).
func TestAppKilledWhileDelivering(t *testing.T) {
	r := newPushRig(t, false, false)
	points := []struct {
		name string
		hold func()                    // before the rooms are posted
		due  func(before string) error // nil once it is time to kill; before is the output so far
	}{
		{"ntfy holds the request, the webhook took it", r.Ntfy.Hold, func(string) error {
			return all(r.open(r.Ntfy), r.took(r.Hook))
		}},
		{"the webhook holds the request, ntfy took it", r.Hook.Hold, func(string) error {
			return all(r.open(r.Hook), r.took(r.Ntfy))
		}},
		{"both hold their requests", func() { r.Ntfy.Hold(); r.Hook.Hold() }, func(string) error {
			return all(r.open(r.Ntfy), r.open(r.Hook))
		}},
		{"the rooms were just queued", func() {}, func(before string) error {
			if strings.Count(r.App.Out.String(), `msg="new listings"`) <= strings.Count(before, `msg="new listings"`) {
				return fmt.Errorf("no new listings yet")
			}
			return nil
		}},
		{"the webhook just answered", func() {}, func(string) error { return r.took(r.Hook) }},
	}
	// No subtests: each restart starts what the next kills, and what a
	// subtest starts ends with it.
	for i, p := range points {
		p.hold()
		before := r.App.Out.String()
		r.Post(t)
		r.Post(t)
		testkit.Eventually(t, "the moment to kill: "+p.name, testkit.Patience, func() error { return p.due(before) })
		r.kill9(t)
		r.Ntfy.Release()
		r.Hook.Release()
		r.Start(t)
		for _, room := range r.Rooms {
			r.WaitReach(t, room.Title, r.Channels()...)
		}
		t.Logf("kill %d (%s): every room so far reached every channel after the restart", i+1, p.name)
	}
	for _, c := range r.Channels() {
		got, copies := 0, 0
		for _, room := range r.Rooms {
			if n := c.Count(t, room.Title); n > 0 {
				got++
				copies += n
			} else {
				t.Errorf("%s never got %q", c.Name, room.Title)
			}
		}
		t.Logf("%d rooms, %d kills: %-16s got %d of them (%d messages naming them)", len(r.Rooms), len(points), c.Name, got, copies)
	}
	// What the servers got is half of it; the other half is that the
	// store let each room go from each queue once it was delivered. A kill
	// just after a server answered leaves the rooms queued for that
	// channel (sent again: a duplicate, not a loss) until the next send
	// on it, which carries the whole queue: one more room, then a stop.
	last := r.Post(t)
	r.WaitReach(t, last.Title, r.Channels()...)
	r.App.Signal(t, syscall.SIGTERM)
	if code := r.App.ExitCode(t); code != 0 {
		t.Fatalf("SIGTERM: exit status %d", code)
	}
	r.checkQueues(t, nil)
}

// open is nil once srv holds a request carrying the newest room open.
func (r *pushRig) open(srv *testkit.PushServer) error {
	if srv.Open() == 0 {
		return fmt.Errorf("no request held open yet")
	}
	return nil
}

// took is nil once srv has taken a message naming the newest room.
func (r *pushRig) took(srv *testkit.PushServer) error {
	if len(forRoom(srv.Delivered(), r.Rooms[len(r.Rooms)-1].Title)) == 0 {
		return fmt.Errorf("the newest room not taken yet")
	}
	return nil
}

func all(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// kill9 kills the app with SIGKILL, as a crash or a power cut does, and
// waits until it and its Chromium are gone.
func (r *pushRig) kill9(t *testing.T) {
	t.Helper()
	if err := r.App.Cmd.Process.Kill(); err != nil {
		t.Fatalf("kill -9: %v", err)
	}
	if code := r.App.ExitCode(t); code != -1 {
		t.Errorf("killed, the app exited with %d", code)
	}
	testkit.CheckNoChrome(t, r.Data)
}
