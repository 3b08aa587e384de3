package seen

import (
	"testing"
	"time"

	"rentwatch/listing"
)

// The window's listing records: written on first delivery and on
// filter-out, newest first, the change counter moves, pruned with the
// index.
func TestListedRecords(t *testing.T) {
	s, dir := openDisk(t)
	const a = "https://a.test/s"
	if err := s.SetChannels([]string{"email"}); err != nil {
		t.Fatal(err)
	}
	v0 := s.ListedVersion()
	old, fresh := alert("L1", a, t0), alert("L2", a, t0.Add(time.Hour))
	fresh.Image, fresh.SizeM2, fresh.Rooms, fresh.PriceValue = "https://img.test/2.jpg", 18, 1, 900
	if err := s.Accept([]listing.Alert{old, fresh}, []Snapshot{snap(a, t0, "L1", "L2")}, t0); err != nil {
		t.Fatal(err)
	}
	if l, _ := s.Listed(); len(l) != 0 {
		t.Errorf("listed before any delivery: %v", l)
	}
	if _, err := s.Sent("email", []string{"L1", "L2"}, t0.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.LeftOut([]listing.Alert{alert("L3", a, t0.Add(30*time.Minute)), alert("L1", a, t0)}, []string{"€ 2,000 is over your limit", "x"}); err != nil {
		t.Fatal(err)
	}
	if s.ListedVersion() == v0 {
		t.Error("the change counter did not move")
	}
	s = reopen(t, s, dir)
	got, err := s.Listed()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].ID != "L2" || got[1].ID != "L3" || got[2].ID != "L1" {
		t.Fatalf("listed %+v, want L2, L3, L1 (newest first)", got)
	}
	if g := got[0]; g.Image != fresh.Image || g.SizeM2 != 18 || g.Rooms != 1 || g.PriceValue != 900 || !g.DeliveredAt.Equal(t0.Add(2*time.Hour)) || g.LeftOut != "" {
		t.Errorf("L2's record %+v", g)
	}
	if g := got[1]; g.LeftOut != "€ 2,000 is over your limit" || !g.DeliveredAt.IsZero() {
		t.Errorf("L3's record %+v, want left out with the reason", g)
	}
	if got[2].LeftOut != "" {
		t.Errorf("a delivered listing was marked left out afterwards: %+v", got[2])
	}
	if d, ok, _ := s.TypicalDelay(a); !ok || d != time.Hour {
		t.Errorf("typical delay %v %v, want 1h (the median of 2h and 1h)", d, ok)
	}
	// Past the retention, with no search seeing them, the records go.
	if _, err := s.Prune(t0.Add(Retention + 3*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if l, _ := s.Listed(); len(l) != 0 {
		t.Errorf("after the retention %d records are left", len(l))
	}
}

// The change counter is the store's own: another store's writes (a second
// store in the same process, as the tests and a reopen have) never make
// this one's readers think their list changed, and each kind of write
// moves it.
func TestListedVersionIsPerStore(t *testing.T) {
	a, _ := openDisk(t)
	b, _ := openDisk(t)
	const s = "https://a.test/s"
	for _, st := range []*Store{a, b} {
		if err := st.SetChannels([]string{"email"}); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		name  string
		write func() error
	}{
		{"a delivery", func() error {
			if err := a.Accept([]listing.Alert{alert("L1", s, t0)}, []Snapshot{snap(s, t0, "L1")}, t0); err != nil {
				return err
			}
			_, err := a.Sent("email", []string{"L1"}, t0.Add(time.Minute))
			return err
		}},
		{"a listing left out", func() error { return a.LeftOut([]listing.Alert{alert("L2", s, t0)}, []string{"too dear"}) }},
		{"a prune", func() error { _, err := a.Prune(t0.Add(Retention + time.Hour)); return err }},
	}
	for _, st := range steps {
		va, vb := a.ListedVersion(), b.ListedVersion()
		if err := st.write(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if a.ListedVersion() == va {
			t.Errorf("%s: the store's counter did not move", st.name)
		}
		if b.ListedVersion() != vb {
			t.Errorf("%s on one store moved another store's counter (%d to %d)", st.name, vb, b.ListedVersion())
		}
	}
	// A delivery recorded again (a duplicate) writes no record: no change.
	v := a.ListedVersion()
	if _, err := a.Sent("email", []string{"L1"}, t0.Add(2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if a.ListedVersion() != v {
		t.Errorf("a delivery that wrote nothing moved the counter")
	}
}
