package window

import (
	"context"
	"errors"
	"time"

	"rentwatch/engine"
)

// EngineWatcher is the Watcher over the running engine: the window's
// words and shapes for what the engine says.
func EngineWatcher(e *engine.Engine) Watcher { return engineWatcher{e} }

type engineWatcher struct{ e *engine.Engine }

var _ Watcher = engineWatcher{}

func (w engineWatcher) State() State {
	s := w.e.Snapshot()
	st := State{Snapshot: s, PausedUntil: s.PausedUntil}
	if len(s.Walls) > 0 {
		st.Walls = make(map[string][]Wall, len(s.Walls))
		for host, walls := range s.Walls {
			for _, x := range walls {
				st.Walls[host] = append(st.Walls[host], Wall{At: x.At, Kind: x.Kind, Vendor: x.Vendor})
			}
		}
	}
	return st
}

func (w engineWatcher) Preview(ctx context.Context, url string) (Preview, error) {
	r, err := w.e.Preview(ctx, url)
	if err != nil {
		return Preview{URL: url}, err
	}
	if r.ByHand {
		return Preview{URL: url}, errors.New(r.Words)
	}
	page := r.Page
	p := Preview{URL: url, FinalURL: page.URL, LoadedAt: r.LoadedAt, Verdict: page.Verdict, Site: page.Site,
		Expected: page.Expected, SoftBlock: page.SoftBlock, WaitingUntil: r.Until, Wall: r.Wall}
	for _, l := range page.Listings {
		p.Listings = append(p.Listings, Listing{ID: l.ID, URL: l.URL, Title: l.Title, Price: l.Price,
			Place: l.Place, Image: l.Image, Size: l.SizeM2})
	}
	return p, nil
}

func (w engineWatcher) CheckNow()              { w.e.CheckNow() }
func (w engineWatcher) CheckByHand(url string) { w.e.ManualCheck(url) }
func (w engineWatcher) Pause(until time.Time)  { w.e.PauseUntil(until) }
func (w engineWatcher) Resume()                { w.e.Resume("") }

func (w engineWatcher) Activity(n int) []Event {
	var out []Event
	for _, ev := range w.e.Activity(n) {
		out = append(out, Event{At: ev.At, Kind: EventKind(ev.Kind), Search: ev.Search, Host: ev.Host, Text: ev.Text})
	}
	return out
}
