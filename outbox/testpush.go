package outbox

import (
	"context"
	"sync"
	"time"

	"rentwatch/listing"
)

// PushResult is how one push URL's test went: Name is the channel as the
// user reads it (no secret), Err nil when the service took the message.
type PushResult struct {
	Name string
	Err  error
}

// TestPush sends a short test message to each URL at once and returns one
// result per URL, in order. One slow or hung service never holds up the
// others' results (each is bounded by ctx and the push timeout).
func TestPush(ctx context.Context, urls []string) []PushResult {
	chans := make([]*pushChannel, len(urls))
	for i, u := range urls {
		chans[i] = newPushChannel(u)
	}
	nameApart(chans)
	now := time.Now()
	m := Message{Alerts: []listing.Alert{testAlert(now, "push alerts work")}}
	out := make([]PushResult, len(chans))
	var wg sync.WaitGroup
	for i, c := range chans {
		out[i].Name = c.Name()
		wg.Go(func() { out[i].Err = c.Send(ctx, m) })
	}
	wg.Wait()
	return out
}
