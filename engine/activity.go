package engine

import (
	"sync"
	"time"
)

// ActivityMax is how many events the engine keeps for Activity.
const ActivityMax = 500

// Event is one thing the watcher did, in plain words, for the window's
// Activity page: walls set and cleared, alerts delivered, failures, pauses,
// settings applied, checks by hand, listings a filter left out.
type Event struct {
	At   time.Time
	Kind EventKind
	// Search is the search's name; "" when the event is not about one.
	Search string
	// Host is the site, for walls and load failures; "" otherwise.
	Host string
	Text string
}

// EventKind sorts events for the page's icons and filters.
type EventKind string

// The kinds of Event.
const (
	EventAlert   EventKind = "alert"   // listings were alerted
	EventWall    EventKind = "wall"    // a site put up a wall, or took it down
	EventFailure EventKind = "failure" // a load or a delivery failed, a soft block
	EventInfo    EventKind = "info"    // everything else
)

// activity is a ring of the latest events. The engine goroutine adds to
// it; Activity reads it from any goroutine.
type activity struct {
	// mu guards events and next.
	mu     sync.Mutex
	events []Event // a ring of at most ActivityMax
	next   int     // where the next event goes once the ring is full
}

func (a *activity) add(ev Event) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.events) < ActivityMax {
		a.events = append(a.events, ev)
		return
	}
	a.events[a.next] = ev
	a.next = (a.next + 1) % ActivityMax
}

// latest returns at most n events, newest first.
func (a *activity) latest(n int) []Event {
	a.mu.Lock()
	defer a.mu.Unlock()
	n = min(n, len(a.events))
	out := make([]Event, 0, n)
	for i := range n {
		// The newest is just before next (or last, before the ring filled).
		j := (a.next - 1 - i + 2*len(a.events)) % len(a.events)
		if len(a.events) < ActivityMax {
			j = len(a.events) - 1 - i
		}
		out = append(out, a.events[j])
	}
	return out
}

// Activity is what the watcher did, newest first, at most n events (of
// the latest ActivityMax). It is safe to call from any goroutine.
func (e *Engine) Activity(n int) []Event { return e.activity.latest(n) }

// Note adds an event in words to the activity, for what the app did
// beside the engine that the user should see there (a store started anew
// at the start). It is safe to call from any goroutine.
func (e *Engine) Note(text string) { e.note(EventInfo, "", "", text) }

// note adds an event at now.
func (e *Engine) note(kind EventKind, search, host, text string) {
	e.activity.add(Event{At: e.d.Clock.Now(), Kind: kind, Search: search, Host: host, Text: text})
}
