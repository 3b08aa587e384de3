package engine

import (
	"context"
	"rentwatch/listing"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/seen"
)

// fullDisk is a real store on a disk that can fill up: while full is set
// every write is refused as seen.Store refuses it for want of room,
// before anything is written. (seen's own tests fill a real tmpfs; in a
// synctest bubble the disk's state must not come from outside.)
type fullDisk struct {
	*seen.Store
	full atomic.Bool
}

func (d *fullDisk) refused() error {
	if d.full.Load() {
		return &seen.DiskFullError{Dir: "/home/ann/.local/share/rentwatch/store", Free: 300 << 10, Need: 10 << 20}
	}
	return nil
}

func (d *fullDisk) Room() error { return d.refused() }

func (d *fullDisk) Accept(alerts []listing.Alert, snaps []seen.Snapshot, now time.Time) error {
	if err := d.refused(); err != nil {
		return err
	}
	return d.Store.Accept(alerts, snaps, now)
}

func (d *fullDisk) SaveSnapshot(snap seen.Snapshot, now time.Time) error {
	if err := d.refused(); err != nil {
		return err
	}
	return d.Store.SaveSnapshot(snap, now)
}

func (d *fullDisk) Sent(channel string, ids []string, now time.Time) ([]string, error) {
	if err := d.refused(); err != nil {
		return nil, err
	}
	return d.Store.Sent(channel, ids, now)
}

func (d *fullDisk) SetChannels(ids []string) error {
	if err := d.refused(); err != nil {
		return err
	}
	return d.Store.SetChannels(ids)
}

const diskFullWords = "the disk holding rentwatch's data is full: 0.3 MB free, it needs 10 MB"

// The disk fills up after the baseline, while a new listing goes up:
// nothing is checked while there is no room (its findings could not be
// kept), the tray and the window say why in the store's words, and once
// space returns the app checks by itself and the listing is alerted once.
func TestAFullDiskStopsWatchingUntilThereIsRoom(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		disk := &fullDisk{Store: openStore(t)}
		p := newPortal()
		west := fiveOnOneHost[0]
		p.post(west, "a")
		r := newRig(disk, p, searches(west), 31)
		running(t, r.e)
		time.Sleep(20 * time.Second) // the baseline
		disk.full.Store(true)
		p.post(west, "b")
		time.Sleep(time.Minute) // a check may have been under way
		before := len(p.sent(kamernet))
		time.Sleep(10 * time.Minute)
		if n := len(p.sent(kamernet)) - before; n != 0 {
			t.Errorf("%d check(s) in 10 minutes on a full disk, want none: what they found could not be kept", n)
		}
		if got := r.mail.told(); len(got) != 0 {
			t.Errorf("alerted %v on a full disk", got)
		}
		snap := r.e.Snapshot()
		if !strings.HasPrefix(snap.Problem, diskFullWords) || snap.Overall != NeedsYou {
			t.Errorf("on a full disk the app shows %q (%s), want the disk's words", snap.Problem, snap.Overall)
		}
		if !r.logs.has(diskFullWords) {
			t.Errorf("the log does not say the disk is full: %q", r.logs.lines)
		}

		disk.full.Store(false)
		time.Sleep(DiskRetry + 20*time.Second) // asked again, checked at once
		if got := r.mail.told(); !slices.Equal(got, []string{"b"}) {
			t.Errorf("once there was room the app told %v, want [b] once", got)
		}
		if snap := r.e.Snapshot(); snap.Problem != "" {
			t.Errorf("with room again the app still shows %q", snap.Problem)
		}
		if !r.logs.has("there is room on the disk again: watching goes on") {
			t.Errorf("the log does not say watching goes on")
		}
	})
}

// The disk fills up while an alert is out: it reached the user, and the
// store cannot record it. It is not sent again while the disk is full,
// nor once space returns: it is recorded first, then the app goes on.
func TestAnAlertSentAsTheDiskFillsIsRecordedNotRepeated(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		disk := &fullDisk{Store: openStore(t)}
		p := newPortal()
		west := fiveOnOneHost[0]
		p.post(west, "a")
		r := newRig(disk, p, searches(west), 32)
		r.mail.fail = func(context.Context, int) error {
			disk.full.Store(true) // it went out; then the disk filled
			return nil
		}
		running(t, r.e)
		time.Sleep(20 * time.Second)
		p.post(west, "b")
		time.Sleep(10 * time.Minute)
		if got := r.mail.told(); !slices.Equal(got, []string{"b"}) {
			t.Fatalf("told %v, want [b] once", got)
		}
		r.mail.mu.Lock()
		r.mail.fail = nil
		r.mail.mu.Unlock()
		disk.full.Store(false)
		time.Sleep(DiskRetry + 2*time.Minute)
		if got := r.mail.told(); !slices.Equal(got, []string{"b"}) {
			t.Errorf("after space returned: told %v, want [b] once", got)
		}
		var queued []listing.Alert
		onEngine(r.e, func() { queued, _ = disk.Queue("outbox") })
		if len(queued) != 0 {
			t.Errorf("the channel's queue still holds %v: its delivery was never recorded", queued)
		}
		if recent := r.e.Snapshot().Recent; len(recent) != 1 || !strings.Contains(recent[0].Title, "b") {
			t.Errorf("recent listings %+v, want b", recent)
		}
	})
}

// A run that could not open its store (the disk was full at the start)
// reads what earlier runs left once it can.
func TestAStartOnAFullDiskReadsThePendingAlertsOnceThereIsRoom(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := openStore(t)
		west := fiveOnOneHost[0]
		if err := store.Accept([]listing.Alert{{Listing: listing.Listing{ID: "left", URL: west + "/left", Title: "Room left"}, SearchURL: west}}, nil, time.Now()); err != nil {
			t.Fatal(err)
		}
		disk := &notOpen{fullDisk: fullDisk{Store: store}}
		disk.full.Store(true)
		p := newPortal()
		r := newRig(disk, p, searches(west), 33)
		running(t, r.e)
		time.Sleep(5 * time.Minute)
		if n := len(p.sent(kamernet)); n != 0 || len(r.mail.told()) != 0 {
			t.Errorf("with no store: %d check(s), told %v; want nothing", n, r.mail.told())
		}
		disk.full.Store(false)
		time.Sleep(DiskRetry + time.Minute)
		if got := r.mail.told(); !slices.Contains(got, "left") {
			t.Errorf("told %v once the store opened, want the alert an earlier run left", got)
		}
	})
}

// notOpen is a store the app could not open: reads fail too.
type notOpen struct{ fullDisk }

func (n *notOpen) Pending() ([]listing.Alert, error) {
	if err := n.refused(); err != nil {
		return nil, err
	}
	return n.Store.Pending()
}

func (n *notOpen) Delays(search string) ([]time.Duration, error) {
	if err := n.refused(); err != nil {
		return nil, err
	}
	return n.Store.Delays(search)
}

func (n *notOpen) Queue(channel string) ([]listing.Alert, error) {
	if err := n.refused(); err != nil {
		return nil, err
	}
	return n.Store.Queue(channel)
}
