package reply

import (
	"context"
	"errors"
	"testing"
	"time"

	"rentwatch/config"
	"rentwatch/listing"
)

// TestReplier answers alerts with the settings in force: the search's own
// message or the [reply] one, the user's details, and nothing for a search
// whose auto-reply is off or gone.
func TestReplier(t *testing.T) {
	const ip = "127.0.0.14"
	portal := startPortal(t, ip)
	b := newBrowser(t)
	on := config.Search{Name: "On", URL: portal.URL + "/huren/kamers-amsterdam", Enabled: true, Reply: true,
		ReplyMessage: "Dag, {name} hier. Is {title} ({price}) nog vrij?"}
	off := config.Search{Name: "Off", URL: portal.URL + "/huren/kamers-utrecht", Enabled: true}
	settings := config.Settings{Reply: &config.Reply{Name: "Sam Jansen", Email: "sam@example.com", Consent: true,
		Message: "Hallo, ik ben {name}."}, Searches: []config.Search{on, off}}
	r := NewReplier(b, func() config.Settings { return settings })
	alert := func(s config.Search, rm int, variant string) listing.Alert {
		u := portal.Post(room(rm, variant))
		return listing.Alert{Listing: listing.Listing{ID: u, URL: u, Title: "Room on\r\nDamrak", Price: "€ 750"},
			SearchURL: s.URL, SearchName: s.Name, FoundAt: time.Now()}
	}
	lane := Lane(func(ctx context.Context, step func(context.Context) error) error { return step(ctx) })

	if _, err := r.Reply(context.Background(), alert(off, 1, "inline"), lane, nil); !errors.Is(err, ErrOff) {
		t.Errorf("a search with reply off: %v, want ErrOff", err)
	}
	gone := alert(on, 2, "inline")
	gone.SearchURL = "https://gone.example/"
	if _, err := r.Reply(context.Background(), gone, lane, nil); !errors.Is(err, ErrOff) {
		t.Errorf("a search no longer in the settings: %v, want ErrOff", err)
	}
	res, err := r.Reply(context.Background(), alert(on, 3, "consent"), lane, nil)
	if err != nil || !res.Sent {
		t.Fatalf("Reply: %+v, %v", res, err)
	}
	sent := portal.Sent()
	if len(sent) != 1 {
		t.Fatalf("the portal received %d messages, want 1", len(sent))
	}
	got := sent[0].Values
	if want := "Dag, Sam Jansen hier. Is Room on Damrak (€ 750) nog vrij?"; got.Get("message") != want ||
		got.Get("name") != "Sam Jansen" || got.Get("email") != "sam@example.com" || got.Get("terms") != "yes" {
		t.Errorf("the portal received %v, want the search's message from Sam Jansen, terms ticked", got)
	}
}
