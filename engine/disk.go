package engine

import (
	"context"
	"errors"
	"rentwatch/listing"
	"time"

	"rentwatch/seen"
)

// DiskRetry is how often the engine asks a store that had no room on its
// disk whether it has some again.
const DiskRetry = 30 * time.Second

// A full disk. The store refuses a write for want of room before Badger
// touches anything (seen/room.go): nothing is written, so a check's new
// listings are not accepted (the next check finds them again) and a
// channel's queue keeps what it owes. While the disk is full the engine
// starts no check (its findings could not be kept), sends nothing (a send
// it could not record would go out again) and starts no auto-reply (the
// same); it says so in the tray, the window and the log, asks the store
// again every DiskRetry, and goes on by itself once there is room: what
// was delivered meanwhile is recorded first, then a check starts at once.

// diskTrouble is the store's want of room, on the engine goroutine.
type diskTrouble struct {
	full    bool
	err     error     // the store's last refusal, in its words
	retryAt time.Time // when to ask the store again
	// unrecorded is, per channel id, what that channel delivered while
	// the store could not record it: recorded first when room returns,
	// so it is not sent again.
	unrecorded map[string][]listing.Alert
	// unread: the alerts and delays of earlier runs could not be read at
	// the start (the store was not open); read when room returns.
	unread bool
}

// diskFull takes a store error: when it is a want of room, the engine
// stops writing until Room says there is some, and says so; true then.
// Other errors are left to the caller.
func (e *Engine) diskFull(err error) bool {
	if !errors.Is(err, seen.ErrDiskFull) {
		return false
	}
	d := &e.st.disk
	var words *seen.DiskFullError
	if !errors.As(err, &words) {
		words = nil
	}
	if !d.full {
		d.full = true
		e.d.Log.Warn(wordsOf(err, words))
		e.note(EventFailure, "", "", wordsOf(err, words))
	}
	d.err = err
	if words != nil {
		d.err = words // the numbers without the write that met them
	}
	d.retryAt = e.d.Clock.Now().Add(DiskRetry)
	e.publish()
	return true
}

func wordsOf(err error, words *seen.DiskFullError) string {
	if words != nil {
		return words.Error()
	}
	return err.Error()
}

// askRoom asks the store for room when it is time; with room the engine
// records what went out meanwhile, reads what it could not read at the
// start, and checks at once.
func (e *Engine) askRoom(ctx context.Context, now time.Time) {
	d := &e.st.disk
	if !d.full || now.Before(d.retryAt) || ctx.Err() != nil {
		return
	}
	if e.diskFull(e.d.Store.Room()) {
		return
	}
	for _, id := range e.st.out.order {
		if alerts, ok := d.unrecorded[id]; ok && !e.record(ctx, id, alerts, now) {
			return // full again
		}
	}
	d.full, d.err, d.unrecorded = false, nil, nil // (a channel removed meanwhile owes nothing)
	e.d.Log.Info("there is room on the disk again: watching goes on")
	e.note(EventInfo, "", "", "there is room on the disk again: watching goes on")
	if d.unread {
		d.unread = false
		e.loadPending()
		e.loadDelays()
	}
	e.st.checkNow = true
	e.deliver(ctx)
	e.publish()
}

// record records what channel id delivered while there was no room,
// and takes it as delivered now; false when the disk is still full.
func (e *Engine) record(ctx context.Context, id string, alerts []listing.Alert, now time.Time) bool {
	ids := make([]string, len(alerts))
	for i, a := range alerts {
		ids[i] = a.ID
	}
	first, err := e.d.Store.Sent(id, ids, now)
	if e.diskFull(err) {
		return false
	}
	delete(e.st.disk.unrecorded, id)
	if err != nil {
		e.d.Log.Error("delivered, but could not record it: the alert may repeat", "channel", id, "err", err)
		return true
	}
	e.tookFirst(ctx, firstOf(alerts, first), now)
	return true
}

// keep keeps what channel id delivered and the store could not
// record for want of room.
func (d *diskTrouble) keep(id string, alerts []listing.Alert) {
	if d.unrecorded == nil {
		d.unrecorded = map[string][]listing.Alert{}
	}
	d.unrecorded[id] = append(d.unrecorded[id], alerts...)
}

// problem is the disk's trouble for the snapshot, in words; "" when there
// is room.
func (d diskTrouble) problem() string {
	if !d.full || d.err == nil {
		return ""
	}
	return d.err.Error()
}
