package window

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/listing"
	"rentwatch/outbox"
	"rentwatch/pages"
	"rentwatch/pages/read"
	"rentwatch/seen"
)

// onePage is a site that shows two listings on every page.
type onePage struct{}

func (onePage) Load(ctx context.Context, url string) (pages.Result, error) {
	return pages.Result{URL: url + "?page=1", Status: 200, Verdict: blocks.Verdict{Kind: blocks.OK},
		Reading: read.Reading{Site: "generic", Listings: []listing.Listing{
			{ID: "1", URL: url + "/1", Title: "Room one", Price: "€ 700", SizeM2: 14, Image: url + "/1.jpg"},
			{ID: "2", URL: url + "/2", Title: "Room two", Price: "€ 800"},
		}}}, nil
}

type quietOutbox struct{}

func (quietOutbox) Channels() []outbox.Channel { return []outbox.Channel{quietOutbox{}} }

func (quietOutbox) ID() string                                 { return "outbox" }
func (quietOutbox) Name() string                               { return "alerts" }
func (quietOutbox) Kind() outbox.Kind                          { return "" }
func (quietOutbox) Send(context.Context, outbox.Message) error { return nil }

// The running engine is the window's Watcher as it is: what the window
// shows is what the engine says, in the engine's own types.
func TestTheEngineIsTheWatcher(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store, err := seen.OpenInMemory()
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		u := "https://kamernet.test/huren/amsterdam"
		e := engine.New(engine.Deps{Loader: onePage{}, Store: store, Outbox: quietOutbox{}},
			engine.Settings{Interval: 30 * time.Second, Searches: []config.Search{{Name: "Amsterdam", URL: u, Enabled: true}}})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { e.Run(ctx); close(done) }()
		defer func() { cancel(); <-done }()
		var w Watcher = e

		time.Sleep(10 * time.Second)
		p, err := w.Preview(context.Background(), "https://kamernet.test/huren/utrecht")
		if err != nil || p.Page.URL != "https://kamernet.test/huren/utrecht?page=1" || len(p.Page.Listings) != 2 ||
			p.Page.Listings[0].SizeM2 != 14 || p.Page.Listings[0].Image == "" || p.Page.Verdict.Kind != blocks.OK || p.LoadedAt.IsZero() {
			t.Fatalf("preview %+v, %v", p, err)
		}
		until := time.Now().Add(time.Hour)
		w.PauseUntil(until)
		time.Sleep(time.Second)
		if s := w.Snapshot(); !s.Paused || !s.PausedUntil.Equal(until) || len(s.Searches) != 1 {
			t.Errorf("state after Pause: paused %v until %v, %d searches", s.Paused, s.PausedUntil, len(s.Searches))
		}
		events := w.Activity(5)
		if len(events) == 0 || events[0].Kind != engine.EventInfo || events[0].Text == "" {
			t.Errorf("activity %+v, want the pause first", events)
		}
		w.Resume("")
		time.Sleep(time.Second)
		if w.Snapshot().Paused {
			t.Errorf("Resume left it paused")
		}
	})
}
