package outbox

import (
	"context"
	"testing"
	"time"

	"rentwatch/internal/testkit"
	"rentwatch/listing"
)

// A click on a new-listing pop-up opens the listing; a click on a "needs
// you" pop-up opens the check-by-hand window: a notification server on a
// private session bus invokes the action, as a desktop does on a click.
func TestClickOnAPopUpOpensIt(t *testing.T) {
	rec := startRecorder(t)
	clicks := make(chan Action, 4)
	pop, err := NewClickable(func(a Action) { clicks <- a })
	if err != nil {
		t.Fatal(err)
	}
	defer pop.Close()
	o := New(nil, pop)
	m := Message{
		Alerts: []listing.Alert{{Listing: listing.Listing{ID: "k1", URL: "https://kamernet.nl/huren/kamer-amsterdam/k1", Title: "Sunny room", Price: "€ 745"},
			SearchName: "Kamernet Amsterdam", SearchURL: "https://kamernet.nl/huren/kamers-amsterdam"}},
		Notices: []Notice{{Key: "wall:funda", Title: "Funda needs you", Body: "Pass its check by hand.",
			Open: Action{Kind: OpenManual, URL: "https://www.funda.nl/zoeken/huur"}}},
	}
	if err := (desktopChannel{o}).Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		summary string
		want    Action
	}{
		{"New listing: Kamernet Amsterdam", Action{Kind: OpenWeb, URL: "https://kamernet.nl/huren/kamer-amsterdam/k1"}},
		{"Funda needs you", Action{Kind: OpenManual, URL: "https://www.funda.nl/zoeken/huur"}},
	} {
		if err := rec.Click(tt.summary); err != nil {
			t.Fatal(err)
		}
		select {
		case got := <-clicks:
			if got != tt.want {
				t.Errorf("click on %q opened %+v, want %+v", tt.summary, got, tt.want)
			}
		case <-time.After(testkit.Patience):
			t.Fatalf("a click on %q opened nothing", tt.summary)
		}
	}
	if all := rec.All(); len(all) != 2 || !all[0].HasImage || all[0].App != "rentwatch" {
		t.Errorf("pop-ups %+v, want two with the app's name and icon", all)
	}
}
