package engine

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"rentwatch/outbox"
	"rentwatch/seen"
)

// PermanentRetry is how long the engine waits before trying again after
// the mail server refused us for good (bad password, refused recipient):
// retrying every cycle would hammer the server with a wrong password.
const PermanentRetry = 10 * time.Minute

// deliver sends every pending alert in one batch and, only once the outbox
// has reported delivery, records the listings as seen together with the
// snapshots that waited for it. Do not record that you told someone until
// you have told them. A kill between the two gives a duplicate, never a loss.
func (e *Engine) deliver(ctx context.Context) {
	now := e.d.Clock.Now()
	if len(e.st.pending) == 0 || e.st.sendFailed || now.Before(e.st.emailRetryAt) {
		return
	}
	alerts, err := e.d.Store.Pending()
	if err != nil {
		e.d.Log.Error("read pending alerts", "err", err)
		return
	}
	if err := e.d.Outbox.Deliver(ctx, outboxBatch(alerts)); err != nil {
		e.sendFailed(err, now)
		return
	}
	ids := make([]string, len(alerts))
	for i, a := range alerts {
		ids[i] = a.ListingID
	}
	snaps := slices.Collect(maps.Values(e.st.deferred))
	if err := e.d.Store.Delivered(ids, snaps, now); err != nil {
		// The user was told; the worst that follows is the same alert again.
		e.d.Log.Error("delivered, but could not record it: the alert may repeat", "err", err)
	}
	for _, id := range ids {
		delete(e.st.pending, id)
	}
	clear(e.st.deferred)
	e.st.mail = mailTrouble{}
	e.remember(alerts, now)
	e.alerted(alerts, now)
	e.replyAll(ctx, alerts)
	e.d.Log.Info("alerts delivered", "count", len(alerts))
}

// sendFailed keeps the listings unseen: their snapshots are dropped, so the
// next check finds them new again, and they stay queued in the store. The
// log says when the next try comes, truly: a refusal for good waits for
// new email settings (or PermanentRetry), anything else the next cycle.
func (e *Engine) sendFailed(err error, now time.Time) {
	e.st.sendFailed = true
	clear(e.st.deferred)
	var de *outbox.DeliveryError
	email := errors.As(err, &de)
	permanent := email && de.Permanent
	e.st.mail.failed(now, err.Error(), email, permanent)
	if permanent {
		e.st.emailRetryAt = now.Add(PermanentRetry)
		e.d.Log.Warn(fmt.Sprintf("Failed to send: %v. Keeping listings unseen; will retry when the email settings change (or in %v)",
			err, PermanentRetry))
		return
	}
	e.d.Log.Warn(fmt.Sprintf("Failed to send: %v. Keeping listings unseen, will retry next poll", err))
}

func outboxBatch(alerts []seen.Alert) []outbox.Alert {
	out := make([]outbox.Alert, len(alerts))
	for i, a := range alerts {
		out[i] = outbox.Alert{
			SearchName: a.SearchName, SearchURL: a.Search, ListingID: a.ListingID,
			URL: a.URL, Title: a.Title, Price: a.Price, Place: a.Place, FoundAt: a.FoundAt,
		}
	}
	return out
}

// remember puts delivered alerts at the top of "Recent listings".
func (e *Engine) remember(alerts []seen.Alert, now time.Time) {
	fresh := make([]Alert, 0, len(alerts))
	for i := len(alerts) - 1; i >= 0; i-- {
		a := alerts[i]
		fresh = append(fresh, Alert{Search: a.SearchName, Title: a.Title, Price: a.Price,
			URL: a.URL, FoundAt: a.FoundAt, Notified: now})
	}
	e.st.recent = append(fresh, e.st.recent...)
	if len(e.st.recent) > RecentMax {
		e.st.recent = e.st.recent[:RecentMax]
	}
}
