package engine

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/internal/testkit"
	"rentwatch/listing"
	"rentwatch/outbox"
	"rentwatch/pages"
	"rentwatch/seen"
)

// The end-to-end proof: the engine over the real things it runs on in the
// app. Two rental sites on their own loopback addresses, a real Chromium
// loading them, a real Badger store on disk, a real mailpit taking the
// email over STARTTLS and a notification server on a private session bus
// taking the pop-ups. Nothing in between is faked.

// e2eInterval is the cycle interval for the test; the app's floor is 10s.
const e2eInterval = 3 * time.Second

func TestE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: Chromium, mailpit and D-Bus for about a minute")
	}
	start := time.Now()
	r := startE2E(t)
	a1, a2, b1, b2 := r.searches[0], r.searches[1], r.searches[2], r.searches[3]
	steps := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"baseline sends nothing", r.baseline},
		{"a new listing arrives by email and pop-up within one cycle, once", func(t *testing.T) {
			r.newListing(t, a1, testkit.Room{ID: 7101, Title: "Zonnige kamer aan de Amstel", Price: 745, Area: "Oost"})
		}},
		{"a 429 host gets one request and waits; the other host goes on", func(t *testing.T) {
			r.rateLimited(t, a2, b1, b2)
		}},
		{"mail server down: kept unseen, delivered once it is back", func(t *testing.T) {
			r.smtpDown(t, a1, testkit.Room{ID: 7102, Title: "Studio bij het Vondelpark", Price: 1120, Area: "West"})
		}},
	}
	for _, st := range steps {
		begun := time.Now()
		if !t.Run(st.name, st.run) {
			return // each step builds on the one before
		}
		t.Logf("%-65s %v", st.name, time.Since(begun).Round(10*time.Millisecond))
	}
	t.Logf("whole run %v", time.Since(start).Round(10*time.Millisecond))
}

func e2eRooms(first int, places ...string) []testkit.Room {
	out := make([]testkit.Room, len(places))
	for i, place := range places {
		out[i] = testkit.Room{ID: first + i, Title: fmt.Sprintf("Kamer %d in %s", first+i, place),
			Price: 600 + 35*i, Area: place}
	}
	return out
}

// e2eRig is the engine over the real things, running.
type e2eRig struct {
	a, b     *testkit.Portal // plain-list pages (testkit.ListPage)
	mail     *testkit.Mailpit
	pops     *testkit.Notifications
	store    *seen.Store
	eng      *Engine
	logs     *testkit.Lines
	searches []config.Search // two on host A, then two on host B
	snaps    <-chan Snapshot
}

func startE2E(t *testing.T) *e2eRig {
	t.Helper()
	chrome := testkit.Chromium(t)
	r := &e2eRig{logs: &testkit.Lines{}, mail: testkit.StartMailpit(t)}
	bus := testkit.StartSessionBus(t)
	// beeep reaches the desktop through the process's session bus: point
	// it at the private one before the first pop-up connects.
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", bus.Address)
	r.pops = testkit.RecordNotifications(t, bus)

	r.a = testkit.StartPortal(t, "127.0.0.2", testkit.ListPage)
	r.b = testkit.StartPortal(t, "127.0.0.3", testkit.ListPage)
	// Search fails the test unless the reader finds every room: the
	// fixture must be something the reader reads.
	r.searches = []config.Search{
		{Name: "Kamerplein Amsterdam", URL: r.a.Search(t, "/zoeken/amsterdam",
			e2eRooms(7001, "West", "Oost", "De Pijp", "Noord")...), Enabled: true},
		{Name: "Kamerplein Utrecht", URL: r.a.Search(t, "/zoeken/utrecht",
			e2eRooms(7011, "Lombok", "Wittevrouwen", "Oog in Al", "Zuilen")...), Enabled: true},
		{Name: "Huurhuis Rotterdam", URL: r.b.Search(t, "/zoeken/rotterdam",
			e2eRooms(8001, "Kralingen", "Blijdorp", "Delfshaven", "Feijenoord")...), Enabled: true},
		{Name: "Huurhuis Leiden", URL: r.b.Search(t, "/zoeken/leiden",
			e2eRooms(8011, "Centrum", "Merenwijk", "Stevenshof", "Roomburg")...), Enabled: true},
	}
	var err error
	if r.store, err = seen.Open(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.store.Close() })
	r.startEngine(t, chrome)
	return r
}

// startEngine builds the engine over a real Chromium, the store and an
// outbox sending to mailpit and the session bus, and runs it until the
// test ends.
func (r *e2eRig) startEngine(t *testing.T, chrome string) {
	browser := pages.NewBrowser(pages.BrowserOptions{Chrome: chrome, ProfileDir: t.TempDir() + "/profile",
		PageTimeout: time.Minute, ChallengeWait: -1}) // a minute: a busy machine is slow, and no page here hangs
	t.Cleanup(func() { browser.Close() })
	ob := outbox.New(&outbox.EmailSettings{
		To: "bob@example.test", From: testkit.MailpitUser, Host: r.mail.Host, Port: r.mail.SMTPPort,
		Security: r.mail.Security, Username: testkit.MailpitUser, Password: testkit.MailpitPassword,
		CAFile: r.mail.CAFile, Timeout: time.Minute,
	}, outbox.Desktop{})
	r.eng = New(Deps{
		Loader: browser, Store: r.store, Outbox: ob, Notices: ob, Parallel: 2, Log: r.logs.Logger(),
		GapMin: 200 * time.Millisecond, GapMax: 400 * time.Millisecond,
		// A failed channel retries at the pace of the test's cycles.
		ChannelRetry: func(_ int, ra time.Duration, _ float64) time.Duration { return max(e2eInterval, ra) },
	}, Settings{Interval: e2eInterval, Searches: r.searches})
	var unsubscribe func()
	r.snaps, unsubscribe = r.eng.Subscribe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.eng.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		unsubscribe()
		select {
		case <-done:
		case <-time.After(testkit.Patience):
			t.Errorf("the engine did not stop within %v of its context ending", testkit.Patience)
		}
		if t.Failed() {
			t.Logf("engine log:\n%s", r.logs)
		}
	})
}

func (r *e2eRig) hostOf(s config.Search) *testkit.Portal {
	if strings.HasPrefix(s.URL, r.a.URL+"/") {
		return r.a
	}
	return r.b
}

// waitFor waits until cond holds, checking it at every new snapshot and
// every 100ms (conditions on mailpit or the store change without one). It
// waits for the event however long a busy machine takes; testkit.Patience
// only bounds a hang.
func (r *e2eRig) waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	timeout := testkit.Patience
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case <-r.snaps:
		case <-tick.C:
		case <-deadline.C:
			t.Fatalf("after %v still waiting for %s; engine state:\n%s", timeout, what, describe(r.eng.Snapshot()))
		}
	}
}

// cycleDone holds once a cycle that started after since has finished: a
// finished cycle sets the next one's start past its own. (A cycle forced
// early by CheckNow would break this; the test never forces one.)
func (r *e2eRig) cycleDone(since time.Time) func() bool {
	return func() bool {
		s := r.eng.Snapshot()
		return s.LastCycle.After(since) && s.NextCycle.After(s.LastCycle)
	}
}

// waitCycles waits for n whole cycles, each started after the one before
// it ended (the cycle under way when it is called does not count).
func (r *e2eRig) waitCycles(t *testing.T, n int) {
	t.Helper()
	for i := range n {
		mark := time.Now()
		r.waitFor(t, fmt.Sprintf("whole cycle %d of %d", i+1, n), r.cycleDone(mark))
	}
}

func describe(s Snapshot) string {
	var b strings.Builder
	fmt.Fprintf(&b, "overall %s, last cycle %s, next %s, problem %q\n", s.Overall,
		s.LastCycle.Format("15:04:05.000"), s.NextCycle.Format("15:04:05.000"), s.Problem)
	for _, v := range s.Searches {
		fmt.Fprintf(&b, "  %-22s %-11s listings %d wall %q until %s last error %q\n", v.Name, v.Status,
			v.Listings, v.Wall, v.Until.Format("15:04:05"), v.LastError)
	}
	return b.String()
}

// post puts room on the search's page and returns the listing the
// reader makes of it: the id, absolute URL and price text the alert must
// carry.
func (r *e2eRig) post(t *testing.T, search config.Search, room testkit.Room) listing.Listing {
	t.Helper()
	host := r.hostOf(search)
	host.Post(search.URL, room)
	for _, l := range host.Read(t, search.URL) {
		if l.URL == fmt.Sprintf("%s/kamer/%d", host.URL, room.ID) {
			if l.Title != room.Title {
				t.Fatalf("the reader made %+v of room %+v", l, room)
			}
			return l
		}
	}
	t.Fatalf("the reader does not find room %d on %s", room.ID, search.URL)
	return listing.Listing{}
}

// messageWith returns the one message in mailpit naming title.
func (r *e2eRig) messageWith(t *testing.T, title string) (testkit.Message, bool) {
	t.Helper()
	found := r.mail.Containing(t, title)
	if len(found) > 1 {
		t.Fatalf("%d messages name %q, want one", len(found), title)
	}
	return append(found, testkit.Message{})[0], len(found) == 1
}

// popsWith returns the pop-ups whose body names title.
func (r *e2eRig) popsWith(title string) []testkit.Notification {
	var out []testkit.Notification
	for _, n := range r.pops.All() {
		if strings.Contains(n.Body, html.EscapeString(title)) {
			out = append(out, n)
		}
	}
	return out
}

// checkAlerted checks one new listing reached the user whole, by email
// and by pop-up, and was then recorded as seen for its search.
func (r *e2eRig) checkAlerted(t *testing.T, search config.Search, want listing.Listing) {
	t.Helper()
	r.waitDelivered(t, want)
	msg, ok := r.messageWith(t, want.Title)
	if !ok {
		t.Fatalf("no email names %q", want.Title)
	}
	if subject := "1 new listing: " + search.Name; msg.Subject != subject {
		t.Errorf("Subject %q, want %q", msg.Subject, subject)
	}
	if msg.From.Address != testkit.MailpitUser || len(msg.To) != 1 || msg.To[0].Address != "bob@example.test" {
		t.Errorf("From %v To %v", msg.From, msg.To)
	}
	for part, body := range map[string]string{"text": msg.Text, "HTML": html.UnescapeString(msg.HTML)} {
		body = strings.ReplaceAll(body, "\u00a0", " ") // a price's sign and amount are kept together
		for _, s := range []string{want.Title, want.Price, want.URL} {
			if !strings.Contains(body, s) {
				t.Errorf("the %s part lacks %q:\n%s", part, s, body)
			}
		}
	}
	if !strings.Contains(msg.HTML, `href="`+want.URL+`"`) {
		t.Errorf("the HTML part does not link %s:\n%s", want.URL, msg.HTML)
	}
	pops := r.popsWith(want.Title)
	if len(pops) != 1 || pops[0].Summary != "New listing: "+search.Name || pops[0].App != "rentwatch" {
		t.Errorf("pop-ups for %q: %+v, want one titled %q", want.Title, pops, "New listing: "+search.Name)
	}
	snap, ok, err := r.store.Snapshot(search.URL)
	if _, has := snap.Listings[want.ID]; err != nil || !ok || !has {
		t.Errorf("the store's snapshot of %s lacks %s (ok %v, err %v): %v", search.Name, want.ID, ok, err, snap.Listings)
	}
	if pending, err := r.store.Pending(); err != nil || len(pending) != 0 {
		t.Errorf("pending after delivery: %v (err %v)", pending, err)
	}
}

// waitDelivered waits until every channel delivered want: an email and a
// pop-up name it and no channel's queue holds anything.
func (r *e2eRig) waitDelivered(t *testing.T, want listing.Listing) {
	t.Helper()
	r.waitFor(t, fmt.Sprintf("%q delivered on every channel", want.Title), func() bool {
		_, mailed := r.messageWith(t, want.Title)
		pending, err := r.store.Pending()
		return mailed && len(r.popsWith(want.Title)) > 0 && err == nil && len(pending) == 0
	})
}

// baseline: the first clean check of each search records what is there
// and tells the user nothing.
func (r *e2eRig) baseline(t *testing.T) {
	r.waitFor(t, "a first clean check of every search", func() bool {
		for _, s := range r.searches {
			if snap, ok, err := r.store.Snapshot(s.URL); err != nil || !ok || len(snap.Listings) != 4 {
				return false
			}
		}
		return true
	})
	r.waitFor(t, "the cycle to end", r.cycleDone(time.Time{}))
	if n := r.logs.Count("msg=baseline"); n != len(r.searches) {
		t.Errorf("%d baselines logged, want one per search (%d)", n, len(r.searches))
	}
	if msgs := r.mail.Messages(t); len(msgs) != 0 {
		t.Errorf("the baseline sent %d emails: %+v", len(msgs), msgs)
	}
	if pops := r.pops.All(); len(pops) != 0 {
		t.Errorf("the baseline popped up %d times: %+v", len(pops), pops)
	}
	for _, v := range r.eng.Snapshot().Searches {
		if v.Listings != 4 || v.LastError != "" || v.NewToday != 0 {
			t.Errorf("%s after its baseline: %+v", v.Name, v)
		}
	}
}

// newListing: a room posted on one search page reaches the user by email
// and pop-up by the end of the first cycle that starts after it went up,
// is then recorded as seen, and is not sent again by the next cycle.
func (r *e2eRig) newListing(t *testing.T, search config.Search, room testkit.Room) {
	want := r.post(t, search, room)
	posted := time.Now()
	r.waitFor(t, "a cycle started after the room went up to end", r.cycleDone(posted))
	// The cycle hands the room to every channel's courier; each delivers
	// on its own goroutine, so the email may land after the cycle ended.
	r.waitDelivered(t, want)
	t.Logf("room posted to email in mailpit within %v", time.Since(posted).Round(10*time.Millisecond))
	r.checkAlerted(t, search, want)
	if recent := r.eng.Snapshot().Recent; len(recent) == 0 || recent[0].URL != want.URL || recent[0].SearchName != search.Name {
		t.Errorf("Recent listings %+v, want %s first", recent, want.URL)
	}
	mails, pops := len(r.mail.Messages(t)), len(r.pops.All())
	r.waitCycles(t, 1)
	if n := len(r.mail.Messages(t)); n != mails {
		t.Errorf("the next cycle sent %d more emails", n-mails)
	}
	if n := len(r.pops.All()); n != pops {
		t.Errorf("the next cycle popped up %d more times", n-pops)
	}
}

// rateLimited: host B starts answering 429 with Retry-After: 120. It gets
// exactly one request (its other search is held, and nothing goes in
// while it waits), both its searches show the same wait of at least the
// site's 120s, and host A is checked every cycle and still delivers.
func (r *e2eRig) rateLimited(t *testing.T, a2, b1, b2 config.Search) {
	aBefore := r.a.Served()
	bBefore := r.b.Limit()
	limited := time.Now()
	r.waitCycles(t, 1)
	room := testkit.Room{ID: 7201, Title: "Kamer met balkon in Lombok", Price: 690, Area: "Lombok"}
	want := r.post(t, a2, room)
	r.waitCycles(t, 2)
	took := time.Since(limited)

	aAfter := r.a.Served()
	bSince := r.b.Requests()[bBefore:] // every one should be refused
	t.Logf("over %v: host A served %d search pages, host B got %d request(s) since it began refusing",
		took.Round(10*time.Millisecond), aAfter-aBefore, len(bSince))
	if len(bSince) != 1 || bSince[0].Status != http.StatusTooManyRequests {
		t.Errorf("host B got %d requests since it began refusing, want exactly one, refused:\n%s",
			len(bSince), r.b.Log())
	}
	if got, min := aAfter-aBefore, 3*2; got < min { // three whole cycles of two searches
		t.Errorf("host A served %d search pages over three whole cycles, want at least %d", got, min)
	}
	views := r.eng.Snapshot().Searches[2:] // host B's
	for _, v := range views {
		if v.Status != Waiting || v.Wall != blocks.RateLimited || v.Until != views[0].Until {
			t.Errorf("%s: status %s wall %q until %v; want waiting on rate_limited until %v",
				v.Name, v.Status, v.Wall, v.Until, views[0].Until)
		}
		if wait := v.Until.Sub(limited); wait < 120*time.Second {
			t.Errorf("%s waits %v, less than the site's Retry-After of 120s", v.Name, wait)
		}
	}
	if len(views) != 2 || views[0].URL != b1.URL || views[1].URL != b2.URL {
		t.Errorf("views on host B: %+v", views)
	}
	if n := r.logs.Count("msg=wall"); n != 1 {
		t.Errorf("%d walls logged, want 1", n)
	}
	r.checkAlerted(t, a2, want)
}

// smtpDown: with the mail server gone, a new listing pops up at once (the
// desktop is its own channel) but stays in email's queue, and email tries
// again on its backoff. Once the server is back the next try delivers it,
// without a second pop-up.
func (r *e2eRig) smtpDown(t *testing.T, search config.Search, room testkit.Room) {
	r.mail.Stop()
	failed := r.logs.Count("Failed to send")
	want := r.post(t, search, room)
	posted := time.Now()
	r.waitFor(t, "a failed send in a cycle started after the room went up", func() bool {
		return r.cycleDone(posted)() && r.logs.Count("Failed to send") > failed
	})
	unseen := func(when string) {
		t.Helper()
		queued, err := r.store.Queue("email")
		if err != nil || !slices.ContainsFunc(queued, func(a listing.Alert) bool { return a.ID == want.ID }) {
			t.Errorf("%s: email's queue %v (err %v) lacks %s", when, queued, err, want.ID)
		}
		if q, _ := r.store.Queue("desktop"); slices.ContainsFunc(q, func(a listing.Alert) bool { return a.ID == want.ID }) {
			t.Errorf("%s: the desktop's queue still holds %s after its pop-up", when, want.ID)
		}
		if pops := r.popsWith(want.Title); len(pops) != 1 {
			t.Errorf("%s: %d pop-ups for %q, want 1 (pop-ups go out while email fails)", when, len(pops), want.Title)
		}
	}
	r.waitFor(t, "the room's pop-up (the desktop is its own channel)", func() bool { return len(r.popsWith(want.Title)) > 0 })
	// The pop-up reaches the notification server before the engine hears
	// back from the channel and takes it off the desktop's queue.
	r.waitFor(t, "the pop-up recorded as delivered", func() bool {
		q, _ := r.store.Queue("desktop")
		return !slices.ContainsFunc(q, func(a listing.Alert) bool { return a.ID == want.ID })
	})
	unseen("after the failed send")
	failed = r.logs.Count("Failed to send")
	r.waitFor(t, "email to try again", func() bool { return r.logs.Count("Failed to send") > failed })
	unseen("after the next try")

	r.mail.Restart(t)
	back := time.Now()
	r.waitFor(t, "an email naming the room after mailpit came back", func() bool {
		_, ok := r.messageWith(t, want.Title)
		return ok
	})
	t.Logf("delivered %v after mailpit came back", time.Since(back).Round(10*time.Millisecond))
	r.checkAlerted(t, search, want)
}
