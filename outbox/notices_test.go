package outbox

import (
	"slices"
	"strings"
	"testing"
	"time"

	"rentwatch/listing"
)

// A notice is told once per episode on every channel in force but the
// one it is about, wakes the deliverer, and leaves a channel's list only
// when that channel told it.
func TestTellOncePerEpisodeOnEveryChannel(t *testing.T) {
	o := New(&EmailSettings{To: "me@x.test"}, &recordingPop{})
	o.SetPush([]string{"ntfy://ntfy.sh/topic-a"})
	woke := make(chan struct{}, 4)
	o.SetWake(func() { woke <- struct{}{} })
	push := PushID("ntfy://ntfy.sh/topic-a")
	n := Notice{Key: "wall:funda:1", Title: "Funda needs you", Open: Action{Kind: OpenManual, URL: "https://funda.nl/s"}}
	o.Tell(n)
	o.Tell(n) // the same episode again: nothing new
	o.Tell(Notice{Key: "trouble:email:1", Title: "email failing", Skip: "email"})
	<-woke
	for ch, want := range map[string][]string{
		"desktop": {"wall:funda:1", "trouble:email:1"},
		"email":   {"wall:funda:1"},
		push:      {"wall:funda:1", "trouble:email:1"},
	} {
		var keys []string
		for _, n := range o.Notices(ch) {
			keys = append(keys, n.Key)
		}
		if !slices.Equal(keys, want) {
			t.Errorf("%s has %v, want %v", ch, keys, want)
		}
	}
	o.Told("desktop", []string{"wall:funda:1"})
	if got := o.Notices("desktop"); len(got) != 1 || got[0].Key != "trouble:email:1" {
		t.Errorf("after telling, the desktop has %v", got)
	}
	if got := o.Notices("email"); len(got) != 1 {
		t.Errorf("telling on the desktop changed email's list: %v", got)
	}
}

// The reminder to close the window of a check by hand is a nudge, not
// news: in a message with listings it follows them, on every channel, and
// is never in the subject; a notice that needs the user still leads.
func TestAReminderFollowsTheListings(t *testing.T) {
	now := time.Date(2026, 3, 4, 14, 2, 0, 0, time.UTC)
	reminder := Notice{Key: "manual-open 1", Title: "Close the window when you are done", Body: "The window for Utrecht has been open for 10 minutes.", Reminder: true}
	needs := Notice{Key: "needs-you 1", Title: "Funda needs you", Body: "Funda asks for a check."}
	room := listing.Alert{Listing: listing.Listing{ID: "1", Title: "Room on the canal", URL: "https://kamernet.nl/huren/kamer-1"}, SearchName: "Amsterdam", FoundAt: now}

	m := Message{Alerts: []listing.Alert{room}, Notices: []Notice{reminder}}
	if got, want := messageSubject(m), "1 new listing: Amsterdam"; got != want {
		t.Errorf("subject %q, want %q: a reminder never leads a batch", got, want)
	}
	msg, err := compose(m, envelope{From: "me@mail.example", To: []string{"a@x.test"}}, now, "")
	if err != nil {
		t.Fatal(err)
	}
	parts := mimeParts(t, msg)
	for where, text := range map[string]string{"email text": parts["text/plain"], "email HTML": parts["text/html"], "push": plainText(m, now)} {
		r, l := strings.Index(text, reminder.Title), strings.Index(text, room.Title)
		if r < 0 || l < 0 || r < l {
			t.Errorf("%s: the reminder at %d, the listing at %d: want both, the listing first:\n%s", where, r, l, text)
		}
	}

	// A notice that needs the user leads, the reminder still follows.
	m.Notices = []Notice{reminder, needs}
	if got, want := messageSubject(m), "Funda needs you · 1 new listing: Amsterdam"; got != want {
		t.Errorf("subject %q, want %q", got, want)
	}
	text := plainText(m, now)
	if n, l, r := strings.Index(text, needs.Title), strings.Index(text, room.Title), strings.Index(text, reminder.Title); !(n < l && l < r) {
		t.Errorf("push: needs-you at %d, listing at %d, reminder at %d: want in that order:\n%s", n, l, r, text)
	}

	// Alone, it is the message.
	if got := messageSubject(Message{Notices: []Notice{reminder}}); got != reminder.Title {
		t.Errorf("a reminder alone: subject %q", got)
	}
}

// A reminder withdrawn (the window closed) leaves every channel that had
// not told it yet, and is not told again later.
func TestAWithdrawnNoticeIsNotTold(t *testing.T) {
	o := New(&EmailSettings{To: "me@x.test"}, &recordingPop{})
	o.SetPush([]string{"ntfy://ntfy.sh/topic-a"})
	push := PushID("ntfy://ntfy.sh/topic-a")
	reminder := Notice{Key: "manual-open 1", Title: "Close the window when you are done", Reminder: true}
	o.Tell(reminder)
	o.Tell(Notice{Key: "needs-you 1", Title: "Funda needs you"})
	o.Told("desktop", []string{reminder.Key}) // the pop-up showed it at once
	o.Withdraw(reminder.Key)
	o.Tell(reminder)
	for _, ch := range []string{"desktop", "email", push} {
		for _, n := range o.Notices(ch) {
			if n.Key == reminder.Key {
				t.Errorf("%s still holds the withdrawn reminder", ch)
			}
		}
	}
	if got := o.Notices("email"); len(got) != 1 || got[0].Key != "needs-you 1" {
		t.Errorf("email holds %v, want the other notice kept", got)
	}
}
