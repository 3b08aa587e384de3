package seen

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"

	"rentwatch/listing"
)

func TestSnapshotBaselineAndRoundTrip(t *testing.T) {
	s, dir := openDisk(t)
	const search = "https://kamernet.nl/huren/kamers-amsterdam"
	if _, ok, err := s.Snapshot(search); err != nil || ok {
		t.Fatalf("a search never checked: ok=%v err=%v, want ok=false (its next check is the baseline)", ok, err)
	}
	want := Snapshot{Search: search, CheckedAt: t0.Add(5 * time.Minute), Listings: map[string]time.Time{
		"kamernet:1": t0, "kamernet:2": t0.Add(time.Minute + 123*time.Millisecond)}}
	if err := s.SaveSnapshot(want, t0.Add(5*time.Minute)); err != nil {
		t.Fatal(err)
	}
	s = reopen(t, s, dir)
	got, ok, err := s.Snapshot(search)
	if err != nil || !ok {
		t.Fatalf("after save and reopen: ok=%v err=%v", ok, err)
	}
	if got.Search != want.Search || !got.CheckedAt.Equal(want.CheckedAt) || len(got.Listings) != len(want.Listings) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for id, first := range want.Listings {
		if !got.Listings[id].Equal(first) {
			t.Errorf("listing %s first seen %v, want %v", id, got.Listings[id], first)
		}
	}
	// A later check that changed only the time keeps the listings.
	later := want
	later.CheckedAt = t0.Add(time.Hour)
	if err := s.SaveSnapshot(later, later.CheckedAt); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := s.Snapshot(search); !got.CheckedAt.Equal(later.CheckedAt) || len(got.Listings) != 2 {
		t.Errorf("after an unchanged check: %+v", got)
	}
}

// knownStep is one step of a Known step table: save a search's listings at
// a time, or forget a search, then (if ask is set) ask Known at a time.
type knownStep struct {
	at     time.Time
	save   *Snapshot
	forget string
	ask    map[string]bool // id -> want known, asked at `at`
}

func runKnownSteps(t *testing.T, s *Store, steps []knownStep) {
	t.Helper()
	for i, st := range steps {
		if st.save != nil {
			if err := s.SaveSnapshot(*st.save, st.at); err != nil {
				t.Fatalf("step %d: save: %v", i, err)
			}
		}
		if st.forget != "" {
			if err := s.ForgetSearch(st.forget); err != nil {
				t.Fatalf("step %d: forget: %v", i, err)
			}
		}
		if st.ask == nil {
			continue
		}
		var ids []string
		for id := range st.ask {
			ids = append(ids, id)
		}
		got, err := s.Known(ids, st.at)
		if err != nil {
			t.Fatalf("step %d: known: %v", i, err)
		}
		if !reflect.DeepEqual(got, st.ask) {
			t.Errorf("step %d (at +%v): Known = %v, want %v", i, st.at.Sub(t0), got, st.ask)
		}
	}
}

func TestKnown(t *testing.T) {
	a, b := "https://a.test/search", "https://b.test/search"
	sp := func(search string, at time.Time, ids ...string) *Snapshot { x := snap(search, at, ids...); return &x }
	tests := []struct {
		name  string
		steps []knownStep
	}{
		{"one listing found by two searches is known to the second", []knownStep{
			{at: t0, save: sp(a, t0, "L1")},
			{at: t0.Add(time.Minute), ask: map[string]bool{"L1": true, "L2": false}},
		}},
		{"dropped off and back within 59 days is not new", []knownStep{
			{at: t0, save: sp(a, t0, "L1")},
			{at: t0.Add(2 * time.Hour), save: sp(a, t0.Add(2*time.Hour))},
			{at: t0.Add(59 * day), ask: map[string]bool{"L1": true}},
		}},
		{"61 days after it was last seen it is new again", []knownStep{
			{at: t0, save: sp(a, t0, "L1")},
			{at: t0.Add(2 * time.Hour), save: sp(a, t0.Add(2*time.Hour))},
			{at: t0.Add(61 * day), ask: map[string]bool{"L1": false}},
		}},
		{"seen again by another search restarts its 60 days", []knownStep{
			{at: t0, save: sp(a, t0, "L1")},
			{at: t0.Add(30 * day), save: sp(b, t0.Add(30*day), "L1")},
			{at: t0.Add(61 * day), ask: map[string]bool{"L1": true}},
			{at: t0.Add(91 * day), ask: map[string]bool{"L1": false}},
		}},
		{"last seen is refreshed at most hourly", []knownStep{
			{at: t0, save: sp(a, t0, "L1")},
			{at: t0.Add(30 * time.Minute), save: sp(a, t0.Add(30*time.Minute), "L1")},
			{at: t0.Add(Retention + 10*time.Minute), ask: map[string]bool{"L1": false}},
		}},
		{"forgetting a search keeps its listings known", []knownStep{
			{at: t0, save: sp(a, t0, "L1")},
			{at: t0.Add(time.Hour), forget: a, ask: map[string]bool{"L1": true}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := openDisk(t)
			runKnownSteps(t, s, tt.steps)
		})
	}
}

func TestForgetSearch(t *testing.T) {
	s, _ := openDisk(t)
	a, b := "https://a.test/s", "https://b.test/s"
	for _, sn := range []Snapshot{snap(a, t0, "L1"), snap(b, t0, "L2")} {
		if err := s.SaveSnapshot(sn, t0); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.ForgetSearch(a); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.Snapshot(a); ok {
		t.Error("forgotten search still has a snapshot: re-adding it would not start from a baseline")
	}
	if _, ok, _ := s.Snapshot(b); !ok {
		t.Error("forgetting one search dropped another's snapshot")
	}
	if err := s.ForgetSearch("https://never.test/"); err != nil {
		t.Errorf("forgetting an unknown search: %v", err)
	}
}

func TestAcceptDedupeAndOrder(t *testing.T) {
	s, dir := openDisk(t)
	if err := s.SetChannels([]string{"email", "desktop"}); err != nil {
		t.Fatal(err)
	}
	steps := [][]listing.Alert{
		{alert("L2", "a", t0.Add(2*time.Minute)), alert("L1", "a", t0.Add(time.Minute))},
		// L1 again, found later by another search: keeps its first FoundAt.
		{alert("L1", "b", t0.Add(time.Hour)), alert("L3", "b", t0), alert("L3", "b", t0.Add(time.Hour))},
	}
	for i, batch := range steps {
		if err := s.Accept(batch, nil, t0); err != nil {
			t.Fatalf("batch %d: %v", i, err)
		}
	}
	s = reopen(t, s, dir) // the queues survive Close/Open
	want := []listing.Alert{alert("L3", "b", t0), alert("L1", "a", t0.Add(time.Minute)), alert("L2", "a", t0.Add(2*time.Minute))}
	for _, ch := range []string{"email", "desktop", ""} {
		got, err := s.Queue(ch)
		if ch == "" {
			got, err = s.Pending()
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("queue %q = %d alerts %v, want %d", ch, len(got), got, len(want))
		}
		for i := range want {
			if got[i].ID != want[i].ID || !got[i].FoundAt.Equal(want[i].FoundAt) || got[i].SearchURL != want[i].SearchURL ||
				got[i].Title != want[i].Title || got[i].Place != want[i].Place || got[i].SearchName != want[i].SearchName {
				t.Errorf("queue %q [%d] = %+v, want %+v", ch, i, got[i], want[i])
			}
		}
	}
	if err := s.Accept([]listing.Alert{{Listing: listing.Listing{URL: "https://x.test/"}}}, nil, t0); err == nil {
		t.Error("an alert without a listing id was accepted")
	}
}

// Accept writes the queue entries and the snapshot in one transaction:
// either the listing is queued for every channel and seen for the diff,
// or neither.
func TestAcceptIsAtomic(t *testing.T) {
	const a = "https://a.test/s"
	tests := []struct {
		name      string
		snaps     []Snapshot
		wantErr   bool
		wantQueue []string
		wantSnap  bool
		wantKnown bool
	}{
		{"queues and the snapshot together", []Snapshot{snap(a, t0, "L0", "L1")}, false, []string{"L1"}, true, true},
		{"a failed write leaves both as they were",
			[]Snapshot{snap(a, t0, "L0", "L1"), {Search: "", Listings: map[string]time.Time{"L9": t0}}},
			true, nil, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, dir := openDisk(t)
			if err := s.SetChannels([]string{"email", "push-1"}); err != nil {
				t.Fatal(err)
			}
			err := s.Accept([]listing.Alert{alert("L1", a, t0)}, tt.snaps, t0)
			if (err != nil) != tt.wantErr {
				t.Fatalf("Accept err = %v, want error %v", err, tt.wantErr)
			}
			s = reopen(t, s, dir)
			for _, ch := range []string{"email", "push-1"} {
				q, _ := s.Queue(ch)
				var ids []string
				for _, p := range q {
					ids = append(ids, p.ID)
				}
				if !reflect.DeepEqual(ids, tt.wantQueue) {
					t.Errorf("queue of %s = %v, want %v", ch, ids, tt.wantQueue)
				}
			}
			if _, ok, _ := s.Snapshot(a); ok != tt.wantSnap {
				t.Errorf("snapshot written = %v, want %v", ok, tt.wantSnap)
			}
			if k, _ := s.Known([]string{"L1"}, t0); k["L1"] != tt.wantKnown {
				t.Errorf("L1 known = %v, want %v", k["L1"], tt.wantKnown)
			}
		})
	}
}

// Each channel's queue empties on its own: a listing leaves a channel's
// queue only when that channel delivered it, and the first delivery on any
// channel is reported once.
func TestSentEmptiesOnlyThatChannel(t *testing.T) {
	s, dir := openDisk(t)
	const a = "https://a.test/s"
	if err := s.SetChannels([]string{"email", "push-1"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Accept([]listing.Alert{alert("L1", a, t0), alert("L2", a, t0)}, []Snapshot{snap(a, t0, "L1", "L2")}, t0); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		channel   string
		ids       []string
		wantFirst []string
		email     int // left in each queue after the step
		push      int
	}{
		{"push-1", []string{"L1"}, []string{"L1"}, 2, 1},
		{"email", []string{"L1", "L2"}, []string{"L2"}, 0, 1},
		{"email", []string{"L1"}, nil, 0, 1}, // delivered twice (a retry after a crash): nothing changes
		{"push-1", []string{"L2"}, nil, 0, 0},
	}
	for i, st := range steps {
		first, err := s.Sent(st.channel, st.ids, t0.Add(time.Duration(i+1)*time.Minute))
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if !reflect.DeepEqual(first, st.wantFirst) && (len(first) > 0 || len(st.wantFirst) > 0) {
			t.Errorf("step %d: first delivered %v, want %v", i, first, st.wantFirst)
		}
		s = reopen(t, s, dir)
		e, _ := s.Queue("email")
		p, _ := s.Queue("push-1")
		if len(e) != st.email || len(p) != st.push {
			t.Errorf("step %d: queues email %d push %d, want %d and %d", i, len(e), len(p), st.email, st.push)
		}
	}
	if d, _ := s.Delays(a); len(d) != 2 || d[0] != time.Minute || d[1] != 2*time.Minute {
		t.Errorf("time-to-alert samples %v, want [1m 2m] (first sighting to first delivery)", d)
	}
}

// A channel added later starts empty; one removed has its queue dropped.
func TestSetChannelsAddsEmptyAndDropsRemoved(t *testing.T) {
	s, _ := openDisk(t)
	const a = "https://a.test/s"
	if err := s.SetChannels([]string{"email", "push-1"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Accept([]listing.Alert{alert("L1", a, t0)}, nil, t0); err != nil {
		t.Fatal(err)
	}
	if err := s.SetChannels([]string{"email", "push-2"}); err != nil {
		t.Fatal(err)
	}
	for ch, want := range map[string]int{"email": 1, "push-1": 0, "push-2": 0} {
		if q, _ := s.Queue(ch); len(q) != want {
			t.Errorf("queue of %s has %d, want %d", ch, len(q), want)
		}
	}
	if err := s.SetChannels([]string{"email", "push-1"}); err != nil {
		t.Fatal(err)
	}
	if q, _ := s.Queue("push-1"); len(q) != 0 {
		t.Errorf("a channel removed and added back got its old queue back: %v", q)
	}
	if got, _ := s.Channels(); !reflect.DeepEqual(got, []string{"email", "push-1"}) {
		t.Errorf("Channels = %v", got)
	}
}

// An alert accepted before any channel is named waits for the first set of
// channels, and then goes to each of them.
func TestAlertsBeforeAnyChannelGoToTheFirstOnes(t *testing.T) {
	s, dir := openDisk(t)
	if err := s.Accept([]listing.Alert{alert("L1", "a", t0)}, nil, t0); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Pending(); len(p) != 1 {
		t.Fatalf("pending %v, want L1 waiting", p)
	}
	s = reopen(t, s, dir)
	if err := s.SetChannels([]string{"email", "desktop"}); err != nil {
		t.Fatal(err)
	}
	for _, ch := range []string{"email", "desktop"} {
		if q, _ := s.Queue(ch); len(q) != 1 || q[0].ID != "L1" {
			t.Errorf("queue of %s = %v, want L1", ch, q)
		}
	}
	if _, err := s.Sent("email", []string{"L1"}, t0); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Pending(); len(p) != 1 {
		t.Errorf("pending %v: the desktop has not shown L1 yet", p)
	}
}

// A queued listing that left the page before its channel delivered it is
// still queued: the page no longer shows it, but that channel never told.
func TestQueueOutlivesTheListingLeavingThePage(t *testing.T) {
	s, _ := openDisk(t)
	const a = "https://a.test/s"
	if err := s.SetChannels([]string{"email"}); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveSnapshot(snap(a, t0, "L0"), t0); err != nil { // baseline
		t.Fatal(err)
	}
	later := t0.Add(time.Minute)
	if err := s.Accept([]listing.Alert{alert("L1", a, later)}, []Snapshot{snap(a, later, "L0", "L1")}, later); err != nil { // found; send failed
		t.Fatal(err)
	}
	// Next clean check: L1 is gone from the page; nothing new, so saved at once.
	if err := s.SaveSnapshot(snap(a, t0.Add(2*time.Minute), "L0"), t0.Add(2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	q, err := s.Queue("email")
	if err != nil || len(q) != 1 || q[0].ID != "L1" {
		t.Fatalf("queue = %v (err %v), want L1 still waiting to be delivered", q, err)
	}
	if k, _ := s.Known([]string{"L1"}, t0.Add(3*time.Minute)); !k["L1"] {
		t.Error("an accepted listing is not in the seen index: it would be queued again if it came back")
	}
}

func TestPrune(t *testing.T) {
	s, dir := openDisk(t)
	for _, st := range []struct {
		at  time.Time
		ids []string
	}{{t0, []string{"old1", "old2"}}, {t0.Add(30 * day), []string{"recent"}}} {
		if err := s.SaveSnapshot(snap("https://a.test/"+st.ids[0], st.at, st.ids...), st.at); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		at   time.Time
		want int
	}{{t0.Add(59 * day), 0}, {t0.Add(61 * day), 2}, {t0.Add(61 * day), 0}, {t0.Add(91 * day), 1}}
	for i, st := range steps {
		n, err := s.Prune(st.at)
		if err != nil || n != st.want {
			t.Fatalf("step %d: Prune(+%v) = %d, %v; want %d", i, st.at.Sub(t0), n, err, st.want)
		}
	}
	s = reopen(t, s, dir)
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(indexPfx)})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			return errors.New("an index entry survived pruning")
		}
		return nil
	})
	if err != nil {
		t.Error(err)
	}
}

// A listing has one reply, ever: queued once, started once, settled once,
// across a reopen; the Listings page sees where it is.
func TestRepliesAtMostOnce(t *testing.T) {
	s, dir := openDisk(t)
	a1, a2 := alert("L1", "https://kamernet.nl/s", t0), alert("L2", "https://kamernet.nl/s", t0)
	if err := s.SetChannels([]string{"desktop"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Accept([]listing.Alert{a1, a2}, nil, t0); err != nil {
		t.Fatal(err)
	}
	if first, err := s.Sent("desktop", []string{"L1", "L2"}, t0); err != nil || len(first) != 2 {
		t.Fatal(first, err)
	}
	due := t0.Add(time.Minute)
	if q, err := s.QueueReplies([]Reply{{Alert: a1, Due: due}, {Alert: a2, Due: due.Add(time.Second)}}, t0); err != nil || len(q) != 2 {
		t.Fatal(q, err)
	}
	if q, err := s.QueueReplies([]Reply{{Alert: a1, Due: due.Add(time.Hour)}}, t0); err != nil || len(q) != 0 { // a second alert of L1
		t.Fatalf("queued again: %v, %v", q, err)
	}
	s = reopen(t, s, dir)
	open, err := s.OpenReplies()
	if err != nil || len(open) != 2 || open[0].ID != "L1" || !open[0].Due.Equal(due) || open[0].State != ReplyQueued ||
		open[0].Title != a1.Title || open[0].SearchURL != a1.SearchURL {
		t.Fatalf("OpenReplies = %+v, %v; want L1 then L2 queued, L1 due at its first time", open, err)
	}
	steps := []struct {
		name string
		do   func() error
		want error // errors.Is; nil: ok
	}{
		{"start L1", func() error { return s.StartReply("L1", t0) }, nil},
		{"start L1 again", func() error { return s.StartReply("L1", t0) }, ErrReplyTaken},
		{"end L1 sent", func() error { return s.EndReply("L1", ReplySent, "", t0) }, nil},
		{"end L1 again", func() error { return s.EndReply("L1", ReplyNotSent, "late", t0) }, ErrReplyTaken},
		{"L2 not sent without a start", func() error { return s.EndReply("L2", ReplyNotSent, "the form needs a tick", t0) }, nil},
		{"start L2 after it ended", func() error { return s.StartReply("L2", t0) }, ErrReplyTaken},
		{"start a listing never queued", func() error { return s.StartReply("L3", t0) }, ErrReplyTaken},
	}
	for _, st := range steps {
		if err := st.do(); st.want == nil && err != nil || st.want != nil && !errors.Is(err, st.want) {
			t.Fatalf("step %q: %v, want %v", st.name, err, st.want)
		}
	}
	s = reopen(t, s, dir)
	if open, err := s.OpenReplies(); err != nil || len(open) != 0 {
		t.Errorf("OpenReplies after both settled = %+v, %v", open, err)
	}
	listed, err := s.Listed()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, l := range listed {
		got[l.ID] = string(l.Reply) + ":" + l.ReplyWhy
	}
	if got["L1"] != "sent:" || got["L2"] != "not-sent:the form needs a tick" {
		t.Errorf("the listings show replies %v", got)
	}
}

// The biggest load we promise: 15 searches x 2,000 listings, all new, all
// accepted in one Accept call for two channels. It is past Badger's
// transaction cap with desktopOptions, so this also runs the ordered-steps
// fallback.
func TestBiggestDelivery(t *testing.T) {
	s, dir := openDisk(t)
	if err := s.SetChannels([]string{"email", "desktop"}); err != nil {
		t.Fatal(err)
	}
	snaps := bigSnapshots(15, 2000, t0)
	ids := idsOf(snaps)
	alerts := make([]listing.Alert, len(ids))
	for i, id := range ids {
		alerts[i] = alert(id, snaps[0].Search, t0)
	}
	if err := s.Accept(alerts, snaps, t0); err != nil {
		t.Fatalf("accept 30,000 alerts: %v", err)
	}
	if p, _ := s.Pending(); len(p) != len(ids) {
		t.Fatalf("pending = %d, want %d", len(p), len(ids))
	}
	for _, ch := range []string{"email", "desktop"} {
		for start := 0; start < len(ids); start += 1000 {
			if _, err := s.Sent(ch, ids[start:min(start+1000, len(ids))], t0); err != nil {
				t.Fatalf("deliver on %s: %v", ch, err)
			}
		}
	}
	s = reopen(t, s, dir)
	if p, _ := s.Pending(); len(p) != 0 {
		t.Errorf("pending after delivery = %d", len(p))
	}
	known, err := s.Known(ids, t0.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if !known[id] {
			t.Fatalf("%s not known after delivery", id)
		}
	}
	for _, sn := range snaps {
		if got, ok, _ := s.Snapshot(sn.Search); !ok || len(got.Listings) != 2000 {
			t.Fatalf("snapshot of %s: ok=%v, %d listings", sn.Search, ok, len(got.Listings))
		}
	}
}

func TestInMemory(t *testing.T) {
	s, err := OpenInMemory()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.SaveSnapshot(snap("a", t0, "L1"), t0); err != nil {
		t.Fatal(err)
	}
	if k, _ := s.Known([]string{"L1"}, t0); !k["L1"] {
		t.Error("in-memory store forgot a listing")
	}
}

// TestSaveHugeSnapshot: a first check of a search with 10,000 listings is
// more than one Badger transaction holds; it is saved all the same, and
// reads back whole.
func TestSaveHugeSnapshot(t *testing.T) {
	s, dir := openDisk(t)
	sn := bigSnapshots(1, 10000, t0)[0]
	if err := s.SaveSnapshot(sn, t0); err != nil {
		t.Fatalf("save a snapshot of 10,000 listings: %v", err)
	}
	s = reopen(t, s, dir)
	got, ok, err := s.Snapshot(sn.Search)
	if err != nil || !ok || len(got.Listings) != len(sn.Listings) {
		t.Fatalf("read it back: %d listings, ok=%v, err=%v; want %d", len(got.Listings), ok, err, len(sn.Listings))
	}
	known, err := s.Known(idsOf([]Snapshot{sn}), t0.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	for id, k := range known {
		if !k {
			t.Fatalf("%s is not known after its search's snapshot was saved", id)
		}
	}
}

// TestIndexRefreshSpreads: 2,000 listings first seen together are
// rewritten in the index one to two hours later, a few in each 30-second
// cycle, not all 2,000 in one (that cycle's burst of writes set the
// store's peak memory). None is rewritten sooner, and each once.
func TestIndexRefreshSpreads(t *testing.T) {
	s, _ := openDisk(t)
	sn := bigSnapshots(1, 2000, t0)[0]
	if err := s.SaveSnapshot(sn, t0); err != nil {
		t.Fatal(err)
	}
	const cycle = 30 * time.Second
	perCycle := map[time.Duration]int{}
	total := 0
	for at := cycle; at <= 2*indexRefresh+cycle; at += cycle {
		now := t0.Add(at)
		var n int
		err := s.db.View(func(txn *badger.Txn) error {
			writes, err := planSnapshot(txn, sn, now)
			for _, w := range writes {
				if w.key[0] == indexPfx[0] {
					n++
				}
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 && at < indexRefresh {
			t.Fatalf("%d index entries rewritten %v after they were written, before indexRefresh", n, at)
		}
		perCycle[at], total = n, total+n
		if err := s.SaveSnapshot(sn, now); err != nil {
			t.Fatal(err)
		}
	}
	if total != len(sn.Listings) {
		t.Errorf("%d index entries rewritten in two hours, want each of the %d once", total, len(sn.Listings))
	}
	most := 0
	for _, n := range perCycle {
		most = max(most, n)
	}
	// An even spread is 2,000 / 120 cycles = 17 a cycle.
	if most > 50 {
		t.Errorf("up to %d index entries rewritten in one cycle, want the 2,000 spread over the hour (at most 50 a cycle)", most)
	}
}
