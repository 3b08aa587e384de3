package engine

import (
	"testing"
	"testing/synctest"
	"time"

	"rentwatch/config"
	"rentwatch/internal/testkit"
	"rentwatch/listing"
)

// Every alert says which portal its listing is on, alerted or left out by
// a filter: the portal definition that read the page, else the search
// page's host. The email and the push name it ("on WG-Gesucht").
func TestEveryAlertNamesItsPortal(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const (
			wg      = "https://www.wg-gesucht.de/wg-zimmer-in-Berlin.8.0.1.0.html"
			generic = "https://kamerplein.test/zoeken/amsterdam"
		)
		p := newPortal()
		p.portals = map[string]string{"www.wg-gesucht.de": "wg-gesucht.de"}
		p.post(wg, "w1")
		p.post(generic, "g1")
		list := searches(wg, generic)
		list[1].Filter = config.Filter{Exclude: []string{"room g3"}}
		r := newRig(openStore(t), p, list, 5)
		go func() {
			time.Sleep(45 * time.Second) // after the baseline cycle
			p.post(wg, "w2")
			p.post(generic, "g2", "g3")
		}()
		r.run(t, 2*time.Minute)
		want := map[string]string{"w2": "wg-gesucht.de", "g2": "kamerplein.test"}
		r.mail.mu.Lock()
		defer r.mail.mu.Unlock()
		got := 0
		for _, b := range r.mail.batches {
			for _, a := range b {
				got++
				if a.Portal != want[a.ID] {
					t.Errorf("alert %s names the portal %q, want %q", a.ID, a.Portal, want[a.ID])
				}
			}
		}
		if got != len(want) {
			t.Errorf("%d alerts delivered, want %d", got, len(want))
		}
		left := r.e.Snapshot().LeftOut
		if len(left) != 1 || left[0].ID != "g3" || left[0].Portal != "kamerplein.test" {
			t.Errorf("left out %+v, want g3 on kamerplein.test", left)
		}
	})
}

// A store written before alerts were listing.Alert (schema 2: see
// seen/testdata) opens and its queued alerts are delivered, with all the
// reader found, when the app starts.
func TestAnOldStoreDeliversItsQueue(t *testing.T) {
	dir := testkit.Untar(t, "../seen/testdata/schema2-store.tar.gz")
	synctest.Test(t, func(t *testing.T) {
		store, err := openStoreAt(dir)
		if err != nil {
			t.Fatalf("open the old store: %v", err)
		}
		t.Cleanup(func() { store.Close() })
		const wg = "https://www.wg-gesucht.de/wg-zimmer-in-Berlin.8.0.1.0.html"
		p := newPortal()
		p.post(wg, "8812300", "8812301", "8812302", "8812303", "8812304") // nothing new
		r := newRig(store, p, searches(wg), 11)
		r.run(t, time.Minute)
		r.mail.mu.Lock()
		defer r.mail.mu.Unlock()
		var got []listing.Alert
		for _, b := range r.mail.batches {
			got = append(got, b...)
		}
		if len(got) != 3 || got[0].ID != "8812301" || got[1].ID != "8812302" || got[2].ID != "8812303" {
			t.Fatalf("delivered %+v, want the three queued listings", got)
		}
		if a := got[0]; a.Title != "WG-Zimmer in Kreuzberg" || a.Price != "450 €" || a.SizeM2 != 14 || a.Rooms != 1 ||
			a.SearchName != "WG-Gesucht Berlin" || a.SearchURL != wg || a.Image == "" {
			t.Errorf("the first alert came out as %+v", a)
		}
		if q, _ := store.Queue("outbox"); len(q) != 0 {
			t.Errorf("the queue still holds %d after delivery", len(q))
		}
	})
}
