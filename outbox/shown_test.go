package outbox

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"rentwatch/listing"
)

// inwardBatch is what a user's store can hold from before the readers
// dropped inward addresses: a public portal's card pointing at a port on
// the user's own machine (the window's) and photos on their network, and a
// portal on the user's network whose photo is on another port of its host.
// The inward addresses come first, where a click and a photo are taken.
func inwardBatch(now time.Time) []listing.Alert {
	public, nas := "https://kamerplein.example/huren/amsterdam", "http://127.0.0.2:9000/huren"
	return []listing.Alert{
		{Listing: listing.Listing{ID: "1", URL: "http://127.0.0.1:41234/listing/1", Title: "Room Damrak", Price: "€ 700",
			Image: "http://127.0.0.1:41234/pixel"}, SearchName: "Kamerplein", SearchURL: public, FoundAt: now},
		{Listing: listing.Listing{ID: "2", URL: "https://kamerplein.example/kamer/2", Title: "Room Singel", Price: "€ 800",
			Image: "http://192.168.1.1/cam.jpg"}, SearchName: "Kamerplein", SearchURL: public, FoundAt: now},
		{Listing: listing.Listing{ID: "3", URL: "http://127.0.0.2:9000/kamer/3", Title: "Room Javastraat", Price: "€ 900",
			Image: "http://127.0.0.2:9001/pixel"}, SearchName: "NAS portal", SearchURL: nas, FoundAt: now},
	}
}

// inward are the addresses inwardBatch must not show anywhere.
var inward = []string{"127.0.0.1:41234", "192.168.1.1", "127.0.0.2:9001"}

// TestInwardAddressesShownNowhere: an alert's link and photo reach a
// channel only where the rule of its search's page allows them
// (listing.Shown), in every channel: the email's text and HTML, the push
// (ntfy's Click and Attach, a webhook's url and image, Telegram's preview
// link, every body) and the pop-up's click. What the rule allows still
// shows: the message must not lose the listing.
func TestInwardAddressesShownNowhere(t *testing.T) {
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	m := Message{Alerts: inwardBatch(now)}
	shown := map[string]string{}
	raw, err := compose(m, envelope{From: "me@example.test", To: []string{"me@example.test"}}, now, "")
	if err != nil {
		t.Fatal(err)
	}
	for ct, body := range mimeParts(t, raw) {
		shown["email "+ct] = body
	}
	for _, scheme := range []string{"ntfy", "telegram", "generic", "gotify"} {
		text, params := pushMessage(scheme, m, now)
		shown[scheme+" text"] = text
		shown[scheme+" settings"] = fmt.Sprint(params)
	}
	for i, p := range popUpsFor(m, now) {
		shown[fmt.Sprintf("pop-up %d", i+1)] = p.Title + "\n" + p.Body + "\n" + p.Open.URL
	}
	for where, s := range shown {
		for _, bad := range inward {
			if strings.Contains(s, bad) {
				t.Errorf("%s shows %s:\n%s", where, bad, s)
			}
		}
	}
	for where, want := range map[string]string{
		"email text/plain": "http://127.0.0.2:9000/kamer/3", "email text/html": `href="https://kamerplein.example/kamer/2"`,
		"ntfy settings": "click:https://kamerplein.example/kamer/2", "ntfy text": "Room Damrak",
		"pop-up 1": "https://kamerplein.example/huren/amsterdam", // its first listing has no link: its search opens
	} {
		if !strings.Contains(shown[where], want) {
			t.Errorf("%s lacks %q:\n%s", where, want, shown[where])
		}
	}
}

// TestOneMessageNamesTheFirstListings: a batch of 100,002 listings (a page
// of 100,000 made one 45 MB email) is one message naming the first 20 in
// full, shared among its searches, and counting the rest per search with
// where to see them: the window's Listings. Every count is the whole.
func TestOneMessageNamesTheFirstListings(t *testing.T) {
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	var batch []listing.Alert
	for i := range 100_000 {
		batch = append(batch, listing.Alert{Listing: listing.Listing{ID: fmt.Sprint(i), URL: fmt.Sprintf("https://huge.example/kamer/%d", i),
			Title: fmt.Sprintf("Huge room %d", i), Price: "€ 700", Image: fmt.Sprintf("https://huge.example/img/%d.jpg", i)},
			SearchName: "Huge", SearchURL: "https://huge.example/s", FoundAt: now})
	}
	for i := range 2 {
		batch = append(batch, listing.Alert{Listing: listing.Listing{ID: fmt.Sprint("s", i), URL: fmt.Sprintf("https://small.example/%d", i),
			Title: fmt.Sprintf("Small room %d", i)}, SearchName: "Small", SearchURL: "https://small.example/s", FoundAt: now})
	}
	o := New(nil, &recordingPop{})
	const link = "http://127.0.0.1:17345/listings"
	o.SetListingsLink(link)
	m := o.withListings(Message{Alerts: batch})

	raw, err := compose(m, envelope{From: "me@example.test", To: []string{"me@example.test"}}, now, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) > 100_000 {
		t.Errorf("the email is %d bytes; one message names 20 listings in full, at most", len(raw))
	}
	parts := mimeParts(t, raw)
	text, html := parts["text/plain"], parts["text/html"]
	named := func(s string) (huge, small int) {
		return strings.Count(s, "* Huge room"), strings.Count(s, "* Small room")
	}
	if huge, small := named(text); huge != maxShown-2 || small != 2 {
		t.Errorf("the text names %d listings of Huge and %d of Small, want %d and 2", huge, small, maxShown-2)
	}
	for _, want := range []string{"100002 new listings on 2 searches", "== Huge (100000 new) ==", "== Small (2 new) ==",
		"and 99982 more from this search: every new listing is in rentwatch's window, under Listings: " + link} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Huge room 18") || strings.Count(html, `class="card"`) != maxShown {
		t.Errorf("the message names more than its first listings:\n%s", text)
	}
	if !strings.Contains(html, "and 99982 more from this search") || !strings.Contains(html, `<a href="`+link+`">Listings</a>`) {
		t.Errorf("the HTML does not count the rest with a link to Listings:\n%s", html)
	}

	push, params := pushMessage("ntfy", m, now)
	if !strings.Contains(push, "Huge: 100000 new") || !strings.Contains(push, "and 99982 more from this search") ||
		params[titleKey(params)] != "100002 new listings on 2 searches" {
		t.Errorf("the push %v says:\n%s", params, push)
	}
	pops := popUpsFor(m, now)
	if len(pops) != 2 || pops[0].Title != "100000 new listings: Huge" || !strings.HasSuffix(pops[0].Body, "and 99997 more") {
		t.Errorf("pop-ups %q", pops)
	}

	// Without a window the rest is still counted, and said where it is.
	o.SetListingsLink("")
	text = mimeParts(t, must(compose(o.withListings(Message{Alerts: batch}), envelope{From: "a@b.test", To: []string{"a@b.test"}}, now, "")))["text/plain"]
	if !strings.Contains(text, "and 99982 more from this search: every new listing is in rentwatch's window, under Listings") ||
		strings.Contains(text, "under Listings:") {
		t.Errorf("without a window:\n%s", text)
	}
}

func titleKey(p map[string]string) string {
	for k := range p {
		if strings.EqualFold(k, "title") {
			return k
		}
	}
	return "title"
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestSharesNameEverySearch: the listings named in full are shared among
// the searches, each named at least once, none more than it has.
func TestSharesNameEverySearch(t *testing.T) {
	tests := []struct {
		sizes []int
		want  []int
	}{
		{[]int{3}, []int{3}},
		{[]int{100}, []int{20}},
		{[]int{100, 2, 1}, []int{17, 2, 1}},
		{[]int{100, 100}, []int{10, 10}},
		{[]int{5, 30, 5}, []int{5, 10, 5}},
		{make25(), ones(25)}, // more searches than room: each once
	}
	for _, tt := range tests {
		if got := shares(tt.sizes, maxShown); fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("shares(%v) = %v, want %v", tt.sizes, got, tt.want)
		}
	}
}

func make25() []int {
	out := make([]int, 25)
	for i := range out {
		out[i] = 4
	}
	return out
}

func ones(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = 1
	}
	return out
}

// TestBidiShownNowhere: a bidirectional override in a listing's text
// (U+202E turns "‮gpj.exe" around) reaches no channel: each cleans what it
// shows with the one cleaner (words.Clean), whatever the store holds.
func TestBidiShownNowhere(t *testing.T) {
	now := time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)
	m := Message{Alerts: []listing.Alert{{Listing: listing.Listing{ID: "1", URL: "https://k.example/1", Title: "Room \u202egpj.exe",
		Price: "\u2066€ 700\u2069", Place: "West\u202d"}, SearchName: "K\u202eamernet", SearchURL: "https://k.example/s", FoundAt: now}}}
	shown := map[string]string{}
	raw, err := compose(m, envelope{From: "me@example.test", To: []string{"me@example.test"}}, now, "")
	if err != nil {
		t.Fatal(err)
	}
	for ct, body := range mimeParts(t, raw) {
		shown["email "+ct] = body
	}
	shown["subject"] = messageSubject(m)
	for _, scheme := range []string{"ntfy", "telegram", "generic"} {
		text, params := pushMessage(scheme, m, now)
		shown[scheme] = text + fmt.Sprint(params)
	}
	for i, p := range popUpsFor(m, now) {
		shown[fmt.Sprint("pop-up ", i)] = p.Title + p.Body
	}
	for where, s := range shown {
		if strings.ContainsAny(s, "\u202e\u2066\u2069\u202d") {
			t.Errorf("%s shows a bidirectional control: %+q", where, s)
		}
		if !strings.Contains(s, "Room gpj.exe") && where != "subject" {
			t.Errorf("%s lost the title: %+q", where, s)
		}
	}
}
