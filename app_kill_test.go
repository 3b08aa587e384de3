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
		{"ntfy holds the request, the webhook took it", r.ntfy.Hold, func(string) error {
			return all(r.open(r.ntfy), r.took(r.hook))
		}},
		{"the webhook holds the request, ntfy took it", r.hook.Hold, func(string) error {
			return all(r.open(r.hook), r.took(r.ntfy))
		}},
		{"both hold their requests", func() { r.ntfy.Hold(); r.hook.Hold() }, func(string) error {
			return all(r.open(r.ntfy), r.open(r.hook))
		}},
		{"the rooms were just queued", func() {}, func(before string) error {
			if strings.Count(r.app.out.String(), `msg="new listings"`) <= strings.Count(before, `msg="new listings"`) {
				return fmt.Errorf("no new listings yet")
			}
			return nil
		}},
		{"the webhook just answered", func() {}, func(string) error { return r.took(r.hook) }},
	}
	// No subtests: each restart starts what the next kills, and what a
	// subtest starts ends with it.
	for i, p := range points {
		p.hold()
		before := r.app.out.String()
		r.post(t)
		r.post(t)
		testkit.Eventually(t, "the moment to kill: "+p.name, testkit.Patience, func() error { return p.due(before) })
		r.kill9(t)
		r.ntfy.Release()
		r.hook.Release()
		r.start(t)
		for _, room := range r.rooms {
			r.waitReach(t, room.Title, r.channels()...)
		}
		t.Logf("kill %d (%s): every room so far reached every channel after the restart", i+1, p.name)
	}
	for _, c := range r.channels() {
		got, copies := 0, 0
		for _, room := range r.rooms {
			if n := c.count(t, room.Title); n > 0 {
				got++
				copies += n
			} else {
				t.Errorf("%s never got %q", c.name, room.Title)
			}
		}
		t.Logf("%d rooms, %d kills: %-16s got %d of them (%d messages naming them)", len(r.rooms), len(points), c.name, got, copies)
	}
	// What the servers got is half of it; the other half is that the
	// store let each room go from each queue once it was delivered. A kill
	// just after a server answered leaves the rooms queued for that
	// channel (sent again: a duplicate, not a loss) until the next send
	// on it, which carries the whole queue: one more room, then a stop.
	last := r.post(t)
	r.waitReach(t, last.Title, r.channels()...)
	r.app.signal(t, syscall.SIGTERM)
	if code := r.app.exitCode(t); code != 0 {
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
	if len(forRoom(srv.Delivered(), r.rooms[len(r.rooms)-1].Title)) == 0 {
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
	if err := r.app.cmd.Process.Kill(); err != nil {
		t.Fatalf("kill -9: %v", err)
	}
	if code := r.app.exitCode(t); code != -1 {
		t.Errorf("killed, the app exited with %d", code)
	}
	checkNoChrome(t, r.data)
}
