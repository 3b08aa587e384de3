package outbox

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"rentwatch/internal/testkit"
	"rentwatch/listing"
)

func TestPopUpsFor(t *testing.T) {
	alert := func(search, title string) listing.Alert {
		return listing.Alert{Listing: listing.Listing{Title: title, Price: "€ 900", Place: "West",
			URL: "https://" + strings.ToLower(search) + ".test/" + title}, SearchName: search,
			SearchURL: "https://" + strings.ToLower(search) + ".test/s"}
	}
	web := func(u string) Action { return Action{Kind: OpenWeb, URL: u} }
	tests := []struct {
		name string
		m    Message
		want []popUp
	}{
		{"one listing: a click opens it", Message{Alerts: []listing.Alert{alert("Funda", "Flat & <garden>")}},
			[]popUp{{"New listing: Funda", "Flat &amp; &lt;garden&gt; · €\u00a0900 · West", web("https://funda.test/s")}}}, // the listing's URL has a space: its search opens
		{"line breaks flattened", Message{Alerts: []listing.Alert{alert("Funda", "a\r\nb"), alert("Funda", "c")}},
			[]popUp{{"2 new listings: Funda", "a b · €\u00a0900 · West\nc · €\u00a0900 · West", web("https://funda.test/s")}}},
		{"more than three listings: the first opens", Message{Alerts: []listing.Alert{alert("F", "1"), alert("F", "2"), alert("F", "3"), alert("F", "4"), alert("F", "5")}},
			[]popUp{{"5 new listings: F", "1 · €\u00a0900 · West\n2 · €\u00a0900 · West\n3 · €\u00a0900 · West\nand 2 more", web("https://f.test/1")}}},
		{"three searches: one each", Message{Alerts: []listing.Alert{alert("A", "1"), alert("B", "2"), alert("C", "3")}},
			[]popUp{{"New listing: A", "1 · €\u00a0900 · West", web("https://a.test/1")}, {"New listing: B", "2 · €\u00a0900 · West", web("https://b.test/2")},
				{"New listing: C", "3 · €\u00a0900 · West", web("https://c.test/3")}}},
		{"four searches: one summary opens the first search", Message{Alerts: []listing.Alert{alert("A", "1"), alert("B", "2"), alert("C", "3"), alert("D", "4"), alert("A", "5")}},
			[]popUp{{"5 new listings on 4 searches", "A: 2 new\nB: 1 new\nC: 1 new\nD: 1 new", web("https://a.test/s")}}},
		{"a listing with size and rooms", Message{Alerts: []listing.Alert{{Listing: listing.Listing{Title: "Room", Price: "950 EUR", SizeM2: 18, Rooms: 1, URL: "javascript:alert(1)"},
			SearchName: "K"}}},
			[]popUp{{"New listing: K", "Room · 950\u00a0EUR · 18\u00a0m² · 1\u00a0room", Action{}}}}, // never a javascript: link
		{"a notice opens its check-by-hand window", Message{Notices: []Notice{{Key: "k", Title: "Funda needs you", Body: "Pass its check <by hand>",
			Open: Action{Kind: OpenManual, URL: "https://funda.test/s"}}}},
			[]popUp{{"Funda needs you", "Pass its check &lt;by hand&gt;", Action{Kind: OpenManual, URL: "https://funda.test/s"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := popUpsFor(tt.m, time.Now())
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("popUpsFor =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
	long := popUpsFor(Message{Alerts: []listing.Alert{alert("F", strings.Repeat("x", 5000))}}, time.Now())
	if n := len([]rune(long[0].Body)); n > maxPopUpBody {
		t.Errorf("body is %d runes, cap is %d", n, maxPopUpBody)
	}
}

// The desktop is a channel of its own: its failure is its own, and every
// pop-up of the message is tried even when one fails.
func TestDesktopChannel(t *testing.T) {
	down := errors.New("no notification server")
	pop := &recordingPop{fail: down}
	o := New(nil, pop)
	m := Message{Alerts: hostileBatch(time.Now())}
	err := (desktopChannel{o}).Send(context.Background(), m)
	if err == nil || IsPermanent(err) || !strings.Contains(err.Error(), "no notification server") {
		t.Errorf("Send = %v, want a temporary failure naming why", err)
	}
	if len(pop.got) != 2 {
		t.Errorf("%d pop-ups tried, want 2 (one per search)", len(pop.got))
	}
	pop.fail = nil
	if err := (desktopChannel{o}).Send(context.Background(), m); err != nil {
		t.Errorf("Send = %v", err)
	}
}

// startRecorder runs a private session bus (internal/testkit), points
// this process at it and records the pop-ups sent there.
func startRecorder(t *testing.T) *testkit.Notifications {
	t.Helper()
	bus := testkit.StartSessionBus(t)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", bus.Address)
	return testkit.RecordNotifications(t, bus)
}

// TestDesktopPopUps sends real pop-ups through beeep over a private
// session bus and reads back what the notification server got.
func TestDesktopPopUps(t *testing.T) {
	rec := startRecorder(t)
	tests := []struct {
		name  string
		batch []listing.Alert
		want  []testkit.Notification
	}{
		{"one search, page markup escaped", hostileBatch(time.Now())[:2], []testkit.Notification{{
			App: "rentwatch", Summary: "2 new listings: WG-Gesucht Berlin Köpenick", HasImage: true,
			Body: "Zimmer in Niederschöneweide – 650 € Bcc: evil@attacker.test &lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; · 650\u00a0€ · Niederschöneweide\nSneaky link · 500\u00a0€"}}},
		{"four searches give one summary", []listing.Alert{{SearchName: "A"}, {SearchName: "B"}, {SearchName: "C"}, {SearchName: "D & E"}}, []testkit.Notification{{
			App: "rentwatch", Summary: "4 new listings on 4 searches", HasImage: true,
			Body: "A: 1 new\nB: 1 new\nC: 1 new\nD &amp; E: 1 new"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := (desktopChannel{New(nil, nil)}).Send(context.Background(), (Message{Alerts: tt.batch})); err != nil {
				t.Fatalf("Deliver: %v", err)
			}
			if got := rec.Take(); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("notifications\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

// The pop-up's text is shortened between words.
func TestPopUpBodyIsCutBetweenWords(t *testing.T) {
	title := strings.Repeat("Sunny room near the park ", 30)
	body := popUpsFor(Message{Alerts: []listing.Alert{{Listing: listing.Listing{ID: "1", Title: title}, SearchName: "S"}}}, time.Now())[0].Body
	if n := len([]rune(body)); n > maxPopUpBody {
		t.Errorf("body is %d runes, cap is %d", n, maxPopUpBody)
	}
	words := strings.Fields(strings.TrimSuffix(body, "…"))
	if !strings.HasSuffix(body, "…") || !slices.Contains(strings.Fields(title), words[len(words)-1]) {
		t.Errorf("body ends %q: cut inside a word", body[max(len(body)-30, 0):])
	}
}
