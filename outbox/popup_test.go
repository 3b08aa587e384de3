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
)

func TestPopUpsFor(t *testing.T) {
	alert := func(search, title string) Alert {
		return Alert{SearchName: search, Title: title, Price: "€ 900", Place: "West"}
	}
	tests := []struct {
		name  string
		batch []Alert
		want  []popUp
	}{
		{"one listing", []Alert{alert("Funda", "Flat & <garden>")},
			[]popUp{{"New listing: Funda", "Flat &amp; &lt;garden&gt; · € 900 · West"}}},
		{"line breaks flattened", []Alert{alert("Funda", "a\r\nb"), alert("Funda", "c")},
			[]popUp{{"2 new listings: Funda", "a b · € 900 · West\nc · € 900 · West"}}},
		{"more than three listings", []Alert{alert("F", "1"), alert("F", "2"), alert("F", "3"), alert("F", "4"), alert("F", "5")},
			[]popUp{{"5 new listings: F", "1 · € 900 · West\n2 · € 900 · West\n3 · € 900 · West\nand 2 more"}}},
		{"three searches: one each", []Alert{alert("A", "1"), alert("B", "2"), alert("C", "3")},
			[]popUp{{"New listing: A", "1 · € 900 · West"}, {"New listing: B", "2 · € 900 · West"}, {"New listing: C", "3 · € 900 · West"}}},
		{"four searches: one summary", []Alert{alert("A", "1"), alert("B<", "2"), alert("C", "3"), alert("D", "4"), alert("A", "5")},
			[]popUp{{"5 new listings on 4 searches", "A: 2 new\nB&lt;: 1 new\nC: 1 new\nD: 1 new"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := popUpsFor(tt.batch)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("popUpsFor =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
	long := popUpsFor([]Alert{alert("F", strings.Repeat("x", 5000))})
	if n := len([]rune(long[0].Body)); n > maxPopUpBody {
		t.Errorf("body is %d runes, cap is %d", n, maxPopUpBody)
	}
}

// TestDeliverWithoutEmail: without email the pop-up is the delivery, so its
// failure is the delivery's failure; a listing whose pop-up went out does
// not pop up again when its batch is retried.
func TestDeliverWithoutEmail(t *testing.T) {
	down := errors.New("no notification server")
	batch := hostileBatch(time.Now())
	o := New(nil, nil)
	steps := []struct {
		name      string
		batch     []Alert
		fail      error
		wantPops  int
		wantError bool
	}{
		{"server down: the delivery fails", batch, down, 2, true},
		{"retry: both pop up", batch, nil, 2, false},
		{"retry again: nothing new to show", batch, nil, 0, false},
		{"one more listing on a known search", append(batch, Alert{SearchName: batch[0].SearchName, ListingID: "3", Title: "new"}), nil, 1, false},
	}
	for _, st := range steps {
		pop := &recordingPop{fail: st.fail}
		o.pop = pop
		err := o.Deliver(context.Background(), st.batch)
		if (err != nil) != st.wantError || st.fail != nil && !errors.Is(err, st.fail) {
			t.Errorf("step %q: Deliver = %v", st.name, err)
		}
		if len(pop.got) != st.wantPops {
			t.Errorf("step %q: %d pop-ups, want %d: %q", st.name, len(pop.got), st.wantPops, pop.got)
		}
	}
}

// TestPopUpOnceWhileEmailFails: the pop-up goes out at once, the email's
// failure is returned, and the engine's retry does not repeat the pop-up.
func TestPopUpOnceWhileEmailFails(t *testing.T) {
	s := EmailSettings{To: "a@x.test", Username: "me@x.test", Host: "127.0.0.1", Port: testkit.FreePort(t), Security: "tls", Password: "pw"}
	pop := &recordingPop{}
	o := New(&s, pop)
	for try := 1; try <= 3; try++ {
		if err := o.Deliver(context.Background(), hostileBatch(time.Now())); err == nil || IsPermanent(err) {
			t.Errorf("try %d: Deliver = %v, want a temporary failure", try, err)
		}
	}
	if len(pop.got) != 2 {
		t.Errorf("%d pop-ups over three tries, want 2 (once per search)", len(pop.got))
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
		batch []Alert
		want  []testkit.Notification
	}{
		{"one search, page markup escaped", hostileBatch(time.Now())[:2], []testkit.Notification{{
			App: "rentwatch", Summary: "2 new listings: WG-Gesucht Berlin Köpenick", HasImage: true,
			Body: "Zimmer in Niederschöneweide – 650 € Bcc: evil@attacker.test &lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; · 650 € · Niederschöneweide\nSneaky link · 500 €"}}},
		{"four searches give one summary", []Alert{{SearchName: "A"}, {SearchName: "B"}, {SearchName: "C"}, {SearchName: "D & E"}}, []testkit.Notification{{
			App: "rentwatch", Summary: "4 new listings on 4 searches", HasImage: true,
			Body: "A: 1 new\nB: 1 new\nC: 1 new\nD &amp; E: 1 new"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := New(nil, nil).Deliver(context.Background(), tt.batch); err != nil {
				t.Fatalf("Deliver: %v", err)
			}
			if got := rec.Take(); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("notifications\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

// A listing pops up once: not again when the user edits the email settings
// while its email is still failing (the app puts them in force with
// SetEmail), nor when its search was renamed in between.
func TestPopUpOnceAcrossEmailEditsAndRenames(t *testing.T) {
	nowhere := func() *EmailSettings {
		return &EmailSettings{To: "a@x.test", Username: "me@x.test", Host: "127.0.0.1", Port: testkit.FreePort(t), Security: "tls", Password: "pw"}
	}
	pop := &recordingPop{}
	o := New(nowhere(), pop)
	batch := hostileBatch(time.Now())
	renamed := slices.Clone(batch)
	for i := range renamed {
		renamed[i].SearchName += " (renamed)"
	}
	steps := []struct {
		name  string
		edit  func()
		batch []Alert
		pops  int // pop-ups so far
	}{
		{"the email fails: the pop-ups go out", nil, batch, 2},
		{"new email settings, still failing", func() { o.SetEmail(nowhere()) }, batch, 2},
		{"the search renamed", nil, renamed, 2},
		{"pop-ups only now", func() { o.SetEmail(nil) }, batch, 2},
	}
	for _, st := range steps {
		if st.edit != nil {
			st.edit()
		}
		o.Deliver(context.Background(), st.batch)
		if len(pop.got) != st.pops {
			t.Errorf("step %q: %d pop-ups so far, want %d: %q", st.name, len(pop.got), st.pops, pop.got)
		}
	}
}

// The pop-up's text is shortened between words.
func TestPopUpBodyIsCutBetweenWords(t *testing.T) {
	title := strings.Repeat("Sunny room near the park ", 30)
	body := popUpsFor([]Alert{{SearchName: "S", ListingID: "1", Title: title}})[0].Body
	if n := len([]rune(body)); n > maxPopUpBody {
		t.Errorf("body is %d runes, cap is %d", n, maxPopUpBody)
	}
	words := strings.Fields(strings.TrimSuffix(body, "…"))
	if !strings.HasSuffix(body, "…") || !slices.Contains(strings.Fields(title), words[len(words)-1]) {
		t.Errorf("body ends %q: cut inside a word", body[max(len(body)-30, 0):])
	}
}
